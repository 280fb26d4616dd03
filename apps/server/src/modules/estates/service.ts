// The estate detail page's logic: windows of months, MoM, summary copy, and the one place deal rows are
// presented (presentDealRow) and masked for non-members (dealMasked, PAGES.md §0 VIP mask).
import {
  monthTitle,
  monthEndDay,
  TOTAL_PRICE_BANDS,
  formatMoney,
  formatRate,
  nativeLink,
  percentChange,
  roomLabel,
  type BuildingRow,
  type DealRow,
  type DealViewer,
  type WeekDealRow,
  DEAL_FREE_ROWS,
  dealsUnlocked,
  ESTATE_STATS_LATEST,
  NON_MEMBER,
  type EstatesService,
  type ListingListBody,
  type ListingRow,
  type TrendSeries,
  addMonths,
  monthWindow,
  windowChange,
} from '@fjt/domain';
import type { DealSqlRow, EstateRow, EstateStats, EstatesRepo, ListingFilter, SeriesRow } from './repo.ts';

const RECOMMEND_SIZE = 6;
const DEAL_SOURCE_LABEL: Record<string, string> = { agency: '中介', netsign: '网签' };

// Month helpers live in @fjt/domain; re-exported for the modules that import them from here.
export { addMonths, monthWindow };

/**
 * Whether the deal at `position` (0-based in its estate's whole history, newest first) of a city's estate is shown
 * masked to `viewer`: the estate's latest `freeCount` deals are everyone's, the rest members' and the city's
 * deal-data permit holders' (PAGES.md §0 VIP mask, dealsUnlocked).
 */
export function dealMasked(
  position: number,
  viewer: DealViewer,
  cityId: number,
  freeCount: number = DEAL_FREE_ROWS,
): boolean {
  return !dealsUnlocked(viewer, cityId) && position >= freeCount;
}

/**
 * The position dealMasked needs, for a row of a list that is not the estate's plain history (filtered, searched,
 * a detail, a week): its index among the estate's latest ids (repo latestDealIds), else past them.
 */
