// The long tail (issue 13): URL sets drawn from every id in the database rather than 20 hot estates, and the
// load runner that cycles one without repeating a URL, so the response cache (60 s, ADR 0006) cannot answer.
// Shared by longtail.ts (single process), soak.ts, cluster.ts and budget.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '@fjt/db';
import { root } from './server.ts';

export interface EstateRef {
  id: number;
  cityId: number;
  name: string;
}
export interface IdRef {
  id: number;
  cityId: number;
}

/** Every id a long-tail page is keyed by. */
export interface Ids {
  estates: EstateRef[];
  plates: IdRef[];
  projects: IdRef[];
  cities: number[];
}

/**
 * Reads every id from the database the server is about to use: PostgreSQL at DATABASE_URL, else the embedded
 * PGlite directory (DATA_DIR or ./var/db). PGlite is one process's database: this opens, reads and closes it
 * before the server is started.
 */
export async function readIds(options: { databaseUrl?: string; dataDir?: string } = {}): Promise<Ids> {
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const dataDir = options.dataDir ?? process.env.DATA_DIR ?? join(root, 'var', 'db');
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir });
  try {
    const q = database.sql.query.bind(database.sql);
    const estates = await q<EstateRef>('SELECT id::int AS id, city_id::int AS "cityId", name FROM estate ORDER BY id');
    const plates = await q<IdRef>('SELECT id::int AS id, city_id::int AS "cityId" FROM plate ORDER BY id');
    const projects = await q<IdRef>(
      'SELECT id::int AS id, city_id::int AS "cityId" FROM new_house_project ORDER BY id',
    );
    const cities = [...new Set(estates.map((e) => e.cityId))].sort((a, b) => a - b);
    return { estates, plates, projects, cities };
  } finally {
    await database.close();
  }
}

/** A small seeded PRNG (mulberry32): the same BENCH_SEED gives the same URL order, run after run. */
export function random(seed = Number(process.env.BENCH_SEED ?? 13)): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export interface Req {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/** Phones' browsers, as the estate pages are asked for (half each): their pages are kept for each (ADR 0026). */
export const PHONE_USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 13; V2307A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
];

const get = (path: string): Req => ({ method: 'GET', path });
const API = '/rabbit/v1';

export const estatePage = (e: IdRef): Req => ({
  ...get(`/${e.cityId}/house-detail/${e.id}`),
  headers: { 'user-agent': PHONE_USER_AGENTS[e.id % 2]! },
});

/**
 * The API calls whose data the estate page shows, one per block of its loader (apps/web/app/routes/estate/
 * house-detail.tsx), as a client of the API (the app) makes them: basic info, facts, general, the 12- and
 * 36-month trend, latest deals and listings, room types, price bands, buildings, listing analysis, data source,
 * agents (a read-only POST, as the spec has it) and the estates around.
 */
export function estateBundle(e: IdRef): Req[] {
  const q = `houseId=${e.id}`;
  return [
    get(`${API}/house/basic-info?${q}`),
    get(`${API}/house/detail?${q}`),
    get(`${API}/house/general?${q}`),
    get(`${API}/house/header-chart-plate?${q}&months=12`),
    get(`${API}/house/header-chart-plate?${q}&months=36`),
    get(`${API}/house/deal/list?${q}&page=1&size=3`),
    get(`${API}/house/listing/list?${q}&page=1&size=5`),
    get(`${API}/house/roomTypeAnalysis?${q}`),
    get(`${API}/house/totalPriceAnalysis?${q}`),
    get(`${API}/house/buildingAnalysis?${q}`),
    get(`${API}/house/listing-analysis?${q}`),
    get(`${API}/house/analysisDataSource?${q}`),
    {
      method: 'POST',
      path: `${API}/house/agent/get`,
      body: JSON.stringify({ type: 8, cityId: e.cityId, houseId: e.id }),
    },
    get(`${API}/consultation/around/list?${q}&size=6`),
  ];
}

