// HTTP benchmarks of the running product (issue 4 targets): the real server, production build, embedded
// database with the full dataset, loaded over loopback by autocannon. Run after `npm start` has seeded
// ./var/db once:  npx tsx bench/http.ts   → bench/results/http.json
// Two runs: as deployed (public pages and suggestions served from the response cache, ADR 0006; requests
// accept brotli like a phone's browser), and with the cache off, which measures the cost of a fresh render.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { apiBody, machine, root, startServer } from './server.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);
const CITY = 605;

interface Target {
  name: string;
  paths: string[];
  connections: number;
  /** What the issue asks for (as deployed). */
  goal: { minRps?: number; maxP99Ms?: number };
}

async function targetsOf(base: string): Promise<Target[]> {
  const hot = await apiBody<{ list: { id: number }[] }>(`${base}/rabbit/v1/rank/list?cityId=${CITY}&rank=hot&size=20`);
  const estateIds = hot.list.map((e) => e.id);
  const keywords = ['西溪', 'xixi', 'xx', '西x', '绿城', 'lc', '滨江', 'binjiang', '钱江', 'qj'];
  return [
    {
      name: 'search/suggest',
      paths: keywords.map((kw) => `/rabbit/v1/search/suggest?cityId=${CITY}&kw=${encodeURIComponent(kw)}`),
      connections: 20,
      goal: { minRps: 5000 },
    },
    { name: 'city home SSR', paths: [`/${CITY}`], connections: 20, goal: {} },
    {
      name: 'estate detail SSR',
      paths: estateIds.map((id) => `/${CITY}/house-detail/${id}`),
      connections: 20,
      goal: { minRps: 250, maxP99Ms: 150 },
    },
    {
      name: 'estate/rent/list',
      paths: estateIds.map((id) => `/rabbit/v1/estate/rent/list?cityId=${CITY}&houseId=${id}`),
      connections: 20,
      goal: {},
    },
  ];
}

async function run(mode: 'deployed' | 'no cache') {
  const server = await startServer(mode === 'no cache' ? { RESPONSE_CACHE_SECONDS: '0' } : {});
  const results = [];
  try {
    for (const target of await targetsOf(server.base)) {
      // Warm the process (suggest index, city tree, JIT) before measuring.
      for (const path of target.paths) await fetch(server.base + path);
      let i = 0;
      const result = await autocannon({
        url: server.base,
        connections: target.connections,
        duration: DURATION_S,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        requests: [{ setupRequest: (req) => ({ ...req, path: target.paths[i++ % target.paths.length]! }) }],
      });
      const goal = mode === 'deployed' ? target.goal : {};
      const entry = {
        name: target.name,
        mode,
        connections: target.connections,
        durationSeconds: DURATION_S,
        requestsPerSecond: Math.round(result.requests.average),
        latencyMs: {
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
        },
        non2xx: result.non2xx,
        errors: result.errors,
        goal,
        meetsGoal:
          (goal.minRps === undefined || result.requests.average >= goal.minRps) &&
          (goal.maxP99Ms === undefined || result.latency.p99 <= goal.maxP99Ms),
      };
      console.log(entry);
      results.push(entry);
    }
  } finally {
    await server.stop();
  }
  return results;
}

const measured = machine();
const results = [...(await run('deployed')), ...(await run('no cache'))];
const out = {
  benchmark: 'http (autocannon over loopback, one server process, embedded PGlite, full dataset)',
  measuredAt: new Date().toISOString(),
  machine: measured,
  note:
    'autocannon shares the 2 cores with the server, so figures are a lower bound for a dedicated host. ' +
    '"deployed" serves public pages and suggestions from the 60 s response cache (ADR 0006); "no cache" renders every request.',
  results,
};
writeFileSync(join(root, 'bench', 'results', 'http.json'), `${JSON.stringify(out, null, 2)}\n`);
