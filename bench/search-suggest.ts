// Suggest lookup in-process (issue 4 target: p99 ≤ 2 ms over every name of the largest city): builds the index
// of the largest city, then times one lookup (all three groups, size 10) for every prefix of every estate name —
// as 汉字, as full pinyin and as initials. Writes bench/results/search-suggest.json.
//   npx tsx bench/search-suggest.ts                    the full-scale dataset's largest city, generated in memory
//   npx tsx bench/search-suggest.ts --data-dir DIR     a seeded PGlite directory (or DATABASE_URL): its largest city
//   … --out FILE                                       write the result elsewhere
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, desc, openDatabase, schema } from '@fjt/db';
import { CITIES, DEFAULT_SEED } from '@fjt/dataset';
// The generator is not part of the dataset package's public surface; the bench reads it directly.
import { cityShare, citiesFor, generateCity, newIdCounters } from '../packages/dataset/src/generate.ts';
import { unitsOf } from '../apps/server/src/modules/search/matcher.ts';
import type { CitySearchRows } from '../apps/server/src/modules/search/repo.ts';
import { createSearchRepo } from '../apps/server/src/modules/search/repo.ts';
import {
  buildCitySearchIndex,
  createSearchService,
  suggestGroups,
  type CitySearchIndex,
} from '../apps/server/src/modules/search/service.ts';

const TARGET_P99_MS = 2;
const SIZE = 10;
const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};

interface Loaded {
  source: string;
  cityId: number;
  cityName: string;
  buildMs: number;
  index: CitySearchIndex;
  names: string[];
}

/** The full-scale generator's largest city, without a database (same seed as `npm run db:seed`). */
function fromGenerator(): Loaded {
  const cities = citiesFor('full', CITIES);
  const city = cities.reduce((a, b) => (cityShare('full', cities, b) > cityShare('full', cities, a) ? b : a));
  console.log(`generating ${city.name} (full scale) …`);
  const data = generateCity('full', cities, city, DEFAULT_SEED, newIdCounters());
  const latest = new Map<string, { month: string; avg: number }>();
  for (const s of data.series) {
    if ((s.level !== 'estate' && s.level !== 'plate') || s.listingAvg == null) continue;
    const key = `${s.level}:${s.targetId}`;
    const seen = latest.get(key);
    if (!seen || seen.month < s.month) latest.set(key, { month: s.month, avg: s.listingAvg });
  }
  const avgOf = (level: string) =>
    new Map([...latest].filter(([k]) => k.startsWith(`${level}:`)).map(([k, v]) => [Number(k.split(':')[1]), v.avg]));
  const lastDeal = data.deals.reduce((m, d) => (d.dealDate > m ? d.dealDate : m), '');
  const cutoff = new Date(`${lastDeal}T00:00:00Z`);
  cutoff.setUTCDate(cutoff.getUTCDate() - 89);
  const since = cutoff.toISOString().slice(0, 10);
  const tally = (ids: number[]) => {
    const m = new Map<number, number>();
    for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
    return m;
  };
  const rows: CitySearchRows = {
    districtNames: new Map(data.districts.map((d) => [d.id, d.name])),
    plates: data.plates.map((p) => ({ id: p.id, name: p.name, districtId: p.districtId })),
    estates: data.estates.map((e) => ({
      id: e.id,
      name: e.name,
      alias: e.alias ?? null,
      districtId: e.districtId,
      plateId: e.plateId,
    })),
    projects: data.projects.map((p) => ({
      id: p.id,
      name: p.name,
      alias: p.alias ?? null,
      districtId: p.districtId,
      plateId: p.plateId,
      avgPrice: p.avgPrice ?? null,
      saleStatus: p.saleStatus,
    })),
    estateAvg: avgOf('estate'),
    plateAvg: avgOf('plate'),
    onSale: tally(data.listings.filter((l) => l.status === 'on_sale').map((l) => l.estateId)),
    recentDeals: tally(data.deals.filter((d) => d.dealDate >= since).map((d) => d.estateId)),
  };
  const t0 = performance.now();
  const index = buildCitySearchIndex(rows);
  return {
    source: 'generator (full scale, in memory)',
    cityId: city.id,
    cityName: city.name,
    buildMs: performance.now() - t0,
    index,
    names: rows.estates.map((e) => e.name),
  };
}

