// Cities change only when the dataset is reloaded, so they are cached in memory (a cache that can be rebuilt).
import type { CitySummary, GeoService } from '@fjt/domain';
import type { GeoRepo } from './repo.ts';

export function createGeoService(repo: GeoRepo): GeoService & { invalidate(): void } {
  let cities: Promise<Map<number, CitySummary>> | null = null;
  const load = () => {
    cities ??= repo.listCities().then((rows) => new Map(rows.map((c) => [c.id, c])));
    cities.catch(() => {
      cities = null; // a failed load is retried by the next request
    });
    return cities;
  };
  return {
    async listCities() {
      return [...(await load()).values()];
    },
    async getCity(id) {
      return (await load()).get(id) ?? null;
    },
    invalidate() {
      cities = null;
    },
  };
}
