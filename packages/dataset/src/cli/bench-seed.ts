// Seed benchmark: the full dataset into a fresh embedded database (PGlite on disk), timed, with the
// database's size on disk. Writes bench/results/seed.json.
//   npx tsx packages/dataset/src/cli/bench-seed.ts [--scale full|small] [--keep DIR]
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase } from '@fjt/db';
import { calibrationReport } from '../report.ts';
import { seedDatabase, type Scale } from '../seed.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const scale = (arg('--scale') ?? 'full') as Scale;
const keep = arg('--keep');
const dir = keep ?? mkdtempSync(join(tmpdir(), 'fjt-seed-bench-'));
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');

function duBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const p = join(path, entry.name);
    total += entry.isDirectory() ? duBytes(p) : statSync(p).size;
  }
  return total;
}

// The machine is shared: record how busy it was, since the time depends on it.
const loadAtStart = loadavg().map((v) => Math.round(v * 100) / 100);
const t0 = performance.now();
const handle = await openDatabase({ dataDir: dir });
await migrate(handle.sql);
const tMigrated = performance.now();
const result = await seedDatabase(handle, { scale, log: (l) => console.log(l) });
const tSeeded = performance.now();
const [size] = await handle.sql.query<{ bytes: string }>(`SELECT pg_database_size(current_database())::text AS bytes`);
// The same seeded database gives the calibration report (as `npm run data:report` does).
const report = scale === 'full' ? await calibrationReport(handle) : null;
await handle.close();
const onDisk = duBytes(dir);
const out = {
  scale,
  driver: 'pglite',
  seedSeconds: Math.round((tSeeded - tMigrated) / 100) / 10,
  totalSeconds: Math.round((tSeeded - t0) / 100) / 10,
  targetSeconds: 90,
  withinTarget: (tSeeded - tMigrated) / 1000 <= 90,
  databaseBytes: Number(size?.bytes ?? 0),
  dataDirBytes: onDisk,
  dataDirMiB: Math.round(onDisk / 1024 / 1024),
  rows: result.rows,
  contentHash: result.contentHash,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  loadAverageAtStart: loadAtStart,
  measuredAt: new Date().toISOString(),
};
console.log(JSON.stringify(out, null, 2));
if (scale === 'full') {
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'seed.json'), `${JSON.stringify(out, null, 2)}\n`);
  writeFileSync(join(root, 'bench', 'results', 'calibration.json'), `${JSON.stringify(report, null, 2)}\n`);
}
if (!keep) rmSync(dir, { recursive: true, force: true });
