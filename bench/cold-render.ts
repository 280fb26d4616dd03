// Cold renders in-process (issue 13 target: p50 ≤ 15 ms): a fresh process builds the app as production runs it
// (bench/production-app.ts: response cache off, data caches empty), then renders N random estate pages it has never
// seen, one at a time through inject, and loads the API bundle (the page's 14 calls, issued together; wall time)
// of N more. The embedded database (DATA_DIR or ./var/db; one process may open it, so not while a server runs on it)
// or DATABASE_URL.
//   npx tsx bench/cold-render.ts [--pages 300] [--bundles 100] [--out FILE]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@fjt/db';
import { buildProductionApp, timed } from './production-app.ts';
import { estateBundle, estatePage, quantiles, random, readIds, shuffle } from './long-tail.ts';
import { machine, root } from './server.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PAGES = Number(arg('--pages') ?? 300);
const BUNDLES = Number(arg('--bundles') ?? 100);
/** Renders before measuring, of estates not measured after: module loading and the JIT's first passes. */
const WARMUP = 20;
const TARGET_P50_MS = 15;

const measured = machine();
const databaseUrl = process.env.DATABASE_URL;
const ids = await readIds();
const estates = shuffle(ids.estates, random(Number(process.env.BENCH_SEED ?? 13) + 1));
if (estates.length < WARMUP + PAGES + BUNDLES) throw new Error(`only ${estates.length} estates`);

const opened = performance.now();
const database = await openDatabase(
  databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? join(root, 'var', 'db') },
);
const app = await buildProductionApp(database);
const startupMs = Math.round(performance.now() - opened);
try {
  for (const e of estates.slice(0, WARMUP)) await timed(app, estatePage(e));
  const pageMs: number[] = [];
  for (const e of estates.slice(WARMUP, WARMUP + PAGES)) pageMs.push(await timed(app, estatePage(e)));
  const bundleMs: number[] = [];
  for (const e of estates.slice(WARMUP + PAGES, WARMUP + PAGES + BUNDLES)) {
    const started = performance.now();
    await Promise.all(estateBundle(e).map((r) => timed(app, r)));
    bundleMs.push(performance.now() - started);
  }
  const healthMs: number[] = [];
  for (let i = 0; i < 100; i++) healthMs.push(await timed(app, { method: 'GET', path: '/healthz' }));
  const pages = quantiles(pageMs);
  const bundles = quantiles(bundleMs);
  const out = {
    benchmark: 'cold render in-process (fresh process, inject, response cache off, never-seen estates, one at a time)',
    measuredAt: new Date().toISOString(),
    machine: measured,
    database: databaseUrl ? 'postgres' : 'pglite',
    estatesInDatabase: ids.estates.length,
    appStartupMs: startupMs,
    warmupRenders: WARMUP,
    estatePageMs: { ...pages, target: { p50: TARGET_P50_MS }, meetsTarget: pages.p50 <= TARGET_P50_MS },
    estateApiBundleMs: {
      ...bundles,
      callsPerBundle: estateBundle(estates[0]!).length,
      target: { p50: TARGET_P50_MS },
      meetsTarget: bundles.p50 <= TARGET_P50_MS,
    },
    healthzMs: quantiles(healthMs),
  };
  console.log(JSON.stringify(out, null, 2));
  const file = arg('--out');
  if (file) writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
} finally {
  await app.close();
  await database.close();
}
