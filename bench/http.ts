// HTTP benchmarks of the running product (issue 4 targets): the real server, production build, embedded
// database with the full dataset, loaded over loopback by autocannon. Run after `npm start` has seeded
// ./var/db once:  npx tsx bench/http.ts   → bench/results/http.json
import { spawn } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 15);

interface Target {
  name: string;
  paths: string[];
  connections: number;
  /** What the issue asks for. */
  goal: { minRps?: number; maxP99Ms?: number };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, timeoutMs: number) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  return ((await res.json()) as { body: T }).body;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: process.env.DATA_DIR ?? join(root, 'var', 'db'),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

try {
  await waitFor(`${base}/healthz`, 600_000);
  const cityId = 605;
  const hot = await json<{ list: { id: number; name: string }[] }>(
    `${base}/rabbit/v1/rank/list?cityId=${cityId}&rank=hot&size=20`,
  );
  const estateIds = hot.list.map((e) => e.id);
  const keywords = ['西溪', 'xixi', 'xx', '西x', '绿城', 'lc', '滨江', 'binjiang', '钱江', 'qj'];
  const targets: Target[] = [
    {
      name: 'search/suggest',
      paths: keywords.map((kw) => `/rabbit/v1/search/suggest?cityId=${cityId}&kw=${encodeURIComponent(kw)}`),
      connections: 20,
      goal: { minRps: 5000 },
    },
    { name: 'city home SSR', paths: [`/${cityId}`], connections: 20, goal: {} },
    {
      name: 'estate detail SSR',
      paths: estateIds.map((id) => `/${cityId}/house-detail/${id}`),
      connections: 20,
      goal: { minRps: 250, maxP99Ms: 150 },
    },
    {
      name: 'estate/rent/list',
      paths: estateIds.map((id) => `/rabbit/v1/estate/rent/list?cityId=${cityId}&houseId=${id}`),
      connections: 20,
      goal: {},
    },
  ];

  const results = [];
  for (const target of targets) {
    // Warm caches (suggest index, city tree) before measuring.
    for (const path of target.paths) await fetch(base + path);
    let i = 0;
    const result = await autocannon({
      url: base,
      connections: target.connections,
      duration: DURATION_S,
      requests: [{ setupRequest: (req) => ({ ...req, path: target.paths[i++ % target.paths.length]! }) }],
    });
    const entry = {
      name: target.name,
      connections: target.connections,
      durationSeconds: DURATION_S,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
      non2xx: result.non2xx,
      errors: result.errors,
      goal: target.goal,
      meetsGoal:
        (target.goal.minRps === undefined || result.requests.average >= target.goal.minRps) &&
        (target.goal.maxP99Ms === undefined || result.latency.p99 <= target.goal.maxP99Ms),
    };
    console.log(entry);
    results.push(entry);
  }
  const out = {
    benchmark: 'http (autocannon over loopback, one server process, embedded PGlite, full dataset)',
    measuredAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
    note: 'autocannon shares the 2 cores with the server, so figures are a lower bound for a dedicated host',
    results,
  };
  writeFileSync(join(root, 'bench', 'results', 'http.json'), `${JSON.stringify(out, null, 2)}\n`);
} finally {
  server.kill('SIGTERM');
}