export function historyPosition(dealId: number, latestIds: readonly number[]): number {
  const i = latestIds.indexOf(dealId);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

/** 'YYYY-MM-DD' → 'YYYY-MM': what a masked row tells of its date. */
export const monthOf = (day: string) => day.slice(0, 7);

/**
 * How a deal row reaches any client: in full, or masked — 成交价, 单价, 挂牌价 and 议价 null, the date cut to its
 * month (the exact 成交价 and date are members'). The one place deal rows are presented.
 */
export function presentDealRow(row: DealSqlRow, masked = false): DealRow {
  if (masked) {
    const hidden = { totalPrice: null, unitPrice: null, listTotalPrice: null, bargainPct: null, masked: true };
    return { ...presentDealRow(row), ...hidden, dealDate: monthOf(row.dealDate) };
  }
  return {
    id: row.id,
    dealDate: row.dealDate,
    rooms: row.rooms,
    halls: row.halls,
    area: row.area,
    floor: row.floor,
    totalFloors: row.totalFloors,
    orientation: row.orientation,
    totalPrice: row.totalPrice,
    unitPrice: row.unitPrice,
    listTotalPrice: row.listTotalPrice,
    bargainPct: row.bargainPct,
    cycleDays: row.cycleDays,
    source: DEAL_SOURCE_LABEL[row.source] ?? row.source,
    masked: false,
  };
}

/** A deal of an estate's weekly report, under the same mask as presentDealRow. */
export function presentWeekDeal(row: Omit<WeekDealRow, 'masked'>, masked: boolean): WeekDealRow {
  if (!masked) return { ...row, masked: false };
  return { ...row, totalPrice: null, unitPrice: null, date: monthOf(row.date), masked: true };
}

/** Estates kept in memory; rows change only when data is loaded (invalidate() after an import). */
type Layout = { rooms: number; halls: number; baths: number; area: number };

/**
 * The estate's typical unit type per rooms bucket (1–5, 5 = 5室及以上): of its buildings' 户型 with those
 * rooms, the one the most households live in (a building's households split evenly over its 户型); ties keep
 * the first building's.
 */
export function typicalLayouts(buildings: { householdCount: number; layouts: Layout[] }[]): Map<number, Layout> {
  const score = new Map<string, { layout: Layout; households: number }>();
  for (const b of buildings) {
    for (const l of b.layouts) {
      const key = `${l.rooms}-${l.halls}-${l.baths}-${l.area}`;
      const entry = score.get(key) ?? { layout: l, households: 0 };
      entry.households += b.householdCount / b.layouts.length;
      score.set(key, entry);
    }
  }
  const best = new Map<number, { layout: Layout; households: number }>();
  for (const entry of score.values()) {
    const bucket = Math.min(entry.layout.rooms, 5);
    const current = best.get(bucket);
    if (!current || entry.households > current.households) best.set(bucket, entry);
  }
  return new Map([...best].map(([bucket, { layout }]) => [bucket, layout]));
}

const ESTATE_CACHE_LIMIT = 5_000;
/** Plates and districts whose series are kept (a city has a few hundred). */
const AREA_CACHE_LIMIT = 5_000;
/** Months of series kept per target: the widest window an estate answer shows (trendMonths: 12 or 36). */
const SERIES_MONTHS = 36;

/** Whether a kept list (estate_stats keeps ESTATE_STATS_LATEST rows) holds the first `size` rows of the whole list. */
const keptCovers = (kept: readonly unknown[], size: number) => size <= kept.length || kept.length < ESTATE_STATS_LATEST;
const ANSWER_CACHE_LIMIT = 20_000;

/**
 * The estate's counts and breakdowns (在售, 在租, room types, …) come from estate_stats, their one definition (so
 * the estate page, its data note and 租房 — whose onRent reads the same row — agree).
 */
export function createEstatesService(rawRepo: EstatesRepo): EstatesService & { invalidate(): void } {
  const estates = new Map<number, Promise<EstateRow | null>>();
  const stats = new Map<number, Promise<EstateStats | null>>();
  const latestMonths = new Map<number, Promise<string | null>>();
  const estateSeries = new Map<string, Promise<SeriesRow[]>>();
  const areaSeries = new Map<string, Promise<SeriesRow[]>>();
  const remember = <K, V>(map: Map<K, Promise<V>>, key: K, load: () => Promise<V>, limit: number) => {
    let hit = map.get(key);
    if (!hit) {
      if (map.size >= limit) map.delete(map.keys().next().value as K);
      hit = load();
      map.set(key, hit);
      hit.catch(() => map.delete(key)); // a failed load is retried by the next request
    }
    return hit;
  };
  const repo: EstatesRepo = {
    ...rawRepo,
    estate: (id) => remember(estates, id, () => rawRepo.estate(id), ESTATE_CACHE_LIMIT),
    stats: (id) => remember(stats, id, () => rawRepo.stats(id), ESTATE_CACHE_LIMIT),
    latestMonth: (cityId) => remember(latestMonths, cityId, () => rawRepo.latestMonth(cityId), 1_000),
  };

  /**
   * The series rows of `targets` from `fromMonth` on, oldest first. Each target's last SERIES_MONTHS up to `latest`
   * (the widest window an estate answer shows) is read once and remembered: an estate page's four windows cost one
   * query, and a plate's or district's rows are shared by all its estates.
   */
  const seriesSince = async (
    targets: readonly { level: SeriesRow['level']; id: number }[],
    latest: string,
    fromMonth: string,
  ): Promise<SeriesRow[]> => {
    const start = addMonths(latest, -SERIES_MONTHS);
    const lists = await Promise.all(
      targets.map(({ level, id }) =>
        level === 'estate'
          ? remember(estateSeries, `${id}:${latest}`, () => rawRepo.series(level, id, start), ESTATE_CACHE_LIMIT)
          : remember(areaSeries, `${level}:${id}:${latest}`, () => rawRepo.series(level, id, start), AREA_CACHE_LIMIT),
      ),
    );
    return lists
      .flat()
      .filter((r) => r.month >= fromMonth)
      .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  };

  /** The estate and the newest month of its city; null for an unknown estate. */
  const context = async (estateId: number) => {
    const estate = await repo.estate(estateId);
    if (!estate) return null;
    const latest = await repo.latestMonth(estate.cityId);
    return {
      estate,
      latest,
      asOf: latest ? monthEndDay(latest) : null,
    };
  };

  const listingPage = async (estateId: number, filter: ListingFilter, page: number, size: number) => {
    const [estate, kept] = await Promise.all([repo.estate(estateId), repo.stats(estateId)]);
    if (!estate) return null;
    // the newest on-sale listings are kept with the estate's figures: the estate page's list reads no rows
    if (filter.kind === 'all' && kept && page === 1 && keptCovers(kept.latestListings, size)) {
      const list = kept.latestListings.slice(0, size) as ListingRow[];
      return { total: kept.figures.onSaleCount, page, size, list } satisfies ListingListBody;
    }
    const { total, rows } = await repo.listingPage(estateId, filter, page, size);
    return { total, page, size, list: rows as ListingRow[] } satisfies ListingListBody;
  };

  const basicInfo = async (estateId: number) => {
    const ctx = await context(estateId);
    if (!ctx) return null;
    const { estate, latest } = ctx;
    const [rows, kept] = await Promise.all([
      latest ? seriesSince([{ level: 'estate', id: estate.id }], latest, addMonths(latest, -12)) : Promise.resolve([]),
      repo.stats(estate.id),
    ]);
    const figures = kept?.figures;
    const byMonth = new Map(rows.map((r) => [r.month, r]));
    const now = latest ? byMonth.get(latest) : undefined;
    const before = latest ? byMonth.get(addMonths(latest, -1)) : undefined;
    const lastDeal = [...rows].reverse().find((r) => r.dealAvg !== null);
    const beforeDeal = lastDeal ? byMonth.get(addMonths(lastDeal.month, -1)) : undefined;
    return {
      id: estate.id,
      cityId: estate.cityId,
      name: estate.name,
      alias: estate.alias,
      districtId: estate.districtId,
      districtName: estate.districtName,
      plateId: estate.plateId,
      plateName: estate.plateName,
      tags: estate.tags,
      buildYear: estate.buildYear,
      month: latest,
      listingAvg: now?.listingAvg ?? null,
      listingMom: percentChange(before?.listingAvg, now?.listingAvg),
      dealAvg: lastDeal?.dealAvg ?? null,
      dealMonth: lastDeal?.month ?? null,
      dealMom: percentChange(beforeDeal?.dealAvg, lastDeal?.dealAvg),
      premium: now?.premium ?? null,
      onSaleCount: figures?.onSaleCount ?? 0,
      onRentCount: figures?.onRentCount ?? 0,
      lng: estate.lng,
      lat: estate.lat,
    };
  };

  const service: EstatesService = {
    basicInfo,

    async quotations({ houseId, months }) {
      const ctx = await context(houseId);
      if (!ctx) return null;
      if (!ctx.latest) return { months, list: [] };
      const window = monthWindow(ctx.latest, months);
      const rows = await seriesSince([{ level: 'estate', id: houseId }], ctx.latest, window[0]!);
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      return {
        months,
        list: window.map((month) => {
          const r = byMonth.get(month);
          return {
            month,
            listingAvg: r?.listingAvg ?? null,
            listingCount: r?.listingCount ?? 0,
            dealAvg: r?.dealAvg ?? null,
            dealCount: r?.dealCount ?? 0,
            premium: r?.premium ?? null,
          };
        }),
      };
    },

    async facts(estateId) {
      const estate = await repo.estate(estateId);
      if (!estate) return null;
      return factsOf(estate);
    },

    async general(estateId) {
      const info = await basicInfo(estateId);
      if (!info) return null;
      const estate = await repo.estate(estateId);
      if (!estate) return null;
      const parts = [`${info.name}位于${info.districtName}${info.plateName}`];
      if (estate.buildYear) parts.push(`${estate.buildYear}年建成`);
      if (estate.buildingCount && estate.householdCount)
        parts.push(`共${estate.buildingCount}栋${estate.householdCount}户`);
      let summary = parts.join('，');
      if (info.month && info.listingAvg !== null) {
        const rate = formatRate(info.listingMom).text.replace(/[↑↓]$/, '');
        summary += `；${monthTitle(info.month)}挂牌均价${formatMoney(info.listingAvg)}元/㎡，环比${rate}`;
      }
      summary += `，在售${info.onSaleCount}套`;
      if (info.onRentCount > 0) summary += `、在租${info.onRentCount}套`;
      return { summary: `${summary}。` };
    },

    async headerChart({ houseId, months }) {
      const ctx = await context(houseId);
      if (!ctx) return null;
      const { estate, latest } = ctx;
      if (!latest) return { months: [], series: [] };
      const window = monthWindow(latest, months);
      const targets = [
        { level: 'estate' as const, id: estate.id, name: estate.name },
        { level: 'plate' as const, id: estate.plateId, name: estate.plateName },
        { level: 'district' as const, id: estate.districtId, name: estate.districtName },
      ];
      const rows = await seriesSince(targets, latest, window[0]!);
      const key = (r: Pick<SeriesRow, 'level' | 'targetId' | 'month'>) => `${r.level}:${r.targetId}:${r.month}`;
      const byKey = new Map(rows.map((r) => [key(r), r]));
      return {
        months: window,
        series: targets.map<TrendSeries>((t) => {
          const values = window.map(
            (month) => byKey.get(key({ level: t.level, targetId: t.id, month }))?.listingAvg ?? null,
          );
          return { level: t.level, id: t.id, name: t.name, values, change: windowChange(values) };
        }),
      };
    },

    async roomTypeAnalysis(estateId) {
      const ctx = await context(estateId);
      if (!ctx) return null;
      const kept = await repo.stats(estateId);
      const rows = kept?.roomTypes ?? [];
      const layouts = typicalLayouts(kept?.buildings ?? []);
      return {
        onSaleCount: rows.reduce((n, r) => n + r.onSaleCount, 0),
        dealCount: rows.reduce((n, r) => n + r.dealCount, 0),
        list: rows.map((r) => ({
          ...r,
          label: r.rooms >= 5 ? '5室及以上' : roomLabel(r.rooms),
          layout: layouts.get(r.rooms) ?? null,
        })),
      };
    },

    roomTypeListings: ({ houseId, rooms, page, size }) => listingPage(houseId, { kind: 'rooms', rooms }, page, size),

    async totalPriceAnalysis(estateId) {
      const ctx = await context(estateId);
      if (!ctx) return null;
      const kept = await repo.stats(estateId);
      const rows = kept?.priceBands ?? [];
      const avgTotalPrice = kept?.figures.avgTotalOnSale ?? null;
      const byBand = new Map(rows.map((r) => [r.band, r]));
      return {
        onSaleCount: rows.reduce((n, r) => n + r.onSaleCount, 0),
        dealCount: rows.reduce((n, r) => n + r.dealCount, 0),
        avgTotalPrice,
        list: TOTAL_PRICE_BANDS.map((b) => ({
          band: b.band,
          label: b.label,
          onSaleCount: byBand.get(b.band)?.onSaleCount ?? 0,
          dealCount: byBand.get(b.band)?.dealCount ?? 0,
          listingAvg: byBand.get(b.band)?.listingAvg ?? null,
        })),
      };
    },

    totalPriceListings: ({ houseId, band, page, size }) => {
      const b = TOTAL_PRICE_BANDS.find((x) => x.band === band) ?? TOTAL_PRICE_BANDS[0];
      return listingPage(
        houseId,
        { kind: 'totalPrice', min: b.min * 10_000, max: b.max === null ? null : b.max * 10_000 },
        page,
        size,
      );
    },

    async buildingAnalysis(estateId) {
      const ctx = await context(estateId);
      if (!ctx) return null;
      const rows = (await repo.stats(estateId))?.buildings ?? [];
      return {
        list: rows.map<BuildingRow>((b) => ({
          id: b.id,
          name: b.name,
          floors: b.floors,
          elevatorRatio: b.hasElevator
            ? `${b.elevators}梯${b.householdsPerFloor}户`
            : `无电梯·每层${b.householdsPerFloor}户`,
          hasElevator: b.hasElevator,
          householdCount: b.householdCount,
          layouts: b.layouts.map((l) => `${roomLabel(l.rooms, l.halls)} ${Math.round(l.area)}㎡`),
          onSaleCount: b.onSaleCount,
          listingAvg: b.listingAvg,
          dealCount: b.dealCount,
          dealAvg: b.dealAvg,
        })),
      };
    },

    async listingAnalysis(estateId) {
      const ctx = await context(estateId);
      if (!ctx) return null;
      if (!ctx.asOf) {
        return {
          onSaleCount: 0,
          newCount30d: 0,
          cutCount30d: 0,
          medianDaysListed: null,
          avgBargainPct: null,
          avgCycleDays: null,
          asOf: null,
        };
      }
      const row = (await repo.stats(estateId))?.figures;
      return {
        onSaleCount: row?.onSaleCount ?? 0,
        newCount30d: row?.newCount30d ?? 0,
        cutCount30d: row?.cutCount30d ?? 0,
        medianDaysListed: row?.medianDaysListed ?? null,
        avgBargainPct: row?.avgBargainPct ?? null,
        avgCycleDays: row?.avgCycleDays ?? null,
        asOf: ctx.asOf,
      };
    },

    async analysisDataSource(estateId) {
      const ctx = await context(estateId);
      if (!ctx) return null;
      const f = (await repo.stats(estateId))?.figures;
      return {
        asOf: ctx.asOf,
        listingCount: f?.listingCount ?? 0,
        dealCount: f?.dealCount ?? 0,
        agencyDealCount: f?.agencyDealCount ?? 0,
        netsignDealCount: f?.netsignDealCount ?? 0,
        rentalCount: f?.rentalCount ?? 0,
        onSaleCount: f?.onSaleCount ?? 0,
        onRentCount: f?.onRentCount ?? 0,
        notes: [
          '挂牌均价：统计月末在售房源的挂牌单价平均值。',
          '成交均价：统计当月成交房源的成交单价平均值，成交来源包括中介成交与网签备案。',
          '房东溢价系数：本月挂牌均价 ÷ 上月成交均价。',
          '在售、在租：数据截至日仍在挂牌出售、出租的房源；租金均价为在租房源的租金单价平均值。',
          '板块、区县均价与小区使用同一口径计算。',
        ],
      };
    },

    async around({ houseId, size }) {
      const ctx = await context(houseId);
      if (!ctx) return null;
      const rows = ((await repo.stats(houseId))?.around ?? []).slice(0, size);
      return {
        list: rows.map((r) => ({
          id: r.id,
          name: r.name,
          plateName: r.plateName,
          distanceM: r.distanceM,
          buildYear: r.buildYear,
          listingAvg: r.listingAvg,
          listingMom: percentChange(r.previousListingAvg, r.listingAvg),
          onSaleCount: r.onSaleCount,
        })),
      };
    },

    async recommend(estateId) {
      const estate = await repo.estate(estateId);
      if (!estate) return null;
      const rows = await repo.recommend({ ...estate, estateId, size: RECOMMEND_SIZE });
      return {
        estateList: rows.map((r) => ({
          id: r.id,
          cityId: r.cityId,
          houseName: r.name,
          picList: [],
          roomCount: r.rooms,
          livingRoomCount: r.halls,
          area: r.area,
          avgPrice: r.avgPrice,
          totalPriceMillion: r.totalPrice === null ? null : Math.round(r.totalPrice / 10_000),
        })),
      };
    },

    async agents({ cityId, houseId }) {
      const estate = await repo.estate(houseId);
      if (!estate || estate.cityId !== cityId) return null;
      const agents = (await repo.stats(houseId))?.agents ?? [];
      const wechatNo = agents.find((a) => a.wechatNo)?.wechatNo ?? null;
      const h5Path = `/${cityId}/house-detail/${houseId}`;
      return {
        customHouse: {
          mainTitle: '帮我找房',
          subtitle: `${estate.plateName}的经纪人为您推荐${estate.name}及周边房源`,
          appUrl: nativeLink('houseDetail', { cityId, estateId: houseId }),
          h5Url: `${h5Path}/agent-list`,
        },
        consultationTransformation: {
          mainTitle: '咨询小区经纪人',
          subtitle:
            agents.length > 0 ? `${agents.length}位经纪人熟悉${estate.name}` : '暂无经纪人，可留下电话由平台为您安排',
          appUrl: nativeLink('supportChat', { sourceUrl: h5Path }),
          h5Url: `${h5Path}/agent-list`,
          wechatNo,
        },
        agents,
      };
    },

    // The estate's whole history, newest first: a row's position is its place in the page.
    async deals({ houseId, page, size }, viewer: DealViewer = NON_MEMBER) {
      const [estate, kept] = await Promise.all([repo.estate(houseId), repo.stats(houseId)]);
      if (!estate) return null;
      // the newest deals are kept with the estate's figures: the estate page's list reads no rows
      const { total, rows } =
        kept && page === 1 && keptCovers(kept.latestDeals, size)
          ? { total: kept.figures.dealCount, rows: kept.latestDeals.slice(0, size) }
          : await repo.dealPage(houseId, page, size);
      const offset = (page - 1) * size;
      const list = rows.map((row, i) => presentDealRow(row, dealMasked(offset + i, viewer, estate.cityId)));
      return { total, page, size, list };
    },

    listings: ({ houseId, page, size }) => listingPage(houseId, { kind: 'all' }, page, size),
  };

  // Answers are kept per input, like the estates above: the figures change only when data is loaded, and an
  // estate page asks for a dozen of them. Deal rows are left out: they depend on the viewer.
  const answers = new Map<string, Promise<unknown>>();
  const memoized = Object.fromEntries(
    Object.entries(service).map(([name, method]) => {
      const call = method as (input: unknown, ...rest: unknown[]) => Promise<unknown>;
      if (name === 'deals') return [name, call];
      return [
        name,
        (input: unknown) =>
          remember(answers, `${name}:${JSON.stringify(input)}`, () => call(input), ANSWER_CACHE_LIMIT),
      ];
    }),
  ) as unknown as EstatesService;

  return {
    ...memoized,
    invalidate() {
      estates.clear();
      stats.clear();
      latestMonths.clear();
      estateSeries.clear();
      areaSeries.clear();
      answers.clear();
    },
  };
}

function factsOf(estate: EstateRow) {
  return {
    id: estate.id,
    name: estate.name,
    buildYear: estate.buildYear,
    buildingType: estate.buildingType,
    propertyType: estate.propertyType,
    tenureYears: estate.tenureYears,
    buildingCount: estate.buildingCount,
    householdCount: estate.householdCount,
    plotRatio: estate.plotRatio,
    greeningRate: estate.greeningRate,
    propertyFee: estate.propertyFee,
    propertyCompany: estate.propertyCompany,
    developer: estate.developer,
    parkingRatio: estate.parkingRatio,
    nearestStation: estate.nearestStation,
    stationDistanceM: estate.stationDistanceM,
  };
}
