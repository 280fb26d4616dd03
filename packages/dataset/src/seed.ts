// Seeds the database once. Later starts see the seed_run row and reuse what is there.
import { eq, schema, type DatabaseHandle } from '@fjt/db';
import { CITIES } from './cities.ts';

export type Scale = 'full' | 'small';

export interface SeedOptions {
  scale: Scale;
  seed?: number;
  log?: (line: string) => void;
}

export interface SeedResult {
  skipped: boolean;
}

const DATASET = 'market';
export const DEFAULT_SEED = 20260622;

export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<SeedResult> {
  const { db } = handle;
  const done = await db.select().from(schema.seedRun).where(eq(schema.seedRun.dataset, DATASET));
  if (done.length > 0) return { skipped: true };
  const log = options.log ?? (() => {});
  await db.transaction(async (tx) => {
    await tx.insert(schema.city).values(
      CITIES.map((c, i) => ({
        id: c.id,
        name: c.name,
        pinyin: c.pinyin,
        adcode: c.adcode,
        province: c.province,
        isHot: c.isHot,
        sortOrder: i,
      })),
    );
    log(`城市 ${CITIES.length} 个`);
    await tx.insert(schema.seedRun).values({ dataset: DATASET, scale: options.scale, seed: options.seed ?? DEFAULT_SEED });
  });
  return { skipped: false };
}
