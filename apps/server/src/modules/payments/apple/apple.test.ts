// Apple IAP (issue 12; research/payments.md §3, §6): the sandbox App Store signs with a locally made chain and the
// adapter checks everything through Apple's own SignedDataVerifier trusting only that root. A purchase verifies
// as PAID, each tamper (sign, amount, serial, timestamp) and a foreign bundle id are refused, a REFUND
// notification is REFUNDED, the lookup refuses bad bearers and round-trips through adapter.query. The sandbox runs
// on a small Fastify app with an in-test SandboxContext (trade store, virtual clock, a notification queue); the
// shared sandbox core does the same in the app. Keys are made once for the file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { createPrivateKey, generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Environment, NotificationTypeV2, Type } from '@apple/app-store-server-library';
import type { ProviderName } from '@fjt/domain';
import type { HttpClient, IncomingNotification, VerifyResult } from '../provider.ts';
import type { SandboxContext, SandboxNotification, SandboxTrade, Tamper, TradeEvent } from '../sandbox/types.ts';
import { TAMPERS } from '../sandbox/types.ts';
import { createAppleSandboxKeys, signEs256, type AppleSandboxKeys } from './keys.ts';
import {
  APPLE_REFUND_MESSAGE,
  APPLE_SANDBOX_BUNDLE_ID,
  appleProductCodeOf,
  appleProductId,
  createAppleAdapter,
  type AppleAdapter,
  type AppleAdapterConfig,
} from './adapter.ts';
import { APPLE_RETRY_SCHEDULE_MS, createAppleSandbox, type AppleSandbox } from './sandbox.ts';
import { appleSettingsFromEnv, createAppleLiveProvider, createAppleSandboxSetup } from './setup.ts';

const ORIGIN = 'http://localhost:3000';
const MONTH = appleProductId('VIP_MONTH');
const YEAR = appleProductId('VIP_YEAR');
const START = Date.parse('2026-11-25T08:00:00Z');

let keys: AppleSandboxKeys;
let sandbox: AppleSandbox;
let app: FastifyInstance;
let adapter: AppleAdapter;
let clock = START;
const queued: { event: TradeEvent; notification: SandboxNotification | null }[] = [];
const trades = new Map<string, SandboxTrade>();

/** The part of the shared sandbox core these tests need: trades in memory, a clock, settle → queued notification. */
const context: SandboxContext = {
  publicOrigin: ORIGIN,
  clock: { now: () => clock },
  trades: {
    get: (provider: ProviderName, outTradeNo: string) => trades.get(`${provider}:${outTradeNo}`),
    upsert(trade) {
      const key = `${trade.provider}:${trade.outTradeNo}`;
      const existing = trades.get(key);
      if (existing) return existing;
      const created: SandboxTrade = { ...trade, state: 'NOTPAY', paidAt: null, refundedAt: null, createdAt: clock };
      trades.set(key, created);
      return created;
    },
    move(provider, outTradeNo, to) {
      const trade = trades.get(`${provider}:${outTradeNo}`);
      if (!trade) return false;
      const allowed =
        (trade.state === 'NOTPAY' && (to === 'PAID' || to === 'CLOSED')) ||
        (trade.state === 'PAID' && to === 'REFUNDED');
      if (!allowed) return false;
      trade.state = to;
      if (to === 'PAID') trade.paidAt = clock;
      if (to === 'REFUNDED') trade.refundedAt = clock;
      return true;
    },
    byExtra: (provider, key, value) =>
      [...trades.values()].find((t) => t.provider === provider && t.extra[key] === value),
  },
  settle(provider, outTradeNo, event, options) {
    const moved = this.trades.move(provider, outTradeNo, event);
    if (!moved) return false;
    const trade = this.trades.get(provider, outTradeNo)!;
    for (let copy = 0; copy <= (options?.duplicates ?? 0); copy++) {
      queued.push({ event, notification: sandbox.buildNotification(trade, event, options?.tamper) });
    }
    return true;
  },
};

