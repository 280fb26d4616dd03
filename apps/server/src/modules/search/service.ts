// Suggestions and hot searches per city. The index of a city is built on its first search from the database
// and kept in memory: a cache that can be rebuilt (invalidate) and never the only copy of anything.
import {
  SEARCH_GROUP_TITLES,
  type HotSearch,
  type SearchService,
  type SearchSuggestGroup,
  type SearchSuggestion,
  type SearchTargetKind,
} from '@fjt/domain';
import { SuggestIndex, type SuggestEntry } from './matcher.ts';
import type { CitySearchRows, SearchRepo } from './repo.ts';

type Target = Omit<SearchSuggestion, 'matchedAlias' | 'highlight'>;

export interface CitySearchIndex {
  groups: Record<SearchTargetKind, SuggestIndex<Target>>;
  hot: HotSearch[];
}

export const HOT_SEARCH_SIZE = 10;
const KINDS: readonly SearchTargetKind[] = ['estate', 'plate', 'project'];
const SALE_RANK: Record<string, number> = { 在售: 2, 待售: 1 };

const names = (name: string, alias: string | null) => (alias && alias !== name ? [name, alias] : [name]);
const joinRegion = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' · ');

/** Builds the three indexes and the hot list of a city from its rows (pure; tested through the service). */
export function buildCitySearchIndex(rows: CitySearchRows): CitySearchIndex {
  const plateName = new Map(rows.plates.map((p) => [p.id, p.name]));
  const plateActivity = new Map<number, { onSale: number; deals: number }>();
  const estateEntries: SuggestEntry<Target>[] = rows.estates.map((e) => {
    const onSale = rows.onSale.get(e.id) ?? 0;
    const deals = rows.recentDeals.get(e.id) ?? 0;
    const acc = plateActivity.get(e.plateId) ?? { onSale: 0, deals: 0 };
    acc.onSale += onSale;
    acc.deals += deals;
    plateActivity.set(e.plateId, acc);
    return {
      names: names(e.name, e.alias),
      popularity: onSale + deals,
      value: {
        kind: 'estate',
        id: e.id,
        name: e.name,
        region: joinRegion(rows.districtNames.get(e.districtId), plateName.get(e.plateId)),
        avgPrice: rows.estateAvg.get(e.id) ?? null,
        avgPriceLabel: '挂牌均价',
        onSaleCount: onSale,
        saleStatus: null,
      },
    };
  });
  const plateEntries: SuggestEntry<Target>[] = rows.plates.map((p) => {
    const acc = plateActivity.get(p.id) ?? { onSale: 0, deals: 0 };
    return {
      names: [p.name],
      popularity: acc.onSale + acc.deals,
      value: {
        kind: 'plate',
        id: p.id,
        name: p.name,
        region: rows.districtNames.get(p.districtId) ?? '',
        avgPrice: rows.plateAvg.get(p.id) ?? null,
        avgPriceLabel: '挂牌均价',
        onSaleCount: acc.onSale,
        saleStatus: null,
      },
    };
  });
  const projectEntries: SuggestEntry<Target>[] = rows.projects.map((p) => ({
    names: names(p.name, p.alias),
    popularity: SALE_RANK[p.saleStatus] ?? 0,
    value: {
      kind: 'project',
      id: p.id,
      name: p.name,
      region: joinRegion(rows.districtNames.get(p.districtId), plateName.get(p.plateId)),
      avgPrice: p.avgPrice,
      avgPriceLabel: '参考均价',
      onSaleCount: null,
      saleStatus: p.saleStatus,
    },
  }));

  // 热门搜索: the estates that traded most in the last 90 days of data, then the most listings on sale.
  const hot = rows.estates
    .map((e) => ({ e, deals: rows.recentDeals.get(e.id) ?? 0, onSale: rows.onSale.get(e.id) ?? 0 }))
    .filter((x) => x.deals + x.onSale > 0)
    .sort((a, b) => b.deals - a.deals || b.onSale - a.onSale || a.e.id - b.e.id)
    .slice(0, HOT_SEARCH_SIZE)
    .map(({ e, deals }): HotSearch => ({
      kind: 'estate',
      id: e.id,
      name: e.name,
      avgPrice: rows.estateAvg.get(e.id) ?? null,
      recentDeals: deals,
    }));

  return {
    groups: {
      estate: new SuggestIndex(estateEntries),
      plate: new SuggestIndex(plateEntries),
      project: new SuggestIndex(projectEntries),
    },
    hot,
  };
}

