// 业主认证 and 卖房报价 (issue 16) on the seeded small dataset: the owner's SMS code (its own purpose: a login code
// does not verify, nor the reverse), the room address's validation, the verification, the quote as a 'sell' lead
// through the leads intake (one transaction, Idempotency-Key), another user's quote (403), and the agents'
// listing-price advice (the lead's own agent only; audit row; the owner's notice). PGlite, or PostgreSQL with
// TEST_DATABASE_URL.
import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  LEAD_MESSAGES,
  OWNER_DECLARATION_VERSION,
  OWNER_QUOTE_MESSAGES,
  STAFF_ONLY,
  type OpsOwnerQuote,
  type OwnerAuthBody,
  type OwnerQuote,
  type OwnerQuoteListBody,
  type OwnerSmsBody,
  type OwnerStatusBody,
} from '@fjt/domain';
import { expectPersonalFail, seededApp, signInAs, testIp, testPhone, type SignedIn } from '../../testing.ts';
import { createStaffService } from '../staff/service.ts';

const seeded = seededApp('small');
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
    headers: { origin: 'http://localhost:3000', ...headers },
    remoteAddress: testIp(),
  });
const get = (url: string, headers: Record<string, string> = {}) =>
  seeded.app.inject({ method: 'GET', url: `${API}/${url}`, headers });
const q = <T>(text: string, params: unknown[] = []) => seeded.database.sql.query<T>(text, params);

/** The newest code the sandbox sent to a phone, and its template. */
async function lastSms(phone: string) {
  const [row] = await q<{ code: string; template: string }>(
    `SELECT code, template FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1`,
    [phone],
  );
  return row!;
}

let estates: number[] = [];
beforeAll(async () => {
  estates = (
    await q<{ id: number }>(
      `SELECT ae.estate_id AS id FROM agent_estate ae JOIN estate e ON e.id = ae.estate_id WHERE e.city_id = 605
       GROUP BY ae.estate_id HAVING count(*) >= 2 ORDER BY ae.estate_id LIMIT 10`,
    )
  ).map((r) => Number(r.id));
  expect(estates.length).toBeGreaterThanOrEqual(4);
});

const address = { building: '3幢', unit: '2单元', room: '1201', declarationVersion: OWNER_DECLARATION_VERSION };

/** Sends a code and verifies `user` as an owner of `estateId`. */
async function verify(user: SignedIn, estateId: number): Promise<number> {
  bodyOf<OwnerSmsBody>(await post('estimate/quotation/sms', { estateId }, user.headers));
  const { code } = await lastSms(user.mobile);
  return bodyOf<OwnerAuthBody>(await post('estimate/quotation/auth', { estateId, code, ...address }, user.headers))
    .verificationId;
}

const quoteOf = (estateId: number, verificationId: number, extra: Record<string, unknown> = {}) => ({
  estateId,
  verificationId,
  expectedPrice: 350.5,
  timeline: '3m',
  contactPreference: 'phone',
  note: '南北通透，满五唯一',
  ...extra,
});

