// The deal pages' logic (PAGES.md §3.3): windows of months ending with the city's newest published month,
// the summary of the last 12 months, and the free-row quota. Every row leaves through presentDealRow, masked
// for a non-member unless it is one of its estate's latest DEAL_FREE_ROWS deals (dealMasked).
import {
  monthEndDay,
  DEAL_FREE_ROWS,
  DEAL_RANK_MONTHS,
  DEAL_SEARCH_ROWS_PER_ESTATE,
  percentChange,
  type DealRankMetric,
  type DealRow,
  type DealTimelineEvent,
  type DealViewer,
  type DealsService,
  NON_MEMBER,
  dealsUnlocked,
  type GeoService,
  type SearchService,
} from '@fjt/domain';
import { addMonths, dealMasked, historyPosition, monthOf, monthWindow, presentDealRow } from '../estates/service.ts';
import type { DealSqlRow } from '../estates/repo.ts';
import type { DealsRepo } from './repo.ts';

const SIMILAR_SIZE = 10;
/** Estates a keyword may match, as estate/list's kw. */
const KEYWORD_MATCH_LIMIT = 500;
/** An estate's month average over a single deal says little: estates need two deals to rank on 均价 or 周期. */
const ESTATE_MIN_DEALS = 2;

/** First and last day of the `months` months ending with `latest`. */
function windowDays(latest: string, months: number) {
  return { from: `${addMonths(latest, 1 - months)}-01`, to: monthEndDay(latest) };
}

export { dealMasked };

/**
 * Rows of one estate or several of one city, each masked unless the viewer sees the city's deals (a member, a
 * deal-data permit) or it is one of its estate's latest deals. Such a viewer costs no query; anyone else one (the
 * latest ids of the estates on the page).
 */
async function presentRows<R extends DealSqlRow>(
  repo: DealsRepo,
  rows: R[],
  estateOf: (row: R) => number,
  viewer: DealViewer,
  cityId: number,
): Promise<DealRow[]> {
  if (dealsUnlocked(viewer, cityId) || rows.length === 0) return rows.map((row) => presentDealRow(row, false));
  const latest = await repo.latestDealIds([...new Set(rows.map(estateOf))], DEAL_FREE_ROWS);
  return rows.map((row) =>
    presentDealRow(row, dealMasked(historyPosition(row.id, latest.get(estateOf(row)) ?? []), viewer, cityId)),
  );
}

/** A band in 万 as 元. */
const inYuan = (band: { min: number | null; max: number | null } | undefined) =>
  band && { min: band.min === null ? null : band.min * 10_000, max: band.max === null ? null : band.max * 10_000 };

