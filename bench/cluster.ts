// npm run cluster (deploy/cluster.sh): the scale-out path, tested on this machine (issue 13). Two identical
// instances on the machine's PostgreSQL and Redis, started at the same moment on a fresh database (the first
// migrates and seeds under the start-up lock, the other waits: ADR 0018), nginx in front with deploy/nginx.conf
// (its upstream and listen lines rewritten to this script's ports), the long-tail benchmark through nginx, then a
// kill test: mixed GET traffic during which one instance gets SIGKILL — nginx must retry every GET on the other,
// so the failed-GET count must be 0. Writes bench/results/longtail-cluster.json.
//   CLUSTER_KEEP_DB=1     reuse the database (fjt_cluster) instead of dropping and recreating it
//   CLUSTER_DB=name       the database's name; CLUSTER_PG=postgres://root@127.0.0.1:5432 the server
//   LONGTAIL_SECONDS=20   the length of each run
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { freemem, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  estateBundle,
  estatePage,
  longTailSets,
  meets,
  pageStoreFull,
  random,
  readIds,
  rssMiB,
  runLoad,
  settle,
  shuffle,
  type Req,
} from './long-tail.ts';
import { freshDatabase, startInstances, startNginx } from './cluster-kit.ts';
import { machine, root, type RunningServer } from './server.ts';

const PG = process.env.CLUSTER_PG ?? 'postgres://root@127.0.0.1:5432';
const DB = process.env.CLUSTER_DB ?? 'fjt_cluster';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS = [3101, 3102];
const NGINX_PORT = 8088;
const SECONDS = Number(process.env.LONGTAIL_SECONDS ?? 20);
const CONNECTIONS = 20;
const databaseUrl = `${PG}/${DB}`;
const loadNow = () => loadavg().map((l) => Math.round(l * 100) / 100);

/** The single-process embedded figures of bench/results/longtail.json, for beside these. */
function singleProcessFigures() {
  const file = join(root, 'bench', 'results', 'longtail.json');
  if (!existsSync(file)) return null;
  const single = JSON.parse(readFileSync(file, 'utf8')) as {
    measuredAt: string;
    machine: unknown;
    runs: { mode: string; results: { name: string; requestsPerSecond: number; latencyMs: unknown }[] }[];
  };
  return {
    source: 'bench/results/longtail.json',
    measuredAt: single.measuredAt,
    machine: single.machine,
    deployed: single.runs
      .find((r) => r.mode === 'deployed')
      ?.results.map((r) => ({ name: r.name, requestsPerSecond: r.requestsPerSecond, latencyMs: r.latencyMs })),
  };
}