describe('业主认证', () => {
  let owner: SignedIn;
  beforeAll(async () => {
    owner = await signInAs(seeded.app);
  });

  it('is for signed-in users only', async () => {
    expectPersonalFail(await post('estimate/quotation/sms', { estateId: estates[0] }), 401, '请先登录');
    expectPersonalFail(
      await post('estimate/quotation/auth', { estateId: estates[0], code: '123456', ...address }),
      401,
      '请先登录',
    );
    expectPersonalFail(await get(`estimate/quotation/status?estateId=${estates[0]}`), 401);
  });

  it('sends an owner code to the account phone (not a login code), refuses an unknown estate', async () => {
    const sent = bodyOf<OwnerSmsBody>(await post('estimate/quotation/sms', { estateId: estates[0] }, owner.headers));
    expect(sent.mobile).toBe(`${owner.mobile.slice(0, 3)}****${owner.mobile.slice(7)}`);
    expect(sent.expiresIn).toBe(300);
    expect((await lastSms(owner.mobile)).template).toBe('owner_verify_code');
    // a second within the minute: login's limit, its own message
    expectPersonalFail(
      await post('estimate/quotation/sms', { estateId: estates[0] }, owner.headers),
      429,
      '发送过于频繁，请60秒后再试',
    );
    expectPersonalFail(
      await post('estimate/quotation/sms', { estateId: 999_999_999 }, owner.headers),
      404,
      '小区不存在',
    );
    // the owner code never signs anyone in
    const { code } = await lastSms(owner.mobile);
    const login = await post('login/mobile', { mobile: owner.mobile, code });
    expect(login.statusCode).toBe(400);
  });

  it('refuses a bad code and a bad address, then verifies with the right one', async () => {
    const user = await signInAs(seeded.app);
    const estateId = estates[0]!;
    bodyOf(await post('estimate/quotation/sms', { estateId }, user.headers));
    const { code } = await lastSms(user.mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectPersonalFail(
      await post('estimate/quotation/auth', { estateId, code: wrong, ...address }, user.headers),
      400,
      '验证码错误，还可尝试4次',
    );
    expectPersonalFail(
      await post('estimate/quotation/auth', { estateId, code: '12', ...address }, user.headers),
      400,
      '请输入6位验证码',
    );
    for (const [bad, message] of [
      [{ building: '' }, '请填写楼栋'],
      [{ room: '   ' }, '请填写门牌号'],
      [{ room: '1'.repeat(21) }, '门牌号 最多20个字'],
      [{ building: '3\u0000幢' }, '楼栋 含有不允许的字符'],
      [{ unit: 'x'.repeat(21) }, '单元 最多20个字'],
      [{ declarationVersion: 'none' }, OWNER_QUOTE_MESSAGES.declaration],
    ] as const) {
      expectPersonalFail(
        await post('estimate/quotation/auth', { estateId, code, ...address, ...bad }, user.headers),
        400,
        message,
      );
    }
    expect(
      bodyOf<OwnerStatusBody>(await get(`estimate/quotation/status?estateId=${estateId}`, user.headers)).verificationId,
    ).toBeNull();
    const ok = bodyOf<OwnerAuthBody>(
      await post('estimate/quotation/auth', { estateId, code, ...address, building: ' 3幢 ' }, user.headers),
    );
    const [row] = await q<{ building: string; declaration_version: string; user_id: number }>(
      `SELECT building, declaration_version, user_id FROM owner_verification WHERE id = $1`,
      [ok.verificationId],
    );
    expect(row).toEqual({ building: '3幢', declaration_version: OWNER_DECLARATION_VERSION, user_id: user.id });
    // used once
    expectPersonalFail(
      await post('estimate/quotation/auth', { estateId, code, ...address }, user.headers),
      400,
      '验证码已失效，请重新获取',
    );
    const status = bodyOf<OwnerStatusBody>(await get(`estimate/quotation/status?estateId=${estateId}`, user.headers));
    expect(status).toMatchObject({ verificationId: ok.verificationId, roomLabel: '3幢 2单元', area: null });
  });
});

describe('卖房报价 and 挂牌建议', () => {
  let owner: SignedIn;
  let other: SignedIn;
  let estateId: number;
  let verificationId: number;
  let quote: OwnerQuote;

  beforeAll(async () => {
    estateId = estates[1]!;
    owner = await signInAs(seeded.app);
    other = await signInAs(seeded.app);
    verificationId = await verify(owner, estateId);
  });

  it('refuses an unverified owner, another user’s verification and a bad price', async () => {
    expectPersonalFail(await post('estimate/quotation/submit', quoteOf(estateId, verificationId)), 401);
    // other never verified: owner's verification is not theirs
    expectPersonalFail(
      await post('estimate/quotation/submit', quoteOf(estateId, verificationId), other.headers),
      403,
      OWNER_QUOTE_MESSAGES.notVerified,
    );
    // a verification of another estate
    expectPersonalFail(
      await post('estimate/quotation/submit', quoteOf(estates[2]!, verificationId), owner.headers),
      403,
      OWNER_QUOTE_MESSAGES.notVerified,
    );
    for (const expectedPrice of [0, -5, 100_001]) {
      expectPersonalFail(
        await post('estimate/quotation/submit', quoteOf(estateId, verificationId, { expectedPrice }), owner.headers),
        400,
        OWNER_QUOTE_MESSAGES.price,
      );
    }
    expectPersonalFail(
      await post('estimate/quotation/submit', quoteOf(estateId, verificationId, { timeline: 'x' }), owner.headers),
      400,
      '请选择出售时间',
    );
    expectPersonalFail(
      await post('estimate/quotation/submit', quoteOf(estateId, verificationId, { recordId: 999_999 }), owner.headers),
      404,
      '估价记录不存在',
    );
    const [{ n }] = (await q<{ n: number }>(`SELECT count(*)::int AS n FROM owner_quote WHERE user_id = $1`, [
      owner.id,
    ])) as [{ n: number }];
    expect(n).toBe(0);
    expect((await q(`SELECT 1 FROM lead WHERE mobile = $1`, [owner.mobile])).length).toBe(0);
  });

  it('stores the quote and passes it on as a sell lead; a repeated key answers the same quote', async () => {
    const key = { [IDEMPOTENCY_HEADER]: 'quote-key-0001' };
    quote = bodyOf<OwnerQuote>(
      await post('estimate/quotation/submit', quoteOf(estateId, verificationId), { ...owner.headers, ...key }),
    );
    expect(quote).toMatchObject({
      estateId,
      room: '3幢 2单元 1201',
      expectedPrice: 3_505_000,
      timeline: '3m',
      contactPreference: 'phone',
      note: '南北通透，满五唯一',
      advice: null,
    });
    expect(quote.leadId).not.toBeNull();
    const [lead] = await q<{ service_type: string; source: string; agent_id: number | null; estate_id: number }>(
      `SELECT service_type, source, agent_id, estate_id FROM lead WHERE id = $1`,
      [quote.leadId],
    );
    expect(lead).toMatchObject({ service_type: 'sell', source: 'estimate', estate_id: estateId });
    expect(lead!.agent_id).not.toBeNull();
    const again = bodyOf<OwnerQuote>(
      await post('estimate/quotation/submit', quoteOf(estateId, verificationId), { ...owner.headers, ...key }),
    );
    expect(again.id).toBe(quote.id);
    expectPersonalFail(
      await post('estimate/quotation/submit', quoteOf(estateId, verificationId, { expectedPrice: 400 }), {
        ...owner.headers,
        ...key,
      }),
      409,
      LEAD_MESSAGES.idempotencyConflict,
    );
    expect((await q(`SELECT 1 FROM owner_quote WHERE user_id = $1`, [owner.id])).length, 'one quote for the key').toBe(
      1,
    );
    expect((await q(`SELECT 1 FROM lead WHERE mobile = $1`, [owner.mobile])).length).toBe(1);
  });

  it('gives the form the area of the owner’s own valuation only', async () => {
    const insert = async (userId: number) =>
      Number(
        (
          await q<{ id: number }>(
            `INSERT INTO estimate_record (user_id, city_id, estate_id, input, result, total_price, area, as_of, created_at)
             VALUES ($1, 605, $2, '{}'::jsonb, '{}'::jsonb, 3600000, 90, '2026-10', now()) RETURNING id`,
            [userId, estateId],
          )
        )[0]!.id,
      );
    const own = await insert(owner.id);
    const others = await insert(other.id);
    expect(
      bodyOf<OwnerStatusBody>(
        await get(`estimate/quotation/status?estateId=${estateId}&recordId=${own}`, owner.headers),
      ),
    ).toMatchObject({ verificationId, area: 90, estimate: 3_600_000 });
    expect(
      bodyOf<OwnerStatusBody>(
        await get(`estimate/quotation/status?estateId=${estateId}&recordId=${others}`, owner.headers),
      ),
    ).toMatchObject({ area: null, estimate: null });
    expectPersonalFail(
      await post('estimate/quotation/submit', quoteOf(estateId, verificationId, { recordId: others }), owner.headers),
      404,
      '估价记录不存在',
    );
  });

  it('shows a quote to its owner only', async () => {
    expect(bodyOf<OwnerQuote>(await get(`estimate/quotation/detail?quoteId=${quote.id}`, owner.headers)).id).toBe(
      quote.id,
    );
    expectPersonalFail(
      await get(`estimate/quotation/detail?quoteId=${quote.id}`, other.headers),
      403,
      OWNER_QUOTE_MESSAGES.notYourQuote,
    );
    expectPersonalFail(await get(`estimate/quotation/detail?quoteId=${quote.id}`), 401);
    expectPersonalFail(await get(`estimate/quotation/detail?quoteId=999999`, owner.headers), 404);
    expect(
      bodyOf<OwnerQuoteListBody>(await get('estimate/quotation/mine', owner.headers)).list.map((x) => x.id),
    ).toEqual([quote.id]);
    expect(bodyOf<OwnerQuoteListBody>(await get('estimate/quotation/mine', other.headers)).list).toEqual([]);
  });

  it('the lead’s own agent advises; another agent, a non-agent and a visitor are refused', async () => {
    const staff = createStaffService(seeded.database.db);
    const [lead] = await q<{ agent_id: number }>(`SELECT agent_id FROM lead WHERE id = $1`, [quote.leadId]);
    const agentA = Number(lead!.agent_id);
    const [otherAgent] = await q<{ id: number }>(
      `SELECT agent_id AS id FROM agent_estate WHERE estate_id = $1 AND agent_id <> $2 LIMIT 1`,
      [estateId, agentA],
    );
    const agentB = Number(otherAgent!.id);
    await q(`DELETE FROM staff_agent WHERE agent_id = ANY($1::int[])`, [[agentA, agentB]]);
    const phoneA = testPhone('139');
    const phoneB = testPhone('139');
    const phoneOps = testPhone('139');
    await staff.grant({ phone: phoneA, role: 'agent', actorId: null, agentId: agentA });
    await staff.grant({ phone: phoneB, role: 'agent', actorId: null, agentId: agentB });
    await staff.grant({ phone: phoneOps, role: 'ops', actorId: null });
    const [a, b, ops] = [
      await signInAs(seeded.app, phoneA),
      await signInAs(seeded.app, phoneB),
      await signInAs(seeded.app, phoneOps),
    ];
    const url = `ops/leads/${quote.leadId}/owner-quote`;
    const advice = { price: 340, note: '近三月同户型成交约335-345万，建议340万挂牌' };

    // the console's view: the room down to its 楼栋
    const seen = bodyOf<OpsOwnerQuote>(await get(url, a.headers));
    expect(seen).toMatchObject({ building: '3幢', expectedPrice: 3_505_000, timeline: '3m' });
    expect(JSON.stringify(seen)).not.toContain('1201');
    expect(bodyOf<OpsOwnerQuote>(await get(url, ops.headers)).id).toBe(quote.id);
    expectPersonalFail(await get(url, b.headers), 403, LEAD_MESSAGES.notYourLead);
    expectPersonalFail(await get(url, owner.headers), 403, STAFF_ONLY);

    expectPersonalFail(await post(`${url}/advice`, advice), 401);
    expectPersonalFail(await post(`${url}/advice`, advice, owner.headers), 403, STAFF_ONLY);
    expectPersonalFail(await post(`${url}/advice`, advice, ops.headers), 403, LEAD_MESSAGES.agentOnly);
    expectPersonalFail(await post(`${url}/advice`, advice, b.headers), 403, LEAD_MESSAGES.notYourLead);
    expectPersonalFail(await post(`${url}/advice`, { price: 0 }, a.headers), 400, OWNER_QUOTE_MESSAGES.advicePrice);
    expectPersonalFail(
      await post(`${url}/advice`, { price: 340, note: 'x'.repeat(201) }, a.headers),
      400,
      '建议说明 最多200个字',
    );
    expectPersonalFail(await post(`ops/leads/999999/owner-quote/advice`, advice, a.headers), 404);
    expect((await q(`SELECT 1 FROM owner_quote WHERE id = $1 AND advice_price IS NOT NULL`, [quote.id])).length).toBe(
      0,
    );

    const advised = bodyOf<OpsOwnerQuote>(await post(`${url}/advice`, advice, a.headers));
    expect(advised.advice).toMatchObject({ price: 3_400_000, note: advice.note });
    const [audit] = await q<{ actor_id: number; target_id: string; detail: { price: number } }>(
      `SELECT actor_id, target_id, detail FROM audit_log WHERE action = 'lead.quote-advice' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ actor_id: a.id, target_id: String(quote.leadId), detail: { price: 3_400_000 } });
    const [message] = await q<{ kind: string; link: string; content: string }>(
      `SELECT kind, link, content FROM messages WHERE user_id = $1 ORDER BY id DESC LIMIT 1`,
      [owner.id],
    );
    expect(message).toMatchObject({ kind: 'quote_advice', link: `/estimate/quotation/form?quoteId=${quote.id}` });
    expect(message!.content).toContain('建议挂牌价340万');

    const mine = bodyOf<OwnerQuote>(await get(`estimate/quotation/detail?quoteId=${quote.id}`, owner.headers));
    expect(mine.advice).toMatchObject({ price: 3_400_000, note: advice.note });
    expect(mine.advice!.agentName).toBeTruthy();
  });
});
