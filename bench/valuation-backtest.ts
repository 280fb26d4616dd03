// The valuation backtest (issue 16): walk-forward over the last 12 months of the dataset in the embedded database
// (DATA_DIR or ./var/db; not while a server runs on it) or DATABASE_URL, writing bench/results/valuation.json and
// docs/valuation.md. --small seeds a throw-away in-memory small dataset instead (what CI runs, fast).
//   npm run valuation:backtest [-- --small] [--leakage-cities N] [--resamples N]
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '@fjt/db';
import { createTestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { loadAllCityDeals } from '../apps/server/src/modules/valuation/repo.ts';
import { publishedBacktest, renderMarkdown, renderPublished, runBacktest } from '../apps/server/src/modules/valuation/backtest.ts';
import { machine, root } from './server.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const small = process.argv.includes('--small');

const measured = machine();
const database = small
  ? await createTestDatabase()
  : await openDatabase(
      process.env.DATABASE_URL
        ? { databaseUrl: process.env.DATABASE_URL }
        : { dataDir: process.env.DATA_DIR ?? join(root, 'var', 'db') },
    );
try {
  if (small) await seedDatabase(database, { scale: 'small', progress: false });
  const loadStarted = performance.now();
  const cities = await loadAllCityDeals(database.db);
  const loadSeconds = Math.round((performance.now() - loadStarted) / 100) / 10;
  const deals = cities.reduce((s, c) => s + c.deals.length, 0);
  console.log(`loaded ${deals} deals of ${cities.length} cities in ${loadSeconds} s`);
  const report = runBacktest(cities, {
    resamples: Number(arg('--resamples') ?? 200),
    ...(arg('--leakage-cities') ? { leakageCities: Number(arg('--leakage-cities')) } : {}),
  });
  const dataset = small ? 'small' : 'full';
  const out = { benchmark: 'valuation backtest', dataset, deals, cities: cities.length, machine: measured, ...report };
  const jsonPath =
    arg('--out') ??
    (small ? join(root, 'var', 'valuation-small.json') : join(root, 'bench', 'results', 'valuation.json'));
  mkdirSync(join(jsonPath, '..'), { recursive: true });
  writeFileSync(jsonPath, `${JSON.stringify(out, null, 2)}\n`);
  if (!small) {
    writeFileSync(join(root, 'docs', 'valuation.md'), renderMarkdown(report, dataset));
    const published = publishedBacktest(report, report.generatedAt);
    writeFileSync(join(root, 'packages', 'domain', 'src', 'valuation-published.ts'), renderPublished(published));
  }
  const t = report.targets;
  console.log(
    `MdAPE ${report.overall.mdape} (dense ${report.denseEstates.mdape}), ±10% ${report.overall.within10}, ±20% ${report.overall.within20}, coverage ${report.overall.rangeCoverage80}, floor ${report.noiseFloor.mdapeFloor}, leakage holds ${report.leakage.holds}`,
  );
  console.log(
    Object.entries(t)
      .map(([k, v]) => `${k}: ${v.met ? 'met' : 'NOT met'}`)
      .join('; '),
  );
} finally {
  await database.close();
}
