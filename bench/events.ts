// POST ubt/api/events under load (issue 18): the events endpoint must sustain 5,000 events/s in batches on the
// embedded database, and a flood from one client must be refused cheaply without hurting anyone else.
//   npm run bench:events -w @fjt/bench        → bench/results/events.json
// The app is built in this process on a fresh on-disk PGlite database (migrated; tracking reads no market data),
// listening on loopback; autocannon posts batches of 50 events as text/plain beacons. Phase 1: many clients — each
// request from one of 2,000 devices and addresses (X-Forwarded-For from a trusted proxy), so the per-client buckets
// are not what is measured. Phase 2: one device on one address floods at full speed while phase 1's clients go on:
// its refusals (429 上报过于频繁), their cost, and the others' throughput beside it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { migrate, openDatabase, queryRows, sql } from '@fjt/db';
import { buildApp } from '../apps/server/src/app.ts';
import { machine, root } from './server.ts';

const SECONDS = Number(process.env.EVENTS_SECONDS ?? 15);
const CONNECTIONS = 16;
const BATCH = 50;
const GOAL_EVENTS_PER_S = 5000;
const outFile = join(root, 'bench', 'results', 'events.json');

const startMachine = machine();
const dir = mkdtempSync(join(tmpdir(), 'fjt-events-bench-'));
const database = await openDatabase({ dataDir: join(dir, 'db') });
await migrate(database.sql);
const app = await buildApp({
  env: { LOG_LEVEL: 'warn', APP_TEST_HOOKS: false, TRUST_PROXY: ['127.0.0.1'] },
  database,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const clients = Array.from({ length: 2000 }, (_, i) => ({
  cookie: `fjt_did=${randomUUID()}`,
  ip: `10.${(i >> 8) & 255}.${i & 255}.${1 + (i % 250)}`,
}));
const batchBody = () =>
  JSON.stringify({
    events: Array.from({ length: BATCH }, (_, i) =>
      i % 5 === 0
        ? { type: 'view', page: 'city-home', spm: '', at: Date.now(), props: { path: '/330100' } }
        : { type: 'click', page: 'city-home', spm: `fjt.city-home.entry.${i % 8}`, at: Date.now() },
    ),
  });
const body = batchBody();
const headers = { 'content-type': 'text/plain;charset=UTF-8', origin: address };

function run(opts: { connections: number; flood?: boolean }) {
  let n = 0;
  return autocannon({
    url: `${address}/rabbit/v1/ubt/api/events`,
    method: 'POST',
    connections: opts.connections,
    duration: SECONDS,
    body,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          const c = opts.flood
            ? { cookie: `fjt_did=0f8fad5b-d9cb-469f-a165-70867728950e`, ip: '192.0.2.1' }
            : clients[n++ % clients.length]!;
          return { ...req, headers: { ...headers, cookie: c.cookie, 'x-forwarded-for': c.ip } };
        },
      },
    ],
  });
}

const count = async () =>
  (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ubt_event`))[0]!.n;

const summary = (r: autocannon.Result) => ({
  requests: r.requests.total,
  requestsPerS: Math.round(r.requests.average),
  status2xx: r['2xx'],
  status4xx: r['4xx'],
  non2xx: r.non2xx,
  errors: r.errors,
  latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
});

console.log(`events bench: ${SECONDS}s, ${CONNECTIONS} connections, batches of ${BATCH}`);
const before1 = await count();
const steady = await run({ connections: CONNECTIONS });
const stored1 = (await count()) - before1;
const steadyEventsPerS = Math.round(stored1 / SECONDS);
console.log(`steady: ${steadyEventsPerS} events/s stored, p99 ${steady.latency.p99} ms`);

const before2 = await count();
const [others, flood] = await Promise.all([
  run({ connections: CONNECTIONS / 2 }),
  run({ connections: CONNECTIONS / 2, flood: true }),
]);
const stored2 = (await count()) - before2;
console.log(`flood: ${flood['2xx']} accepted / ${flood.non2xx} refused; others ${others['2xx']} batches`);

const result = {
  benchmark: 'POST ubt/api/events: embedded PGlite (on disk), the app in-process on loopback, autocannon',
  measuredAt: new Date().toISOString(),
  machine: startMachine,
  note:
    'One INSERT … SELECT FROM jsonb_to_recordset per batch, the channel looked up in the same statement. The 2 cores are ' +
    'shared by the server, the database and autocannon (and, when measured, other work on the machine: see the load ' +
    'average at start): the figures are a lower bound.',
  goal: { eventsPerS: GOAL_EVENTS_PER_S },
  steady: {
    clients: clients.length,
    connections: CONNECTIONS,
    batchSize: BATCH,
    seconds: SECONDS,
    eventsStored: stored1,
    eventsPerS: steadyEventsPerS,
    meetsGoal: steadyEventsPerS >= GOAL_EVENTS_PER_S,
    ...summary(steady),
  },
  flood: {
    description:
      'one device on one address posting 50-event batches as fast as 8 connections allow, beside 8 connections of ' +
      'the 2,000 ordinary clients',
    flooder: { ...summary(flood), eventsOffered: flood.requests.total * BATCH, eventsAccepted: flood['2xx'] * BATCH },
    others: { ...summary(others), eventsPerS: Math.round((others['2xx'] * BATCH) / SECONDS) },
    eventsStored: stored2,
  },
};
writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
console.log(`→ ${outFile}`);
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
