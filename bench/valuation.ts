// One estimate in-process (issue 16 target: p99 ≤ 20 ms on the full dataset): the valuation service as the app
// builds it, valuing random homes of random estates. Each city's first estimate loads its deals and builds its
// model and range calibration (reported apart, as cityLoadMs); the measured ones are what every later visitor
// of that city waits for. Embedded database (DATA_DIR or ./var/db; not while a server runs on it) or DATABASE_URL.
//   npx tsx bench/valuation.ts [--estimates 2000] [--out FILE]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, queryRows, sql } from '@fjt/db';
import { ORIENTATIONS, DECORATIONS } from '@fjt/domain';
import { createValuationRepo } from '../apps/server/src/modules/valuation/repo.ts';
import { createValuationService } from '../apps/server/src/modules/valuation/service.ts';
import { quantiles, random, shuffle } from './long-tail.ts';
import { machine, root } from './server.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const ESTIMATES = Number(arg('--estimates') ?? 2000);
const TARGET_P99_MS = 20;

const measured = machine();
const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(
  databaseUrl ? { databaseUrl } : { dataDir: process.env.DATA_DIR ?? join(root, 'var', 'db') },
);
try {
  const rand = random();
  const estates = await queryRows<{ id: number; cityId: number }>(
    database.db,
    sql`SELECT id, city_id AS "cityId" FROM estate ORDER BY id`,
  );
  const valuation = createValuationService(createValuationRepo(database.db));
  const home = (estateId: number) => {
    const totalFloors = 2 + Math.floor(rand() * 32);
    return {
      estateId,
      area: Math.round((40 + rand() * 140) * 10) / 10,
      rooms: 1 + Math.floor(rand() * 4),
      floor: 1 + Math.floor(rand() * totalFloors),
      totalFloors,
      orientation: ORIENTATIONS[Math.floor(rand() * ORIENTATIONS.length)]!,
      decoration: DECORATIONS[Math.floor(rand() * DECORATIONS.length)]!,
    };
  };
  const value = async (estateId: number) => {
    const started = performance.now();
    const outcome = await valuation.value(home(estateId)).then(
      () => 'valued' as const,
      () => 'refused' as const,
    );
    return { ms: performance.now() - started, outcome };
  };
  // Each city's first estimate: loading and model building.
  const cityLoadMs: number[] = [];
  for (const cityId of [...new Set(estates.map((e) => Number(e.cityId)))]) {
    const first = estates.find((e) => Number(e.cityId) === cityId)!;
    cityLoadMs.push((await value(Number(first.id))).ms);
  }
  const picked = shuffle(estates, rand).slice(0, ESTIMATES);
  const ms: number[] = [];
  let refused = 0;
  for (const e of picked) {
    const r = await value(Number(e.id));
    ms.push(r.ms);
    if (r.outcome === 'refused') refused++;
  }
  const q = quantiles(ms);
  const out = {
    benchmark: 'one valuation in-process (estimate/value service, city cache warm, random homes of random estates)',
    measuredAt: new Date().toISOString(),
    machine: measured,
    database: databaseUrl ? 'postgres' : 'pglite',
    estates: estates.length,
    refused,
    estimateMs: { ...q, target: { p99: TARGET_P99_MS }, meetsTarget: q.p99 <= TARGET_P99_MS },
    cityLoadMs: quantiles(cityLoadMs),
  };
  const path = arg('--out') ?? join(root, 'bench', 'results', 'valuation-estimate.json');
  writeFileSync(path, `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify(out.estimateMs), 'city load', JSON.stringify(out.cityLoadMs), 'refused', refused);
} finally {
  await database.close();
}
