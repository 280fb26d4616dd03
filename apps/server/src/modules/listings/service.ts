// 在售二手房 and 房源详情: the header of a scope (an estate or a city), its filtered listings, and one listing
// with its estate, price history, latest deals (through the estates service, so presentDealRow applies) and
// similar listings.
import {
  addMonths,
  percentChange,
  type EstatesService,
  type GeoService,
  type ListingMonth,
  type ListingsService,
  type ListingSummary,
  type SearchService,
} from '@fjt/domain';
import type { ListingScope, ListingsRepo } from './repo.ts';

const SIMILAR_SIZE = 5;
const DETAIL_DEALS = 3;

/** Last day of a 'YYYY-MM' month, 'YYYY-MM-DD'. */
function monthEndDay(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

export function createListingsService(
  repo: ListingsRepo,
  geo: GeoService,
  estates: EstatesService,
  search: SearchService,
): ListingsService {
  async function summary(
    scope: ListingScope,
    cityId: number,
    head: Pick<ListingSummary, 'name' | 'estateId' | 'plateName' | 'districtName'>,
  ): Promise<ListingSummary> {
    const latest = await repo.latestMonth(cityId);
    if (!latest) {
      return { ...head, listingAvg: null, onSaleCount: 0, newCount30d: 0, cutCount30d: 0, asOf: null, months: [] };
    }
    const from = addMonths(latest, -11);
    const asOf = monthEndDay(latest);
    const [rows, supply] = await Promise.all([repo.months(scope, from), repo.supply(scope, asOf)]);
    const byMonth = new Map(rows.map((r) => [r.month, r]));
    const months: ListingMonth[] = Array.from({ length: 12 }, (_, i) => {
      const month = addMonths(from, i);
      const row = byMonth.get(month);
      return {
        month,
        listingCount: row?.listingCount ?? 0,
        listingAvg: row?.listingAvg ?? null,
        dealCount: row?.dealCount ?? 0,
        dealAvg: row?.dealAvg ?? null,
      };
    });
    const listingAvg = byMonth.get(latest)?.listingAvg ?? null;
    return { ...head, listingAvg, ...supply, asOf, months };
  }

  return {
    async search(query) {
      const city = await geo.getCity(query.cityId);
      if (!city) return null;
      let scope: ListingScope = { kind: 'city', id: query.cityId };
      let head: Pick<ListingSummary, 'name' | 'estateId' | 'plateName' | 'districtName'> = {
        name: city.name,
        estateId: null,
        plateName: null,
        districtName: null,
      };
      if (query.houseId) {
        const estate = await repo.estate(query.houseId);
        if (!estate || estate.cityId !== query.cityId) return null;
        scope = { kind: 'estate', id: estate.id };
        head = {
          name: estate.name,
          estateId: estate.id,
          plateName: estate.plateName,
          districtName: estate.districtName,
        };
      }
      const matched = query.kw ? ((await search.matchEstateIds(query.cityId, query.kw, 500)) ?? []) : undefined;
      const [page, header] = await Promise.all([repo.page(scope, query, matched), summary(scope, query.cityId, head)]);
      return { total: page.total, page: query.page, size: query.size, list: page.rows, summary: header };
    },

    async detail({ propertyId }) {
      const row = await repo.listing(propertyId);
      if (!row) return null;
      const estate = await repo.estate(row.estateId);
      if (!estate) return null;
      const latest = await repo.latestMonth(row.cityId);
      const [changes, deals, similar, agent, months, supply] = await Promise.all([
        repo.priceChanges(row.id),
        estates.deals({ houseId: row.estateId, page: 1, size: DETAIL_DEALS }),
        repo.similar({ id: row.id, estateId: row.estateId, plateId: row.plateId, area: row.area, size: SIMILAR_SIZE }),
        row.agentId === null ? Promise.resolve(null) : repo.agent(row.agentId),
        latest ? repo.months({ kind: 'estate', id: row.estateId }, latest) : Promise.resolve([]),
        repo.supply({ kind: 'estate', id: row.estateId }, latest ? monthEndDay(latest) : '1900-01-01'),
      ]);
      const listingAvg = months.at(-1)?.listingAvg ?? null;
      const { plateId: _plate, agentId: _agent, ...listing } = row;
      return {
        listing: { ...listing, onSale: row.status === 'on_sale' },
        estate: {
          id: estate.id,
          name: estate.name,
          plateName: estate.plateName,
          districtName: estate.districtName,
          buildYear: estate.buildYear,
          listingAvg,
          onSaleCount: supply.onSaleCount,
        },
        vsEstatePct: percentChange(listingAvg, row.unitPrice),
        priceChanges: changes,
        deals: deals?.list ?? [],
        similar,
        agent,
      };
    },
  };
}
