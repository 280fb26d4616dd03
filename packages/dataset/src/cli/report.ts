// npm run data:report — the calibration report of the database (DATABASE_URL or DATA_DIR, default
// ./var/db; seeded with the full dataset first if empty), written to bench/results/calibration.json.
//   --fresh  report on a fresh full seed in a temporary directory instead
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase } from '@fjt/db';
import { calibrationReport } from '../report.ts';
import { seedDatabase } from '../seed.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const fresh = process.argv.includes('--fresh');
const dir = fresh ? mkdtempSync(join(tmpdir(), 'fjt-report-')) : (process.env.DATA_DIR ?? join(root, 'var', 'db'));
const handle = await openDatabase({ databaseUrl: fresh ? undefined : process.env.DATABASE_URL, dataDir: dir });
try {
  await migrate(handle.sql);
  await seedDatabase(handle, { scale: 'full', log: (l) => console.log(l) });
  const report = await calibrationReport(handle);
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'calibration.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.table(
    report.cities.map((c) => ({
      city: c.city,
      estates: c.estates,
      listings: c.listings,
      deals: c.deals,
      target: c.targetListingAvg,
      listingAvg: c.latestListingAvg,
      dealAvg: c.latestDealAvg,
      'vs target %': c.listingVsTargetPct,
      'deal 12m %': c.dealAvgChange12mPct,
      'NBS 12m %': c.nbsSecondHandChange12mPct,
    })),
  );
  console.log(
    report.allWithinTenPct
      ? '全部城市在目标 ±10% 以内 / every city within ±10%'
      : '有城市超出 ±10% / some city is off target',
  );
} finally {
  await handle.close();
  if (fresh) rmSync(dir, { recursive: true, force: true });
}
