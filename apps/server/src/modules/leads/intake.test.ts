// Batched intake (ADR 0022): the decisions of one batch equal those of one submission at a time, and the queue
// groups what arrives together, fails only the submission at fault, and answers each its own outcome.
import { describe, expect, it } from 'vitest';
import { ApiError, LEAD_MESSAGES, type SaveRealPriceBody } from '@fjt/domain';
import { createIntakeQueue, intakeItem, planBatch, type IntakeItem, type Outcome } from './intake.ts';
import type { IntakeSnapshot, RecentLead } from './intake-repo.ts';
import type { IntakeRequest } from './rules.ts';

const T0 = Date.UTC(2026, 10, 27, 4); // 12:00 in Shanghai
const request = (over: Partial<IntakeRequest> = {}): IntakeRequest => ({
  route: 'save-real-price',
  user: null,
  mobile: '13900000001',
  estateIds: [10],
  serviceType: 'buy',
  source: 'deal-price',
  page: undefined,
  ip: null,
  idempotencyKey: undefined,
  body: {},
  ...over,
});
const item = (over: Partial<IntakeRequest> = {}, at = T0) => {
  const req = request(over);
  return intakeItem(req, req.mobile!, at);
};

/** Estates 10–15 in city 1, each served by agents 100 + estate and 200 + estate; city 1 also has agent 300. */
const snapshot = (over: Partial<IntakeSnapshot> = {}): IntakeSnapshot => {
  const estates = [10, 11, 12, 13, 14, 15];
  return {
    estates: estates.map((id) => ({ id, cityId: 1 })),
    cities: [1],
    recent: [],
    history: [],
    serving: [
      ...estates.flatMap((e) => [
        { estateId: e, cityId: null, id: 100 + e, rating: 4 },
        { estateId: e, cityId: null, id: 200 + e, rating: 4 },
      ]),
      { estateId: null, cityId: 1, id: 300, rating: 5 },
    ],
    load: [],
    stored: [],
    ...over,
  };
};

/** Lead 7: the phone's 买房 lead of estate 10 (agent 110), a minute before T0. */
const recentLead = (over: Partial<RecentLead> = {}): RecentLead => ({
  id: 7,
  mobile: '13900000001',
  agentId: 110,
  estateId: 10,
  cityId: 1,
  serviceType: 'buy',
  services: ['buy'],
  createdAt: T0 - 60_000,
  ...over,
});

const bodies = (plan: ReturnType<typeof planBatch>) =>
  plan.outcomes.map((o) => ('body' in o ? o.body : (o.error as ApiError).message));

