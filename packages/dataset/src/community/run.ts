// The seeded community (issue 17): believable questions, answers, reviews and viewing notes on every estate, so each
// community page has content on a fresh start. Seeded after the market (it reads the estates as stored, so it also
// runs on a database seeded before this existed), each part once: seed_run rows 'community:<part>' mark them.
// Deterministic: every generator draws from its own Rng stream per city, derived from the seed.
//
// Authors are seeded residents: users rows with ids from SEED_USER_ID_BASE and phone `seed:<id>` (not a mobile
// number: no one can sign in as them), with nicknames. A few are 达人 (user_label 1 or 2) who answer for the estates
// of their plate (super_answerer_estate).
//
// Each kind of content is a generator in GENERATORS (qa.ts, reviews.ts, notes.ts): given a city's estates and its
// residents, it returns rows per table; the runner loads them in one transaction.
import { schema, type DatabaseHandle } from '@fjt/db';
import type { PgTable } from 'drizzle-orm/pg-core';
import { BulkLoader } from '../bulk.ts';
import { hash32, Rng } from '../prng.ts';
import { residentsOf, type Resident } from './residents.ts';
import { loadCommunityEstates, type CommunityEstate } from './estates.ts';
import { reviewsGenerator, notesGenerator } from './review-generators.ts';
import { qaGenerator } from './qa.ts';

export const COMMUNITY_DATASET = 'community';
const RESIDENTS = 'residents';

export interface CommunityContext {
  cityId: number;
  /** This generator's own stream: the same rows for the same seed, whatever other generators draw. */
  rng: Rng;
  residents: readonly Resident[];
  /** The city's 达人 among them, and the estates each answers for (by plate). */
  superOf: (estateId: number) => readonly Resident[];
  /** Agents serving an estate (agent_estate), best rated first. */
  agentsOf: (estateId: number) => readonly { id: number; name: string }[];
  /** Seeded content is dated up to this day (the market's last month end, so it never postdates the data). */
  today: Date;
}

export type CommunityRows = ReadonlyArray<readonly [PgTable, readonly Record<string, unknown>[]]>;

export interface CommunityGenerator {
  name: string;
  generate(estates: readonly CommunityEstate[], ctx: CommunityContext): CommunityRows;
}

/** The generators, in load order (qa.ts, reviews.ts, notes.ts add theirs here). */
export const GENERATORS: CommunityGenerator[] = [];
GENERATORS.push(reviewsGenerator, notesGenerator);
GENERATORS.push(qaGenerator);

export interface CommunitySeedResult {
  skipped: boolean;
  rows?: Record<string, number>;
}

export async function seedCommunity(
  handle: DatabaseHandle,
  { seed, log = () => {} }: { seed: number; log?: (line: string) => void },
): Promise<CommunitySeedResult> {
  const { db } = handle;
  // one seed_run row per part (community:residents, community:<generator>): a generator added later still runs on
  // a database seeded before it existed, and nothing runs twice
  const done = new Set(
    (await db.select({ dataset: schema.seedRun.dataset }).from(schema.seedRun)).map((r) => r.dataset),
  );
  const parts = [RESIDENTS, ...GENERATORS.map((g) => g.name)].map((n) => `${COMMUNITY_DATASET}:${n}`);
  const todo = new Set(parts.filter((p) => !done.has(p)));
  if (todo.size === 0) return { skipped: true };
  const started = performance.now();
  const run = async () => {
    const cities = await handle.sql.query<{ city_id: number }>(`SELECT DISTINCT city_id FROM estate ORDER BY city_id`);
    const loader = new BulkLoader(handle);
    for (const { city_id: cityId } of cities) {
      const { estates, agents, today } = await loadCommunityEstates(handle, cityId);
      if (estates.length === 0) continue;
      // the residents are recomputed (deterministic) for every run, and stored by the first
      const { residents, labels, superEstates, superOf } = residentsOf(cityId, estates, seed);
      if (todo.has(`${COMMUNITY_DATASET}:${RESIDENTS}`)) {
        await loader.add(
          schema.users,
          residents.map((r) => r.user),
        );
        await loader.add(schema.userLabel, labels);
        await loader.add(schema.superAnswererEstate, superEstates);
      }
      for (const generator of GENERATORS) {
        if (!todo.has(`${COMMUNITY_DATASET}:${generator.name}`)) continue;
        const ctx: CommunityContext = {
          cityId,
          rng: new Rng(seed ^ hash32(`${generator.name}:${cityId}`)),
          residents,
          superOf,
          agentsOf: (estateId) => agents.get(estateId) ?? [],
          today,
        };
        for (const [table, rows] of generator.generate(estates, ctx)) await loader.add(table, rows as never);
      }
    }
    await loader.flush();
    // ids given explicitly (deterministic) leave the serial sequences behind: move them past the seeded rows
    for (const table of ['question', 'answer', 'review', 'review_reply', 'viewing_note']) {
      await handle.sql.exec(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT COALESCE(MAX(id), 0) FROM ${table}), 1))`,
      );
    }
    for (const dataset of todo) await db.insert(schema.seedRun).values({ dataset, scale: 'estates', seed });
    return loader.stats.rows;
  };
  let rows: Record<string, number>;
  if (handle.driver === 'pglite') {
    await handle.sql.exec('BEGIN');
    try {
      rows = await run();
      await handle.sql.exec('COMMIT');
    } catch (error) {
      await handle.sql.exec('ROLLBACK');
      throw error;
    }
  } else {
    // the loader COPYs through the pool (no one transaction): a failed first seed is cleared instead
    try {
      rows = await run();
    } catch (error) {
      if (todo.size === parts.length) await clearCommunity(handle);
      throw error;
    }
  }
  const total = Object.values(rows).reduce((a, b) => a + b, 0);
  log(`社区内容 ${total} 行 (${[...todo].join(', ')}), ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { skipped: false, rows };
}

/** Removes every seeded row (a seed that failed half-way on PostgreSQL). */
async function clearCommunity(handle: DatabaseHandle): Promise<void> {
  const base = schema.SEED_USER_ID_BASE;
  for (const sql of [
    `DELETE FROM answer WHERE user_id >= ${base} OR question_id IN (SELECT id FROM question WHERE user_id >= ${base})`,
    `DELETE FROM question WHERE user_id >= ${base}`,
    `DELETE FROM review_reply WHERE user_id >= ${base}`,
    `DELETE FROM review WHERE user_id >= ${base}`,
    `DELETE FROM viewing_note WHERE user_id >= ${base} OR author_type = 'agent'`,
    `DELETE FROM review_summary`,
    `DELETE FROM question_route`,
    `DELETE FROM super_answerer_estate WHERE user_id >= ${base}`,
    `DELETE FROM user_label WHERE user_id >= ${base}`,
    `DELETE FROM users WHERE id >= ${base}`,
  ])
    await handle.sql.exec(sql);
}
