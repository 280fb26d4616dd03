import { asc, schema, type Database } from '@fjt/db';
import type { CitySummary } from '@fjt/domain';

export function createGeoRepo(db: Database) {
  return {
    async listCities(): Promise<CitySummary[]> {
      const { city } = schema;
      return db
        .select({ id: city.id, name: city.name, pinyin: city.pinyin, isHot: city.isHot })
        .from(city)
        .orderBy(asc(city.sortOrder), asc(city.id));
    },
  };
}

export type GeoRepo = ReturnType<typeof createGeoRepo>;
