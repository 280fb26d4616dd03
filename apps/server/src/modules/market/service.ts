// City overview (home page price card) and rankings, kept for 10 minutes per query: the figures change only
// when data is loaded (invalidate() after an import).
import {
  MIN_LISTING_SAMPLE,
  addMonths,
  formatRate,
  percentChange,
  type CityOverview,
  type GeoService,
  type MarketService,
  type RankListBody,
  type RankListQuery,
} from '@fjt/domain';
import type { MarketRepo } from './repo.ts';
import { createMemo } from '../../lib/memo.ts';

const TREND_MONTHS = 12;
const CACHE_TTL_MS = 10 * 60_000;

export function createMarketService(
  repo: MarketRepo,
  geo: GeoService,
): MarketService & { invalidate(cityIds?: readonly number[]): void } {
  const overviews = createMemo<CityOverview | null>({ ttlMs: CACHE_TTL_MS });
  const ranks = createMemo<RankListBody | null>({ ttlMs: CACHE_TTL_MS });

  async function computeOverview(cityId: number): Promise<CityOverview | null> {
    const city = await geo.getCity(cityId);
    if (!city) return null;
    const months = await repo.cityMonths(cityId, TREND_MONTHS + 1);
    const [latest, previous] = months;
    return {
      cityId,
      cityName: city.name,
      month: latest?.month ?? null,
      listingAvg: latest?.listingAvg ?? null,
      dealAvg: latest?.dealAvg ?? null,
      listingMom: percentChange(previous?.listingAvg, latest?.listingAvg),
      dealMom: percentChange(previous?.dealAvg, latest?.dealAvg),
      premium: latest?.premium ?? null,
      listingCount: latest?.listingCount ?? 0,
      dealCount: latest?.dealCount ?? 0,
      trend: months
        .slice(0, TREND_MONTHS)
        .reverse()
        .map((m) => ({ month: m.month, listingAvg: m.listingAvg, dealAvg: m.dealAvg })),
    };
  }

  /** The city's district and plate ids (geo's cached area tree). */
  async function areaIds(cityId: number): Promise<{ districts: number[]; plates: number[] }> {
    const areas = await geo.areaList({
      cityId,
      withNearAreaOption: false,
      withNearAreaOptionChild: false,
      withUnlimitedPlateOption: false,
      withUnlimitedDistrictOption: false,
    });
    const list = areas?.list ?? [];
    return { districts: list.map((d) => d.id), plates: list.flatMap((d) => (d.children ?? []).map((p) => p.id)) };
  }

  async function computeRank(query: RankListQuery): Promise<RankListBody | null> {
    if (!(await geo.getCity(query.cityId))) return null;
    // A district of another city (or none) is unknown, as on plate/list and estate/list: not an empty ranking.
    if (query.districtId !== undefined || query.plateId !== undefined) {
      const ids = await areaIds(query.cityId);
      if (query.districtId !== undefined && !ids.districts.includes(query.districtId)) return null;
      if (query.plateId !== undefined && !ids.plates.includes(query.plateId)) return null;
    }
    const [latest, previous] = await repo.cityMonths(query.cityId, 2);
    if (!latest) return { month: null, minSample: MIN_LISTING_SAMPLE[query.type], list: [] };
    const quarter = query.period === 'quarter';
    const rows = await repo.rank({
      ...query,
      month: `${latest.month}-01`,
      previousMonth: quarter ? `${addMonths(latest.month, -3)}-01` : `${previous?.month ?? latest.month}-01`,
      dealsFrom: quarter ? `${addMonths(latest.month, -2)}-01` : undefined,
      minSample: MIN_LISTING_SAMPLE[query.type],
    });
    const ranked = rows
      .map((r) => ({
        ...r,
        // The same MoM as every other page; the repo has already left out rows below the minimum sample.
        change: percentChange(r.previousAvg, r.listingAvg),
      }))
      // 涨幅 holds only what reads as a rise, 跌幅 only falls: a change that rounds to 持平 is neither.
      .filter((r) => query.rank !== 'rise' || formatRate(r.change).trend === 'up')
      .filter((r) => query.rank !== 'fall' || formatRate(r.change).trend === 'down');
    return {
      month: latest.month,
      minSample: MIN_LISTING_SAMPLE[query.type],
      list: ranked.map((r, i) => ({
        rank: i + 1,
        id: r.id,
        name: r.name,
        parentName: r.parentName,
        buildYear: r.buildYear,
        listingAvg: r.listingAvg,
        listingMom: r.change,
        onSaleCount: r.listingCount,
        dealCount: r.dealCount,
        value: rankValue(query.rank, r),
      })),
    };
  }

  return {
    cityOverview: (cityId) => overviews.get(String(cityId), () => computeOverview(cityId)),
    // keyed by the city first, so a change of some cities drops theirs (invalidate)
    rankList: (query) => ranks.get(`${query.cityId} ${JSON.stringify(query)}`, () => computeRank(query)),
    invalidate(cityIds) {
      if (!cityIds) {
        overviews.clear();
        ranks.clear();
        return;
      }
      const changed = new Set(cityIds.map(String));
      overviews.deleteWhere((key) => changed.has(key));
      ranks.deleteWhere((key) => changed.has(key.slice(0, key.indexOf(' '))));
    },
  };
}

function rankValue(
  rank: string,
  row: { heat: number | null; change: number | null; listingAvg: number | null; dealCount: number },
) {
  switch (rank) {
    case 'hot':
      return row.heat ?? 0;
    case 'rise':
    case 'fall':
      return row.change;
    case 'price':
      return row.listingAvg;
    default:
      return row.dealCount;
  }
}
