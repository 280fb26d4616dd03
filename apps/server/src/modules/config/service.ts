// Filter configuration per city, cached: the bands move only when listings are reloaded.
import { buildComplexCondition, type ComplexCondition, type ConfigService, type GeoService } from '@fjt/domain';
import type { ConfigRepo } from './repo.ts';

export function createConfigService(repo: ConfigRepo, geo: GeoService): ConfigService & { invalidate(): void } {
  const cache = new Map<number, Promise<ComplexCondition>>();
  return {
    async complexCondition(cityId) {
      if (!(await geo.getCity(cityId))) return null;
      let entry = cache.get(cityId);
      if (!entry) {
        entry = repo.listingPriceQuantiles(cityId).then(buildComplexCondition);
        cache.set(cityId, entry);
        entry.catch(() => cache.delete(cityId));
      }
      return entry;
    },
    invalidate() {
      cache.clear();
    },
  };
}
