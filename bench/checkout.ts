// Concurrent checkouts with notifications (issue 12): 200 signed-in users buy 月卡 at once over real HTTP against
// the server built in-process (buildApp, PAY_MODE=sandbox, listening on a port): POST memberCard/buyMember
// (Idempotency-Key) → POST customer/pay/unifiedorder (half 支付宝 in a phone browser, half 微信支付 H5 in the same
// browser) → GET the provider's cashier page (the URL unifiedorder answered) → POST the sandbox's pay control
// (every 4th with duplicates: 2, three copies of one notification at once) → the sandbox delivers the signed
// notification to customer/pay/notify/{provider}. Timed per step; the notification handling time is the sandbox's
// own record (durationMs of GET /__sandbox/control/deliveries, wall clock around its call to our notify endpoint).
// Signing the users in (login/sms + login/mobile, as bench/login.ts) is not timed. Then verified in the database:
// every order PAID, exactly one vip_period, one ledger 'grant' row and one accepted notification row per order,
// every delivery (duplicates too) answered 'accepted', nothing rejected. Writes bench/results/checkout.json.
//   npx tsx bench/checkout.ts                 embedded PGlite (in memory)
//   TEST_DATABASE_URL=postgres://… npx tsx bench/checkout.ts --out bench/results/checkout-postgres.json
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryRows, sql } from '@fjt/db';
import { createTestDatabase } from '@fjt/db/testing';
import { buildApp } from '../apps/server/src/app.ts';
import type { DeliveryRecord } from '../apps/server/src/modules/payments/sandbox/core.ts';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const USERS = Number(arg('--users') ?? 200);
/** Every DUP_EVERY-th order's notification is sent with this many extra copies at once. */
const DUP_EVERY = 4;
const DUPLICATES = 2;
const WARMUP = 10;
const ORIGIN = 'http://localhost:3000';
const BROWSER_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const loadBefore = loadavg();
const uptimeBefore = (() => {
  try {
    return execSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();

const database = await createTestDatabase();
const app = await buildApp({
  env: {
    LOG_LEVEL: 'warn',
    APP_TEST_HOOKS: false,
    TRUST_PROXY: ['127.0.0.1'],
    SMS_PROVIDER: 'sandbox',
    PAY_MODE: 'sandbox',
    PUBLIC_ORIGIN: ORIGIN,
  },
  database,
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });
/** Our public origin's URLs (cashier links) fetched from the listening server. */
const local = (url: string) => {
  const u = new URL(url);
  return `${base}${u.pathname}${u.search}`;
};

interface User {
  i: number;
  cookie: string;
  ip: string;
}

async function signIn(i: number): Promise<User> {
  const phone = `135${String(10_000_000 + i).padStart(8, '0')}`;
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  const headers = { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': ip };
  const sent = await fetch(`${base}/rabbit/v1/login/sms`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile: phone }),
  });
  if (sent.status !== 200) throw new Error(`login/sms ${sent.status} ${await sent.text()}`);
  const outbox = (await (await fetch(`${base}/rabbit/v1/dev/sms-outbox?phone=${phone}`)).json()) as {
    body: { list: { code: string }[] };
  };
  const code = outbox.body.list[0]!.code;
  const login = await fetch(`${base}/rabbit/v1/login/mobile`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile: phone, code }),
  });
  if (login.status !== 200) throw new Error(`login/mobile ${login.status} ${await login.text()}`);
  return { i, cookie: login.headers.get('set-cookie')!.split(';')[0]!, ip };
}

async function signInAll(from: number, n: number, concurrency = 8): Promise<User[]> {
  const users: User[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const k = next++;
        users[k] = await signIn(from + k);
      }
    }),
  );
  return users;
}

const steps = {
  buyMember: [] as number[],
  unifiedorder: [] as number[],
  cashier: [] as number[],
  pay: [] as number[],
  checkout: [] as number[],
};
type Steps = typeof steps;

async function timed<T>(into: number[], work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  into.push(performance.now() - start);
  return result;
}

interface Checkout {
  orderNo: string;
  provider: 'alipay' | 'wechat';
  duplicates: number;
}

