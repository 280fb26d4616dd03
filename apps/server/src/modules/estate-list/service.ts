import {
  previousMonthStart,
  type EstateListBody,
  type EstateListService,
  type GeoService,
  type SearchService,
} from '@fjt/domain';
import type { EstateListRepo } from './repo.ts';

/** More matches than anyone scrolls through; the search ranking decides which. */
const KEYWORD_MATCH_LIMIT = 500;

export function createEstateListService(
  repo: EstateListRepo,
  geo: GeoService,
  search: SearchService,
): EstateListService {
  return {
    async scopeOf(cityId, id) {
      // District ids are 6-digit adcodes and plate ids 9-digit street codes (packages/db schema).
      const level = id >= 100_000_000 ? 'plate' : 'district';
      return (await repo.scope(cityId, level, id)) ? { level, id } : null;
    },

    async estateList(query): Promise<EstateListBody | null> {
      const city = await geo.getCity(query.cityId);
      if (!city) return null;
      let scope: EstateListBody['scope'] = { level: 'city', id: city.id, name: city.name };
      if (query.plateId) {
        const plate = await repo.scope(query.cityId, 'plate', query.plateId);
        if (!plate) return null;
        scope = { level: 'plate', ...plate };
      } else if (query.districtId) {
        const district = await repo.scope(query.cityId, 'district', query.districtId);
        if (!district) return null;
        scope = { level: 'district', ...district };
      }
      const month = await repo.latestEstateMonth(query.cityId);
      // 楼龄 counts from the data's own year, not the wall clock, so a dataset ending mid-2026 stays consistent.
      const currentYear = month ? Number(month.slice(0, 4)) : new Date().getFullYear();
      const matched = query.kw
        ? ((await search.matchEstateIds(query.cityId, query.kw, KEYWORD_MATCH_LIMIT)) ?? [])
        : undefined;
      const { total, rows } = await repo.page(
        query,
        month,
        month ? previousMonthStart(month) : null,
        currentYear,
        matched,
      );
      return { scope, month: month?.slice(0, 7) ?? null, total, page: query.page, size: query.size, list: rows };
    },
  };
}
