// Lead intake under a steady arrival rate (issue 14): POST estate-dispatch/save-real-price over real HTTP, RATE
// submissions a second for SECONDS seconds, open loop (sent on schedule whether or not earlier ones have answered, so
// a slow server shows as latency, not as a lower rate). Each submission is a new phone asking about one estate with
// an Idempotency-Key; every RETRY_EVERY-th is sent a second time with the same key (a client retry) at once.
// Latency is counted from the scheduled send time. Then verified in the database: lost = answered 200 with a lead id
// that does not exist, duplicated = a phone with more than one lead for its estate, or a retry answered with another
// lead id. Writes bench/results/leads.json.
//
// Default (deployed): the server as `npm start` runs it (its own process, the embedded PGlite on disk with the full
// dataset) on a copy of ./var/db (seeded first when empty), estates drawn from every city; this process only sends.
// --in-process: the small seeded dataset in memory, the server in this process (the earlier figure's setup).
//   npx tsx bench/leads.ts
//   npx tsx bench/leads.ts --rate 200 --seconds 5 --out /tmp/leads.json [--in-process]
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { openDatabase, queryRows, sql, type Database } from '@fjt/db';
import { createTestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { buildApp } from '../apps/server/src/app.ts';
import { root, startServer } from './server.ts';

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RATE = Number(arg('--rate') ?? 500);
const SECONDS = Number(arg('--seconds') ?? 10);
const IN_PROCESS = process.argv.includes('--in-process');
const RETRY_EVERY = 20;
/** Sends are released in ticks of this many milliseconds (timers are not finer than that under load). */
const TICK_MS = 10;
/** Estates drawn (spread over every city by a hash of the id). */
const MAX_ESTATES = 5000;
/**
 * Connections the load generator keeps to the server, as a proxy in front of it would (nginx's upstream keepalive):
 * submissions beyond them wait in the client's queue, and that wait counts in their latency.
 */
const CONNECTIONS = Number(arg('--connections') ?? 64);
const dispatcher = new Agent({ connections: CONNECTIONS, pipelining: 1 });

const loadBefore = loadavg();
const uptime = () => {
  try {
    return execSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
};
const uptimeBefore = uptime();

interface LeadRow {
  id: number;
  mobile: string;
  estateId: number;
}
interface Target {
  base: string;
  origin: string;
  database: string;
  estates: number[];
  cities: number;
  /** The bench's leads, read once the server has stopped. */
  finish(): Promise<LeadRow[]>;
}

const estatesOf = async (db: Database) =>
  queryRows<{ id: number; cityId: number }>(
    db,
    sql`SELECT e.id, e.city_id AS "cityId" FROM estate e
        WHERE EXISTS (SELECT 1 FROM agent_estate ae WHERE ae.estate_id = e.id)
        ORDER BY md5(e.id::text) LIMIT ${MAX_ESTATES}`,
  );
const benchLeads = (db: Database) =>
  queryRows<LeadRow>(
    db,
    sql`SELECT id::int AS id, mobile, estate_id AS "estateId" FROM lead WHERE mobile LIKE '135%' AND mobile < '13590000000'`,
  );

async function inProcess(): Promise<Target> {
  const database = await createTestDatabase('small');
  await seedDatabase(database, { scale: 'small' });
  const app = await buildApp({
    env: { LOG_LEVEL: 'warn', APP_TEST_HOOKS: false, TRUST_PROXY: ['127.0.0.1'], SMS_PROVIDER: 'sandbox' },
    database,
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const rows = await estatesOf(database.db);
  return {
    base,
    origin: 'http://localhost:3000',
    database: 'PGlite (embedded, in memory), small seeded dataset, server in the load generator’s process',
    estates: rows.map((r) => r.id),
    cities: new Set(rows.map((r) => r.cityId)).size,
    async finish() {
      const leads = await benchLeads(database.db);
      await app.close();
      await database.destroy();
      return leads;
    },
  };
}

async function deployed(): Promise<Target> {
  const source = process.env.DATA_DIR ?? join(root, 'var', 'db');
  if (!existsSync(join(source, 'PG_VERSION'))) {
    console.log(`no database in ${source}: starting the server once to seed it …`);
    await (await startServer({ DATA_DIR: source }, { quiet: true })).stop();
  }
  // a copy: the bench's thousands of leads never land in the development database
  const copy = mkdtempSync(join(tmpdir(), 'fjt-leads-bench-'));
  cpSync(source, copy, { recursive: true });
  const reader = await openDatabase({ dataDir: copy });
  const rows = await estatesOf(reader.db);
  await reader.close();
  const server = await startServer({ DATA_DIR: copy }, { quiet: true });
  return {
    base: server.base,
    origin: `http://localhost:${new URL(server.base).port}`,
    database: 'PGlite (embedded, on disk), full dataset, the server in its own process as `npm start` runs it',
    estates: rows.map((r) => r.id),
    cities: new Set(rows.map((r) => r.cityId)).size,
    async finish() {
      await server.stop();
      const db = await openDatabase({ dataDir: copy });
      const leads = await benchLeads(db.db);
      await db.close();
      rmSync(copy, { recursive: true, force: true });
      return leads;
    },
  };
}

const target = IN_PROCESS ? await inProcess() : await deployed();
const { base, estates } = target;
const ORIGIN = target.origin;

interface Sent {
  phone: string;
  estateId: number;
  status: number;
  leadIds: number[];
  latencyMs: number;
  retry: boolean;
}
const results: Sent[] = [];
/** Why requests failed without an HTTP answer (status -1), by error code. */
const clientErrors: Record<string, number> = {};

async function submit(i: number, scheduledAt: number, retry: boolean) {
  const phone = `135${String(i).padStart(8, '0')}`;
  const estateId = estates[i % estates.length]!;
  let status = 0;
  let leadIds: number[] = [];
  try {
    // undici's request, not fetch: the load generator shares the 2 cores, so its own cost is kept small
    const res = await request(`${base}/rabbit/v1/estate-dispatch/save-real-price`, {
      dispatcher,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: ORIGIN,
        'idempotency-key': `bench-lead-${i}`,
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({ type: 2, mobile: phone, intentionEstateId: estateId, page: '/bench' }),
    });
    status = res.statusCode;
    const json = (await res.body.json()) as { body: { leadIds: number[] } | null };
    leadIds = json.body?.leadIds ?? [];
  } catch (error) {
    status = -1;
    const e = error as { code?: string; cause?: { code?: string } };
    const why = e.code ?? e.cause?.code ?? String(error);
    clientErrors[why] = (clientErrors[why] ?? 0) + 1;
  }
  results.push({ phone, estateId, status, leadIds, latencyMs: performance.now() - scheduledAt, retry });
}

// warm-up, not counted: a fresh process compiles the intake path (JIT) and PGlite warms its caches over the first
// few hundred submissions; WARMUP of them, CONNECTIONS at a time
const WARMUP = Number(arg('--warmup') ?? 1000);
for (let i = 0; i < WARMUP; i += CONNECTIONS)
  await Promise.all(
    Array.from({ length: Math.min(CONNECTIONS, WARMUP - i) }, (_, j) =>
      submit(91_000_000 + i + j, performance.now(), false),
    ),
  );
results.length = 0;

const total = RATE * SECONDS;
const inFlight: Promise<void>[] = [];
const started = performance.now();
let next = 0;
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
    for (; next < due; next++) {
      const scheduledAt = started + (next / RATE) * 1000;
      inFlight.push(submit(next, scheduledAt, false));
      if (next % RETRY_EVERY === 0) inFlight.push(submit(next, scheduledAt, true));
    }
    if (next >= total) {
      clearInterval(timer);
      resolve();
    }
  }, TICK_MS);
});
const sendWindowMs = performance.now() - started;
await Promise.all(inFlight);
const wallMs = performance.now() - started;
const uptimeAfter = uptime();

