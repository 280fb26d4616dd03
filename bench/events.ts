// POST ubt/api/events under load (issue 18): the events endpoint must sustain 5,000 events/s in batches on the
// embedded database, and a flood from one client must be refused cheaply without hurting anyone else.
//   npm run bench:events -w @fjt/bench        → bench/results/events.json
//   EVENTS_SECONDS (default 10) per phase; EVENTS_MACHINE labels the run ("shared, loaded" when others ran beside it)
// The app is built in this process on a fresh on-disk PGlite database (migrated; tracking reads no market data),
// listening on loopback. Traffic as the web app sends it: 2,000 clients (device and address each, X-Forwarded-For from
// a trusted proxy), a fifth of them signed in (login/sms + login/mobile beforehand, not timed), each request a
// sendBeacon batch of 1–20 events (text/plain), one request in 20 a channel mark instead. Three phases:
//   capacity  — the ordinary clients as fast as 16 connections go: the events/s the endpoint sustains (goal 5,000);
//   baseline  — the ordinary clients at a fixed rate, alone: their stored events/s and latency;
//   flood     — the same fixed rate while one device on one address posts 50-event batches at ≥ 10,000 events/s:
//               the others' events/s and p99 must hold, the flooder gets its burst and then 429 上报过于频繁.
// Stored events are counted in ubt_event after the write buffer is flushed, the flooder's apart (by its device).
import { randomInt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { migrate, openDatabase, queryRows, sql } from '@fjt/db';
import { buildApp } from '../apps/server/src/app.ts';
import { machine, root } from './server.ts';

const SECONDS = Number(process.env.EVENTS_SECONDS ?? 10);
const CONNECTIONS = 16;
const CLIENTS = 2000;
const SIGNED_IN_SHARE = 0.2;
const MAX_BATCH = 20;
const MARK_EVERY = 20;
const GOAL_EVENTS_PER_S = 5000;
/** The fixed rate of the baseline and flood phases: the goal's events/s in the mean batch (10.5 events). */
const STEADY_REQUESTS_PER_S = Math.round(GOAL_EVENTS_PER_S / ((1 + MAX_BATCH) / 2));
const FLOOD_BATCH = 50;
const FLOOD_REQUESTS_PER_S = 240; // 12,000 events/s offered
const ORIGIN = 'http://localhost:3000';
const FLOOD_DEVICE = '0f8fad5b-d9cb-469f-a165-70867728950e';
const outFile = join(root, 'bench', 'results', 'events.json');

const startMachine = machine();
const dir = mkdtempSync(join(tmpdir(), 'fjt-events-bench-'));
const database = await openDatabase({ dataDir: join(dir, 'db') });
await migrate(database.sql);
const app = await buildApp({
  env: { LOG_LEVEL: 'warn', APP_TEST_HOOKS: false, TRUST_PROXY: ['127.0.0.1'], PUBLIC_ORIGIN: ORIGIN },
  database,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const api = `${address}/rabbit/v1`;

interface Client {
  cookie: string;
  ip: string;
  signedIn: boolean;
}

async function signIn(i: number, ip: string): Promise<string> {
  const mobile = `136${String(10_000_000 + i).padStart(8, '0')}`;
  const headers = { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': ip };
  const sent = await fetch(`${api}/login/sms`, { method: 'POST', headers, body: JSON.stringify({ mobile }) });
  if (sent.status !== 200) throw new Error(`login/sms ${sent.status} ${await sent.text()}`);
  const outbox = (await (await fetch(`${api}/dev/sms-outbox?phone=${mobile}`)).json()) as {
    body: { list: { code: string }[] };
  };
  const login = await fetch(`${api}/login/mobile`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mobile, code: outbox.body.list[0]!.code }),
  });
  if (login.status !== 200) throw new Error(`login/mobile ${login.status} ${await login.text()}`);
  return login.headers.get('set-cookie')!.split(';')[0]!;
}

const clients: Client[] = Array.from({ length: CLIENTS }, (_, i) => ({
  cookie: `fjt_did=${randomUUID()}`,
  ip: `10.${(i >> 8) & 255}.${i & 255}.${1 + (i % 250)}`,
  signedIn: false,
}));
const signedIn = Math.round(CLIENTS * SIGNED_IN_SHARE);
for (let i = 0; i < signedIn; i += 8) {
  await Promise.all(
    clients.slice(i, Math.min(i + 8, signedIn)).map(async (c, k) => {
      c.cookie = `${c.cookie}; ${await signIn(i + k, c.ip)}`;
      c.signedIn = true;
    }),
  );
}
console.log(`events bench: ${CLIENTS} clients (${signedIn} signed in), ${SECONDS}s a phase`);

const event = (i: number) =>
  i % 4 === 0
    ? { type: 'view', page: 'city-home', spm: '', at: Date.now(), props: { path: '/330100' } }
    : { type: 'click', page: 'city-home', spm: `fjt.city-home.entry.${i % 8}`, at: Date.now() };
const batchOf = (n: number) => JSON.stringify({ events: Array.from({ length: n }, (_, i) => event(i)) });
/** Bodies of 1–20 events, picked at random per request. */
const bodies = Array.from({ length: 400 }, () => batchOf(randomInt(1, MAX_BATCH + 1)));
const CHANNELS = ['huawei', 'xiaomi', 'oppo', 'vivo', 'baidu', 'wx'];
const markBody = (i: number) =>
  JSON.stringify({ clientType: 'H5', channelCode: CHANNELS[i % CHANNELS.length], mark: '' });
const beacon = { 'content-type': 'text/plain;charset=UTF-8', origin: ORIGIN };

function ordinary(opts: { connections: number; overallRate?: number; seconds?: number }) {
  let n = 0;
  return autocannon({
    url: `${api}/ubt/api/events`,
    method: 'POST',
    connections: opts.connections,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    duration: opts.seconds ?? SECONDS,
    body: bodies[0],
    headers: beacon,
    requests: [
      {
        setupRequest: (req) => {
          const i = n++;
          const c = clients[randomInt(CLIENTS)]!;
          const headers = { ...beacon, cookie: c.cookie, 'x-forwarded-for': c.ip };
          if (i % MARK_EVERY === MARK_EVERY - 1) {
            return {
              ...req,
              path: '/rabbit/v1/ubt/api/channel/mark',
              headers: { ...headers, 'content-type': 'application/json' },
              body: markBody(i),
            };
          }
          return { ...req, path: '/rabbit/v1/ubt/api/events', headers, body: bodies[i % bodies.length] };
        },
      },
    ],
  });
}

const flooder = () =>
  autocannon({
    url: `${api}/ubt/api/events`,
    method: 'POST',
    connections: 8,
    overallRate: FLOOD_REQUESTS_PER_S,
    duration: SECONDS,
    body: batchOf(FLOOD_BATCH),
    headers: { ...beacon, cookie: `fjt_did=${FLOOD_DEVICE}`, 'x-forwarded-for': '192.0.2.1' },
  });

/** Stored events (the write buffer flushed first): the ordinary clients' and the flooder's. */
async function stored() {
  await app.trackingEvents.flush();
  const [row] = await queryRows<{ others: number; flood: number }>(
    database.db,
    sql`SELECT count(*) FILTER (WHERE device_id IS DISTINCT FROM ${FLOOD_DEVICE})::int AS others,
               count(*) FILTER (WHERE device_id = ${FLOOD_DEVICE})::int AS flood FROM ubt_event`,
  );
  return row!;
}

const summary = (r: autocannon.Result) => ({
  requests: r.requests.total,
  requestsPerS: Math.round(r.requests.average),
  status2xx: r['2xx'],
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  latencyMs: { p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max },
});

async function phase(run: () => Promise<autocannon.Result>) {
  const before = await stored();
  const result = await run();
  const after = await stored();
  const events = after.others - before.others;
  return { result, events, eventsPerS: Math.round(events / SECONDS), floodEvents: after.flood - before.flood };
}

// warm-up (not measured): the JIT, the database's caches, the buckets of the clients
await ordinary({ connections: CONNECTIONS, seconds: 3 });
const capacity = await phase(() => ordinary({ connections: CONNECTIONS }));
console.log(`capacity: ${capacity.eventsPerS} events/s stored, p99 ${capacity.result.latency.p99} ms`);
const baseline = await phase(() => ordinary({ connections: CONNECTIONS, overallRate: STEADY_REQUESTS_PER_S }));
console.log(`baseline: ${baseline.eventsPerS} events/s stored, p99 ${baseline.result.latency.p99} ms`);
let floodResult: autocannon.Result | undefined;
const flood = await phase(async () => {
  const [others, flooding] = await Promise.all([
    ordinary({ connections: CONNECTIONS, overallRate: STEADY_REQUESTS_PER_S }),
    flooder(),
  ]);
  floodResult = flooding;
  return others;
});
const floodBy = floodResult!;
const floodOfferedPerS = Math.round((floodBy.requests.total * FLOOD_BATCH) / SECONDS);
console.log(
  `flood: others ${flood.eventsPerS} events/s, p99 ${flood.result.latency.p99} ms; flooder offered ` +
    `${floodOfferedPerS} events/s, ${floodBy['2xx']} batches accepted / ${floodBy.non2xx} refused`,
);

const holds = {
  eventsPerS: flood.eventsPerS >= baseline.eventsPerS * 0.9,
  p99: flood.result.latency.p99 <= Math.max(baseline.result.latency.p99 * 1.5, baseline.result.latency.p99 + 20),
};
const result = {
  benchmark: 'POST ubt/api/events: embedded PGlite (on disk), the app in-process on loopback, autocannon',
  measuredAt: new Date().toISOString(),
  machine: process.env.EVENTS_MACHINE ?? 'quiet',
  machineAtStart: startMachine,
  note:
    'Accepted events go to the write buffer and are written one multi-row INSERT a second (or per 500 rows), the ' +
    'channel and the opt-out looked up in that statement. The 2 cores are shared by the server, the database and ' +
    'autocannon (and, when "machine" says so, other work: see the load average at start): the figures are a lower bound.',
  goal: { eventsPerS: GOAL_EVENTS_PER_S },
  traffic: {
    clients: CLIENTS,
    signedIn,
    batchSize: `1–${MAX_BATCH} (random)`,
    channelMarks: `one request in ${MARK_EVERY}`,
    connections: CONNECTIONS,
    secondsPerPhase: SECONDS,
  },
  capacity: {
    description: 'the ordinary clients as fast as the connections go',
    eventsStored: capacity.events,
    eventsPerS: capacity.eventsPerS,
    meetsGoal: capacity.eventsPerS >= GOAL_EVENTS_PER_S,
    ...summary(capacity.result),
  },
  baseline: {
    description: `the ordinary clients at ${STEADY_REQUESTS_PER_S} requests/s, alone`,
    eventsStored: baseline.events,
    eventsPerS: baseline.eventsPerS,
    ...summary(baseline.result),
  },
  flood: {
    description:
      `the same ${STEADY_REQUESTS_PER_S} requests/s beside one device on one address posting ${FLOOD_BATCH}-event ` +
      `batches at up to ${FLOOD_REQUESTS_PER_S} requests/s (8 connections; eventsOfferedPerS says what it reached)`,
    others: { eventsStored: flood.events, eventsPerS: flood.eventsPerS, ...summary(flood.result) },
    flooder: {
      eventsOfferedPerS: floodOfferedPerS,
      eventsStored: flood.floodEvents,
      ...summary(floodBy),
    },
    holds,
  },
};
writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
console.log(`→ ${outFile}`);
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
