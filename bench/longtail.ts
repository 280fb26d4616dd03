// Long-tail benchmark (issue 13): the product started as a user starts it, measured from a fresh start on URL
// sets drawn from every id in the database, so the 60-second response cache (ADR 0006) misses as it does for a
// crawler or a few hundred people each looking at their own estate.
//   npm run bench:longtail -w @fjt/bench                       embedded ./var/db → bench/results/longtail.json
//   DATABASE_URL=postgres://… npm run bench:longtail -w @fjt/bench          → bench/results/longtail-postgres.json
// Steps: read every id (before the server opens the database), a cold-render run in a fresh process of its own
// (bench/cold-render.ts), then per mode — as deployed, and RESPONSE_CACHE_SECONDS=0 — a fresh server, time to
// ready, and within 2 minutes of ready: estate pages, the estate API bundle, deal history, renting, plate and
// loupan pages (each set cycled without repeats, 20 connections), then the old hot set (20 hot estates, which the
// cache answers). LONGTAIL_SECONDS (default 20) is the length of the two target sets, the others get 3/4 of it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { freemem, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TARGET,
  estatePage,
  longTailSets,
  meets,
  pageStoreFull,
  random,
  readIds,
  rssMiB,
  runLoad,
  settle,
  type Ids,
  type LoadResult,
  type UrlSet,
} from './long-tail.ts';
import { apiBody, machine, root, startServer } from './server.ts';

const SECONDS = Number(process.env.LONGTAIL_SECONDS ?? 20);
const CONNECTIONS = 20;
const postgres = Boolean(process.env.DATABASE_URL);
const outFile = join(root, 'bench', 'results', postgres ? 'longtail-postgres.json' : 'longtail.json');
const skipCold = process.argv.includes('--no-cold-render');

const loadNow = () => loadavg().map((l) => Math.round(l * 100) / 100);

async function hotSet(base: string): Promise<UrlSet> {
  // the committed bench/http.ts set: 杭州's 20 hottest estates, which the response cache answers after one render
  const hot = await apiBody<{ list: { id: number }[] }>(`${base}/rabbit/v1/rank/list?cityId=605&rank=hot&size=20`);
  return {
    name: 'hot set (cache answers): 20 hot estates of 杭州',
    requests: hot.list.map((e) => estatePage({ id: e.id, cityId: 605 })),
  };
}

type Mode = 'deployed' | 'no response cache' | 'live render (no page store, no response cache)';
const MODE_ENV: Record<Mode, Record<string, string>> = {
  deployed: {},
  'no response cache': { RESPONSE_CACHE_SECONDS: '0' },
  'live render (no page store, no response cache)': { RESPONSE_CACHE_SECONDS: '0', PAGE_STORE: '0' },
};

/**
 * The page store as `npm start` leaves it (ADR 0026): a server is started and left until its builder has made every
 * estate page for today (nothing when a server already did), then stopped; the measured starts come after.
 */
async function prepareStore(estates: number) {
  const server = await startServer({}, { quiet: true });
  try {
    return await pageStoreFull([server.base], estates);
  } finally {
    await server.stop();
  }
}

