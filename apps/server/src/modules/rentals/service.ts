// Rentals of an estate with its rent level (租金均价, MoM, 租售比), or the city's rental search. onRent() is the
// one definition of 在租 and 租金均价 now; the estate page and its data note read it through this service.
import {
  addMonths,
  monthWindow,
  percentChange,
  type GeoService,
  type OnRentNow,
  type RentListBody,
  type RentSummary,
  type RentalsService,
  type SearchService,
} from '@fjt/domain';
import type { RentalsRepo } from './repo.ts';

const TREND_MONTHS = 12;

export function createRentalsService(repo: RentalsRepo, geo: GeoService, search: SearchService): RentalsService {
  const onRent = (estateId: number): Promise<OnRentNow> => repo.onRent(estateId);

  async function summary(estate: {
    id: number;
    cityId: number;
    name: string;
    plateName: string | null;
  }): Promise<RentSummary> {
    const [latest, now] = await Promise.all([repo.latestMonth(estate.cityId), onRent(estate.id)]);
    const window = latest ? monthWindow(latest, TREND_MONTHS) : [];
    const rows = latest ? await repo.rentMonths(estate.id, addMonths(latest, -TREND_MONTHS)) : [];
    const byMonth = new Map(rows.map((r) => [r.month, r]));
    const rentOf = (month: string | null) => {
      const v = month ? byMonth.get(month)?.rentAvg : null;
      return v === null || v === undefined ? null : Number(v);
    };
    // 租金均价 is the rentals on offer now: none on offer is '--', never an older month's figure.
    const rentAvg = now.rentAvg;
    const listingAvg = latest ? (byMonth.get(latest)?.listingAvg ?? null) : null;
    return {
      estateId: estate.id,
      estateName: estate.name,
      plateName: estate.plateName,
      month: latest,
      rentAvgMonthly: now.avgMonthly,
      rentAvg,
      rentMom: percentChange(rentOf(latest ? addMonths(latest, -1) : null), rentAvg),
      // 租售比 1:N: how many months of rent pay for the home at the listing average.
      rentToPrice: rentAvg && listingAvg ? Math.round(listingAvg / rentAvg) : null,
      onRentCount: now.count,
      trend: window.map((month) => ({ month, rentAvg: month === latest ? rentAvg : rentOf(month) })),
    };
  }

  return {
    onRent,

    async rentList(query): Promise<RentListBody | null> {
      if (!(await geo.getCity(query.cityId))) return null;
      const estate = query.houseId ? await repo.estate(query.cityId, query.houseId) : null;
      if (query.houseId && !estate) return null;
      const matched = query.kw ? ((await search.matchEstateIds(query.cityId, query.kw, 500)) ?? []) : undefined;
      const [page, head] = await Promise.all([
        repo.page(query, matched),
        estate ? summary({ ...estate, cityId: query.cityId }) : Promise.resolve(null),
      ]);
      return { total: page.total, page: query.page, size: query.size, list: page.rows, summary: head };
    },
  };
}