/** A seeded database: its largest city, through the service as the server builds it. */
async function fromDatabase(dataDir: string | undefined, databaseUrl: string | undefined): Promise<Loaded> {
  const handle = await openDatabase({ dataDir, databaseUrl });
  try {
    const [largest] = await handle.db
      .select({ cityId: schema.estate.cityId, n: count() })
      .from(schema.estate)
      .groupBy(schema.estate.cityId)
      .orderBy(desc(count()))
      .limit(1);
    if (!largest) throw new Error('the database has no estates: seed it first (npm run db:seed)');
    const [city] = await handle.sql.query<{ name: string }>('SELECT name FROM city WHERE id = $1', [largest.cityId]);
    const service = createSearchService(createSearchRepo(handle.db));
    const t0 = performance.now();
    const index = await service.cityIndex(largest.cityId);
    const buildMs = performance.now() - t0;
    if (!index) throw new Error(`city ${largest.cityId} vanished`);
    const names = await handle.sql.query<{ name: string }>('SELECT name FROM estate WHERE city_id = $1', [
      largest.cityId,
    ]);
    return {
      source: databaseUrl ? 'postgresql' : `pglite ${dataDir}`,
      cityId: largest.cityId,
      cityName: city?.name ?? String(largest.cityId),
      buildMs,
      index,
      names: names.map((r) => r.name),
    };
  } finally {
    await handle.close();
  }
}

function prefixes(word: string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i <= word.length; i++) out.push(word.slice(0, i).join(''));
  return out;
}

function keywordSets(names: string[]) {
  const han: string[] = [];
  const full: string[] = [];
  const initials: string[] = [];
  for (const name of names) {
    const units = unitsOf(name);
    han.push(...prefixes([...name]));
    // Full pinyin typed letter by letter: every prefix of the joined syllables.
    full.push(...prefixes([...units.map((u) => u.readings[0]!).join('')]));
    initials.push(...prefixes(units.map((u) => u.readings[0]![0]!)));
  }
  return { han, full, initials };
}

const PASSES = 3;

/**
 * Times every keyword PASSES times. On this shared 2-core machine a single pass's tail is mostly the scheduler
 * (other processes preempting us for tens of ms), so the verdict uses each lookup's median over the passes —
 * a lookup counts as slow only when it is slow twice — and the first pass is reported alongside, unfiltered.
 */
function measure(index: CitySearchIndex, keywords: string[]) {
  const runs = Array.from({ length: PASSES }, () => new Float64Array(keywords.length));
  let withResults = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const times = runs[pass]!;
    for (let i = 0; i < keywords.length; i++) {
      const t0 = performance.now();
      const groups = suggestGroups(index, keywords[i]!, SIZE);
      times[i] = performance.now() - t0;
      if (pass === 0 && groups.length > 0) withResults++;
    }
  }
  const medians = new Float64Array(keywords.length);
  for (let i = 0; i < keywords.length; i++) {
    medians[i] = runs.map((r) => r[i]!).sort((a, b) => a - b)[Math.floor(PASSES / 2)]!;
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const stats = (values: Float64Array) => {
    const sorted = Float64Array.from(values).sort();
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
    const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
    return {
      meanMs: round(mean),
      p50Ms: round(q(0.5)),
      p95Ms: round(q(0.95)),
      p99Ms: round(q(0.99)),
      maxMs: round(sorted[sorted.length - 1] ?? 0),
    };
  };
  return { lookups: keywords.length, withResults, ...stats(medians), firstPass: stats(runs[0]!) };
}

const dataDir = arg('--data-dir');
const databaseUrl = process.env.DATABASE_URL || undefined;
const loaded = dataDir || databaseUrl ? await fromDatabase(dataDir, databaseUrl) : fromGenerator();
const sets = keywordSets(loaded.names);
// Warm-up, as a running server is: let the JIT compile every path (汉字, syllables, initials) before timing.
const everyKeyword = [...sets.han, ...sets.full, ...sets.initials];
for (let round = 0; round < 2; round++) for (const kw of everyKeyword) suggestGroups(loaded.index, kw, SIZE);

const byInput = {
  han: measure(loaded.index, sets.han),
  fullPinyin: measure(loaded.index, sets.full),
  initials: measure(loaded.index, sets.initials),
};
const all = measure(loaded.index, everyKeyword);
const result = {
  benchmark: 'search-suggest in-process',
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '', memoryGb: Math.round(totalmem() / 2 ** 30) },
  node: process.version,
  source: loaded.source,
  city: { id: loaded.cityId, name: loaded.cityName },
  entries: {
    estates: loaded.index.groups.estate.size,
    plates: loaded.index.groups.plate.size,
    projects: loaded.index.groups.project.size,
  },
  indexBuildMs: Math.round(loaded.buildMs),
  sizePerGroup: SIZE,
  passes: PASSES,
  statistic: 'per-lookup median over the passes; firstPass: one pass, unfiltered',
  targetP99Ms: TARGET_P99_MS,
  byInput,
  all,
  pass: all.p99Ms <= TARGET_P99_MS,
};
const out = arg('--out') ?? join(here, 'results', 'search-suggest.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
console.log(
  `p99 ${all.p99Ms} ms over ${all.lookups} lookups (target ≤ ${TARGET_P99_MS} ms): ${result.pass ? 'PASS' : 'FAIL'}`,
);