describe('planBatch', () => {
  it('one phone twice in a batch: the second is the first’s lead, with no second agent', () => {
    const plan = planBatch([item(), item({}, T0 + 5)], snapshot());
    expect(plan.leads).toHaveLength(1);
    expect(bodies(plan)).toEqual([
      { leadIds: [-1], cappedEstateIds: [] },
      { leadIds: [-1], cappedEstateIds: [] },
    ]);
    expect(plan.consents).toHaveLength(2);
    expect(plan.events).toEqual([{ leadId: -1, at: T0, kind: 'assigned', data: { agentId: plan.leads[0]!.agentId } }]);
  });

  it('the daily cap holds across the batch: a fourth agent is refused, the phone’s own agents are reused', () => {
    const plan = planBatch(
      [10, 11, 12, 13].map((e, i) => item({ estateIds: [e] }, T0 + i)),
      // estate 13 is served only by an agent the phone does not have today
      snapshot({
        serving: [
          ...snapshot().serving.filter((s) => s.estateId !== 13),
          { estateId: 13, cityId: null, id: 300, rating: 1 },
        ],
      }),
    );
    const agents = plan.leads.map((l) => l.agentId);
    expect(agents).toHaveLength(3);
    expect(new Set(agents).size).toBe(3);
    expect(bodies(plan)[3]).toEqual({ leadIds: [], cappedEstateIds: [13] });
  });

  it('round robin within a batch follows the load it creates', () => {
    const phones = ['13900000001', '13900000002', '13900000003', '13900000004'];
    const plan = planBatch(
      phones.map((mobile) => item({ mobile })),
      snapshot(),
    );
    expect(plan.leads.map((l) => l.agentId)).toEqual([110, 210, 110, 210]);
  });

  it('dedupes against the database’s recent leads and never gives an estate’s agent twice', () => {
    const plan = planBatch(
      [item(), item({ estateIds: [11] })],
      snapshot({
        recent: [recentLead()],
        history: [{ mobile: '13900000001', estateId: 11, cityId: 1, agentId: 111, at: T0 - 2 * 86_400_000 }],
      }),
    );
    expect(bodies(plan)[0]).toEqual({ leadIds: [7], cappedEstateIds: [] });
    expect(plan.leads).toEqual([expect.objectContaining({ estateId: 11, agentId: 211 })]);
  });

  it('another service for the same phone and estate joins the lead once (an event), never a second lead', () => {
    const recent = [recentLead({ services: ['buy', 'sell'] })];
    const plan = planBatch(
      [
        item({ serviceType: 'loan', source: 'loan' }),
        item({ serviceType: 'loan', source: 'loan' }, T0 + 1),
        item({ serviceType: 'sell' }, T0 + 2),
        item({ serviceType: 'rent', estateIds: [11] }, T0 + 3),
        item({ serviceType: 'buy', estateIds: [11] }, T0 + 4),
      ],
      snapshot({ recent }),
    );
    expect(bodies(plan)).toEqual([
      { leadIds: [7], cappedEstateIds: [] },
      { leadIds: [7], cappedEstateIds: [] },
      { leadIds: [7], cappedEstateIds: [] },
      { leadIds: [-1], cappedEstateIds: [] },
      { leadIds: [-1], cappedEstateIds: [] },
    ]);
    expect(plan.leads).toEqual([expect.objectContaining({ estateId: 11, serviceType: 'rent' })]);
    expect(plan.events.filter((e) => e.kind === 'service')).toEqual([
      { leadId: 7, at: T0, kind: 'service', data: { serviceType: 'loan' } },
      { leadId: -1, at: T0 + 4, kind: 'service', data: { serviceType: 'buy' } },
    ]);
    // the snapshot it was given is left as it was
    expect(recent[0]!.services).toEqual(['buy', 'sell']);
  });

  it('Idempotency-Key: a stored answer again, another body refused, a repeat inside the batch answered alike', () => {
    const stored = item({ idempotencyKey: 'key-stored-0001', body: { a: 1 } });
    const plan = planBatch(
      [
        stored,
        item({ idempotencyKey: 'key-stored-0001', body: { a: 2 } }),
        item({ idempotencyKey: 'key-fresh-00001', estateIds: [12] }),
        item({ idempotencyKey: 'key-fresh-00001', estateIds: [12] }),
      ],
      snapshot({
        stored: [{ ...stored.idempotency!, response: { leadIds: [5], cappedEstateIds: [] } }],
      }),
    );
    expect(bodies(plan)).toEqual([
      { leadIds: [5], cappedEstateIds: [] },
      LEAD_MESSAGES.idempotencyConflict,
      { leadIds: [-1], cappedEstateIds: [] },
      { leadIds: [-1], cappedEstateIds: [] },
    ]);
    expect(plan.keys).toHaveLength(1);
    expect(plan.consents).toHaveLength(1);
  });

  it('an unknown estate or city fails alone and stores nothing of its own', () => {
    const plan = planBatch(
      [
        item({ estateIds: [10, 99] }),
        item({ route: 'loan', estateIds: [], cityId: 9, serviceType: 'loan', source: 'loan' }),
        item({ route: 'loan', estateIds: [], cityId: 1, serviceType: 'loan', source: 'loan' }),
      ],
      snapshot(),
    );
    expect(bodies(plan)).toEqual([
      LEAD_MESSAGES.estateNotFound,
      LEAD_MESSAGES.cityNotFound,
      { leadIds: [-1], cappedEstateIds: [] },
    ]);
    expect(plan.leads).toEqual([expect.objectContaining({ estateId: null, cityId: 1, agentId: 300 })]);
    expect(plan.consents).toHaveLength(1);
  });
});