export interface UrlSet {
  name: string;
  requests: Req[];
  /** What the issue asks of it (as deployed): ≥ 250 req/s with p99 ≤ 150 ms for estate pages and the API bundle. */
  goal?: { minRps: number; maxP99Ms: number };
}

export const TARGET = { minRps: 250, maxP99Ms: 150 };

/** The long-tail sets, each its own shuffle of all its ids (a set never repeats a URL before it is exhausted). */
export function longTailSets(ids: Ids, rand = random()): UrlSet[] {
  return [
    { name: 'estate pages (all cities)', requests: shuffle(ids.estates, rand).map(estatePage), goal: TARGET },
    {
      name: 'estate API bundle (14 calls per estate)',
      // an estate's calls stay together, as a client loading the page sends them
      requests: shuffle(ids.estates, rand).flatMap(estateBundle),
      goal: TARGET,
    },
    {
      name: 'deal history pages',
      requests: shuffle(ids.estates, rand).map((e) => get(`/${e.cityId}/deal-history/${e.id}`)),
    },
    { name: 'renting pages', requests: shuffle(ids.estates, rand).map((e) => get(`/${e.cityId}/renting/${e.id}`)) },
    {
      name: 'plate detail pages',
      requests: shuffle(ids.plates, rand).map((p) => get(`/${p.cityId}/plate-detail/${p.id}`)),
    },
    { name: 'loupan pages', requests: shuffle(ids.projects, rand).map((p) => get(`/${p.cityId}/loupan/${p.id}`)) },
  ];
}

/** Search-box prefixes drawn from estate names (the first one and two characters), each city's own. */
export function suggestRequests(ids: Ids, rand: () => number, count: number): Req[] {
  return shuffle(ids.estates, rand)
    .slice(0, count)
    .map((e, i) =>
      get(`${API}/search/suggest?cityId=${e.cityId}&kw=${encodeURIComponent(e.name.slice(0, 1 + (i % 2)))}`),
    );
}

