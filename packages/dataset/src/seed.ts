// Seeds the database once. Later starts see the seed_run row and reuse what is there.
// A seed that died half-way leaves no seed_run row, so the next start clears the market tables and
// begins again.
import { Worker } from 'node:worker_threads';
import cliProgress from 'cli-progress';
import { eq, getTableName, schema, sql, type DatabaseHandle } from '@fjt/db';
import { CITIES, type CitySeed } from './cities.ts';
import { BulkLoader, copyWriter } from './bulk.ts';
import type { WorkerMessage } from './seed-worker.ts';
import { citiesFor, generateCity, newIdCounters, type CityData, type Scale } from './generate.ts';
import { loadNbs } from './nbs.ts';
import { generateOverseas } from './overseas.ts';
import { generateVideos } from './videos.ts';
import { runAlertJob } from './alerts.ts';
import { seedMallProducts } from './mall.ts';
import { refreshEstateStats } from './estate-stats.ts';
import { seedCommunity } from './community/run.ts';

export type { Scale };

export interface SeedOptions {
  scale: Scale;
  seed?: number;
  log?: (line: string) => void;
  /** Show a progress bar (default: when stdout is a TTY). */
  progress?: boolean;
  /** Generate in a worker thread while loading (default: for the full scale). */
  worker?: boolean;
}

export interface SeedResult {
  skipped: boolean;
  contentHash?: string;
  rows?: Record<string, number>;
  ms?: number;
}

const DATASET = 'market';
export const DEFAULT_SEED = 20260622;

/** Tables the seed owns, cleared before a (re)seed. The city table is upserted instead. */
export const MARKET_TABLES = [
  schema.district,
  schema.plate,
  schema.metroLine,
  schema.metroStation,
  schema.estate,
  schema.building,
  schema.listing,
  schema.listingPriceChange,
  schema.deal,
  schema.rental,
  schema.newHouseProject,
  schema.newHouseUnitType,
  schema.agent,
  schema.agentEstate,
  schema.manager,
  schema.managerProject,
  schema.contractor,
  schema.contractorPlate,
  schema.priceSeries,
  schema.nbsPriceIndex,
  schema.overseasProject,
  schema.video,
  schema.estateStats,
] as const;

/** Adds one city's rows to the loader, in a fixed order (the content hash depends on it). */
export async function loadCity(loader: BulkLoader, data: CityData): Promise<void> {
  await loader.add(schema.district, data.districts);
  await loader.add(schema.plate, data.plates);
  await loader.add(schema.metroLine, data.metroLines);
  await loader.add(schema.metroStation, data.metroStations);
  await loader.add(schema.estate, data.estates);
  await loader.add(schema.building, data.buildings);
  await loader.add(schema.agent, data.agents);
  await loader.add(schema.agentEstate, data.agentEstates);
  await loader.add(schema.listing, data.listings);
  await loader.add(schema.listingPriceChange, data.priceChanges);
  // stored estate by estate (ids stay in date order): an estate's deals share a few pages instead of one page each,
  // so its deal list reads a handful of pages on a cold start
  await loader.add(
    schema.deal,
    [...data.deals].sort((a, b) => a.estateId - b.estateId || a.id! - b.id!),
  );
  await loader.add(schema.rental, data.rentals);
  await loader.add(schema.newHouseProject, data.projects);
  await loader.add(schema.newHouseUnitType, data.unitTypes);
  await loader.add(schema.manager, data.managers);
  await loader.add(schema.managerProject, data.managerProjects);
  await loader.add(schema.contractor, data.contractors);
  await loader.add(schema.contractorPlate, data.contractorPlates);
  await loader.add(schema.priceSeries, data.series);
}

function nbsRows(cities: readonly CitySeed[]): (typeof schema.nbsPriceIndex.$inferInsert)[] {
  const byAdcode = new Map(cities.map((c) => [c.adcode, c.id]));
  return loadNbs()
    .filter((r) => byAdcode.has(r.adcode))
    .map((r) => ({
      cityId: byAdcode.get(r.adcode)!,
      month: `${r.month}-01`,
      basis: r.basis,
      newHouseIdx: r.newHouseIdx,
      secondHandIdx: r.secondHandIdx,
    }));
}

/**
 * Generates the whole dataset into `loader` (no database needed when the loader has none): the content
 * hash of a scale and seed.
 */
export async function generateInto(
  loader: BulkLoader,
  scale: Scale,
  seed: number,
  onCity?: (city: CitySeed, data: CityData) => void,
): Promise<void> {
  const cities = citiesFor(scale, CITIES);
  await loader.add(schema.nbsPriceIndex, nbsRows(CITIES));
  const ids = newIdCounters();
  for (const city of cities) {
    const data = generateCity(scale, cities, city, seed, ids);
    await loadCity(loader, data);
    await loader.add(schema.overseasProject, generateOverseas(city, seed));
    await loader.add(schema.video, generateVideos(city, data, seed));
    onCity?.(city, data);
  }
  await loader.flush();
}