/** One fresh server, every set in turn. */
async function measureMode(mode: Mode, ids: Ids) {
  const loadAtStart = loadNow();
  const freeMemMiBAtStart = Math.round(freemem() / 2 ** 20);
  const server = await startServer(MODE_ENV[mode]);
  const rssAtReady = rssMiB(server.pid);
  console.log(`${mode}: ready in ${server.readyMs} ms (${server.readyProbe}), RSS ${rssAtReady} MiB`);
  let rssAtEnd: number | null = null;
  const results: (LoadResult & {
    mode: string;
    startedSecondsAfterReady: number;
    goal: unknown;
    meetsGoal: boolean | null;
  })[] = [];
  try {
    const sets = longTailSets(ids, random());
    // a cheap answer that goes through the database (the data-source note of the first estate)
    const probe = `/rabbit/v1/house/analysisDataSource?houseId=${ids.estates[0]!.id}`;
    for (const [i, set] of sets.entries()) {
      await settle(server.base, probe);
      const startedSecondsAfterReady = Math.round((Date.now() - server.readyAt) / 1000);
      const r = await runLoad(server.base, set, {
        connections: CONNECTIONS,
        seconds: i < 2 ? SECONDS : Math.round(SECONDS * 0.75),
      });
      const goal = mode === 'deployed' ? (set.goal ?? null) : null;
      const entry = { ...r, mode, startedSecondsAfterReady, goal, meetsGoal: meets(r, goal ?? undefined) };
      console.log(
        `  ${set.name}: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
      results.push(entry);
    }
    await settle(server.base, probe);
    const hot = await hotSet(server.base);
    // one render of each first: the cache answers from then on, as for anything popular
    for (const r of hot.requests) await fetch(server.base + r.path);
    const startedSecondsAfterReady = Math.round((Date.now() - server.readyAt) / 1000);
    const r = await runLoad(server.base, hot, {
      connections: CONNECTIONS,
      seconds: Math.round(SECONDS * 0.75),
      wrap: true,
    });
    console.log(`  ${hot.name}: ${r.requestsPerSecond} req/s, p99 ${r.latencyMs.p99} ms`);
    results.push({ ...r, mode, startedSecondsAfterReady, goal: null, meetsGoal: null });
  } finally {
    rssAtEnd = rssMiB(server.pid);
    await server.stop();
  }
  return {
    mode,
    loadAverageAtStart: loadAtStart,
    freeMemMiBAtStart,
    timeToReadyMs: server.readyMs,
    readyProbe: server.readyProbe,
    serverRssMiB: { atReady: rssAtReady, atEnd: rssAtEnd },
    results,
  };
}

function coldRender() {
  // a process of its own: nothing rendered, nothing cached, the database not yet read by this one
  const dir = mkdtempSync(join(tmpdir(), 'fjt-cold-'));
  const file = join(dir, 'cold.json');
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'bench', 'cold-render.ts'), '--out', file], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  if (run.status !== 0) throw new Error('cold-render.ts failed');
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

const measured = machine();
const started = performance.now();
const ids = await readIds();
const readIdsMs = Math.round(performance.now() - started);
console.log(
  `${ids.estates.length} estates in ${ids.cities.length} cities, ${ids.plates.length} plates, ${ids.projects.length} new-house projects (read in ${readIdsMs} ms)`,
);
const cold = skipCold ? null : coldRender();
if (cold) console.log('cold render in-process:', cold.estatePageMs, cold.estateApiBundleMs);
const store = await prepareStore(ids.estates.length);
console.log(`page store: ${store.pagesKept} estate pages kept (waited ${store.waitedSeconds} s for the builder)`);
const runs = [
  await measureMode('deployed', ids),
  await measureMode('no response cache', ids),
  await measureMode('live render (no page store, no response cache)', ids),
];

const deployed = runs[0]!.results;
const targetSets = deployed.filter((r) => r.goal);
const out = {
  benchmark: `long tail: ${postgres ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite (./var/db)'}, full dataset, one server process started as npm start does, autocannon over loopback`,
  measuredAt: new Date().toISOString(),
  machine: measured,
  note:
    'The machine has 2 cores shared by the server, autocannon and, while these figures were taken, other work (see ' +
    'loadAverageAtStart): they are a lower bound. Each set is a shuffle of all its ids, cycled without repeats, so the ' +
    'response cache misses; a set that ran out stopped early (stoppedAtEndOfSet). Pages are asked for with ' +
    'accept-encoding br like a phone. errors are mostly autocannon timeouts (no answer within 10 s): such requests ' +
    'are not in the latency percentiles. The hot set is the old bench/http.ts set, which the cache answers. Estate ' +
    'pages are asked for with a phone browser’s user agent (iOS and Android, half each).',
  dataset: {
    estates: ids.estates.length,
    cities: ids.cities.length,
    plates: ids.plates.length,
    newHouseProjects: ids.projects.length,
  },
  targets: {
    sets: 'estate pages and the estate API bundle, as deployed, 20 connections',
    ...TARGET,
    coldRenderP50Ms: 15,
    met: Object.fromEntries(targetSets.map((r) => [r.name, r.meetsGoal])),
    coldRenderMet: cold
      ? {
          estatePage: (cold.estatePageMs as { meetsTarget: boolean }).meetsTarget,
          estateApiBundle: (cold.estateApiBundleMs as { meetsTarget: boolean }).meetsTarget,
        }
      : null,
  },
  pageStore: {
    about:
      'ADR 0026: every estate page is made ahead, in idle time, for the build, the day in China, its city’s data ' +
      'version and the kind of browser (plain, iOS, Android), and kept on disk. A start on a database whose pages ' +
      'were already made (as here: a server was left until its builder finished, then stopped) serves them from its ' +
      'first request. "live render" turns the store and the response cache off: every page rendered on request.',
    ...store,
  },
  coldRenderInProcess: cold,
  runs,
};
writeFileSync(outFile, `${JSON.stringify(out, null, 2)}\n`);
console.log(`written ${outFile}`);
