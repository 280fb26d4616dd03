// 在售二手房 and 房源详情: the header of a scope (an estate or a city), its filtered listings, and one listing
// with its estate, price history, latest deals (through the estates service, so presentDealRow applies) and
// similar listings.
import {
  monthEndDay,
  addMonths,
  percentChange,
  type EstatesService,
  type GeoService,
  type ListingMonth,
  type ListingSearchQuery,
  type ListingsService,
  type ListingSummary,
  type SearchService,
} from '@fjt/domain';
import type { DataClock, ListingScope, ListingsRepo } from './repo.ts';
import { createMemo } from '../../lib/memo.ts';

const SIMILAR_SIZE = 5;
const DETAIL_DEALS = 3;

/** 楼龄 and 新上房源 count from the data's newest month, not the wall clock (a dataset ending mid-2026 stays put). */
function clockOf(latest: string | null): DataClock {
  if (!latest) {
    const today = new Date().toISOString().slice(0, 10);
    return { year: Number(today.slice(0, 4)), asOf: today };
  }
  return { year: Number(latest.slice(0, 4)), asOf: monthEndDay(latest) };
}

const SUMMARY_TTL_MS = 10 * 60_000;

export function createListingsService(
  repo: ListingsRepo,
  geo: GeoService,
  estates: EstatesService,
  search: SearchService,
): ListingsService {
  // The header of a scope changes only when data is loaded (ADR 0005): computed once, not for every page of the
  // list it sits above (a city's supply counts scan its listings).
  const summaries = createMemo<ListingSummary>({ ttlMs: SUMMARY_TTL_MS });
  function summary(
    scope: ListingScope,
    latest: string | null,
    head: Pick<ListingSummary, 'name' | 'estateId' | 'plateName' | 'districtName'>,
  ): Promise<ListingSummary> {
    return summaries.get(`${scope.kind}:${scope.id}:${latest}`, () => computeSummary(scope, latest, head));
  }

  async function computeSummary(
    scope: ListingScope,
    latest: string | null,
    head: Pick<ListingSummary, 'name' | 'estateId' | 'plateName' | 'districtName'>,
  ): Promise<ListingSummary> {
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

  /** The scope a query asks for with its header, or null for an unknown city or an estate of another city. */
  async function scopeOf(query: ListingSearchQuery) {
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
    return { scope, head };
  }

  /** A keyword's estates (undefined without one). */
  async function matchedEstates(query: ListingSearchQuery) {
    return query.kw ? ((await search.matchEstateIds(query.cityId, query.kw, 500)) ?? []) : undefined;
  }

  return {
    async search(query) {
      const found = await scopeOf(query);
      if (!found) return null;
      const [latest, matched] = await Promise.all([repo.latestMonth(query.cityId), matchedEstates(query)]);
      const [page, header] = await Promise.all([
        repo.page(found.scope, query, clockOf(latest), matched),
        summary(found.scope, latest, found.head),
      ]);
      return { total: page.total, page: query.page, size: query.size, list: page.rows, summary: header };
    },

    async count(query) {
      const found = await scopeOf(query);
      if (!found) return null;
      const [latest, matched] = await Promise.all([repo.latestMonth(query.cityId), matchedEstates(query)]);
      return repo.count(found.scope, query, clockOf(latest), matched);
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
