// Community pages on the long tail (issue 17): the question lists and question details users open, drawn from every
// id in the database, measured as bench/longtail.ts measures estate pages — a fresh server started as npm start does,
// each set a shuffle of all its ids cycled without repeats (so the 60-second response cache misses), 20
// connections, as deployed and with RESPONSE_CACHE_SECONDS=0, pages asked for with accept-encoding br.
//   npm run bench:community -w @fjt/bench        embedded ./var/db → bench/results/community.json
//   DATABASE_URL=postgres://… npm run bench:community -w @fjt/bench    → bench/results/community-postgres.json
// Sets: /{city}/qa-list/{estate} for every estate, /qa-detail/{id} for every visible question, the API behind them
// (question-answer/list?estateId, question-answer/detail), review pages /{city}/house-comments/{estate}, and each
// city's /{city}/questions (16 URLs: the cache answers them after the first — labelled so).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@fjt/db';
import {
  TARGET,
  meets,
  random,
  readIds,
  rssMiB,
  runLoad,
  settle,
  shuffle,
  type Req,
  type UrlSet,
} from './long-tail.ts';
import { machine, root, startServer } from './server.ts';

const SECONDS = Number(process.env.LONGTAIL_SECONDS ?? 20);
const CONNECTIONS = 20;
const postgres = Boolean(process.env.DATABASE_URL);
const outFile = join(root, 'bench', 'results', postgres ? 'community-postgres.json' : 'community.json');
const get = (path: string): Req => ({ method: 'GET', path });

async function readQuestions(): Promise<{ id: number; cityId: number; estateId: number | null }[]> {
  const database = await openDatabase(
    process.env.DATABASE_URL
      ? { databaseUrl: process.env.DATABASE_URL, poolSize: 2 }
      : { dataDir: process.env.DATA_DIR ?? join(root, 'var', 'db') },
  );
  try {
    return await database.sql.query(
      `SELECT id::int AS id, city_id::int AS "cityId", estate_id::int AS "estateId" FROM question
        WHERE status = 'visible' ORDER BY id`,
    );
  } finally {
    await database.close();
  }
}

const ids = await readIds();
const questions = await readQuestions();
console.log(`${ids.estates.length} estates, ${questions.length} questions in ${ids.cities.length} cities`);
const rand = random();
const sets: UrlSet[] = [
  {
    name: 'estate Q&A pages /{city}/qa-list/{estate} (all estates)',
    requests: shuffle(ids.estates, rand).map((e) => get(`/${e.cityId}/qa-list/${e.id}`)),
    goal: TARGET,
  },
  {
    name: 'question detail pages /qa-detail/{id} (all questions)',
    requests: shuffle(questions, rand).map((q) => get(`/qa-detail/${q.id}?cityId=${q.cityId}`)),
    goal: TARGET,
  },
  {
    name: 'API question-answer/list?estateId (all estates)',
    requests: shuffle(ids.estates, rand).map((e) =>
      get(`/rabbit/v1/question-answer/list?cityId=${e.cityId}&estateId=${e.id}&tab=hot&page=1`),
    ),
  },
  {
    name: 'API question-answer/detail (all questions)',
    requests: shuffle(questions, rand).map((q) => get(`/rabbit/v1/question-answer/detail?id=${q.id}`)),
  },
  {
    name: 'estate review pages /{city}/house-comments/{estate} (all estates)',
    requests: shuffle(ids.estates, rand).map((e) => get(`/${e.cityId}/house-comments/${e.id}`)),
  },
];
const citySet: UrlSet = {
  name: 'city question lists /{city}/questions (16 URLs: the cache answers them)',
  requests: ids.cities.map((c) => get(`/${c}/questions`)),
};

async function measureMode(mode: 'deployed' | 'no response cache') {
  const loadAverageAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const server = await startServer(mode === 'no response cache' ? { RESPONSE_CACHE_SECONDS: '0' } : {});
  console.log(`${mode}: ready in ${server.readyMs} ms`);
  const results = [];
  try {
    const probe = `/rabbit/v1/house/analysisDataSource?houseId=${ids.estates[0]!.id}`;
    for (const set of [...sets, citySet]) {
      await settle(server.base, probe);
      const r = await runLoad(server.base, set, {
        connections: CONNECTIONS,
        seconds: set.goal ? SECONDS : Math.round(SECONDS * 0.75),
        wrap: set === citySet,
      });
      const goal = mode === 'deployed' ? (set.goal ?? null) : null;
      console.log(
        `  ${set.name}: ${r.requestsPerSecond} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`,
      );
      results.push({ ...r, mode, goal, meetsGoal: meets(r, goal ?? undefined) });
    }
  } finally {
    const rssAtEnd = rssMiB(server.pid);
    await server.stop();
    console.log(`  RSS at end ${rssAtEnd} MiB`);
  }
  return { mode, loadAverageAtStart, timeToReadyMs: server.readyMs, results };
}

const runs = [await measureMode('deployed'), await measureMode('no response cache')];
writeFileSync(
  outFile,
  `${JSON.stringify(
    {
      benchmark: `community long tail: ${postgres ? 'PostgreSQL' : 'embedded PGlite'}, full dataset, one server process, autocannon over loopback`,
      measuredAt: new Date().toISOString(),
      machine: machine(),
      note:
        'Method of bench/longtail.ts (issue 13): every set but the last is a shuffle of all its ids, cycled without ' +
        'repeats, so the response cache misses; the city lists are 16 URLs which the cache answers after one render ' +
        '(labelled). The 2 cores are shared by the server and autocannon: the figures are a lower bound.',
      dataset: { estates: ids.estates.length, questions: questions.length, cities: ids.cities.length },
      targets: { sets: 'estate Q&A pages and question details, as deployed', ...TARGET },
      runs,
    },
    null,
    2,
  )}\n`,
);
console.log(`written ${outFile}`);