describe('a chosen agent (委托找房)', () => {
  const brief = {
    budgetMin: 300,
    budgetMax: 500,
    districtId: null,
    districtName: null,
    rooms: 2,
    message: '两房，近地铁',
  };
  const contractor = (over: Partial<IntakeRequest> = {}, at = T0) =>
    item({ route: 'contractor', estateIds: [], cityId: 1, agentId: 300, brief, source: 'contractor', ...over }, at);

  it('gets the lead directly, keeps it (no claim deadline), with the brief; dedupes per agent', () => {
    const plan = planBatch(
      [contractor(), contractor({}, T0 + 1), contractor({ agentId: 301 }, T0 + 2)],
      snapshot({ serving: [...snapshot().serving, { estateId: null, cityId: 1, id: 301, rating: 1 }] }),
    );
    expect(plan.leads).toEqual([
      expect.objectContaining({ agentId: 300, claimDueAt: null, brief, estateId: null, cityId: 1 }),
      expect.objectContaining({ agentId: 301, claimDueAt: null }),
    ]);
    expect(bodies(plan)).toEqual([
      { leadIds: [-1], cappedEstateIds: [] },
      { leadIds: [-1], cappedEstateIds: [] },
      { leadIds: [-2], cappedEstateIds: [] },
    ]);
  });

  it('past the daily cap without that agent: refused, and nothing of it kept', () => {
    const today = [110, 111, 112].map((agentId) => ({
      mobile: '13900000001',
      estateId: 10,
      cityId: 1,
      agentId,
      at: T0 - 60_000,
    }));
    const plan = planBatch([contractor()], snapshot({ history: today }));
    expect(bodies(plan)).toEqual([LEAD_MESSAGES.agentCapped]);
    expect(plan.consents).toHaveLength(0);
    expect(plan.leads).toHaveLength(0);
    const again = planBatch([contractor({ agentId: 110 })], snapshot({ history: today }));
    expect(again.leads).toEqual([expect.objectContaining({ agentId: 110 })]);
  });
});

describe('the intake queue', () => {
  const answer = (i: IntakeItem): Outcome => ({ body: { leadIds: [i.at], cappedEstateIds: [] } });

  it('what arrives together is one batch; what arrives while it runs is the next', async () => {
    const batches: number[] = [];
    let release: () => void = () => {};
    const queue = createIntakeQueue(async (items) => {
      batches.push(items.length);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return items.map(answer);
    });
    const first = [1, 2, 3].map((at) => queue.submit(item({}, at)));
    await new Promise((r) => setImmediate(r));
    const second = [4, 5].map((at) => queue.submit(item({}, at)));
    release();
    const all: SaveRealPriceBody[] = await Promise.all([...first, ...second]);
    expect(batches).toEqual([3, 2]);
    expect(all.map((b) => b.leadIds[0])).toEqual([1, 2, 3, 4, 5]);
  });

  it('a failed batch is retried one by one: only the submission at fault fails', async () => {
    const runs: number[][] = [];
    const queue = createIntakeQueue(async (items) => {
      runs.push(items.map((i) => i.at));
      if (items.some((i) => i.at === 2)) throw new Error('constraint');
      return items.map(answer);
    });
    const results = await Promise.allSettled([1, 2, 3].map((at) => queue.submit(item({}, at))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(runs).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('a refusal answers its own submission only', async () => {
    const queue = createIntakeQueue(async (items) =>
      items.map((i) => (i.at === 2 ? { error: ApiError.notFound(LEAD_MESSAGES.estateNotFound) } : answer(i))),
    );
    const results = await Promise.allSettled([1, 2].map((at) => queue.submit(item({}, at))));
    expect(results[0]).toEqual({ status: 'fulfilled', value: { leadIds: [1], cappedEstateIds: [] } });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { message: LEAD_MESSAGES.estateNotFound } });
  });
});