const measured = machine();
if (process.env.CLUSTER_KEEP_DB !== '1') {
  console.log(`fresh database ${DB}`);
  await freshDatabase(PG, DB);
}
const env = {
  DATABASE_URL: databaseUrl,
  REDIS_URL,
  // one secret for all instances: a report's print pass signed by one is checked by another (ADR 0013)
  PRINT_PASS_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_ORIGIN: `http://127.0.0.1:${NGINX_PORT}`,
  TRUST_PROXY: '127.0.0.1',
  // the payment sandbox keeps its books in one process's memory (ADR 0012): not for several instances
  PAY_MODE: 'off',
};
const dir = mkdtempSync(join(tmpdir(), 'fjt-cluster-'));
const instances: RunningServer[] = [];
let nginx: ChildProcess | undefined;
let out;
try {
  // both at the same moment: the start-up lock makes one migrate and seed, the other wait
  const { bothReadyAfterMs } = await startInstances(env, PORTS, instances);
  const startup = instances.map((s, i) => ({
    port: PORTS[i],
    timeToReadyMs: s.readyMs,
    readyProbe: s.readyProbe,
    seeded: s.output.some((l) => l.includes('数据初始化完成')),
    waitedForTheOther: s.output.some((l) => l.includes('waiting for another instance')),
    rssMiBAtReady: rssMiB(s.pid),
  }));
  const seedRuns = await (async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM seed_run')).rows[0]!.n;
    } finally {
      await client.end();
    }
  })();
  console.log('start-up:', startup, `seed_run rows: ${seedRuns}`);

  // as a deployment runs: each instance's page store holds every estate page before the figures are taken (ADR 0026;
  // the instances share the store's directory, so each makes about half)
  const idsBefore = await readIds({ databaseUrl });
  const store = await pageStoreFull(
    instances.map((s) => s.base),
    idsBefore.estates.length,
  );
  console.log(`page store: ${store.pagesKept} pages kept (waited ${store.waitedSeconds} s)`);

  nginx = await startNginx(dir, { upstream: PORTS, listen: NGINX_PORT });
  const base = `http://127.0.0.1:${NGINX_PORT}`;
  const ids = await readIds({ databaseUrl });
  const loadAtStart = loadNow();
  const freeMemMiBAtStart = Math.round(freemem() / 2 ** 20);
  const probe = `/rabbit/v1/house/analysisDataSource?houseId=${ids.estates[0]!.id}`;
  const results = [];
  for (const [i, set] of longTailSets(ids, random()).entries()) {
    await settle(base, probe);
    const r = await runLoad(base, set, {
      connections: CONNECTIONS,
      seconds: i < 2 ? SECONDS : Math.round(SECONDS * 0.75),
    });
    console.log(`  ${set.name}: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms`);
    results.push({ ...r, goal: set.goal ?? null, meetsGoal: meets(r, set.goal) });
  }

  // The kill test: estate pages and the bundle's GETs of estates not asked for yet, SIGKILL to the first instance
  // half way through. Only GETs: a POST already sent to the killed instance is not retried, by design.
  await settle(base, probe);
  const rand = random(Number(process.env.BENCH_SEED ?? 13) + 4);
  const gets: Req[] = shuffle(ids.estates, rand).flatMap((e) => [
    estatePage(e),
    ...estateBundle(e).filter((r) => r.method === 'GET'),
  ]);
  const victim = instances[0]!;
  const killAt = Math.round(SECONDS / 2);
  let killedAtSecond: number | null = null;
  const rssBeforeKill = instances.map((s) => rssMiB(s.pid));
  const kill = await runLoad(
    base,
    { name: 'kill test: estate pages + API bundle GETs, one instance SIGKILLed mid-run', requests: gets },
    {
      connections: CONNECTIONS,
      seconds: SECONDS,
      countByMethod: true,
      onSecond: (elapsed) => {
        if (killedAtSecond === null && elapsed >= killAt) {
          killedAtSecond = elapsed;
          console.log(`  SIGKILL to the instance on ${PORTS[0]} at ${elapsed} s`);
          victim.kill('SIGKILL');
        }
      },
    },
  );
  const failedGets = kill.non2xx + kill.errors + kill.timeouts;
  // what nginx saw: requests in flight on the killed instance (or sent to it before it was marked failed), each
  // moved to the other one
  const nginxLog = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8').split('\n') : [];
  const upstreamErrors = nginxLog.filter((l) => l.includes('[error]') && l.includes('upstream'));
  console.log(`  kill test: ${kill.requestsSent} GETs, failed ${failedGets}`, kill.byMethod);

  out = {
    benchmark:
      '2 instances (PostgreSQL + Redis) behind nginx (deploy/nginx.conf on port 8088), full dataset, long-tail sets through nginx',
    measuredAt: new Date().toISOString(),
    machine: measured,
    note:
      'Both instances, nginx, PostgreSQL, Redis and autocannon share the 2 cores (and, while these figures were taken, ' +
      'other work: see loadAverageAtStart), so two instances cannot be faster than one here; this shows the path ' +
      'works and survives an instance dying, not the throughput of a real multi-host deployment.',
    database: { name: DB, fresh: process.env.CLUSTER_KEEP_DB !== '1', seedRunRows: seedRuns },
    startup: { instances: startup, bothReadyAfterMs },
    pageStore: {
      about:
        'ADR 0026: the figures are taken once both instances’ page stores (one shared directory) hold every estate page',
      ...store,
    },
    loadAverageAtStart: loadAtStart,
    freeMemMiBAtStart,
    results,
    killTest: {
      ...kill,
      killedInstancePort: PORTS[0],
      killedAtSecond,
      failedGets,
      meetsGoal: failedGets === 0,
      rssMiBBeforeKill: rssBeforeKill,
      nginxUpstreamErrors: upstreamErrors.length,
      nginxUpstreamErrorSamples: upstreamErrors.slice(0, 3).map((l) => l.replace(/^\S+ \S+ /, '')),
      // the upstream failed after its answer had begun: nginx cannot move such a request to the other instance
      nginxUnretriable: upstreamErrors
        .filter((l) => !l.includes('while reading response header') && !l.includes('while connecting'))
        .map((l) => l.replace(/^\S+ \S+ /, '')),
    },
    singleProcessEmbedded: singleProcessFigures(),
  };
} finally {
  nginx?.kill('SIGTERM');
  await Promise.all(instances.map((s) => s.stop()));
  rmSync(dir, { recursive: true, force: true });
}
writeFileSync(join(root, 'bench', 'results', 'longtail-cluster.json'), `${JSON.stringify(out, null, 2)}\n`);
console.log('written bench/results/longtail-cluster.json');
