// The support centre's endpoints over the small dataset (杭州 605): the user summary from a real sandbox purchase
// (registration, last paid order, membership end), the chat switch and city contacts from the settings (defaults and
// overrides), the chat identity, visitors 401 and bad cityIds 4xx — every refusal with a Chinese errMsg.
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { queryRows, sql } from '@fjt/db';
import { SUPPORT_MESSAGES } from '@fjt/domain';
import { parseEnv } from '../../env.ts';
import { expectFail, expectPersonalFail, personalBody, seededApp, signInAs, type SignedIn } from '../../testing.ts';
import { supportSettings } from './service.ts';

const ORIGIN = 'http://localhost:3000';
const s = seededApp('small', {
  env: { SUPPORT_WECHAT_NO: 'fjt_support', SUPPORT_PHONE: '0571-88880000', SUPPORT_CITY_PEERS: { 1: 'agent-7' } },
});
const get = (url: string, me?: SignedIn) => s.app.inject({ url: `/rabbit/v1/${url}`, headers: me?.headers ?? {} });
const post = (url: string, payload: unknown, me?: SignedIn) =>
  s.app.inject({
    method: 'POST',
    url: `/rabbit/v1/${url}`,
    payload: payload as object,
    headers: me?.headers ?? { origin: ORIGIN },
  });
const body = <T>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

/** Buys a month card and pays it in the sandbox Alipay cashier; returns the order number. */
async function buyMonthCard(app: FastifyInstance, me: SignedIn): Promise<string> {
  const bought = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/memberCard/buyMember',
    headers: me.headers,
    payload: { cardCode: 'VIP_MONTH' },
  });
  const orderNo = body<{ order: { orderNo: string } }>(bought).order.orderNo;
  const unified = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/customer/pay/unifiedorder',
    headers: { ...me.headers, 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
    payload: { orderNo, platform: 1 },
  });
  const url = new URL(body<{ action: { url: string } }>(unified).action.url);
  expect((await app.inject(url.pathname + url.search)).statusCode).toBe(200);
  expect((await app.inject({ method: 'POST', url: `/__sandbox/alipay/cashier/${orderNo}/pay` })).statusCode).toBe(303);
  return orderNo;
}

describe('support/user-summary', () => {
  it('answers a new user with the registration date and no purchase or membership', async () => {
    const me = await signInAs(s.app);
    const summary = personalBody<Record<string, unknown>>(await get('support/user-summary', me));
    const [user] = await queryRows<{ created: Date }>(
      s.database.db,
      sql`SELECT created_at AS created FROM users WHERE id = ${me.id}`,
    );
    expect(summary).toEqual({
      userId: me.id,
      regDate: new Date(user!.created).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      lastBuyDate: null,
      vipExpireDate: null,
    });
  });

  it('shows the last paid order and the membership end after a purchase', async () => {
    const me = await signInAs(s.app);
    const orderNo = await buyMonthCard(s.app, me);
    // an unpaid order afterwards is not a purchase
    await s.app.inject({
      method: 'POST',
      url: '/rabbit/v1/memberCard/buyMember',
      headers: me.headers,
      payload: { cardCode: 'VIP_MONTH' },
    });
    const summary = personalBody<{ lastBuyDate: string; vipExpireDate: string }>(await get('support/user-summary', me));
    const [row] = await queryRows<{ paid: Date; ends: Date }>(
      s.database.db,
      sql`SELECT o.paid_at AS paid, p.ends_at AS ends FROM orders o JOIN vip_periods p ON p.source_ref = o.order_no
           WHERE o.order_no = ${orderNo}`,
    );
    const iso = (d: Date) => new Date(d).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(summary.lastBuyDate).toBe(iso(row!.paid));
    expect(summary.vipExpireDate).toBe(iso(row!.ends));
    expect(Date.parse(summary.vipExpireDate) - Date.parse(summary.lastBuyDate)).toBeGreaterThan(27 * 86_400_000);
  });

  it('refuses a visitor with 401 and a Chinese errMsg, never cached', async () => {
    expectPersonalFail(await get('support/user-summary'), 401, SUPPORT_MESSAGES.loginRequired);
  });
});

