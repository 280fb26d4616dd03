// 委托找房 on the seeded small dataset (杭州): the city's contracted house-search agents, and a buyer's brief to one
// of them becoming a lead assigned to that agent under the lead rules (login, every bad input, Idempotency-Key, the
// 24-hour dedupe per agent, the daily cap of agents, no reassignment), seen in that agent's console only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  CONTRACTOR_MESSAGES,
  IDEMPOTENCY_HEADER,
  CONTRACTOR_CONSENT_VERSION,
  LEAD_MESSAGES,
  MOBILE_FORMAT_ERROR,
  type ContractorListBody,
  type ContractorSendBody,
  type OpsLeadListBody,
  type SaveRealPriceBody,
} from '@fjt/domain';
import { expectFail, seededApp, signInAs, testPhone, type SignedIn } from '../../testing.ts';
import { createStaffService } from '../staff/service.ts';
import { createLeadsService } from '../leads/service.ts';

const MINUTE = 60_000;
let clock = Date.parse('2026-11-27T03:00:00Z');
const seeded = seededApp('small', { now: () => clock });
const API = '/rabbit/v1';
const ORIGIN = 'http://localhost:3000';

const q = <T>(text: string, params: unknown[] = []) => seeded.database.sql.query<T>(text, params);
function bodyOf<T>(res: LightMyRequestResponse): T {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
}
const send = (payload: Record<string, unknown>, headers: Record<string, string> = { origin: ORIGIN }) =>
  seeded.app.inject({ method: 'POST', url: `${API}/house/contractor/sendMsg`, payload, headers });

let contractors: { id: number; rating: number }[] = [];
let user: SignedIn;
/** A district of 杭州 and one of another city (added: the small dataset is 杭州 only). */
let district: { id: number; name: string };
const FOREIGN_DISTRICT = 990_001;

beforeAll(async () => {
  contractors = await q<{ id: number; rating: number }>(
    `SELECT id, rating FROM agent WHERE city_id = 605 AND contractor ORDER BY rating DESC, deal_count DESC, id`,
  );
  [district] = (await q<{ id: number; name: string }>(
    `SELECT id, name FROM district WHERE city_id = 605 ORDER BY id LIMIT 1`,
  )) as [typeof district];
  await q(
    `INSERT INTO district (id, city_id, name, adcode, ring, center_lng, center_lat)
     VALUES ($1, 101, '测试区', '990001', 'core', 116.4, 39.9) ON CONFLICT DO NOTHING`,
    [FOREIGN_DISTRICT],
  );
  user = await signInAs(seeded.app);
});

