// The lead path (issue 14) on the seeded small dataset: intake (consent, dispatch to an agent serving the estate,
// timers), every bad input, the Idempotency-Key, dedupe, 100 concurrent submissions of one phone (one lead per
// estate, the daily cap of agents), '不再联系我', reassignment past the claim deadline on a virtual clock, virtual
// numbers and their expiry through the telephony sandbox, and the agents' console (who may read and act on what).
// PGlite, or PostgreSQL with TEST_DATABASE_URL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  AGENT_CONTACTS_PER_DAY,
  IDEMPOTENCY_HEADER,
  LEAD_CONSENT_VERSION,
  LEAD_MESSAGES,
  MOBILE_FORMAT_ERROR,
  SERVICE_TYPES,
  STAFF_ONLY,
  type AgentCallBody,
  type LeadConsentState,
  type OpsLead,
  type OpsLeadCapsBody,
  type OpsLeadListBody,
  type SaveRealPriceBody,
} from '@fjt/domain';
import { expectFail, seededApp, signInAs, testPhone, type SignedIn } from '../../testing.ts';
import { createStaffService, DEMO_STAFF } from '../staff/service.ts';
import { EXIT, parseOpsArgs, runOpsCommand } from '../staff/cli.ts';
import { createLeadsService, pickAgent, SANDBOX_NUMBER_POOL, shanghaiDayStart } from './service.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The virtual clock of the app and of the service the tests drive directly. */
let clock = Date.parse('2026-11-27T02:00:00Z');
const seeded = seededApp('small', { now: () => clock });
const ORIGIN = 'http://localhost:3000';
const API = '/rabbit/v1';

function bodyOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { body: T }).body;
}
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  seeded.app.inject({
    method: 'POST',
    url: `${API}/${url}`,
    payload: payload as object,
    headers: { origin: ORIGIN, ...headers },
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  seeded.app.inject({ method: 'GET', url: `${API}/${url}`, headers });
const q = <T>(text: string, params: unknown[] = []) => seeded.database.sql.query<T>(text, params);

/** Estates of 杭州 served by at least three agents, with their agents. */
let served: { estateId: number; agents: number[] }[] = [];

beforeAll(async () => {
  served = (
    await q<{ estateId: number; agents: number[] }>(
      `SELECT ae.estate_id AS "estateId", array_agg(ae.agent_id ORDER BY ae.agent_id) AS agents
       FROM agent_estate ae JOIN estate e ON e.id = ae.estate_id WHERE e.city_id = 605
       GROUP BY ae.estate_id HAVING count(*) >= 3 ORDER BY ae.estate_id LIMIT 80`,
    )
  ).map((r) => ({ estateId: Number(r.estateId), agents: r.agents.map(Number) }));
  expect(served.length).toBeGreaterThanOrEqual(30);
});

/** Each test its own estates, so the dedupe and per-estate rules of one never meet another's. */
let nextEstate = 0;
const takeEstates = (n: number) => {
  const taken = served.slice(nextEstate, nextEstate + n);
  nextEstate += n;
  if (taken.length < n) throw new Error('not enough served estates in the small dataset');
  return taken;
};

const submit = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  post('estate-dispatch/save-real-price', { type: 2, ...payload }, headers);

interface LeadDbRow {
  id: number;
  status: string;
  agent_id: number | null;
  estate_id: number | null;
  mobile: string;
  user_id: number | null;
  consent_id: number;
  created_at: Date;
  claim_due_at: Date | null;
  sla_due_at: Date;
  service_type: string;
  source: string;
}
const leadsOf = (mobile: string) =>
  q<LeadDbRow>(
    `SELECT id::int AS id, status, agent_id, estate_id, mobile, user_id, consent_id::int AS consent_id, created_at,
            claim_due_at, sla_due_at, service_type, source
     FROM lead WHERE mobile = $1 ORDER BY id`,
    [mobile],
  );

describe('intake', () => {
  it('one lead per estate, each to an agent serving it, with consent, events and timers', async () => {
    const [a, b, c] = takeEstates(3);
    const mobile = testPhone();
    const res = await submit({
      mobile,
      intentionEstateId: a!.estateId,
      secondEstateIdList: [b!.estateId, c!.estateId, b!.estateId],
      page: '/estate/1',
    });
    const body = bodyOf<SaveRealPriceBody>(res);
    expect(body.leadIds).toHaveLength(3);
    expect(body.cappedEstateIds).toEqual([]);
    const rows = await leadsOf(mobile);
    expect(rows.map((r) => r.id)).toEqual(body.leadIds);
    for (const [i, estate] of [a!, b!, c!].entries()) {
      const row = rows[i]!;
      expect(row).toMatchObject({
        status: 'open',
        estate_id: estate.estateId,
        service_type: 'buy',
        source: 'deal-price',
      });
      expect(estate.agents).toContain(row.agent_id);
      expect(new Date(row.sla_due_at).getTime() - new Date(row.created_at).getTime()).toBe(24 * HOUR);
      expect(new Date(row.claim_due_at!).getTime() - new Date(row.created_at).getTime()).toBe(30 * MINUTE);
    }
    const [consent] = await q<{ text_version: string; ip: string; page: string; withdrawn_at: Date | null }>(
      `SELECT * FROM lead_consent WHERE id = $1`,
      [rows[0]!.consent_id],
    );
    expect(consent).toMatchObject({ text_version: LEAD_CONSENT_VERSION, page: '/estate/1', withdrawn_at: null });
    expect(consent!.ip).toBeTruthy();
    const events = await q<{ kind: string; data: { agentId: number } }>(
      `SELECT kind, data FROM lead_event WHERE lead_id = ANY($1::int[]) ORDER BY id`,
      [body.leadIds],
    );
    expect(events.map((e) => e.kind)).toEqual(['assigned', 'assigned', 'assigned']);
    expect(events.map((e) => e.data.agentId)).toEqual(rows.map((r) => r.agent_id));
  });

  it("a signed-in user may leave out the phone: the account's is used; a visitor may not", async () => {
    const [estate] = takeEstates(1);
    const user = await signInAs(seeded.app);
    const body = bodyOf<SaveRealPriceBody>(await submit({ intentionEstateId: estate!.estateId }, user.headers));
    const [row] = await leadsOf(user.mobile);
    expect(row).toMatchObject({ id: body.leadIds[0], user_id: user.id });
    expectFail(await submit({ intentionEstateId: estate!.estateId }), 400, MOBILE_FORMAT_ERROR);
  });

  it('a loan consultation: with an estate to its agents, without one to the city’s', async () => {
    const [estate] = takeEstates(1);
    const mobile = testPhone();
    const withEstate = bodyOf<SaveRealPriceBody>(
      await post('loan/consult/phone', { mobile, cityId: 605, estateId: estate!.estateId }),
    );
    const cityOnly = bodyOf<SaveRealPriceBody>(await post('loan/consult/phone', { mobile, cityId: 605 }));
    const rows = await leadsOf(mobile);
    expect(rows.map((r) => r.id)).toEqual([...withEstate.leadIds, ...cityOnly.leadIds]);
    expect(rows.every((r) => r.service_type === 'loan' && r.source === 'loan')).toBe(true);
    expect(estate!.agents).toContain(rows[0]!.agent_id);
    expect(rows[1]!.estate_id).toBeNull();
    const [agent] = await q<{ city_id: number }>(`SELECT city_id FROM agent WHERE id = $1`, [rows[1]!.agent_id]);
    expect(agent!.city_id).toBe(605);
    // a deal-price request for the estate of the loan consultation joins that lead (one lead per phone and estate)
    expect(bodyOf<SaveRealPriceBody>(await submit({ mobile, intentionEstateId: estate!.estateId })).leadIds).toEqual(
      withEstate.leadIds,
    );
    const joined = await q<{ kind: string; data: unknown }>(
      `SELECT kind, data FROM lead_event WHERE lead_id = $1 AND kind = 'service'`,
      [withEstate.leadIds[0]],
    );
    expect(joined).toEqual([{ kind: 'service', data: { serviceType: 'buy' } }]);
    // the same consultation again is the same lead
    expect(bodyOf<SaveRealPriceBody>(await post('loan/consult/phone', { mobile, cityId: 605 })).leadIds).toEqual(
      cityOnly.leadIds,
    );
    expectFail(await post('loan/consult/phone', { mobile, cityId: 99_999 }), 404, LEAD_MESSAGES.cityNotFound);
  });
});

describe('bad input is refused with a Chinese message and stores nothing', () => {
  it('bad phone, unknown estates, too many estates, bad type, control characters', async () => {
    const [estate] = takeEstates(1);
    const mobile = testPhone();
    for (const bad of ['12345', '2381234567x', '']) {
      expectFail(await submit({ mobile: bad, intentionEstateId: estate!.estateId }), 400, MOBILE_FORMAT_ERROR);
    }
    expectFail(await submit({ mobile, intentionEstateId: 99_999_999 }), 404, LEAD_MESSAGES.estateNotFound);
    expectFail(
      await submit({ mobile, intentionEstateId: estate!.estateId, secondEstateIdList: [99_999_998] }),
      404,
      LEAD_MESSAGES.estateNotFound,
    );
    const thousand = Array.from({ length: 1000 }, (_, i) => i + 1);
    expectFail(await submit({ mobile, intentionEstateId: estate!.estateId, secondEstateIdList: thousand }), 400);
    expectFail(await submit({ mobile, intentionEstateId: estate!.estateId, type: 3 }), 400);
    expectFail(await submit({ mobile, intentionEstateId: estate!.estateId, page: 'a\u0000b' }), 400);
    expectFail(await submit({ mobile, intentionEstateId: estate!.estateId, serviceType: 'steal' }), 400);
    expect(await leadsOf(mobile)).toEqual([]);
    expect(await q(`SELECT 1 FROM lead_consent WHERE mobile = $1`, [mobile])).toEqual([]);
  });

  it('Idempotency-Key: the same body answers the first answer again; another body is 409', async () => {
    const [a, b] = takeEstates(2);
    const mobile = testPhone();
    const key = { [IDEMPOTENCY_HEADER]: 'lead-key-0001' };
    const payload = { mobile, intentionEstateId: a!.estateId };
    const first = bodyOf<SaveRealPriceBody>(await submit(payload, key));
    const again = bodyOf<SaveRealPriceBody>(await submit(payload, key));
    expect(again).toEqual(first);
    expect(await q(`SELECT 1 FROM lead_consent WHERE mobile = $1`, [mobile])).toHaveLength(1);
    expectFail(
      await submit({ ...payload, intentionEstateId: b!.estateId }, key),
      409,
      LEAD_MESSAGES.idempotencyConflict,
    );
    expect(await leadsOf(mobile)).toHaveLength(1);
    expectFail(await submit(payload, { [IDEMPOTENCY_HEADER]: 'short' }), 400);
  });
});

describe('dedupe and the daily cap', () => {
  it('the same phone and estate within 24 hours is the same lead; later a new one with another agent', async () => {
    const [estate] = takeEstates(1);
    const mobile = testPhone();
    const first = bodyOf<SaveRealPriceBody>(await submit({ mobile, intentionEstateId: estate!.estateId }));
    const again = bodyOf<SaveRealPriceBody>(await submit({ mobile, intentionEstateId: estate!.estateId }));
    expect(again.leadIds).toEqual(first.leadIds);
    clock += 25 * HOUR;
    const later = bodyOf<SaveRealPriceBody>(await submit({ mobile, intentionEstateId: estate!.estateId }));
    expect(later.leadIds[0]).not.toBe(first.leadIds[0]);
    const rows = await leadsOf(mobile);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.agent_id).not.toBe(rows[0]!.agent_id);
  });

  it('100 concurrent submissions of one phone, any service: one lead per estate, at most 3 agents a day', async () => {
    const estates = takeEstates(10);
    const mobile = testPhone();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const intention = estates[i % 10]!;
        const second = [estates[(i * 3 + 1) % 10]!, estates[(i * 7 + 2) % 10]!];
        return submit({
          mobile,
          intentionEstateId: intention.estateId,
          secondEstateIdList: second.map((e) => e.estateId),
          serviceType: SERVICE_TYPES[i % SERVICE_TYPES.length],
        });
      }),
    );
    const bodies = responses.map((r) => bodyOf<SaveRealPriceBody>(r));
    const rows = await leadsOf(mobile);
    // one lead per estate at most
    const perEstate = new Map<number, number>();
    for (const r of rows) perEstate.set(r.estate_id!, (perEstate.get(r.estate_id!) ?? 0) + 1);
    expect([...perEstate.values()].every((n) => n === 1)).toBe(true);
    // the cap: at most AGENT_CONTACTS_PER_DAY distinct agents for the phone, and each estate's agent serves it
    const agents = new Set(rows.map((r) => r.agent_id));
    expect(agents.size).toBeLessThanOrEqual(AGENT_CONTACTS_PER_DAY);
    for (const r of rows) expect(estates.find((e) => e.estateId === r.estate_id)!.agents).toContain(r.agent_id);
    // every answer names only real leads of the phone, and capped estates never got one
    const ids = new Set(rows.map((r) => r.id));
    for (const b of bodies) {
      for (const id of b.leadIds) expect(ids.has(id)).toBe(true);
      for (const capped of b.cappedEstateIds) expect(perEstate.has(capped)).toBe(false);
    }
    // every estate either has its lead or was answered as capped (the cap did bite: 10 estates, 3 agents)
    const capped = new Set(bodies.flatMap((b) => b.cappedEstateIds));
    expect(capped.size + perEstate.size).toBe(10);
    expect(capped.size).toBeGreaterThan(0);
    // no agent sees more: per agent, at most one lead of this phone per estate
    const pairs = rows.map((r) => `${r.agent_id}:${r.estate_id}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    const [events] = await q<{ agents: number }>(
      `SELECT count(DISTINCT (e.data->>'agentId'))::int AS agents FROM lead_event e JOIN lead l ON l.id = e.lead_id
       WHERE l.mobile = $1 AND e.kind IN ('assigned', 'reassigned')`,
      [mobile],
    );
    expect(events!.agents).toBeLessThanOrEqual(AGENT_CONTACTS_PER_DAY);
  });
});

describe('不再联系我', () => {
  it('withdraws every consent of the phone and closes its open and claimed leads', async () => {
    const [a, b] = takeEstates(2);
    const user = await signInAs(seeded.app);
    expectFail(await get('lead/consent'), 401);
    expectFail(await post('lead/consent/withdraw', {}), 401);
    expect(bodyOf<LeadConsentState>(await get('lead/consent', user.headers))).toEqual({ active: false, openLeads: 0 });
    bodyOf(await submit({ intentionEstateId: a!.estateId, secondEstateIdList: [b!.estateId] }, user.headers));
    expect(bodyOf<LeadConsentState>(await get('lead/consent', user.headers))).toEqual({ active: true, openLeads: 2 });
    const withdrawn = bodyOf<{ withdrawnConsents: number; withdrawnLeads: number }>(
      await post('lead/consent/withdraw', {}, user.headers),
    );
    expect(withdrawn).toEqual({ withdrawnConsents: 1, withdrawnLeads: 2 });
    const rows = await leadsOf(user.mobile);
    expect(rows.map((r) => r.status)).toEqual(['withdrawn', 'withdrawn']);
    const events = await q<{ kind: string }>(
      `SELECT kind FROM lead_event WHERE lead_id = ANY($1::int[]) AND kind = 'withdrawn'`,
      [rows.map((r) => r.id)],
    );
    expect(events).toHaveLength(2);
    expect(bodyOf<LeadConsentState>(await get('lead/consent', user.headers))).toEqual({ active: false, openLeads: 0 });
    // a withdrawn lead is never moved on to another agent
    clock += 2 * HOUR;
    const leads = createLeadsService({ db: seeded.database.db, now: () => clock, telephony: 'sandbox' });
    await leads.reassignDue(clock);
    expect((await leadsOf(user.mobile)).map((r) => [r.status, r.agent_id])).toEqual(
      rows.map((r) => ['withdrawn', r.agent_id]),
    );
  });
});

describe('reassignment past the claim deadline (virtual clock)', () => {
  it('an unclaimed lead moves to the next agent after 30 minutes; a claimed one stays', async () => {
    const [estate, other] = takeEstates(2);
    const leads = createLeadsService({ db: seeded.database.db, now: () => clock, telephony: 'sandbox' });
    const mobile = testPhone();
    const start = clock;
    const { leadIds } = bodyOf<SaveRealPriceBody>(
      await submit({ mobile, intentionEstateId: estate!.estateId, secondEstateIdList: [other!.estateId] }),
    );
    const [moving, kept] = await leadsOf(mobile);
    // the other lead is claimed by its agent (through the service's console action)
    await leads.act({ userId: 0, agentId: kept!.agent_id!, ip: null }, kept!.id, { kind: 'claim' });
    await leads.reassignDue(start + 29 * MINUTE);
    expect((await leadsOf(mobile)).map((r) => r.agent_id)).toEqual([moving!.agent_id, kept!.agent_id]);
    await leads.reassignDue(start + 31 * MINUTE);
    const after = await leadsOf(mobile);
    expect(after[0]!.agent_id).not.toBe(moving!.agent_id);
    expect(estate!.agents).toContain(after[0]!.agent_id);
    expect(new Date(after[0]!.claim_due_at!).getTime()).toBe(start + 61 * MINUTE);
    // the SLA stays the lead's own: 24 hours from its creation
    expect(new Date(after[0]!.sla_due_at).getTime()).toBe(start + 24 * HOUR);
    expect(after[1]).toMatchObject({ status: 'claimed', agent_id: kept!.agent_id, claim_due_at: null });
    const [event] = await q<{ data: { agentId: number; from: number } }>(
      `SELECT data FROM lead_event WHERE lead_id = $1 AND kind = 'reassigned'`,
      [leadIds[0]],
    );
    expect(event!.data).toEqual({ agentId: after[0]!.agent_id, from: moving!.agent_id });
    // round after round it never comes back to an agent the phone already had for that estate
    let at = start + 31 * MINUTE;
    const seen = new Set([moving!.agent_id, after[0]!.agent_id]);
    for (let round = 0; round < estate!.agents.length + 1; round += 1) {
      at += 31 * MINUTE;
      await leads.reassignDue(at);
      const [now] = await leadsOf(mobile);
      if (!seen.has(now!.agent_id)) seen.add(now!.agent_id);
    }
    expect(seen.size).toBeLessThanOrEqual(Math.min(estate!.agents.length, AGENT_CONTACTS_PER_DAY));
  });

  it('a move never takes the phone past its daily cap of agents', async () => {
    // three estates no agent serves two of: three leads, three different agents, the cap reached
    const pool = takeEstates(10);
    const estates: typeof pool = [];
    for (const e of pool)
      if (estates.length < 3 && estates.every((x) => !x.agents.some((a) => e.agents.includes(a)))) estates.push(e);
    expect(estates).toHaveLength(3);
    const leads = createLeadsService({ db: seeded.database.db, now: () => clock, telephony: 'sandbox' });
    const mobile = testPhone();
    const start = clock;
    const { cappedEstateIds } = bodyOf<SaveRealPriceBody>(
      await submit({
        mobile,
        intentionEstateId: estates[0]!.estateId,
        secondEstateIdList: estates.slice(1).map((e) => e.estateId),
      }),
    );
    const before = await leadsOf(mobile);
    const agentsBefore = new Set(before.map((r) => r.agent_id));
    expect(cappedEstateIds).toEqual([]);
    expect(agentsBefore.size).toBe(AGENT_CONTACTS_PER_DAY);
    // every lead is due, but each estate's other agents would be a fourth agent today: all stay where they are
    expect(await leads.reassignDue(start + 31 * MINUTE)).toBe(0);
    const after = await leadsOf(mobile);
    expect(after.map((r) => r.agent_id)).toEqual(before.map((r) => r.agent_id));
    // and they are not looked at again (no deadline any more): their agents keep them
    expect(after.every((r) => r.claim_due_at === null)).toBe(true);
  });

  it('weighted round robin: deterministic, shares follow the rating', () => {
    const agents = [
      { id: 1, rating: 5, load: 0 },
      { id: 2, rating: 2.5, load: 0 },
    ];
    const picks: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const chosen = pickAgent(agents)!;
      picks.push(chosen.id);
      chosen.load += 1;
    }
    expect(picks.filter((id) => id === 1)).toHaveLength(6);
    expect(picks.slice(0, 3)).toEqual([1, 1, 2]);
    expect(pickAgent([])).toBeNull();
    expect(shanghaiDayStart(Date.parse('2026-11-27T15:59:00Z')).toISOString()).toBe('2026-11-26T16:00:00.000Z');
    expect(shanghaiDayStart(Date.parse('2026-11-27T16:00:00Z')).toISOString()).toBe('2026-11-27T16:00:00.000Z');
  });
});

describe('virtual numbers', () => {
  it('a binding of (user, agent) from the sandbox pool, reused until it expires; calls go through it', async () => {
    const [estate] = takeEstates(1);
    const agentId = estate!.agents[0]!;
    expectFail(await post('agent/call/get', { agentId }), 401);
    const user = await signInAs(seeded.app);
    expectFail(await post('agent/call/get', { agentId: 99_999_999 }, user.headers), 404, LEAD_MESSAGES.agentNotFound);
    const first = bodyOf<AgentCallBody>(await post('agent/call/get', { agentId }, user.headers));
    expect(first.virtualNumber.startsWith(SANDBOX_NUMBER_POOL.prefix)).toBe(true);
    expect(first.virtualNumber).not.toBe(user.mobile);
    expect(Date.parse(first.expiresAt) - clock).toBe(15 * MINUTE);
    clock += 5 * MINUTE;
    expect(bodyOf<AgentCallBody>(await post('agent/call/get', { agentId }, user.headers))).toEqual(first);

    const connected = bodyOf<{ callId: number; status: string; to: string }>(
      await post('dev/telephony/connect', { virtualNumber: first.virtualNumber, from: user.mobile, durationS: 42 }),
    );
    expect(connected.status).toBe('connected');
    expect(connected.to).not.toMatch(/^1\d{10}$/);
    expectFail(
      await post('dev/telephony/connect', { virtualNumber: first.virtualNumber, from: testPhone() }),
      403,
      LEAD_MESSAGES.callerUnknown,
    );
    clock += 11 * MINUTE;
    expectFail(
      await post('dev/telephony/connect', { virtualNumber: first.virtualNumber, from: user.mobile }),
      410,
      LEAD_MESSAGES.bindingExpired,
    );
    expectFail(
      await post('dev/telephony/connect', { virtualNumber: '17009999999', from: user.mobile }),
      404,
      LEAD_MESSAGES.bindingNotFound,
    );
    const calls = await q<{ status: string; duration_s: number }>(
      `SELECT c.status, c.duration_s FROM call_log c JOIN virtual_number_binding b ON b.id = c.binding_id
       WHERE b.mobile = $1 ORDER BY c.id`,
      [user.mobile],
    );
    expect(calls).toEqual([
      { status: 'connected', duration_s: 42 },
      { status: 'refused', duration_s: 0 },
    ]);
    // an expired binding is replaced by a new one
    const renewed = bodyOf<AgentCallBody>(await post('agent/call/get', { agentId }, user.headers));
    expect(Date.parse(renewed.expiresAt)).toBe(clock + 15 * MINUTE);
  });

  it('the telephony sandbox is not served in production (no sandbox)', async () => {
    const { startSeededApp } = await import('../../testing.ts');
    const live = await startSeededApp('small', { env: { SMS_PROVIDER: 'none' } });
    try {
      const res = await live.app.inject({
        method: 'POST',
        url: `${API}/dev/telephony/connect`,
        payload: { virtualNumber: '17000000000', from: testPhone() },
      });
      expectFail(res, 404);
    } finally {
      await live.close();
    }
  });
});

describe("the agents' console", () => {
  let staffA: SignedIn;
  let staffB: SignedIn;
  let opsUser: SignedIn;
  let plainUser: SignedIn;
  let leadOfA: number;
  let estate: { estateId: number; agents: number[] };
  let buyer: string;

  beforeAll(async () => {
    [estate] = takeEstates(1) as [typeof estate];
    const staff = createStaffService(seeded.database.db);
    buyer = testPhone();
    const { leadIds } = bodyOf<SaveRealPriceBody>(await submit({ mobile: buyer, intentionEstateId: estate.estateId }));
    leadOfA = leadIds[0]!;
    const [row] = await leadsOf(buyer);
    const agentA = row!.agent_id!;
    const agentB = estate.agents.find((a) => a !== agentA)!;
    const phoneA = testPhone('139');
    const phoneB = testPhone('139');
    const phoneOps = testPhone('139');
    // an agent already linked to someone (demo staff) is moved to these test users' agents only if free
    await seeded.database.sql.query(`DELETE FROM staff_agent WHERE agent_id = ANY($1::int[])`, [[agentA, agentB]]);
    await staff.grant({ phone: phoneA, role: 'agent', actorId: null, agentId: agentA });
    await staff.grant({ phone: phoneB, role: 'agent', actorId: null, agentId: agentB });
    await staff.grant({ phone: phoneOps, role: 'ops', actorId: null });
    staffA = await signInAs(seeded.app, phoneA);
    staffB = await signInAs(seeded.app, phoneB);
    opsUser = await signInAs(seeded.app, phoneOps);
    plainUser = await signInAs(seeded.app);
  });

  it('visitors 401, non-staff 403, staff without an agent link 403 on actions', async () => {
    for (const url of ['ops/leads', 'ops/leads/caps']) {
      expectFail(await get(url), 401);
      expectFail(await get(url, plainUser.headers), 403, STAFF_ONLY);
    }
    for (const action of ['claim', 'note', 'outcome', 'call']) {
      expectFail(await post(`ops/leads/${leadOfA}/${action}`, { note: 'x', outcome: 'contacted' }), 401);
      expectFail(
        await post(`ops/leads/${leadOfA}/${action}`, { note: 'x', outcome: 'contacted' }, plainUser.headers),
        403,
        STAFF_ONLY,
      );
      expectFail(
        await post(`ops/leads/${leadOfA}/${action}`, { note: 'x', outcome: 'contacted' }, opsUser.headers),
        403,
        LEAD_MESSAGES.agentOnly,
      );
    }
  });

  it('agent B neither sees nor acts on agent A’s lead; ops sees every lead', async () => {
    const listB = bodyOf<OpsLeadListBody>(await get('ops/leads?size=50', staffB.headers));
    expect(listB.list.some((l) => l.id === leadOfA)).toBe(false);
    for (const action of ['claim', 'note', 'outcome', 'call']) {
      expectFail(
        await post(`ops/leads/${leadOfA}/${action}`, { note: '跟进', outcome: 'contacted' }, staffB.headers),
        403,
        LEAD_MESSAGES.notYourLead,
      );
    }
    expectFail(await post(`ops/leads/99999999/claim`, {}, staffA.headers), 404, LEAD_MESSAGES.leadNotFound);
    const listOps = bodyOf<OpsLeadListBody>(await get('ops/leads?size=50', opsUser.headers));
    expect(listOps.total).toBeGreaterThan(listB.total);
    expect(listOps.list.some((l) => l.id === leadOfA)).toBe(true);
  });

  it('agent A claims, calls through a virtual number, notes and records the outcome; every step audited', async () => {
    const listA = bodyOf<OpsLeadListBody>(await get('ops/leads', staffA.headers));
    const mine = listA.list.find((l) => l.id === leadOfA)!;
    expect(mine.mobile).toBe(`${buyer.slice(0, 3)}****${buyer.slice(7)}`);
    expect(JSON.stringify(listA)).not.toContain(buyer);
    expectFail(await post(`ops/leads/${leadOfA}/call`, {}, staffA.headers), 409, LEAD_MESSAGES.claimFirst);
    const claimed = bodyOf<OpsLead>(await post(`ops/leads/${leadOfA}/claim`, {}, staffA.headers));
    expect(claimed).toMatchObject({ status: 'claimed', mobile: mine.mobile });
    expect(claimed.claimedAt).not.toBeNull();
    const { lead, call } = bodyOf<{ lead: OpsLead; call: AgentCallBody }>(
      await post(`ops/leads/${leadOfA}/call`, {}, staffA.headers),
    );
    expect(lead.mobile).toBe(mine.mobile);
    expect(call.virtualNumber).not.toBe(buyer);
    expect(call.virtualNumber).not.toBe(staffA.mobile);
    // the agent dials the virtual number: the buyer answers, shown masked
    const connected = bodyOf<{ to: string }>(
      await post('dev/telephony/connect', { virtualNumber: call.virtualNumber, from: staffA.mobile }),
    );
    expect(connected.to).toBe(mine.mobile);
    bodyOf(await post(`ops/leads/${leadOfA}/note`, { note: '客户周末看房' }, staffA.headers));
    expectFail(await post(`ops/leads/${leadOfA}/outcome`, { outcome: 'won' }, staffA.headers), 400);
    const done = bodyOf<OpsLead>(
      await post(`ops/leads/${leadOfA}/outcome`, { outcome: 'deal', note: '已成交' }, staffA.headers),
    );
    expect(done.status).toBe('deal');
    expect(done.closedAt).not.toBeNull();
    expectFail(await post(`ops/leads/${leadOfA}/claim`, {}, staffA.headers), 409, LEAD_MESSAGES.leadClosed);
    const audit = await q<{ action: string; actor_id: number }>(
      `SELECT action, actor_id FROM audit_log WHERE target_type = 'lead' AND target_id = $1 ORDER BY id`,
      [String(leadOfA)],
    );
    expect(audit.map((a) => a.action)).toEqual(['lead.claim', 'lead.call', 'lead.note', 'lead.outcome']);
    expect(audit.every((a) => a.actor_id === staffA.id)).toBe(true);
    const kinds = await q<{ kind: string }>(`SELECT kind FROM lead_event WHERE lead_id = $1 ORDER BY id`, [leadOfA]);
    expect(kinds.map((k) => k.kind)).toEqual(['assigned', 'claimed', 'call', 'call', 'note', 'outcome']);
  });

  it("today's caps per phone of the agent's leads, masked", async () => {
    const caps = bodyOf<OpsLeadCapsBody>(await get('ops/leads/caps', staffA.headers));
    expect(caps.limit).toBe(AGENT_CONTACTS_PER_DAY);
    expect(caps.list.every((c) => /^\d{3}\*{4}\d{4}$/.test(c.mobile))).toBe(true);
  });
});

describe('unserved estates', () => {
  it('a lead of an estate no agent serves waits without an agent; the job assigns it once one does', async () => {
    const [estate] = takeEstates(1);
    const removed = await q<{ agent_id: number }>(`DELETE FROM agent_estate WHERE estate_id = $1 RETURNING agent_id`, [
      estate!.estateId,
    ]);
    const mobile = testPhone();
    const start = clock;
    bodyOf(await submit({ mobile, intentionEstateId: estate!.estateId }));
    const [waiting] = await leadsOf(mobile);
    expect(waiting).toMatchObject({ status: 'open', agent_id: null });
    const leads = createLeadsService({ db: seeded.database.db, now: () => clock, telephony: 'sandbox' });
    expect(await leads.reassignDue(start + 31 * MINUTE)).toBe(0);
    await q(`INSERT INTO agent_estate (agent_id, estate_id) VALUES ($1, $2)`, [removed[0]!.agent_id, estate!.estateId]);
    await leads.reassignDue(start + 62 * MINUTE);
    const [assigned] = await leadsOf(mobile);
    expect(assigned).toMatchObject({ status: 'open', agent_id: removed[0]!.agent_id });
    const events = await q<{ kind: string }>(`SELECT kind FROM lead_event WHERE lead_id = $1`, [assigned!.id]);
    expect(events.map((e) => e.kind)).toEqual(['assigned']);
  });
});

describe('agent staff: npm run ops -- staff add --agent-id, and the demo agents', () => {
  it('parses --agent-id only with staff add --role agent', () => {
    const phone = testPhone();
    expect(parseOpsArgs(['staff', 'add', '--phone', phone, '--role', 'agent', '--agent-id', '12'])).toEqual({
      command: 'add',
      phone,
      role: 'agent',
      agentId: 12,
    });
    for (const bad of [
      ['staff', 'add', '--phone', phone, '--role', 'ops', '--agent-id', '12'],
      ['staff', 'remove', '--phone', phone, '--role', 'agent', '--agent-id', '12'],
      ['staff', 'add', '--phone', phone, '--role', 'agent', '--agent-id', '0x1'],
      ['staff', 'add', '--phone', phone, '--role', 'agent', '--agent-id', '99999999999'],
      ['staff', 'list', '--agent-id', '12'],
    ])
      expect(parseOpsArgs(bad)).toHaveProperty('error');
  });

  it('links an agent (audited); an unknown agent or one linked to someone else is refused', async () => {
    const staff = createStaffService(seeded.database.db);
    const [estate] = takeEstates(1);
    const agentId = estate!.agents[2]!;
    await seeded.database.sql.query(`DELETE FROM staff_agent WHERE agent_id = $1`, [agentId]);
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const phone = testPhone('139');
    const run = (args: string[]) => {
      const cmd = parseOpsArgs(args);
      if ('error' in cmd) throw new Error(cmd.error);
      return runOpsCommand(cmd, staff, io);
    };
    expect(await run(['staff', 'add', '--phone', phone, '--role', 'agent', '--agent-id', String(agentId)])).toBe(
      EXIT.ok,
    );
    const [link] = await q<{ agent_id: number; user_id: number }>(`SELECT * FROM staff_agent WHERE agent_id = $1`, [
      agentId,
    ]);
    const [audit] = await q<{ action: string }>(
      `SELECT action FROM audit_log WHERE action = 'staff.agent.link' AND target_id = $1`,
      [String(link!.user_id)],
    );
    expect(audit).toBeDefined();
    expect(
      await run(['staff', 'add', '--phone', testPhone('139'), '--role', 'agent', '--agent-id', String(agentId)]),
    ).toBe(EXIT.refused);
    expect(await run(['staff', 'add', '--phone', phone, '--role', 'agent', '--agent-id', '99999999'])).toBe(
      EXIT.refused,
    );
    expect(lines.join('\n')).toMatch(/已关联其他工作人员/);
    expect(lines.join('\n')).toMatch(/经纪人不存在/);
  });

  it('the demo agents act as two agents of one estate', async () => {
    const staff = createStaffService(seeded.database.db);
    await staff.seedDemoStaff();
    const demoAgents = DEMO_STAFF.filter((s) => s.role === 'agent').map((s) => s.phone);
    const links = await q<{ agent_id: number }>(
      `SELECT s.agent_id FROM staff_agent s JOIN users u ON u.id = s.user_id WHERE u.phone = ANY($1::text[])`,
      [demoAgents],
    );
    expect(links).toHaveLength(2);
    const [shared] = await q<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT estate_id FROM agent_estate WHERE agent_id = ANY($1::int[])
       GROUP BY estate_id HAVING count(*) = 2) x`,
      [links.map((l) => l.agent_id)],
    );
    expect(shared!.n).toBeGreaterThan(0);
  });
});