export interface LoadResult {
  name: string;
  connections: number;
  durationSeconds: number;
  urlsInSet: number;
  requestsSent: number;
  /** True when the run reached the end of its set and stopped rather than repeat URLs. */
  stoppedAtEndOfSet: boolean;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Responses by method and status class, when counted (the cluster's kill test). */
  byMethod?: Record<string, Record<string, number>>;
  /** Requests that got no answer, by the client's error code (ECONNRESET, …). */
  errorKinds?: Record<string, number>;
}

export interface LoadOptions {
  connections?: number;
  seconds: number;
  /** Requests a second across all connections (the soak's steady rate); unlimited when absent. */
  rate?: number;
  /** Cycle the set again when it is exhausted (the soak) instead of stopping. */
  wrap?: boolean;
  /** Where in the set to go on from, shared by consecutive runs over one set (the soak's minutes). */
  cursor?: { next: number };
  /** Count responses per method and status class (slower: autocannon then reads each body). */
  countByMethod?: boolean;
  /** Called once a second with the seconds elapsed (the cluster kills an instance from here). */
  onSecond?: (elapsed: number) => void;
}

/** autocannon over `set`, phone-like (accepts brotli), one URL after another in the set's order. */
export async function runLoad(base: string, set: UrlSet, options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? 20;
  const { requests } = set;
  const cursor = options.cursor ?? { next: 0 };
  const first = cursor.next;
  let exhausted = false;
  const byMethod: Record<string, Record<string, number>> = {};
  const errorKinds: Record<string, number> = {};
  let instance: autocannon.Instance | undefined;
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections,
        duration: options.seconds,
        ...(options.rate ? { overallRate: options.rate } : {}),
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        requests: [
          {
            setupRequest: (req, ctx: object) => {
              const context = ctx as Record<string, unknown>;
              if (cursor.next >= requests.length && !options.wrap && !exhausted) {
                exhausted = true;
                // the requests already in flight finish; no URL of the set is asked twice on purpose
                setImmediate(() => instance?.stop());
              }
              const r = requests[cursor.next++ % requests.length]!;
              context.method = r.method;
              return r.method === 'POST'
                ? {
                    ...req,
                    method: 'POST',
                    path: r.path,
                    body: r.body,
                    headers: { ...req.headers, 'content-type': 'application/json' },
                  }
                : {
                    ...req,
                    method: 'GET',
                    path: r.path,
                    body: undefined,
                    ...(r.headers ? { headers: { ...req.headers, ...r.headers } } : {}),
                  };
            },
            ...(options.countByMethod
              ? {
                  onResponse: (status: number, _body: string, ctx: object) => {
                    const context = ctx as Record<string, unknown>;
                    const method = String(context.method ?? 'GET');
                    const counts = (byMethod[method] ??= {});
                    const cls = `${Math.floor(status / 100)}xx`;
                    counts[cls] = (counts[cls] ?? 0) + 1;
                  },
                }
              : {}),
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('reqError', (error: Error & { code?: string }) => {
      // with the second it happened (a kill's effect, or the run's own stop)
      const kind = `${error.code ?? error.message} at ${Math.round((Date.now() - started) / 1000)} s`;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    });
    if (options.onSecond) {
      const tick = setInterval(() => options.onSecond!(Math.round((Date.now() - started) / 1000)), 1000);
      instance.on('done', () => clearInterval(tick));
    }
  });
  const elapsed = (Date.now() - started) / 1000;
  return {
    name: set.name,
    connections,
    durationSeconds: Math.round(elapsed * 10) / 10,
    urlsInSet: requests.length,
    requestsSent: cursor.next - first,
    stoppedAtEndOfSet: exhausted,
    // over the time actually run (a run that reached the end of its set stopped early)
    requestsPerSecond: Math.round(result.requests.total / elapsed),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: Math.round(result.latency.mean * 10) / 10,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(options.countByMethod ? { byMethod } : {}),
    ...(Object.keys(errorKinds).length ? { errorKinds } : {}),
  };
}

/** Whether `r` meets `goal` (null when the set has none). */
export function meets(r: LoadResult, goal: UrlSet['goal']): boolean | null {
  if (!goal) return null;
  return r.requestsPerSecond >= goal.minRps && r.latencyMs.p99 <= goal.maxP99Ms && r.non2xx === 0 && r.errors === 0;
}

/** The resident set of process `pid` in MiB (Linux /proc), or null when it cannot be read. */
export function rssMiB(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : null;
  } catch {
    return null;
  }
}

export function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    n: sorted.length,
    p50: round(q(0.5)),
    p90: round(q(0.9)),
    p99: round(q(0.99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/**
 * Waits until the server has finished what the last run left in flight (autocannon stops sending at the end of a
 * run, the server still renders what it was asked): a page it has rendered before answers quickly again.
 */
export async function settle(base: string, probePath: string, maxMs = 30_000): Promise<void> {
  const until = Date.now() + maxMs;
  let quick = 0;
  while (Date.now() < until && quick < 2) {
    const started = performance.now();
    try {
      await (await fetch(base + probePath)).arrayBuffer();
    } catch {
      // an instance going away (the cluster) answers through the other
    }
    quick = performance.now() - started < 100 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 200));
  }
}

/** A figure of a server's /metrics text (the first sample of `name` whose labels contain `labels`). */
async function metric(base: string, name: string, labels = ''): Promise<number | null> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(name) && l.includes(labels));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : null;
}

/**
 * Waits until each server's page store (ADR 0026) holds every estate page of the three kinds of browser and has
 * nothing pending: the state `npm start` reaches once its builder has used the idle time.
 */
export async function pageStoreFull(bases: readonly string[], estates: number) {
  const started = Date.now();
  for (;;) {
    const figures = await Promise.all(
      bases.map(async (base) => ({
        stored: await metric(base, 'fjt_page_store_pages', 'stored'),
        pending: await metric(base, 'fjt_page_store_pages', 'pending'),
      })),
    );
    if (figures.every((f) => f.stored !== null && f.stored >= estates * 3 && f.pending === 0)) {
      return { pagesKept: figures[0]!.stored!, waitedSeconds: Math.round((Date.now() - started) / 1000) };
    }
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
}
