// Soak (issue 13): does the server stay fast under hours of long-tail traffic? A fresh server as deployed
// (response cache on) gets SOAK_MINUTES (default 30) of mixed traffic at a steady SOAK_RATE (default 40 req/s):
// estate pages, estate API bundles, deal history, plate pages, search suggestions and city homes. At the start and at
// the end it renders estate pages nobody has asked for yet (kept out of the mix, so neither the response cache nor
// the data caches know them), one at a time over HTTP, and reads the server's RSS (and heap when /metrics exposes
// it); every minute it records throughput, latency and RSS. Writes bench/results/soak.json.
//   npm run bench:soak -w @fjt/bench                 (SOAK_MINUTES=2 for a smoke test)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  estateBundle,
  estatePage,
  quantiles,
  random,
  readIds,
  rssMiB,
  runLoad,
  shuffle,
  suggestRequests,
  type EstateRef,
  type Req,
  type UrlSet,
} from './long-tail.ts';
import { machine, root, startServer, type RunningServer } from './server.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 40);
const CONNECTIONS = 10;
/** Never-requested estates rendered one at a time at the start, and as many others at the end. */
const PROBES = Number(process.env.SOAK_PROBES ?? 60);

/** The server's heap from /metrics (prom-client's default metrics) when the server has them; null otherwise. */
async function heapMiB(base: string): Promise<{ usedMiB: number; totalMiB: number } | null> {
  try {
    const res = await fetch(`${base}/metrics`);
    if (!res.ok) return null;
    const text = await res.text();
    const value = (name: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
      return line ? Number(line.trim().split(/\s+/).at(-1)) : NaN;
    };
    const used = value('nodejs_heap_size_used_bytes');
    const total = value('nodejs_heap_size_total_bytes');
    if (Number.isNaN(used)) return null;
    return { usedMiB: Math.round(used / 2 ** 20), totalMiB: Math.round(total / 2 ** 20) };
  } catch {
    return null;
  }
}

/** Renders each estate's page once, one after another, and times the whole answer. */
async function coldProbe(server: RunningServer, estates: EstateRef[]) {
  const ms: number[] = [];
  let failed = 0;
  for (const e of estates) {
    const started = performance.now();
    const res = await fetch(server.base + estatePage(e).path, { headers: { 'accept-encoding': 'br' } });
    await res.arrayBuffer();
    if (res.status !== 200) failed++;
    ms.push(performance.now() - started);
  }
  return {
    coldEstatePageMs: quantiles(ms),
    failed,
    rssMiB: rssMiB(server.pid),
    heap: await heapMiB(server.base),
  };
}

/** The mix, round after round: 4 estate pages, 1 API bundle (14 calls), 2 deal histories, 1 plate, 3 suggestions, 1 city home. */
function mixedTraffic(estates: EstateRef[], ids: Awaited<ReturnType<typeof readIds>>): UrlSet {
  const rand = random(Number(process.env.BENCH_SEED ?? 13) + 2);
  const pages = shuffle(estates, rand);
  const bundles = shuffle(estates, rand);
  const histories = shuffle(estates, rand);
  const plates = shuffle(ids.plates, rand);
  const suggestions = suggestRequests(ids, rand, ids.estates.length);
  const requests: Req[] = [];
  const at = <T>(items: T[], i: number) => items[i % items.length]!;
  for (let round = 0; round < pages.length / 4; round++) {
    for (let k = 0; k < 4; k++) requests.push(estatePage(at(pages, round * 4 + k)));
    requests.push(...estateBundle(at(bundles, round)));
    for (let k = 0; k < 2; k++) {
      const e = at(histories, round * 2 + k);
      requests.push({ method: 'GET', path: `/${e.cityId}/deal-history/${e.id}` });
    }
    const p = at(plates, round);
    requests.push({ method: 'GET', path: `/${p.cityId}/plate-detail/${p.id}` });
    for (let k = 0; k < 3; k++) requests.push(at(suggestions, round * 3 + k));
    requests.push({ method: 'GET', path: `/${at(ids.cities, round)}` });
  }
  return { name: 'mixed long-tail traffic', requests };
}

const measured = machine();
const ids = await readIds();
const order = shuffle(ids.estates, random(Number(process.env.BENCH_SEED ?? 13) + 3));
const startProbes = order.slice(0, PROBES);
const endProbes = order.slice(PROBES, 2 * PROBES);
const mix = mixedTraffic(order.slice(2 * PROBES), ids);

const server = await startServer();
console.log(`ready in ${server.readyMs} ms; soaking ${MINUTES} min at ${RATE} req/s`);
const minutes: unknown[] = [];
let start: Awaited<ReturnType<typeof coldProbe>>;
let end: Awaited<ReturnType<typeof coldProbe>>;
try {
  start = await coldProbe(server, startProbes);
  console.log('start:', start);
  const cursor = { next: 0 };
  for (let minute = 1; minute <= MINUTES; minute++) {
    const r = await runLoad(server.base, mix, {
      connections: CONNECTIONS,
      seconds: 60,
      rate: RATE,
      wrap: true,
      cursor,
    });
    const row = {
      minute,
      requestsPerSecond: r.requestsPerSecond,
      latencyMs: r.latencyMs,
      non2xx: r.non2xx,
      errors: r.errors,
      rssMiB: rssMiB(server.pid),
      heap: await heapMiB(server.base),
    };
    console.log(JSON.stringify(row));
    minutes.push(row);
  }
  end = await coldProbe(server, endProbes);
  console.log('end:', end);
} finally {
  await server.stop();
}

const out = {
  benchmark:
    'soak: one server process as deployed (response cache on), embedded PGlite unless DATABASE_URL, full dataset',
  measuredAt: new Date().toISOString(),
  machine: measured,
  note:
    'The machine has 2 cores shared by the server, autocannon and other work (see loadAverageAtStart). Cold probes ' +
    'are estate pages kept out of the mix (never asked for before), rendered one at a time over HTTP. The mix per ' +
    'round: 4 estate pages, one estate API bundle (14 calls), 2 deal histories, a plate page, 3 search suggestions, ' +
    'a city home; autocannon corrects latency for coordinated omission at the fixed rate.',
  settings: {
    minutes: MINUTES,
    ratePerSecond: RATE,
    connections: CONNECTIONS,
    probes: PROBES,
    urlsInMix: mix.requests.length,
  },
  timeToReadyMs: server.readyMs,
  start,
  end,
  change: {
    coldEstatePageP50Ms: { start: start.coldEstatePageMs.p50, end: end.coldEstatePageMs.p50 },
    rssMiB: { start: start.rssMiB, end: end.rssMiB },
  },
  minutes,
};
writeFileSync(join(root, 'bench', 'results', 'soak.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log('written bench/results/soak.json');
