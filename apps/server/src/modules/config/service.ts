// Filter configuration per city and the scenario landings built on it, cached: the bands and the counts move
// only when listings are reloaded (invalidate() after an import).
import {
  SCENES,
  SCENE_CODES,
  buildComplexCondition,
  listingSearchQuery,
  presetFilters,
  scenePresets,
  type ComplexCondition,
  type ConfigService,
  type GeoService,
  type ListingsService,
  type SceneListBody,
} from '@fjt/domain';
import type { ConfigRepo } from './repo.ts';

export function createConfigService(
  repo: ConfigRepo,
  geo: GeoService,
  listings: Pick<ListingsService, 'count'>,
): ConfigService & { invalidate(cityIds?: readonly number[]): void } {
  const conditions = new Map<number, Promise<ComplexCondition>>();
  const sceneLists = new Map<number, Promise<SceneListBody>>();

  /** Caches a city's answer; a failed one is dropped so the next request tries again. */
  function cached<T>(cache: Map<number, Promise<T>>, cityId: number, load: () => Promise<T>): Promise<T> {
    let entry = cache.get(cityId);
    if (!entry) {
      entry = load();
      cache.set(cityId, entry);
      entry.catch(() => cache.delete(cityId));
    }
    return entry;
  }

  const condition = (cityId: number) =>
    cached(conditions, cityId, () => repo.listingPriceQuantiles(cityId).then(buildComplexCondition));

  async function loadScenes(cityId: number, cityName: string): Promise<SceneListBody> {
    const groups = await condition(cityId);
    const scenes = await Promise.all(
      SCENE_CODES.map(async (code) => {
        const presets = scenePresets(code, groups);
        const count = await listings.count(listingSearchQuery.parse({ cityId, ...presetFilters(presets) }));
        return { code, ...SCENES[code], presets, count: count ?? 0 };
      }),
    );
    return { cityId, cityName, scenes };
  }

  return {
    async complexCondition(cityId) {
      if (!(await geo.getCity(cityId))) return null;
      return condition(cityId);
    },
    async sceneList(cityId) {
      const city = await geo.getCity(cityId);
      if (!city) return null;
      return cached(sceneLists, cityId, () => loadScenes(cityId, city.name));
    },
    invalidate(cityIds) {
      for (const cache of [conditions, sceneLists] as Map<number, unknown>[]) {
        if (!cityIds) cache.clear();
        else for (const cityId of cityIds) cache.delete(cityId);
      }
    },
  };
}