async function checkout(user: User, k: number, into: Steps): Promise<Checkout> {
  const provider = k % 2 === 0 ? 'alipay' : 'wechat';
  const platform = provider === 'alipay' ? 1 : 2;
  const duplicates = k % DUP_EVERY === DUP_EVERY - 1 ? DUPLICATES : 0;
  const headers = {
    'content-type': 'application/json',
    origin: ORIGIN,
    cookie: user.cookie,
    'user-agent': BROWSER_UA,
    'x-forwarded-for': user.ip,
  };
  const start = performance.now();
  const bought = await timed(into.buyMember, () =>
    fetch(`${base}/rabbit/v1/memberCard/buyMember`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': `bench-${randomUUID()}` },
      body: JSON.stringify({ cardCode: 'VIP_MONTH' }),
    }),
  );
  if (bought.status !== 200) throw new Error(`buyMember ${bought.status} ${await bought.text()}`);
  const orderNo = ((await bought.json()) as { body: { order: { orderNo: string } } }).body.order.orderNo;
  const unified = await timed(into.unifiedorder, () =>
    fetch(`${base}/rabbit/v1/customer/pay/unifiedorder`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ orderNo, platform }),
    }),
  );
  if (unified.status !== 200) throw new Error(`unifiedorder ${unified.status} ${await unified.text()}`);
  into.checkout.push(performance.now() - start);
  const action = ((await unified.json()) as { body: { action: { kind: string; url?: string } } }).body.action;
  if (action.kind !== 'redirect' || !action.url)
    throw new Error(`unifiedorder: expected a redirect, got ${action.kind}`);
  // the browser opens the cashier (Alipay's trade exists at the provider from then on)
  const cashier = await timed(into.cashier, () => fetch(local(action.url!), { headers: { 'user-agent': BROWSER_UA } }));
  if (cashier.status !== 200) throw new Error(`cashier ${cashier.status} ${await cashier.text()}`);
  await cashier.arrayBuffer();
  const paid = await timed(into.pay, () =>
    fetch(`${base}/__sandbox/control/${provider}/${orderNo}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(duplicates ? { duplicates } : {}),
    }),
  );
  if (paid.status !== 200) throw new Error(`pay control ${paid.status} ${await paid.text()}`);
  await paid.arrayBuffer();
  return { orderNo, provider, duplicates };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2);
};
const summary = (xs: number[]) => ({
  n: xs.length,
  meanMs: +(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2),
  p50Ms: pct(xs, 50),
  p95Ms: pct(xs, 95),
  p99Ms: pct(xs, 99),
  maxMs: pct(xs, 100),
});

// users, untimed
const warmUsers = await signInAll(1_000_000, WARMUP);
const users = await signInAll(0, USERS);

// warm-up (JIT, first queries, the providers' key objects), not counted
const scratch: Steps = { buyMember: [], unifiedorder: [], cashier: [], pay: [], checkout: [] };
for (const [k, user] of warmUsers.entries()) await checkout(user, k, scratch);
const deliveriesBefore = app.payments.sandbox!.deliveries.length;

// the run: every checkout at once
const started = performance.now();
const results = await Promise.allSettled(users.map((user, k) => checkout(user, k, steps)));
const wallMs = performance.now() - started;
const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
const orders = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));

// the deliveries of the run, as the sandbox lists them
const listed = (await (await fetch(`${base}/__sandbox/control/deliveries`)).json()) as { list: DeliveryRecord[] };
const ours = new Set(orders.map((o) => o.orderNo));
const deliveries = listed.list.slice(deliveriesBefore).filter((d) => ours.has(d.outTradeNo));
const firstCopies = deliveries.filter((d) => d.copy === 0 && d.attempt === 1);
const duplicateCopies = deliveries.filter((d) => d.copy > 0);

// --- verification in the database -------------------------------------------------------------------------
const db = database.db;
const orderNos = orders.map((o) => o.orderNo);
const inList = sql.join(
  orderNos.map((o) => sql`${o}`),
  sql`, `,
);
const countBy = async (query: ReturnType<typeof sql>) =>
  new Map((await queryRows<{ orderNo: string; n: number }>(db, query)).map((r) => [r.orderNo, r.n]));
const statuses = new Map(
  (
    await queryRows<{ orderNo: string; status: string }>(
      db,
      sql`SELECT order_no AS "orderNo", status FROM orders WHERE order_no IN (${inList})`,
    )
  ).map((r) => [r.orderNo, r.status]),
);
const vip = await countBy(
  sql`SELECT source_ref AS "orderNo", count(*)::int AS n FROM vip_periods
      WHERE source = 'order' AND source_ref IN (${inList}) GROUP BY source_ref`,
);
const grants = await countBy(
  sql`SELECT order_no AS "orderNo", count(*)::int AS n FROM payment_ledger
      WHERE kind = 'grant' AND order_no IN (${inList}) GROUP BY order_no`,
);
const notified = await countBy(
  sql`SELECT order_no AS "orderNo", count(*)::int AS n FROM payment_notifications
      WHERE notify_id IS NOT NULL AND order_no IN (${inList}) GROUP BY order_no`,
);
const [rejected] = await queryRows<{ n: number }>(
  db,
  sql`SELECT count(*)::int AS n FROM payment_notifications WHERE notify_id IS NULL OR outcome LIKE 'rejected%'`,
);
const deliveriesOf = new Map<string, DeliveryRecord[]>();
for (const d of deliveries) deliveriesOf.set(d.outTradeNo, [...(deliveriesOf.get(d.outTradeNo) ?? []), d]);

const problems: string[] = [...failures.map((f) => `checkout failed: ${f}`)];
for (const o of orders) {
  const status = statuses.get(o.orderNo);
  if (status !== 'PAID') problems.push(`${o.orderNo}: status ${status}`);
  if (vip.get(o.orderNo) !== 1) problems.push(`${o.orderNo}: ${vip.get(o.orderNo) ?? 0} vip_periods`);
  if (grants.get(o.orderNo) !== 1) problems.push(`${o.orderNo}: ${grants.get(o.orderNo) ?? 0} ledger grant rows`);
  if (notified.get(o.orderNo) !== 1) problems.push(`${o.orderNo}: ${notified.get(o.orderNo) ?? 0} notification rows`);
  const mine = deliveriesOf.get(o.orderNo) ?? [];
  if (mine.length !== 1 + o.duplicates)
    problems.push(`${o.orderNo}: ${mine.length} deliveries, expected ${1 + o.duplicates}`);
  if (!mine.every((d) => d.accepted && d.attempt === 1)) problems.push(`${o.orderNo}: a delivery was not accepted`);
}
if (rejected!.n > 0) problems.push(`${rejected!.n} rejected notification rows`);
const pass = orders.length === USERS && problems.length === 0;

const uptimeAfter = (() => {
  try {
    return execSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
})();
await app.close();
await database.destroy();

const byProvider = (name: 'alipay' | 'wechat') => {
  const set = new Set(orders.filter((o) => o.provider === name).map((o) => o.orderNo));
  return summary(firstCopies.filter((d) => set.has(d.outTradeNo)).map((d) => d.durationMs));
};
const result = {
  benchmark:
    'concurrent checkouts with notifications: buyMember (Idempotency-Key) + unifiedorder + cashier page + sandbox pay → signed notification → notify endpoint',
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.split(' ').slice(0, 2).join(' '),
    memoryGb: Math.round(totalmem() / 2 ** 30),
  },
  load: {
    loadAverage1_5_15Before: loadBefore.map((x) => +x.toFixed(2)),
    loadAverage1_5_15After: loadavg().map((x) => +x.toFixed(2)),
    uptimeBefore,
    uptimeAfter,
    note: 'a shared 2-core machine: other engineers run tests at the same time, so these figures are pessimistic',
  },
  node: process.version,
  database: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded, in memory)',
  users: USERS,
  concurrency: USERS,
  mix: {
    alipay: orders.filter((o) => o.provider === 'alipay').length,
    wechatH5: orders.filter((o) => o.provider === 'wechat').length,
    withDuplicates: orders.filter((o) => o.duplicates > 0).length,
    duplicatesPerNotification: DUPLICATES,
  },
  statistic:
    'per request over HTTP, all checkouts started at once; checkout = buyMember + unifiedorder of one user; pay = the sandbox pay control, which returns once the sandbox has delivered the notification (its wait includes the notifications queued before it); notification = durationMs of each first delivery (copy 0, attempt 1) in the sandbox deliveries log: wall clock from sending the signed notification to our reply (verify signature / decrypt, then the apply transaction and the VIP grant)',
  notifier:
    'the sandbox notifier delivers one notification at a time (copies of one notification at once), in-process through Fastify inject; other users’ buyMember / unifiedorder / cashier / pay requests run concurrently with it',
  steps: {
    buyMember: summary(steps.buyMember),
    unifiedorder: summary(steps.unifiedorder),
    cashier: summary(steps.cashier),
    pay: summary(steps.pay),
  },
  checkout: summary(steps.checkout),
  notification: {
    all: summary(firstCopies.map((d) => d.durationMs)),
    alipay: byProvider('alipay'),
    wechat: byProvider('wechat'),
    duplicateCopies: duplicateCopies.length > 0 ? summary(duplicateCopies.map((d) => d.durationMs)) : null,
  },
  wallMs: +wallMs.toFixed(0),
  checkoutsPerSecond: +((orders.length / wallMs) * 1000).toFixed(1),
  verification: {
    pass,
    orders: orders.length,
    paid: [...statuses.values()].filter((s) => s === 'PAID').length,
    vipPeriods: [...vip.values()].reduce((a, b) => a + b, 0),
    ledgerGrants: [...grants.values()].reduce((a, b) => a + b, 0),
    notificationRows: [...notified.values()].reduce((a, b) => a + b, 0),
    deliveries: deliveries.length,
    deliveriesAccepted: deliveries.filter((d) => d.accepted).length,
    rejectedNotificationRows: rejected!.n,
    checks:
      'every order PAID; exactly 1 vip_period (source order), 1 payment_ledger grant row and 1 payment_notifications row per order; 1 + duplicates deliveries per order, every one accepted at its first attempt; no rejected notification rows',
    problems: problems.slice(0, 20),
  },
};
const out = arg('--out') ?? join(here, 'results', 'checkout.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(
  JSON.stringify(
    {
      steps: result.steps,
      checkout: result.checkout,
      notification: result.notification.all,
      wallMs: result.wallMs,
      verification: result.verification,
    },
    null,
    2,
  ),
);
console.log(pass ? 'PASS' : 'FAIL');
process.exitCode = pass ? 0 : 1;