export function createDealsService(repo: DealsRepo, geo: GeoService, search: SearchService): DealsService {
  return {
    async search(query, viewer = NON_MEMBER) {
      const { cityId, districtId, plateId, kw, roomType, area, price, period, page, size } = query;
      if (!(await geo.getCity(cityId))) return null;
      if (districtId !== undefined && !(await repo.inCity(cityId, 'district', districtId))) return null;
      if (plateId !== undefined && !(await repo.inCity(cityId, 'plate', plateId))) return null;
      let days: { from?: string; to?: string } = {};
      if (period !== undefined) {
        const latest = await repo.latestMonth(cityId);
        if (latest) days = windowDays(latest, period);
      }
      const estateIds = kw ? ((await search.matchEstateIds(cityId, kw, KEYWORD_MATCH_LIMIT)) ?? []) : undefined;
      const filter = {
        cityId,
        districtId,
        plateId,
        estateIds,
        rooms: roomType,
        area,
        totalPrice: inYuan(price),
        ...days,
      };
      const groups = await repo.searchGroups(filter, page, size);
      const found = await repo.searchRows(
        filter,
        groups.map((g) => g.estateId),
        DEAL_SEARCH_ROWS_PER_ESTATE,
      );
      // Not the estate's own history: a row is free only if it is one of the estate's latest deals.
      const presented = await presentRows(repo, found, (r) => r.estateId, viewer, cityId);
      const rows = found.map((r, i) => ({ estateId: r.estateId, row: presented[i]! }));
      return {
        total: groups[0]?.total ?? (page > 1 ? ((await repo.searchGroups(filter, 1, 1))[0]?.total ?? 0) : 0),
        dealTotal: groups[0]?.dealTotal ?? 0,
        page,
        size,
        list: groups.map((g) => ({
          estateId: g.estateId,
          estateName: g.estateName,
          districtName: g.districtName,
          plateName: g.plateName,
          dealCount: g.dealCount,
          dealAvg: g.dealAvg,
          deals: rows.filter((r) => r.estateId === g.estateId).map((r) => r.row),
        })),
      };
    },

    async rank({ cityId, month, metric, level, size }) {
      if (!(await geo.getCity(cityId))) return null;
      const months = await repo.publishedMonths(cityId, DEAL_RANK_MONTHS);
      // A month not (yet) published falls back to the newest one (PAGES.md §3.3).
      const chosen = month && months.includes(month) ? month : (months[0] ?? null);
      if (!chosen) return { month: null, months, metric, level, list: [] };
      const rows = await repo.rank({
        cityId,
        level,
        metric,
        month: windowDays(chosen, 1),
        previous: windowDays(addMonths(chosen, -1), 1),
        minDeals: level === 'estate' && metric !== 'count' ? ESTATE_MIN_DEALS : 1,
        size,
      });
      const figures: Record<DealRankMetric, (r: (typeof rows)[number]) => [number | null, number | null]> = {
        count: (r) => [r.dealCount, r.previousCount],
        avg: (r) => [r.dealAvg, r.previousAvg],
        cycle: (r) => [r.cycleDays, r.previousCycle],
      };
      return {
        month: chosen,
        months,
        metric,
        level,
        list: rows.map((r, i) => {
          const [value, previous] = figures[metric](r);
          return {
            rank: i + 1,
            id: r.id,
            name: r.name,
            parentName: r.parentName,
            dealCount: r.dealCount,
            dealAvg: r.dealAvg,
            cycleDays: r.cycleDays,
            value: value ?? 0,
            mom: percentChange(previous, value),
          };
        }),
      };
    },

    async proFree(estateId) {
      if (!(await repo.estate(estateId))) return null;
      return { houseId: estateId, freeCount: DEAL_FREE_ROWS, dealCount: await repo.dealCount(estateId) };
    },

    async overview({ houseId, months }) {
      const estate = await repo.estate(houseId);
      if (!estate) return null;
      const latest = await repo.latestMonth(estate.cityId);
      const empty = {
        month: latest,
        dealCount12: 0,
        dealAvg: null,
        dealMonth: null,
        dealMom: null,
        avgCycleDays: null,
        avgBargainPct: null,
        trend: [],
      };
      if (!latest) return empty;
      const window = windowDays(latest, months);
      const last12 = windowDays(latest, 12);
      const [rows, averages] = await Promise.all([
        repo.months(houseId, window.from, window.to),
        repo.averages(houseId, last12.from, last12.to),
      ]);
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      const trend = monthWindow(latest, months).map((month) => ({
        month,
        dealCount: byMonth.get(month)?.dealCount ?? 0,
        dealAvg: byMonth.get(month)?.dealAvg ?? null,
      }));
      const recent = trend.slice(-12);
      const lastDeal = [...recent].reverse().find((m) => m.dealAvg !== null);
      const before = lastDeal ? byMonth.get(addMonths(lastDeal.month, -1)) : undefined;
      return {
        ...empty,
        dealCount12: recent.reduce((n, m) => n + m.dealCount, 0),
        dealAvg: lastDeal?.dealAvg ?? null,
        dealMonth: lastDeal?.month ?? null,
        dealMom: percentChange(before?.dealAvg, lastDeal?.dealAvg),
        ...averages,
        trend,
      };
    },

    async history({ houseId, rooms, period, page, size }, viewer = NON_MEMBER) {
      const estate = await repo.estate(houseId);
      if (!estate) return null;
      let days: { from?: string; to?: string } = {};
      if (period !== undefined) {
        const latest = await repo.latestMonth(estate.cityId);
        if (latest) days = windowDays(latest, period);
      }
      const { total, rows } = await repo.historyPage(houseId, { rooms, ...days }, page, size);
      // Unfiltered, a row's position is its place in the pages; filtered (户型, period) it is looked up, so that
      // a filter never frees more than the estate's latest rows.
      const filtered = rooms !== undefined || days.from !== undefined;
      const offset = (page - 1) * size;
      const list = filtered
        ? await presentRows(repo, rows, () => houseId, viewer, estate.cityId)
        : rows.map((row, i) => presentDealRow(row, dealMasked(offset + i, viewer, estate.cityId)));
      return { total, page, size, freeCount: DEAL_FREE_ROWS, list };
    },

    async detail({ dealId }, viewer = NON_MEMBER) {
      const row = await repo.deal(dealId);
      if (!row) return null;
      const estate = await repo.estate(row.estateId);
      if (!estate) return null;
      const [changes, similar] = await Promise.all([
        row.listingId === null ? Promise.resolve([]) : repo.priceChanges(row.listingId),
        repo.similar({
          estateId: row.estateId,
          rooms: row.rooms,
          dealDate: row.dealDate,
          dealId,
          size: SIMILAR_SIZE,
        }),
      ]);
      const [deal] = await presentRows(repo, [row], (r) => r.estateId, viewer, estate.cityId);
      if (!deal) return null;
      // The timeline's prices are the deal's prices, masked with it; and its dates are cut to the month (the
      // listing day and the 成交周期 would give the deal's day).
      const price = (value: number | null) => (deal.masked ? null : value);
      const day = (value: string) => (deal.masked ? monthOf(value) : value);
      const timeline: DealTimelineEvent[] = [];
      if (row.listedAt) {
        timeline.push({
          date: day(row.listedAt),
          kind: 'listed',
          totalPrice: price(row.initialTotalPrice),
          previousTotalPrice: null,
        });
      }
      for (const c of changes) {
        timeline.push({
          date: day(c.changedAt),
          kind: 'priceChange',
          totalPrice: price(c.newTotalPrice),
          previousTotalPrice: price(c.oldTotalPrice),
        });
      }
      timeline.push({ date: deal.dealDate, kind: 'deal', totalPrice: deal.totalPrice, previousTotalPrice: null });
      return {
        deal,
        estate,
        unit: {
          baths: row.baths,
          decoration: row.decoration,
          hasElevator: row.hasElevator,
          buildingName: row.buildingName,
          yearsHeld: row.yearsHeld,
        },
        priceChangeCount: row.priceChangeCount,
        views: row.views,
        followers: row.followers,
        timeline,
        similar: await presentRows(repo, similar, () => row.estateId, viewer, estate.cityId),
      };
    },
  };
}