export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<SeedResult> {
  const { db } = handle;
  const done = await db.select().from(schema.seedRun).where(eq(schema.seedRun.dataset, DATASET));
  if (done.length > 0) {
    // a database seeded before estate_stats existed (migration 0010) gets its figures now
    await backfillEstateStats(handle, options.log ?? (() => {}));
    // and one seeded before agent.contractor (migration 0013) its contracted house-search agents
    await markContractors(handle);
    // and one seeded before the community existed (issue 17) its questions, reviews and notes
    await seedCommunity(handle, { seed: options.seed ?? DEFAULT_SEED, log: options.log ?? (() => {}) });
    return { skipped: true };
  }
  const log = options.log ?? (() => {});
  const seed = options.seed ?? DEFAULT_SEED;
  const started = performance.now();
  const cities = citiesFor(options.scale, CITIES);

  // Cities: upserted (other tables may refer to them), all 16 whatever the scale.
  for (const [i, c] of CITIES.entries()) {
    const values = {
      id: c.id,
      name: c.name,
      pinyin: c.pinyin,
      adcode: c.adcode,
      province: c.province,
      isHot: c.isHot,
      sortOrder: i,
    };
    await db.insert(schema.city).values(values).onConflictDoUpdate({ target: schema.city.id, set: values });
  }
  const names = MARKET_TABLES.map((t) => getTableName(t));
  const tableList = names.map((n) => `"${n}"`).join(', ');
  // PGlite has one connection, so the whole load is one transaction: indexes and keys are dropped and
  // rebuilt once at the end (much faster than maintaining them row by row), and a crash leaves nothing.
  // On PostgreSQL the rows go in through the pool with the indexes in place.
  const bulk = handle.driver === 'pglite';
  const load = async () => {
    // A previous seed that did not finish: start from empty market tables.
    await db.execute(sql.raw(`TRUNCATE ${tableList}`));
    const rebuild = bulk ? await dropIndexes(handle, names) : [];
    const showBar = options.progress ?? Boolean(process.stdout.isTTY);
    const bar = showBar
      ? new cliProgress.SingleBar(
          {
            format: '初始化数据 [{bar}] {value}/{total} 城市 | {city} | {duration}s',
            hideCursor: true,
            clearOnComplete: false,
          },
          cliProgress.Presets.shades_classic,
        )
      : null;
    bar?.start(cities.length, 0, { city: '' });
    const onCity = (name: string, estates: number, listings: number, deals: number) => {
      bar?.increment({ city: name });
      if (!bar) log(`${name}: ${estates} 小区, ${listings} 挂牌, ${deals} 成交`);
    };
    let generated: { contentHash: string; rows: Record<string, number> };
    if (options.worker ?? options.scale === 'full') {
      const { writeMs, ...rest } = await generateInWorker(handle, options.scale, seed, onCity);
      log(`写入 ${(writeMs / 1000).toFixed(1)} s (load time on this thread)`);
      generated = rest;
    } else {
      const loader = new BulkLoader(handle);
      await generateInto(loader, options.scale, seed, (city, data) =>
        onCity(city.name, data.estates.length, data.listings.length, data.deals.length),
      );
      generated = { contentHash: loader.digest(), rows: loader.stats.rows };
    }
    bar?.stop();
    if (rebuild.length) {
      const t = performance.now();
      await handle.sql.exec(`SET LOCAL maintenance_work_mem = '256MB'`);
      for (const statement of rebuild) await handle.sql.exec(statement);
      log(`索引重建 ${rebuild.length} 个, ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await handle.sql.exec(`ANALYZE ${tableList}`);
    // what each estate page aggregates from the rows, once per city (estate-stats.ts)
    const statsStarted = performance.now();
    let statsRows = 0;
    for (const city of cities) statsRows += await refreshEstateStats((text) => handle.sql.query(text), city.id);
    log(`小区统计 ${statsRows} 个, ${((performance.now() - statsStarted) / 1000).toFixed(1)} s`);
    log(`委托找房顾问 ${await markContractors(handle)} 位`);
    // the report mall and the deal-data packages are made from the rows just loaded
    const products = await seedMallProducts(handle);
    log(`商城商品 ${products} 个`);
    await db
      .insert(schema.seedRun)
      .values({ dataset: DATASET, scale: options.scale, seed, contentHash: generated.contentHash });
    return generated;
  };
  let out: { contentHash: string; rows: Record<string, number> };
  if (bulk) {
    await handle.sql.exec('BEGIN');
    try {
      out = await load();
      await handle.sql.exec('COMMIT');
    } catch (error) {
      await handle.sql.exec('ROLLBACK');
      throw error;
    }
  } else {
    out = await load();
  }
  // A fresh load: the alert job's watermarks move to it (a reseed is not news to subscribers).
  await runAlertJob(handle, { reset: true });
  await seedCommunity(handle, { seed, log });
  const ms = Math.round(performance.now() - started);
  log(`数据初始化 ${options.scale}: ${cities.length} 城市, ${(ms / 1000).toFixed(1)} s`);
  return { skipped: false, ...out, ms };
}

/** Contracted house-search agents (委托找房) per city: its best rated agents. */
export const CONTRACTORS_PER_CITY = 5;

/**
 * Marks each city's CONTRACTORS_PER_CITY best rated agents (ties: most deals, then the lower id) as contracted
 * house-search agents, with a one-line intro, in every city that has none yet. A step after the load rather than
 * part of the generator, so no generated row or figure (nor the content hash) changes. The count marked.
 */
export async function markContractors(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.sql.query<{ id: number }>(
    `UPDATE agent a
        SET contractor = true,
            intro = '签约找房顾问，从业' || a.years || '年：按您的预算和需求筛选房源，陪同看房，协助议价。'
       FROM (SELECT id, row_number() OVER (PARTITION BY city_id ORDER BY rating DESC, deal_count DESC, id) AS n
               FROM agent
              WHERE city_id NOT IN (SELECT city_id FROM agent WHERE contractor)) ranked
      WHERE a.id = ranked.id AND ranked.n <= ${CONTRACTORS_PER_CITY}
      RETURNING a.id`,
  );
  return rows.length;
}

/** Computes estate_stats for every city that has estates but no figures yet, each city in a transaction. */
export async function backfillEstateStats(handle: DatabaseHandle, log: (line: string) => void): Promise<void> {
  const missing = await handle.sql.query<{ cityId: number }>(
    `SELECT DISTINCT e.city_id AS "cityId" FROM estate e
     WHERE NOT EXISTS (SELECT 1 FROM estate_stats s WHERE s.city_id = e.city_id) ORDER BY 1`,
  );
  if (missing.length === 0) return;
  const started = performance.now();
  for (const { cityId } of missing) {
    await handle.db.transaction(async (tx) => {
      await refreshEstateStats(
        async (text) => ((await tx.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows,
        cityId,
      );
    });
  }
  log(`小区统计补算 ${missing.length} 个城市, ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Generates in a worker thread (seed-worker.ts) and loads its chunks here, in order. */
function generateInWorker(
  handle: DatabaseHandle,
  scale: Scale,
  seed: number,
  onCity: (name: string, estates: number, listings: number, deals: number) => void,
): Promise<{ contentHash: string; rows: Record<string, number>; writeMs: number }> {
  const copy = copyWriter(handle);
  let writeMs = 0;
  const write: typeof copy = async (table, columns, data) => {
    const t = performance.now();
    await copy(table, columns, data);
    writeMs += performance.now() - t;
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./seed-worker.mjs', import.meta.url), { workerData: { scale, seed } });
    let chain = Promise.resolve();
    let failed = false;
    let done = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      void worker.terminate();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'chunk') {
        chain = chain.then(() => write(m.table, m.columns, m.bytes)).then(() => worker.postMessage('ack'), fail);
      } else if (m.type === 'city') {
        chain = chain.then(() => onCity(m.name, m.estates, m.listings, m.deals));
      } else {
        chain.then(() => {
          if (failed) return;
          done = true;
          void worker.terminate();
          resolve({ contentHash: m.digest, rows: m.rows, writeMs: Math.round(writeMs) });
        }, fail);
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (code !== 0 && !done) fail(new Error(`seed worker exited with ${code}`));
    });
  });
}

/**
 * Drops the indexes and primary/unique keys of the given tables and returns the statements that rebuild
 * them, read from the catalogue (so they are exactly what the migrations made).
 */
async function dropIndexes(handle: DatabaseHandle, tables: readonly string[]): Promise<string[]> {
  const constraints = await handle.sql.query<{ tbl: string; name: string; def: string }>(
    `SELECT c.relname AS tbl, k.conname AS name, pg_get_constraintdef(k.oid) AS def
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1::text[]) AND k.contype IN ('p', 'u')
     ORDER BY c.relname, k.conname`,
    [tables],
  );
  const indexes = await handle.sql.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conname = i.indexname)
     ORDER BY i.tablename, i.indexname`,
    [tables],
  );
  for (const i of indexes) await handle.sql.exec(`DROP INDEX "${i.name}"`);
  for (const k of constraints) await handle.sql.exec(`ALTER TABLE "${k.tbl}" DROP CONSTRAINT "${k.name}"`);
  return [
    ...constraints.map((k) => `ALTER TABLE "${k.tbl}" ADD CONSTRAINT "${k.name}" ${k.def}`),
    ...indexes.map((i) => i.def),
  ];
}