describe('house/search-house-contractor', () => {
  it('lists the city’s contractors, best rated first, with its districts and no phone number', async () => {
    expect(contractors.length).toBe(5);
    const res = await seeded.app.inject(`${API}/house/search-house-contractor?cityId=605&size=3`);
    const body = bodyOf<ContractorListBody>(res);
    expect(body.total).toBe(5);
    expect(body.list.map((c) => c.id)).toEqual(contractors.slice(0, 3).map((c) => c.id));
    const ratings = body.list.map((c) => c.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(Object.keys(body.list[0]!).sort()).toEqual(
      ['company', 'dealCount', 'id', 'intro', 'name', 'rating', 'showingCount', 'store', 'years'].sort(),
    );
    expect(body.list[0]!.intro).toMatch(/^签约找房顾问/);
    expect(JSON.stringify(body)).not.toMatch(/1[3-9]\d{9}/);
    const districts = await q<{ id: number }>(`SELECT id FROM district WHERE city_id = 605`);
    expect(body.districts.map((d) => d.id).sort()).toEqual(districts.map((d) => d.id).sort());
    const second = bodyOf<ContractorListBody>(
      await seeded.app.inject(`${API}/house/search-house-contractor?cityId=605&size=3&page=2`),
    );
    expect(second.list.map((c) => c.id)).toEqual(contractors.slice(3, 5).map((c) => c.id));
  });

  it('an unknown city is 404, bad input 400', async () => {
    expectFail(await seeded.app.inject(`${API}/house/search-house-contractor?cityId=999999`), 404, '城市不存在');
    expectFail(await seeded.app.inject(`${API}/house/search-house-contractor`), 400, 'cityId 不能为空');
    expectFail(
      await seeded.app.inject(`${API}/house/search-house-contractor?cityId=605&size=99`),
      400,
      'size 最多为 20',
    );
    // a city without contractors: an empty list, not an error
    const empty = bodyOf<ContractorListBody>(
      await seeded.app.inject(`${API}/house/search-house-contractor?cityId=101`),
    );
    expect(empty).toMatchObject({ total: 0, list: [] });
  });
});

describe('house/contractor/sendMsg', () => {
  it('visitors get 401', async () => {
    expectFail(await send({ contractorId: contractors[0]!.id, mobile: testPhone(), message: '想买两室' }), 401);
  });

  it('refuses bad input with Chinese messages and keeps nothing', async () => {
    const id = contractors[0]!.id;
    const [nonContractor] = await q<{ id: number }>(
      `SELECT id FROM agent WHERE city_id = 605 AND NOT contractor LIMIT 1`,
    );
    const cases: [Record<string, unknown>, number, string][] = [
      [{ contractorId: id, mobile: '1234', message: '想买' }, 400, MOBILE_FORMAT_ERROR],
      [{ contractorId: id, message: '长'.repeat(201) }, 400, '找房需求最多200个字'],
      [{ contractorId: id, message: '  ' }, 400, '请填写找房需求'],
      [{ contractorId: id, message: 'a\u0000b' }, 400, '找房需求 含有不允许的字符'],
      [{ contractorId: id, message: '想买', rooms: 6 }, 400, '户型只能是1到5室'],
      [{ contractorId: id, message: '想买', budget: { min: 500, max: 300 } }, 400, CONTRACTOR_MESSAGES.budgetOrder],
      [{ contractorId: id, message: '想买', budget: { max: 100_001 } }, 400, '预算须为 1 到 100000 万之间的整数'],
      [{ contractorId: id, message: '想买', districtId: FOREIGN_DISTRICT }, 400, CONTRACTOR_MESSAGES.districtElsewhere],
      [{ contractorId: id, message: '想买', districtId: 999_999 }, 400, CONTRACTOR_MESSAGES.districtElsewhere],
      [{ contractorId: 'x', message: '想买' }, 400, '找房顾问 id 格式不正确'],
      [{ contractorId: 999_999_999, message: '想买' }, 404, CONTRACTOR_MESSAGES.contractorNotFound],
      [{ contractorId: nonContractor!.id, message: '想买' }, 404, CONTRACTOR_MESSAGES.contractorNotFound],
    ];
    for (const [payload, status, errMsg] of cases) expectFail(await send(payload, user.headers), status, errMsg);
    expect(await q(`SELECT 1 FROM lead WHERE mobile = $1`, [user.mobile])).toEqual([]);
    expect(await q(`SELECT 1 FROM lead_consent WHERE mobile = $1`, [user.mobile])).toEqual([]);
  });

  it('becomes a lead assigned to the contractor with the brief and a consent; repeats within 24 h are the same lead', async () => {
    const contractor = contractors[1]!;
    const brief = {
      contractorId: contractor.id,
      budget: { min: 300, max: 500 },
      districtId: district.id,
      rooms: 3,
      message: '想在学校附近买三室，预算灵活',
      page: `/605/agent`,
    };
    const res = await send(brief, user.headers);
    expect(res.headers['cache-control']).toBe('no-store');
    const { leadId } = bodyOf<ContractorSendBody>(res);
    const [lead] = await q<Record<string, unknown>>(
      `SELECT mobile, user_id, city_id, estate_id, source, service_type, status, agent_id, claim_due_at, brief,
              consent_id FROM lead WHERE id = $1`,
      [leadId],
    );
    expect(lead).toMatchObject({
      mobile: user.mobile,
      user_id: user.id,
      city_id: 605,
      estate_id: null,
      source: 'contractor',
      service_type: 'buy',
      status: 'open',
      agent_id: contractor.id,
      claim_due_at: null,
      brief: {
        budgetMin: 300,
        budgetMax: 500,
        districtId: district.id,
        districtName: district.name,
        rooms: 3,
        message: '想在学校附近买三室，预算灵活',
      },
    });
    const [consent] = await q<{ text_version: string; page: string }>(`SELECT * FROM lead_consent WHERE id = $1`, [
      lead!.consent_id,
    ]);
    expect(consent).toMatchObject({ text_version: CONTRACTOR_CONSENT_VERSION, page: '/605/agent' });
    const events = await q<{ kind: string; data: { agentId: number } }>(
      `SELECT kind, data FROM lead_event WHERE lead_id = $1`,
      [leadId],
    );
    expect(events).toEqual([{ kind: 'assigned', data: { agentId: contractor.id } }]);

    // the same phone and contractor within 24 hours: the same lead; another contractor: a lead of its own
    clock += 60 * MINUTE;
    expect(bodyOf<ContractorSendBody>(await send({ ...brief, message: '再问一次' }, user.headers)).leadId).toBe(leadId);
    const other = bodyOf<ContractorSendBody>(await send({ ...brief, contractorId: contractors[2]!.id }, user.headers));
    expect(other.leadId).not.toBe(leadId);

    // nobody else takes it past the claim deadline: the contractor keeps its lead
    clock += 120 * MINUTE;
    const leads = createLeadsService({ db: seeded.database.db, now: () => clock, telephony: 'sandbox' });
    await leads.reassignDue(clock);
    const [after] = await q<{ agent_id: number }>(`SELECT agent_id FROM lead WHERE id = $1`, [leadId]);
    expect(after!.agent_id).toBe(contractor.id);
  });

  it('an Idempotency-Key answers the first answer again for the same body, 409 for another', async () => {
    const someone = await signInAs(seeded.app);
    const key = { ...someone.headers, [IDEMPOTENCY_HEADER]: 'contractor-key-0001' };
    const payload = { contractorId: contractors[3]!.id, message: '两室，近地铁', rooms: 2 };
    const first = bodyOf<ContractorSendBody>(await send(payload, key));
    const again = bodyOf<ContractorSendBody>(await send(payload, key));
    expect(again).toEqual(first);
    expectFail(await send({ ...payload, rooms: 3 }, key), 409, LEAD_MESSAGES.idempotencyConflict);
    expect(await q(`SELECT 1 FROM lead WHERE mobile = $1`, [someone.mobile])).toHaveLength(1);
  });

  it('counts in the daily cap: after 3 other agents today the phone is refused, and nothing is kept', async () => {
    const buyer = await signInAs(seeded.app);
    const contractorIds = new Set(contractors.map((c) => c.id));
    // estates none of whose agents is a contractor, passed on one by one until 3 distinct agents have the phone
    const estates = await q<{ id: number }>(
      `SELECT e.id FROM estate e WHERE e.city_id = 605
         AND EXISTS (SELECT 1 FROM agent_estate ae WHERE ae.estate_id = e.id)
         AND NOT EXISTS (SELECT 1 FROM agent_estate ae WHERE ae.estate_id = e.id AND ae.agent_id = ANY($1::int[]))
       ORDER BY e.id DESC LIMIT 40`,
      [[...contractorIds]],
    );
    const agentsOfBuyer = async () =>
      new Set(
        (
          await q<{ agent_id: number }>(`SELECT agent_id FROM lead WHERE mobile = $1 AND agent_id IS NOT NULL`, [
            buyer.mobile,
          ])
        ).map((r) => r.agent_id),
      );
    for (const e of estates) {
      if ((await agentsOfBuyer()).size >= 3) break;
      bodyOf<SaveRealPriceBody>(
        await seeded.app.inject({
          method: 'POST',
          url: `${API}/estate-dispatch/save-real-price`,
          payload: { type: 2, intentionEstateId: e.id },
          headers: buyer.headers,
        }),
      );
    }
    expect((await agentsOfBuyer()).size).toBe(3);
    const consents = (await q(`SELECT 1 FROM lead_consent WHERE mobile = $1`, [buyer.mobile])).length;
    expectFail(
      await send({ contractorId: contractors[0]!.id, message: '想买房' }, buyer.headers),
      429,
      '今日已联系的经纪人已达上限，请明天再试',
    );
    expect(await q(`SELECT 1 FROM lead WHERE mobile = $1 AND source = 'contractor'`, [buyer.mobile])).toEqual([]);
    expect(await q(`SELECT 1 FROM lead_consent WHERE mobile = $1`, [buyer.mobile])).toHaveLength(consents);
  });

  it("shows in the contractor's console with the brief, not in another agent's", async () => {
    const contractor = contractors[4]!;
    const buyer = await signInAs(seeded.app);
    const { leadId } = bodyOf<ContractorSendBody>(
      await send({ contractorId: contractor.id, message: '首套房，想要南北通透', budget: { max: 400 } }, buyer.headers),
    );
    const staff = createStaffService(seeded.database.db);
    const [otherAgent] = await q<{ id: number }>(
      `SELECT id FROM agent WHERE city_id = 605 AND id <> $1 ORDER BY id LIMIT 1`,
      [contractor.id],
    );
    await q(`DELETE FROM staff_agent WHERE agent_id = ANY($1::int[])`, [[contractor.id, otherAgent!.id]]);
    const phoneA = testPhone('139');
    const phoneB = testPhone('139');
    await staff.grant({ phone: phoneA, role: 'agent', actorId: null, agentId: contractor.id });
    await staff.grant({ phone: phoneB, role: 'agent', actorId: null, agentId: otherAgent!.id });
    const mine = bodyOf<OpsLeadListBody>(
      await seeded.app.inject({ url: `${API}/ops/leads`, headers: (await signInAs(seeded.app, phoneA)).headers }),
    );
    const row = mine.list.find((l) => l.id === leadId);
    expect(row).toMatchObject({
      source: 'contractor',
      agentId: contractor.id,
      estateId: null,
      brief: { budgetMin: null, budgetMax: 400, districtId: null, rooms: null, message: '首套房，想要南北通透' },
    });
    expect(row!.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    const theirs = bodyOf<OpsLeadListBody>(
      await seeded.app.inject({ url: `${API}/ops/leads`, headers: (await signInAs(seeded.app, phoneB)).headers }),
    );
    expect(theirs.list.map((l) => l.id)).not.toContain(leadId);
  });
});