export function suggestGroups(index: CitySearchIndex, kw: string, size: number): SearchSuggestGroup[] {
  const groups: SearchSuggestGroup[] = [];
  for (const kind of KINDS) {
    const { total, hits } = index.groups[kind].search(kw, size);
    if (total === 0) continue;
    groups.push({
      kind,
      title: SEARCH_GROUP_TITLES[kind],
      total,
      list: hits.map((h) => ({ ...h.value, matchedAlias: h.matchedAlias, highlight: h.highlight })),
    });
  }
  return groups;
}

export interface SearchServiceOptions {
  /**
   * After this long an index is rebuilt in the background while the old one keeps answering, so 热门搜索 and
   * the ranking follow new deals and listings (and a CSV import) without a restart.
   */
  maxAgeMs?: number;
  now?: () => number;
}

export const SEARCH_INDEX_MAX_AGE_MS = 30 * 60_000;

interface Cached {
  index: Promise<CitySearchIndex | null>;
  builtAt: number;
  refreshing: boolean;
}

export function createSearchService(
  repo: SearchRepo,
  { maxAgeMs = SEARCH_INDEX_MAX_AGE_MS, now = Date.now }: SearchServiceOptions = {},
): SearchService & {
  /** The index of a city, built on first use; null for an unknown city. */
  cityIndex(cityId: number): Promise<CitySearchIndex | null>;
  /** Drops cached indexes (after a re-seed or an import), all of them or those of some cities. */
  invalidate(cityIds?: number | readonly number[]): void;
} {
  const cache = new Map<number, Cached>();

  const build = async (cityId: number) =>
    (await repo.cityExists(cityId)) ? buildCitySearchIndex(await repo.loadCity(cityId)) : null;

  function cityIndex(cityId: number): Promise<CitySearchIndex | null> {
    const cached = cache.get(cityId);
    if (!cached) {
      const entry: Cached = { index: build(cityId), builtAt: now(), refreshing: false };
      cache.set(cityId, entry);
      // Unknown cities and failed builds are not kept: the next request asks again.
      entry.index.then(
        (index) => {
          if (!index && cache.get(cityId) === entry) cache.delete(cityId);
        },
        () => {
          if (cache.get(cityId) === entry) cache.delete(cityId);
        },
      );
      return entry.index;
    }
    if (!cached.refreshing && now() - cached.builtAt > maxAgeMs) {
      cached.refreshing = true;
      const startedAt = now();
      build(cityId).then(
        (index) => {
          if (cache.get(cityId) !== cached) return; // invalidated meanwhile
          if (index) cache.set(cityId, { index: Promise.resolve(index), builtAt: startedAt, refreshing: false });
          else cache.delete(cityId);
        },
        () => {
          cached.refreshing = false; // keep serving the old index; try again on a later request
        },
      );
    }
    return cached.index;
  }

  return {
    cityIndex,
    async suggest({ cityId, kw, size }) {
      const index = await cityIndex(cityId);
      return index ? { kw, groups: suggestGroups(index, kw, size) } : null;
    },
    async hot(cityId) {
      const index = await cityIndex(cityId);
      return index ? { list: index.hot } : null;
    },
    async matchEstateIds(cityId, kw, limit) {
      const index = await cityIndex(cityId);
      return index ? index.groups.estate.search(kw, limit).hits.map((h) => h.value.id) : null;
    },
    invalidate(cityIds) {
      if (cityIds === undefined) cache.clear();
      else for (const cityId of typeof cityIds === 'number' ? [cityIds] : cityIds) cache.delete(cityId);
    },
  };
}