describe('im/switch and config/city-peer', () => {
  it('im/switch answers the setting (on by default)', async () => {
    expect(body<{ enable: boolean }>(await get('im/switch'))).toEqual({ enable: true });
  });

  it('config/city-peer gives the city peer and the contacts from the settings', async () => {
    expect(body(await get('config/city-peer?cityId=605'))).toEqual({
      cityId: 605,
      peerid: 'support',
      wechatNo: 'fjt_support',
      phone: '0571-88880000',
    });
  });

  it('refuses a malformed cityId with 400 and an unknown city with 404, in Chinese', async () => {
    for (const q of ['', '?cityId=', '?cityId=abc', '?cityId=0', '?cityId=-3', '?cityId=1.5', '?cityId=99999999999'])
      expectFail(await get(`config/city-peer${q}`), 400);
    expectFail(await get('config/city-peer?cityId=999999'), 404, SUPPORT_MESSAGES.cityUnknown);
  });
});

describe('im/peer-id and im/getUserInfo', () => {
  it('im/peer-id gives the support peer of the city', async () => {
    expect(body(await post('im/peer-id', { cityId: 605 }))).toEqual({ peerid: 'support' });
    expect(body(await post('im/peer-id', { cityId: '605' }))).toEqual({ peerid: 'support' });
  });

  it('im/peer-id refuses bad input in Chinese', async () => {
    expectFail(await post('im/peer-id', {}), 400);
    expectFail(await post('im/peer-id', { cityId: 'x' }), 400);
    expectFail(await post('im/peer-id', { cityId: 999999 }), 404, SUPPORT_MESSAGES.cityUnknown);
  });

  it('im/getUserInfo gives the chat identity of the signed-in user', async () => {
    const me = await signInAs(s.app);
    const info = personalBody<Record<string, unknown>>(await get('im/getUserInfo?cityId=605', me));
    expect(info).toEqual({
      peerid: 'support',
      userId: me.id,
      mobile: `${me.mobile.slice(0, 3)}****${me.mobile.slice(7)}`,
      nickname: `房价通用户${me.id}`,
      avatar: null,
    });
    expect(personalBody<{ peerid: string }>(await get('im/getUserInfo', me)).peerid).toBe('support');
    expectFail(await get('im/getUserInfo?cityId=abc', me), 400);
  });

  it('im/getUserInfo refuses a visitor with 401', async () => {
    expectPersonalFail(await get('im/getUserInfo?cityId=605'), 401, SUPPORT_MESSAGES.loginRequired);
  });
});

describe('support settings', () => {
  it('defaults: on, peer support, placeholder contacts outside a deployment, none in one', () => {
    const local = supportSettings(parseEnv({}));
    expect(local).toEqual({
      enabled: true,
      peer: 'support',
      cityPeers: {},
      wechatNo: 'fangjiatong_kf',
      phone: '400-000-0000',
    });
    const deployed = supportSettings(
      parseEnv({
        NODE_ENV: 'production',
        PUBLIC_ORIGIN: 'https://m.example.cn',
        SMS_PROVIDER: 'none',
        MSGLINK_SECRET: 'x'.repeat(32),
      }),
    );
    expect(deployed).toMatchObject({ wechatNo: null, phone: null });
  });

  it('reads the switch, the per-city peers and the contacts, and refuses bad values naming them', () => {
    const env = parseEnv({
      SUPPORT_ENABLED: '0',
      SUPPORT_CITY_PEERS: '605=support, 1=agent-12',
      SUPPORT_WECHAT_NO: 'fjt-kefu01',
      SUPPORT_PHONE: '4008001234',
    });
    expect(supportSettings(env)).toEqual({
      enabled: false,
      peer: 'support',
      cityPeers: { 605: 'support', 1: 'agent-12' },
      wechatNo: 'fjt-kefu01',
      phone: '4008001234',
    });
    expect(() => parseEnv({ SUPPORT_ENABLED: 'yes' })).toThrow(/SUPPORT_ENABLED/);
    expect(() => parseEnv({ SUPPORT_PEER: 'bob' })).toThrow(/SUPPORT_PEER/);
    expect(() => parseEnv({ SUPPORT_CITY_PEERS: '605:support' })).toThrow(/SUPPORT_CITY_PEERS/);
    expect(() => parseEnv({ SUPPORT_WECHAT_NO: '微信' })).toThrow(/SUPPORT_WECHAT_NO/);
    expect(() => parseEnv({ SUPPORT_PHONE: 'call me' })).toThrow(/SUPPORT_PHONE/);
  });
});

describe('the switch off', () => {
  const off = seededApp('small', { env: { SUPPORT_ENABLED: false } });
  it('im/switch answers enable: false', async () => {
    const res = await off.app.inject('/rabbit/v1/im/switch');
    expect(body<{ enable: boolean }>(res)).toEqual({ enable: false });
  });
});
