// Plates (plate/list, plate/detail), monthly price-index series and the map search's bubbles. The month is the
// city's newest published one everywhere, so the same plate shows the same 挂牌均价 on every page.
import {
  AREA_BANDS,
  MIN_LISTING_SAMPLE,
  ROOM_LABELS,
  TOTAL_PRICE_BANDS,
  addMonths,
  monthWindow,
  percentChange,
  previousMonthStart,
  type DistributionRow,
  type EstateListService,
  type GeoService,
  type MapBubblesBody,
  type MarketService,
  type PlateDetailBody,
  type PlatesService,
} from '@fjt/domain';
import type { EstateFilter, PlatesRepo, SeriesSqlRow } from './repo.ts';

const TOP_ESTATES = 5;

export function createPlatesService(
  repo: PlatesRepo,
  geo: GeoService,
  estateList: EstateListService,
  market: Pick<MarketService, 'rankList'>,
): PlatesService {
  /** The city's newest month and the one before, as 'YYYY-MM-01'. */
  async function months(cityId: number) {
    const month = await repo.latestMonth(cityId);
    return month ? { month, previousMonth: previousMonthStart(month) } : null;
  }

  async function plateDetail(plateId: number): Promise<PlateDetailBody | null> {
    const plate = await repo.plate(plateId);
    if (!plate) return null;
    const city = await geo.getCity(plate.cityId);
    if (!city) return null;
    const latest = await repo.latestMonth(plate.cityId);
    const month = latest?.slice(0, 7) ?? null;
    const [series, supply, shapes, [top, estates], projects] = await Promise.all([
      month ? repo.series('plate', plateId, `${addMonths(month, -12)}-01`, `${month}-01`) : Promise.resolve([]),
      latest ? repo.supply(plateId, latest) : Promise.resolve(null),
      repo.onSaleShapes(plateId),
      Promise.all([
        // 领涨小区 is the plate's slice of the estate 涨幅榜: rises only, on the ranking's minimum sample.
        market.rankList({ cityId: plate.cityId, plateId, rank: 'rise', type: 'estate', size: TOP_ESTATES }),
        estateList.estateList({
          cityId: plate.cityId,
          plateId,
          smartOrder: 'default',
          page: 1,
          size: 1,
          singlePrice: undefined,
          homeAge: undefined,
        }),
      ]),
      repo.newProjects(plateId),
    ]);
    const byMonth = new Map(series.map((r) => [r.month, r]));
    const now = month ? byMonth.get(month) : undefined;
    const prev = month ? byMonth.get(addMonths(month, -1)) : undefined;
    const yearAgo = month ? byMonth.get(addMonths(month, -12)) : undefined;
    const share = (n: number) => (supply && supply.onSale > 0 ? Math.round((n / supply.onSale) * 1000) / 10 : null);
    return {
      ...plate,
      cityName: city.name,
      month,
      listingAvg: now?.listingAvg ?? null,
      listingMom: percentChange(prev?.listingAvg, now?.listingAvg),
      listingYoy: percentChange(yearAgo?.listingAvg, now?.listingAvg),
      dealAvg: now?.dealAvg ?? null,
      dealMom: percentChange(prev?.dealAvg, now?.dealAvg),
      dealYoy: percentChange(yearAgo?.dealAvg, now?.dealAvg),
      supply: {
        listingCount: now?.listingCount ?? 0,
        newListings: supply?.newListings ?? 0,
        dealCount: now?.dealCount ?? 0,
        cycleDays: supply?.cycleDays ?? null,
        raisedPct: share(supply?.raised ?? 0),
        cutPct: share(supply?.cut ?? 0),
      },
      priceBands: distribution(
        TOTAL_PRICE_BANDS,
        shapes.map((s) => s.totalPrice / 10_000),
      ),
      areaBands: distribution(
        AREA_BANDS,
        shapes.map((s) => s.area),
      ),
      roomTypes: ROOM_LABELS.map((label, i) => ({
        label,
        count: shapes.filter((s) => Math.min(s.rooms, ROOM_LABELS.length) === i + 1).length,
      })),
      topEstates: (top?.list ?? []).map((e) => ({
        id: e.id,
        name: e.name,
        buildYear: e.buildYear,
        listingAvg: e.listingAvg,
        listingMom: e.listingMom,
        onSaleCount: e.onSaleCount,
      })),
      topEstatesMinSample: top?.minSample ?? MIN_LISTING_SAMPLE.estate,
      estateCount: estates?.total ?? 0,
      newProjects: projects,
    };
  }

  return {
    async plateList(query) {
      if (!(await geo.getCity(query.cityId))) return null;
      if (query.districtId) {
        const district = await repo.district(query.districtId);
        if (!district || district.cityId !== query.cityId) return null;
      }
      const [districts, m] = await Promise.all([repo.districts(query.cityId), months(query.cityId)]);
      if (!m) return { month: null, districts, list: [] };
      const list = await repo.plates({ ...query, ...m, order: query.sort });
      return { month: m.month.slice(0, 7), districts, list };
    },

    plateDetail,

    async priceIndexSeries(query) {
      let cityId: number;
      let name: string;
      if (query.level === 'city') {
        const city = await geo.getCity(query.id);
        if (!city) return null;
        ({ id: cityId, name } = city);
      } else {
        const target = query.level === 'plate' ? await repo.plate(query.id) : await repo.district(query.id);
        if (!target) return null;
        ({ cityId, name } = target);
      }
      const latest = await repo.latestMonth(cityId);
      if (!latest) return { level: query.level, id: query.id, name, points: [] };
      const window = monthWindow(latest.slice(0, 7), query.months);
      const rows = await repo.series(query.level, query.id, `${window[0]}-01`, latest);
      const byMonth = new Map<string, SeriesSqlRow>(rows.map((r) => [r.month, r]));
      return {
        level: query.level,
        id: query.id,
        name,
        points: window.map((month) => {
          const r = byMonth.get(month);
          return {
            month,
            listingAvg: r?.listingAvg ?? null,
            dealAvg: r?.dealAvg ?? null,
            listingCount: r?.listingCount ?? 0,
            dealCount: r?.dealCount ?? 0,
          };
        }),
      };
    },

    async mapBubbles(query): Promise<MapBubblesBody | null> {
      if (!(await geo.getCity(query.cityId))) return null;
      let parent: MapBubblesBody['parent'] = null;
      if (query.level === 'plate') {
        const district = await repo.district(query.parentId!);
        if (!district || district.cityId !== query.cityId) return null;
        parent = {
          level: 'district',
          id: district.id,
          name: district.name,
          districtId: district.id,
          districtName: district.name,
        };
      } else if (query.level === 'estate') {
        const plate = await repo.plate(query.parentId!);
        if (!plate || plate.cityId !== query.cityId) return null;
        parent = {
          level: 'plate',
          id: plate.id,
          name: plate.name,
          districtId: plate.districtId,
          districtName: plate.districtName,
        };
      }
      const m = await months(query.cityId);
      const outlines = (await repo.outlines(query.cityId, parent?.districtId)).flatMap((o) =>
        o.boundary ? [{ id: o.id, name: o.name, boundary: o.boundary }] : [],
      );
      if (!m) return { month: null, level: query.level, parent, outlines, list: [] };
      // 楼龄 counts from the data's own year, as estate/list does.
      const year = Number(m.month.slice(0, 4));
      const filter: EstateFilter = {
        minPrice: query.singlePrice?.min,
        maxPrice: query.singlePrice?.max,
        maxYear: query.homeAge?.min != null ? year - query.homeAge.min : null,
        minYear: query.homeAge?.max != null ? year - query.homeAge.max : null,
      };
      const list =
        query.level === 'estate'
          ? await repo.estateBubbles({ plateId: parent!.id, ...m, filter })
          : await repo.areaBubbles({ level: query.level, cityId: query.cityId, districtId: parent?.id, ...m, filter });
      return { month: m.month.slice(0, 7), level: query.level, parent, outlines, list };
    },
  };
}

/** How many values fall into each [min, max) band. */
function distribution(
  bands: readonly { min: number; max: number | null; label: string }[],
  values: number[],
): DistributionRow[] {
  return bands.map((b) => ({
    label: b.label,
    count: values.filter((v) => v >= b.min && (b.max === null || v < b.max)).length,
  }));
}