/** Requests for our origin go to the sandbox app by inject, as buildApp's HttpClient does. */
const http: HttpClient = async (request) => {
  const url = new URL(request.url);
  expect(url.origin).toBe(ORIGIN);
  const res = await app.inject({
    method: request.method,
    url: url.pathname + url.search,
    headers: request.headers ?? {},
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
  return {
    status: res.statusCode,
    headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
    body: res.body,
  };
};

function adapterWith(overrides: Partial<AppleAdapterConfig> = {}): AppleAdapter {
  return createAppleAdapter({
    rootCertificates: [keys.trusted.rootDer],
    bundleId: APPLE_SANDBOX_BUNDLE_ID,
    environment: Environment.SANDBOX,
    productIds: { VIP_MONTH: MONTH, VIP_YEAR: YEAR },
    apiBaseUrl: `${ORIGIN}/__sandbox/apple`,
    apiKey: keys.api,
    http,
    now: () => clock,
    storeKitScript: '/__sandbox/apple/storekit.js',
    ...overrides,
  });
}

beforeAll(async () => {
  keys = await createAppleSandboxKeys({ now: START });
  sandbox = createAppleSandbox({
    keys,
    bundleId: APPLE_SANDBOX_BUNDLE_ID,
    products: {
      [MONTH]: { title: '月卡', priceFen: 3000, type: Type.NON_RENEWING_SUBSCRIPTION },
      [YEAR]: { title: '年卡', priceFen: 19800, type: Type.NON_RENEWING_SUBSCRIPTION },
    },
  });
  app = Fastify();
  await app.register(sandbox.routes(context), { prefix: '/__sandbox/apple' });
  await app.ready();
  adapter = adapterWith();
});
afterAll(async () => {
  await app?.close();
});

interface Purchase {
  signedTransaction: string;
  token: string;
  trade: SandboxTrade;
  notification: SandboxNotification | null;
}

/** Buys in the sandbox App Store as the StoreKit sheet does; answers the JWS, the trade and its notification. */
async function purchase(body: Record<string, unknown> = {}, productId = MONTH): Promise<Purchase> {
  const token = randomUUID();
  const before = queued.length;
  const res = await app.inject({
    method: 'POST',
    url: '/__sandbox/apple/purchase',
    payload: { productId, appAccountToken: token, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  const trade = context.trades.get('apple', (body.outTradeNo as string | undefined) ?? token)!;
  return {
    signedTransaction: (res.json() as { signedTransaction: string }).signedTransaction,
    token,
    trade,
    notification: queued[before]?.notification ?? null,
  };
}

const incoming = (notification: SandboxNotification | null): IncomingNotification => {
  expect(notification).not.toBeNull();
  return { headers: notification!.headers, rawBody: notification!.body, body: JSON.parse(notification!.body) };
};

function expectRefused(result: VerifyResult, reason?: RegExp) {
  expect(result.ok).toBe(false);
  if (!result.ok && reason) expect(result.reason).toMatch(reason);
}

/** The JWS's payload, decoded without checking (to show what a tamper changed). */
const claims = (jws: string) =>
  JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('keys', () => {
  it('makes an x5c chain of three certificates that the verifier accepts only from its root', async () => {
    expect(keys.trusted.x5c).toHaveLength(3);
    expect(keys.trusted.x5c[2]).toBe(keys.trusted.rootDer.toString('base64'));
    expect(keys.untrusted.rootDer.equals(keys.trusted.rootDer)).toBe(false);
    expect(keys.trusted.leafNotBefore.getTime()).toBeLessThan(START);
    expect(keys.trusted.leafNotAfter.getTime()).toBeGreaterThan(START);
  });
});

describe('purchase → signed transaction (customer/pay/apple/confirm path)', () => {
  it('verifies through SignedDataVerifier as PAID with the token, the txn id and the price in 分', async () => {
    const { signedTransaction, token, trade } = await purchase();
    const result = await adapter.verifySignedTransaction(signedTransaction);
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.notification).toMatchObject({
      provider: 'apple',
      event: 'PAID',
      notifyId: `txn:${trade.providerTxnId}`,
      providerTxnId: trade.providerTxnId,
      appAccountToken: token,
      outTradeNo: null,
      amountFen: 3000,
    });
    expect(trade.state).toBe('PAID');
    const header = JSON.parse(Buffer.from(signedTransaction.split('.')[0]!, 'base64url').toString()) as {
      alg: string;
      x5c: string[];
    };
    expect(header.alg).toBe('ES256');
    expect(header.x5c).toEqual(keys.trusted.x5c);
    expect(claims(signedTransaction)).toMatchObject({
      bundleId: APPLE_SANDBOX_BUNDLE_ID,
      productId: MONTH,
      type: 'Non-Renewing Subscription',
      environment: 'Sandbox',
      price: 30000,
      currency: 'CNY',
      storefront: 'CHN',
      transactionId: trade.providerTxnId,
      originalTransactionId: trade.providerTxnId,
      purchaseDate: START,
    });
  });

  it('buys once per token: the same purchase again answers the same transaction and notifies nothing new', async () => {
    const first = await purchase({ outTradeNo: 'FJT2026112508000012345678' });
    const before = queued.length;
    const again = await app.inject({
      method: 'POST',
      url: '/__sandbox/apple/purchase',
      payload: { productId: MONTH, appAccountToken: first.token, outTradeNo: 'FJT2026112508000012345678' },
    });
    expect(again.statusCode).toBe(200);
    expect(claims((again.json() as { signedTransaction: string }).signedTransaction).transactionId).toBe(
      first.trade.providerTxnId,
    );
    expect(queued.length).toBe(before);
    // Another product under the same order is refused.
    const other = await app.inject({
      method: 'POST',
      url: '/__sandbox/apple/purchase',
      payload: { productId: YEAR, appAccountToken: first.token, outTradeNo: 'FJT2026112508000012345678' },
    });
    expect(other.statusCode).toBe(409);
  });

  it.each(TAMPERS)('refuses the %s tamper', async (tamper: Tamper) => {
    const { signedTransaction } = await purchase({ tamper });
    expectRefused(await adapter.verifySignedTransaction(signedTransaction), /apple:/);
  });

  it('says what each tamper changed', async () => {
    const amount = claims((await purchase({ tamper: 'amount' })).signedTransaction);
    expect(amount).toMatchObject({ productId: 'com.fangjiatong.tampered', price: 10 });
    const timestamp = claims((await purchase({ tamper: 'timestamp' })).signedTransaction);
    expect(timestamp.signedDate).toBeLessThan(keys.trusted.leafNotBefore.getTime());
    expectRefused(
      await adapter.verifySignedTransaction((await purchase({ tamper: 'serial' })).signedTransaction),
      /VERIFICATION_FAILURE/,
    );
    expectRefused(
      await adapter.verifySignedTransaction((await purchase({ tamper: 'timestamp' })).signedTransaction),
      /INVALID_CERTIFICATE/,
    );
    expectRefused(
      await adapter.verifySignedTransaction((await purchase({ tamper: 'amount' })).signedTransaction),
      /not in our catalogue/,
    );
  });

  it('reports a validly signed wrong price in 分 for the core to compare with the order', async () => {
    const { trade } = await purchase();
    const cheap = { ...trade, amountFen: 1 };
    const result = await adapter.verifySignedTransaction(sandbox.signedTransaction(cheap, { signedDate: clock }));
    expect(result.ok && result.notification.amountFen).toBe(1);
  });

  it('refuses another app, a product of ours not configured, a revoked transaction, and junk', async () => {
    const { signedTransaction, trade } = await purchase();
    expectRefused(
      await adapterWith({ bundleId: 'com.example.other' }).verifySignedTransaction(signedTransaction),
      /INVALID_APP_IDENTIFIER/,
    );
    expectRefused(
      await adapterWith({ productIds: { VIP_YEAR: YEAR } }).verifySignedTransaction(signedTransaction),
      /not in our catalogue/,
    );
    expectRefused(
      await adapterWith({ rootCertificates: [keys.untrusted.rootDer] }).verifySignedTransaction(signedTransaction),
      /VERIFICATION_FAILURE/,
    );
    const revoked = sandbox.signedTransaction(
      { ...trade, state: 'REFUNDED', refundedAt: clock },
      { signedDate: clock },
    );
    expectRefused(await adapter.verifySignedTransaction(revoked), /revoked/);
    // Unsigned (alg none), garbage, and a valid signature over another key without a chain.
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${signedTransaction.split('.')[1]}.`;
    expectRefused(await adapter.verifySignedTransaction(none));
    expectRefused(await adapter.verifySignedTransaction('not.a.jws'));
    expectRefused(
      await adapter.verifySignedTransaction(signEs256({}, claims(signedTransaction), keys.trusted.leafKey)),
    );
  });

  it('refuses a transaction of a product type we do not sell', async () => {
    const { trade } = await purchase();
    const renewable = signEs256(
      { x5c: keys.trusted.x5c },
      { ...claims(sandbox.signedTransaction(trade, { signedDate: clock })), type: Type.AUTO_RENEWABLE_SUBSCRIPTION },
      keys.trusted.leafKey,
    );
    expectRefused(await adapter.verifySignedTransaction(renewable), /product type/);
  });

  it('refuses bad purchase requests as the App Store API does', async () => {
    const bad = await app.inject({ method: 'POST', url: '/__sandbox/apple/purchase', payload: { productId: MONTH } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errorCode: 4000000 });
    const unknown = await app.inject({
      method: 'POST',
      url: '/__sandbox/apple/purchase',
      payload: { productId: 'com.example.nothing', appAccountToken: randomUUID() },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('notifications V2', () => {
  it('a purchase queues ONE_TIME_CHARGE → PAID, deduplicated on notificationUUID', async () => {
    const { trade, token, notification } = await purchase({ notify: { duplicates: 2 } });
    const copies = queued.slice(-3).map((q) => q.notification!);
    expect(new Set(copies.map((c) => c.notifyId)).size).toBe(1);
    const result = await adapter.verifyNotification(incoming(notification));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.notification).toMatchObject({
      event: 'PAID',
      notifyId: notification!.notifyId,
      providerTxnId: trade.providerTxnId,
      appAccountToken: token,
      amountFen: 3000,
      outTradeNo: null,
    });
    expect(result.notification.notifyId).toMatch(/^[0-9a-f-]{36}$/);
    const decoded = (result.notification.payload as { notification: { notificationType: string; version: string } })
      .notification;
    expect(decoded).toMatchObject({ notificationType: 'ONE_TIME_CHARGE', version: '2.0' });
  });

  it('REFUND → REFUNDED with the revoked transaction; REFUND_REVERSED → REFUND_REVERSED; others IGNORED', async () => {
    const { trade } = await purchase();
    clock += 60 * 60 * 1000;
    expect(context.settle('apple', trade.outTradeNo, 'REFUNDED')).toBe(true);
    const refund = queued.at(-1)!;
    expect(refund.event).toBe('REFUNDED');
    const result = await adapter.verifyNotification(incoming(refund.notification));
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok) return;
    expect(result.notification).toMatchObject({ event: 'REFUNDED', providerTxnId: trade.providerTxnId });
    expect(
      (result.notification.payload as { transaction: { revocationDate?: number } }).transaction.revocationDate,
    ).toBe(clock);

    const reversed = sandbox.notification(trade, NotificationTypeV2.REFUND_REVERSED, {
      signedDate: clock,
      revoked: false,
    });
    const reversal = await adapter.verifyNotification(incoming(reversed));
    expect(reversal.ok && reversal.notification.event).toBe('REFUND_REVERSED');
    const declined = sandbox.notification(trade, NotificationTypeV2.REFUND_DECLINED, {
      signedDate: clock,
      revoked: false,
    });
    const ignored = await adapter.verifyNotification(incoming(declined));
    expect(ignored.ok && ignored.notification.event).toBe('IGNORED');
  });

  it.each(TAMPERS)('refuses the %s tamper on a notification', async (tamper: Tamper) => {
    const { notification } = await purchase({ notify: { tamper } });
    expectRefused(await adapter.verifyNotification(incoming(notification)), /apple:/);
  });

  it('refuses a tampered REFUND, another bundle, an empty or non-JSON body', async () => {
    const { trade, notification } = await purchase();
    const forged = sandbox.buildNotification({ ...trade, state: 'REFUNDED', refundedAt: clock }, 'REFUNDED', 'serial');
    expectRefused(await adapter.verifyNotification(incoming(forged)));
    expectRefused(
      await adapterWith({ bundleId: 'com.example.other' }).verifyNotification(incoming(notification)),
      /INVALID_APP_IDENTIFIER/,
    );
    expectRefused(await adapter.verifyNotification({ headers: {}, rawBody: '{}', body: {} }), /no signedPayload/);
    expectRefused(await adapter.verifyNotification({ headers: {}, rawBody: 'signedPayload=x', body: undefined }));
    expectRefused(
      await adapter.verifyNotification({ headers: {}, rawBody: '', body: { signedPayload: 'e30.e30.' } }),
      /apple:/,
    );
  });

  it('sends nothing for CLOSED (Apple has no such notification)', async () => {
    const { trade } = await purchase();
    expect(sandbox.buildNotification(trade, 'CLOSED')).toBeNull();
  });

  it("answers Apple's way: 200 accepted, 400 retried at 1, 12, 24, 48, 72 h", () => {
    expect(adapter.replyAccepted().status).toBe(200);
    expect(adapter.replyRejected('bad signature').status).toBe(400);
    expect([200, 204, 206].every((status) => sandbox.accepted({ status, body: '' }))).toBe(true);
    expect([207, 400, 500].some((status) => sandbox.accepted({ status, body: '' }))).toBe(false);
    expect(APPLE_RETRY_SCHEDULE_MS.map((ms) => ms / 3_600_000)).toEqual([1, 12, 24, 48, 72]);
  });
});

describe('transaction lookup (App Store Server API)', () => {
  const lookup = (transactionId: string, authorization?: string) =>
    app.inject({
      url: `/__sandbox/apple/inApps/v1/transactions/${transactionId}`,
      headers: authorization ? { authorization } : {},
    });

  it('answers 401 to a missing, foreign, expired or mis-addressed bearer', async () => {
    const { trade } = await purchase();
    const iat = Math.floor(clock / 1000);
    const claimsOk = {
      iss: keys.api.issuerId,
      iat,
      exp: iat + 300,
      aud: 'appstoreconnect-v1',
      bid: APPLE_SANDBOX_BUNDLE_ID,
    };
    const header = { kid: keys.api.keyId, typ: 'JWT' };
    const apiKey = createPrivateKey(keys.api.privateKeyPem);
    const bearer = (h: Record<string, unknown>, c: object, key = apiKey) => `Bearer ${signEs256(h, c, key)}`;

    expect((await lookup(trade.providerTxnId)).statusCode).toBe(401);
    expect((await lookup(trade.providerTxnId, 'Bearer nonsense')).statusCode).toBe(401);
    expect((await lookup(trade.providerTxnId, bearer(header, claimsOk, keys.trusted.leafKey))).statusCode).toBe(401);
    expect((await lookup(trade.providerTxnId, bearer({ ...header, kid: 'OTHERKEY01' }, claimsOk))).statusCode).toBe(
      401,
    );
    expect((await lookup(trade.providerTxnId, bearer(header, { ...claimsOk, aud: 'other' }))).statusCode).toBe(401);
    expect(
      (await lookup(trade.providerTxnId, bearer(header, { ...claimsOk, bid: 'com.example.other' }))).statusCode,
    ).toBe(401);
    expect(
      (await lookup(trade.providerTxnId, bearer(header, { ...claimsOk, iat: iat - 7200, exp: iat - 3600 }))).statusCode,
    ).toBe(401);
    expect((await lookup(trade.providerTxnId, bearer(header, { ...claimsOk, exp: iat + 7200 }))).statusCode).toBe(401);
    const ok = await lookup(trade.providerTxnId, bearer(header, claimsOk));
    expect(ok.statusCode).toBe(200);
    // The adapter's own bearer is accepted.
    expect((await lookup(trade.providerTxnId, `Bearer ${adapter.apiToken()}`)).statusCode).toBe(200);
    expect((await lookup('999', `Bearer ${adapter.apiToken()}`)).statusCode).toBe(404);
  });

  it('round-trips through adapter.query: PAID with amount and date, REFUNDED after a refund, NOTPAY without a txn', async () => {
    const { trade, token } = await purchase({}, YEAR);
    const paid = await adapter.query({
      outTradeNo: 'FJT2026112508000000000001',
      providerTxnId: trade.providerTxnId,
      appAccountToken: token,
    });
    expect(paid).toEqual({
      state: 'PAID',
      providerTxnId: trade.providerTxnId,
      amountFen: 19800,
      paidAt: new Date(trade.paidAt!).toISOString(),
    });
    await expect(
      adapter.query({
        outTradeNo: 'FJT2026112508000000000001',
        providerTxnId: trade.providerTxnId,
        appAccountToken: randomUUID(),
      }),
    ).rejects.toThrow(/another order/);
    expect(context.settle('apple', trade.outTradeNo, 'REFUNDED')).toBe(true);
    expect(
      (await adapter.query({ outTradeNo: 'x', providerTxnId: trade.providerTxnId, appAccountToken: null })).state,
    ).toBe('REFUNDED');
    expect(await adapter.query({ outTradeNo: 'x', providerTxnId: null, appAccountToken: token })).toMatchObject({
      state: 'NOTPAY',
      providerTxnId: null,
    });
    expect((await adapter.query({ outTradeNo: 'x', providerTxnId: '123456', appAccountToken: null })).state).toBe(
      'NOTPAY',
    );
  });

  it('throws when the lookup is refused (a wrong key is a configuration error, not NOTPAY)', async () => {
    const { trade } = await purchase();
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const other = { ...keys.api, privateKeyPem: otherKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    await expect(
      adapterWith({ apiKey: other }).query({
        outTradeNo: 'x',
        providerTxnId: trade.providerTxnId,
        appAccountToken: null,
      }),
    ).rejects.toThrow(/401/);
  });
});

describe('adapter: payment, close, refund', () => {
  it('asks the app to buy the product with the order token; closes nothing; cannot refund', async () => {
    const token = randomUUID();
    const order = {
      outTradeNo: 'FJT2026112508000000000002',
      amountFen: 3000,
      subject: '月卡',
      expiresAt: new Date(clock + 30 * 60_000),
      returnUrl: `${ORIGIN}/profile/buynewvip/status`,
      notifyUrl: `${ORIGIN}/rabbit/v1/customer/pay/notify/apple`,
      clientIp: '10.0.0.1',
    };
    expect(await adapter.createPayment({ ...order, appleProductId: MONTH, appAccountToken: token })).toEqual({
      kind: 'apple',
      productId: MONTH,
      appAccountToken: token,
      storeKitScript: '/__sandbox/apple/storekit.js',
    });
    await expect(
      adapter.createPayment({ ...order, appleProductId: 'com.example.x', appAccountToken: token }),
    ).rejects.toThrow();
    await expect(
      adapter.createPayment({ ...order, appleProductId: MONTH, appAccountToken: 'not-a-uuid' }),
    ).rejects.toThrow();
    await expect(adapter.close(order.outTradeNo)).resolves.toBeUndefined();
    expect(
      await adapter.refund({ outTradeNo: order.outTradeNo, refundNo: 'R1', amountFen: 3000, reason: '测试' }),
    ).toEqual({
      ok: false,
      message: APPLE_REFUND_MESSAGE,
    });
  });

  it('refuses the environments that skip verification', () => {
    expect(() => adapterWith({ environment: Environment.LOCAL_TESTING as Environment.SANDBOX })).toThrow(
      /Sandbox or Production/,
    );
    expect(() => adapterWith({ environment: Environment.XCODE as Environment.SANDBOX })).toThrow(
      /Sandbox or Production/,
    );
  });

  it('maps catalogue codes to StoreKit product ids', () => {
    expect(appleProductId('VIP_MONTH')).toBe('com.fangjiatong.vip.month');
    expect(appleProductId('VIP_QUARTER')).toBe('com.fangjiatong.vip.quarter');
    expect(appleProductId('VIP_YEAR')).toBe('com.fangjiatong.vip.year');
    expect(appleProductCodeOf('com.fangjiatong.vip.quarter')).toBe('VIP_QUARTER');
    expect(appleProductCodeOf('com.example.vip.month')).toBeNull();
    expect(appleProductCodeOf('com.fangjiatong.tampered')).toBe('TAMPERED');
  });
});

describe('sandbox StoreKit sheet', () => {
  it('serves the script as a same-origin file and the product list it shows', async () => {
    const script = await app.inject('/__sandbox/apple/storekit.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('window.fjtStoreKit = { purchase: purchase }');
    expect(script.body).toContain('购买');
    expect(script.body).toContain('取消');
    const product = await app.inject(`/__sandbox/apple/products/${MONTH}`);
    expect(product.json()).toMatchObject({ productId: MONTH, title: '月卡', displayPrice: '¥30.00' });
    expect((await app.inject('/__sandbox/apple/products/com.example.none')).statusCode).toBe(404);
  });
});

describe('setup: the pair the payments registry mounts, products from the catalogue', () => {
  it('buys, verifies and looks up a catalogue product; refuses what the catalogue does not sell', async () => {
    const cards: Record<string, { title: string; priceFen: number; kind: 'vip' }> = {
      VIP_MONTH: { title: '月卡', priceFen: 3000, kind: 'vip' },
      VIP_QUARTER: { title: '季卡', priceFen: 6800, kind: 'vip' },
    };
    const local = Fastify();
    const localHttp: HttpClient = async (request) => {
      const url = new URL(request.url);
      const res = await local.inject({ method: request.method, url: url.pathname, headers: request.headers ?? {} });
      return { status: res.statusCode, headers: {}, body: res.body };
    };
    const { provider, sandbox: store } = await createAppleSandboxSetup({
      publicOrigin: ORIGIN,
      http: localHttp,
      now: () => clock,
      catalogue: (code) => cards[code] ?? null,
      sandboxPrefix: '/__sandbox',
    });
    await local.register(store.routes(context), { prefix: '/__sandbox/apple' });
    await local.ready();
    try {
      const token = randomUUID();
      const bought = await local.inject({
        method: 'POST',
        url: '/__sandbox/apple/purchase',
        payload: { productId: appleProductId('VIP_QUARTER'), appAccountToken: token },
      });
      expect(bought.statusCode, bought.body).toBe(200);
      const jws = (bought.json() as { signedTransaction: string }).signedTransaction;
      expect(claims(jws)).toMatchObject({ type: 'Non-Renewing Subscription', price: 68000 });
      const verified = await provider.verifySignedTransaction(jws);
      expect(verified.ok && verified.notification.amountFen).toBe(6800);
      const txn = claims(jws).transactionId as string;
      expect(await provider.query({ outTradeNo: 'x', providerTxnId: txn, appAccountToken: token })).toMatchObject({
        state: 'PAID',
        amountFen: 6800,
      });
      const notSold = await local.inject({
        method: 'POST',
        url: '/__sandbox/apple/purchase',
        payload: { productId: appleProductId('VIP_YEAR'), appAccountToken: randomUUID() },
      });
      expect(notSold.statusCode).toBe(400);
      // A validly signed year card (sold by the first sandbox) is not a product of this catalogue.
      const yearTrade = (await purchase({}, YEAR)).trade;
      expectRefused(
        await provider.verifySignedTransaction(store.signedTransaction(yearTrade, { signedDate: clock })),
        /not in our catalogue/,
      );
      expect(
        await provider.createPayment({
          outTradeNo: 'FJT2026112508000000000003',
          amountFen: 3000,
          subject: '月卡',
          expiresAt: new Date(clock),
          returnUrl: '',
          notifyUrl: '',
          clientIp: '10.0.0.1',
          appleProductId: appleProductId('VIP_MONTH'),
          appAccountToken: token,
        }),
      ).toMatchObject({ kind: 'apple', storeKitScript: '/__sandbox/apple/storekit.js' });
    } finally {
      await local.close();
    }
  });
});

describe('live adapter', () => {
  it("talks to Apple's sandbox host with the bearer, and refuses data of another environment", async () => {
    const calls: { url: string; authorization: string | undefined }[] = [];
    const recording: HttpClient = async (request) => {
      calls.push({ url: request.url, authorization: request.headers?.authorization });
      return { status: 404, headers: {}, body: '{"errorCode":4040010,"errorMessage":"Transaction id not found."}' };
    };
    const live = createAppleLiveProvider(
      {
        rootCertificates: [keys.trusted.rootDer],
        bundleId: APPLE_SANDBOX_BUNDLE_ID,
        appAppleId: 1234,
        environment: Environment.SANDBOX,
        apiKey: keys.api,
      },
      {
        http: recording,
        catalogue: (code) => (code === 'VIP_MONTH' ? { title: '月卡', priceFen: 3000, kind: 'vip' } : null),
      },
    );
    expect(
      await live.query({ outTradeNo: 'x', providerTxnId: '2000001000000001', appAccountToken: null }),
    ).toMatchObject({
      state: 'NOTPAY',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://api.storekit-sandbox.itunes.apple.com/inApps/v1/transactions/2000001000000001');
    const [header, payload] = calls[0]!.authorization!.replace('Bearer ', '').split('.') as [string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'ES256',
      kid: keys.api.keyId,
      typ: 'JWT',
    });
    const jwt = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, number | string>;
    expect(jwt).toMatchObject({ iss: keys.api.issuerId, aud: 'appstoreconnect-v1', bid: APPLE_SANDBOX_BUNDLE_ID });
    expect(Number(jwt.exp) - Number(jwt.iat)).toBeLessThanOrEqual(3600);

    const { signedTransaction } = await purchase();
    expect((await live.verifySignedTransaction(signedTransaction)).ok).toBe(true);
    const production = signEs256(
      { x5c: keys.trusted.x5c },
      { ...claims(signedTransaction), environment: 'Production' },
      keys.trusted.leafKey,
    );
    expectRefused(await live.verifySignedTransaction(production), /INVALID_ENVIRONMENT/);
  });
});

describe('live settings from the environment', () => {
  it('none without APPLE_BUNDLE_ID; with it every setting is required; the roots are read from their files', () => {
    expect(appleSettingsFromEnv({})).toBeNull();
    expect(() => appleSettingsFromEnv({ APPLE_BUNDLE_ID: 'com.fangjiatong.app', APPLE_API_KEY_ID: 'K' })).toThrow(
      /APPLE_APP_APPLE_ID, APPLE_ENVIRONMENT, APPLE_ROOT_CERTIFICATES, APPLE_API_ISSUER_ID, APPLE_API_PRIVATE_KEY/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'fjt-apple-'));
    const root = join(dir, 'AppleRootCA-G3.cer');
    writeFileSync(root, keys.trusted.rootDer);
    const env = {
      APPLE_BUNDLE_ID: 'com.fangjiatong.app',
      APPLE_APP_APPLE_ID: 1234,
      APPLE_ENVIRONMENT: 'Production',
      APPLE_ROOT_CERTIFICATES: root,
      APPLE_API_KEY_ID: keys.api.keyId,
      APPLE_API_ISSUER_ID: keys.api.issuerId,
      // a PEM in one line of an env file
      APPLE_API_PRIVATE_KEY: keys.api.privateKeyPem.replace(/\n/g, '\\n'),
    };
    const settings = appleSettingsFromEnv(env)!;
    expect(settings.environment).toBe(Environment.PRODUCTION);
    expect(settings.rootCertificates[0]!.equals(Buffer.from(keys.trusted.rootDer))).toBe(true);
    expect(settings.apiKey.privateKeyPem).toBe(keys.api.privateKeyPem);
    expect(() => appleSettingsFromEnv({ ...env, APPLE_ROOT_CERTIFICATES: join(dir, 'missing.cer') })).toThrow(
      /cannot read root certificate/,
    );
  });
});
