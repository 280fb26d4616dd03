// Rentals of an estate with its rent level (租金均价, MoM, 租售比), or the city's rental search.
import {
  percentChange,
  type GeoService,
  type RentListBody,
  type RentSummary,
  type RentalsService,
  type SearchService,
} from '@fjt/domain';
import type { RentalsRepo } from './repo.ts';

export function createRentalsService(repo: RentalsRepo, geo: GeoService, search: SearchService): RentalsService {
  async function summary(estate: { id: number; name: string; plateName: string | null }): Promise<RentSummary> {
    const [months, stats] = await Promise.all([repo.estateMonths(estate.id), repo.onRentStats(estate.id)]);
    const withRent = months.filter((m) => m.rentAvg !== null);
    const latest = withRent[0];
    const previous = withRent[1];
    const rentAvg = latest?.rentAvg === undefined || latest.rentAvg === null ? null : Number(latest.rentAvg);
    const listingAvg = months.find((m) => m.month === latest?.month)?.listingAvg ?? months[0]?.listingAvg ?? null;
    return {
      estateId: estate.id,
      estateName: estate.name,
      plateName: estate.plateName,
      month: latest?.month ?? null,
      rentAvgMonthly: stats.avgMonthly,
      rentAvg,
      rentMom: percentChange(previous?.rentAvg === undefined ? null : Number(previous.rentAvg), rentAvg),
      // 租售比 1:N: how many months of rent pay for the home at the listing average.
      rentToPrice: rentAvg && listingAvg ? Math.round(listingAvg / rentAvg) : null,
      onRentCount: stats.count,
      trend: months
        .slice(0, 12)
        .reverse()
        .map((m) => ({ month: m.month, rentAvg: m.rentAvg === null ? null : Number(m.rentAvg) })),
    };
  }

  return {
    async rentList(query): Promise<RentListBody | null> {
      if (!(await geo.getCity(query.cityId))) return null;
      const estate = query.houseId ? await repo.estate(query.cityId, query.houseId) : null;
      if (query.houseId && !estate) return null;
      const matched = query.kw ? ((await search.matchEstateIds(query.cityId, query.kw, 500)) ?? []) : undefined;
      const [page, head] = await Promise.all([
        repo.page(query, matched),
        estate ? summary(estate) : Promise.resolve(null),
      ]);
      return { total: page.total, page: query.page, size: query.size, list: page.rows, summary: head };
    },
  };
}