// verification in the database
const leadRows = await target.finish();

const leadById = new Map(leadRows.map((r) => [r.id, r]));
const ok = results.filter((r) => r.status === 200);
const lost = ok.filter((r) => r.leadIds.length !== 1 || !leadById.has(r.leadIds[0]!)).length;
const perPair = new Map<string, number>();
for (const r of leadRows) perPair.set(`${r.mobile}:${r.estateId}`, (perPair.get(`${r.mobile}:${r.estateId}`) ?? 0) + 1);
const duplicatedInDb = [...perPair.values()].filter((n) => n > 1).length;
const firstAnswer = new Map<string, number>();
let retryMismatches = 0;
for (const r of ok) {
  const seen = firstAnswer.get(r.phone);
  if (seen === undefined) firstAnswer.set(r.phone, r.leadIds[0]!);
  else if (seen !== r.leadIds[0]) retryMismatches += 1;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2) : null;
};
const latencies = results.map((r) => r.latencyMs);
const statuses: Record<string, number> = {};
for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;

const result = {
  benchmark: 'lead intake (POST estate-dispatch/save-real-price) at a fixed arrival rate over HTTP, open loop',
  date: new Date().toISOString(),
  // the 1-minute load before the run says whether other work shared the machine (this process alone is < 1)
  caveat:
    loadBefore[0]! > cpus().length / 2 + 0.5
      ? 'measured once on a 2-core machine shared with other work running at the same time (see load); ' +
        'the figures are a floor for this code on this machine, not a capacity figure'
      : IN_PROCESS
        ? 'measured on a quiet machine (see load); the client sends from the same process as the server, so both ' +
          'share its event loop'
        : 'measured on a quiet machine (see load); the load generator shares the 2 cores with the server',
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.split(' ').slice(0, 2).join(' '),
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadavgBefore: loadBefore.map((x) => +x.toFixed(2)),
    uptimeBefore,
    uptimeAfter,
  },
  node: process.version,
  database: target.database,
  targetRatePerSecond: RATE,
  connections: CONNECTIONS,
  warmupSubmissions: WARMUP,
  seconds: SECONDS,
  estates: estates.length,
  cities: target.cities,
  submissions: results.length,
  retries: results.filter((r) => r.retry).length,
  statuses,
  statusNote: 'status -1: the request failed on the client (no HTTP answer) under the open-loop backlog',
  clientErrors,
  latencyFromScheduledSendMs: {
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    max: pct(latencies, 100),
  },
  sendWindowMs: Math.round(sendWindowMs),
  wallMs: Math.round(wallMs),
  achievedPerSecond: +((ok.length / wallMs) * 1000).toFixed(1),
  leadsInDatabase: leadRows.length,
  lost,
  duplicated: duplicatedInDb + retryMismatches,
  duplicatedDetail: {
    phoneEstatePairsWithMoreThanOneLead: duplicatedInDb,
    retriesAnsweredWithAnotherLead: retryMismatches,
  },
};
const out = arg('--out') ?? join(here, 'results', 'leads.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
