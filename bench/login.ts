// Login round trip (issue 11): what a user waits for from 获取验证码 to 我的 — POST login/sms, then POST
// login/mobile with the code, then GET app/login/userinfo with the new cookie — over real HTTP against the
// server built in-process (buildApp, listening on a port), each user a new phone from its own address (the
// per-phone and per-address limits stay out of the way; X-Forwarded-For from a trusted proxy). The code is read
// from the sandbox outbox between the two steps and not timed. Writes bench/results/login.json.
//   npx tsx bench/login.ts                 embedded PGlite (in memory)
//   TEST_DATABASE_URL=postgres://… npx tsx bench/login.ts --out bench/results/login-postgres.json
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@fjt/db/testing';
import { buildApp } from '../apps/server/src/app.ts';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const USERS = Number(arg('--users') ?? 500);
const CONCURRENCY = Number(arg('--concurrency') ?? 8);
const TARGET_P95_MS = 100;

const database = await createTestDatabase();
const app = await buildApp({
  env: { LOG_LEVEL: 'warn', APP_TEST_HOOKS: false, TRUST_PROXY: ['127.0.0.1'], SMS_PROVIDER: 'sandbox' },
  database,
});
const base = await app.listen({ port: 0, host: '127.0.0.1' });

const steps = { sms: [] as number[], verify: [] as number[], userinfo: [] as number[], total: [] as number[] };

async function timed<T>(into: number[], work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  into.push(performance.now() - start);
  return result;
}

async function oneUser(i: number) {
  const phone = `136${String(10_000_000 + i).padStart(8, '0')}`;
  const headers = {
    'content-type': 'application/json',
    origin: base,
    'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  };
  const sent = await timed(steps.sms, () =>
    fetch(`${base}/rabbit/v1/login/sms`, { method: 'POST', headers, body: JSON.stringify({ mobile: phone }) }),
  );
  if (sent.status !== 200) throw new Error(`login/sms ${sent.status} ${await sent.text()}`);
  const outbox = (await (await fetch(`${base}/rabbit/v1/dev/sms-outbox?phone=${phone}`)).json()) as {
    body: { list: { code: string }[] };
  };
  const code = outbox.body.list[0]!.code;
  const start = performance.now();
  const login = await timed(steps.verify, () =>
    fetch(`${base}/rabbit/v1/login/mobile`, { method: 'POST', headers, body: JSON.stringify({ mobile: phone, code }) }),
  );
  if (login.status !== 200) throw new Error(`login/mobile ${login.status} ${await login.text()}`);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const info = await timed(steps.userinfo, () =>
    fetch(`${base}/rabbit/v1/app/login/userinfo`, { headers: { cookie } }),
  );
  if (info.status !== 200) throw new Error(`userinfo ${info.status}`);
  await info.arrayBuffer();
  steps.total.push(steps.sms.at(-1)! + (performance.now() - start));
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

// warm-up (JIT, first queries), not counted
for (let i = 0; i < 20; i++) await oneUser(1_000_000 + i);
for (const k of Object.keys(steps) as (keyof typeof steps)[]) steps[k].length = 0;

const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < USERS) await oneUser(next++);
  }),
);
const wallMs = performance.now() - started;
await app.close();
await database.destroy();

const result = {
  benchmark: 'login round trip (login/sms + login/mobile + app/login/userinfo) over HTTP',
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.split(' ').slice(0, 2).join(' '),
    memoryGb: Math.round(totalmem() / 2 ** 30),
  },
  node: process.version,
  database: process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded, in memory)',
  users: USERS,
  concurrency: CONCURRENCY,
  statistic: 'per request; total = login/sms + login/mobile + userinfo of one user (reading the code is not timed)',
  cache: 'none: every step writes or reads the database (no response cache on these routes)',
  targetP95TotalMs: TARGET_P95_MS,
  steps: { sms: summary(steps.sms), verify: summary(steps.verify), userinfo: summary(steps.userinfo) },
  total: summary(steps.total),
  loginsPerSecond: +((USERS / wallMs) * 1000).toFixed(1),
  meetsTarget: pct(steps.total, 95) <= TARGET_P95_MS,
};
const out = arg('--out') ?? join(here, 'results', 'login.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify({ total: result.total, loginsPerSecond: result.loginsPerSecond }, null, 2));
