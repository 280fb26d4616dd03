// Loads both sides of 小区PK through the estate, deal and rental services (no PK endpoint: each figure is the
// one the estate's own pages show, so the PK agrees with them), and draws the overlaid trend as SVG.
import {
  dealOverviewQuery,
  ellipsis,
  headerChartQuery,
  rentListQuery,
  type HeaderChartBody,
  type Services,
  parseId,
} from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderLineChart } from '../../components/charts/render.server.ts';
import type { PkEstate, PkPick, PkSide, PkSideKey, PkTrend, PkViewData } from './types.ts';

const HOT_PICKS = 8;
/** Legend names are cut so two long names still fit the 343 px chart. */
const LEGEND_CHARS = 8;

export const SIDE_COLORS: Record<PkSideKey, string> = { a: CHART_COLORS.estate, b: CHART_COLORS.plate };

/** A failed block shows '--', never a failed page (spec §8: loaders ignore resultCode ≠ 0). */
const orNull = <T>(promise: Promise<T | null>): Promise<T | null> => promise.catch(() => null);

export interface LoadedSide {
  side: PkSide;
  /** The estate's own series of house/header-chart-plate (12 months). */
  chart: { months: string[]; values: (number | null)[]; change: number | null } | null;
}

const EMPTY: LoadedSide = { side: { status: 'empty' }, chart: null };
const MISSING: LoadedSide = { side: { status: 'missing' }, chart: null };

export async function loadSide(services: Services, cityId: number, raw: string | null): Promise<LoadedSide> {
  if (raw === null || raw.trim() === '') return EMPTY;
  const id = parseId(raw);
  if (id === null) return MISSING;
  const basic = await orNull(services.estates.basicInfo(id));
  if (!basic || basic.cityId !== cityId) return MISSING;
  const [facts, header, deals, rent] = await Promise.all([
    orNull(services.estates.facts(id)),
    orNull(services.estates.headerChart(headerChartQuery.parse({ houseId: id, months: '12' }))),
    orNull(services.deals.overview(dealOverviewQuery.parse({ houseId: id, months: '12' }))),
    orNull(services.rentals.rentList(rentListQuery.parse({ cityId, houseId: id, size: 1 }))),
  ]);
  const estate: PkEstate = {
    id,
    name: basic.name,
    districtName: basic.districtName,
    plateName: basic.plateName,
    month: basic.month,
    listingAvg: basic.listingAvg,
    listingMom: basic.listingMom,
    dealAvg: basic.dealAvg,
    buildYear: facts?.buildYear ?? basic.buildYear,
    propertyFee: facts?.propertyFee ?? null,
    plotRatio: facts?.plotRatio ?? null,
    greeningRate: facts?.greeningRate ?? null,
    householdCount: facts?.householdCount ?? null,
    onSaleCount: basic.onSaleCount,
    dealCount12: deals?.dealCount12 ?? null,
    rentAvg: rent?.summary?.rentAvg ?? null,
    nearestStation: facts?.nearestStation ?? null,
    stationDistanceM: facts?.stationDistanceM ?? null,
  };
  return { side: { status: 'ok', estate }, chart: estateSeries(header) };
}

function estateSeries(body: HeaderChartBody | null): LoadedSide['chart'] {
  const own = body?.series.find((s) => s.level === 'estate');
  if (!body || !own) return null;
  return { months: body.months, values: own.values, change: own.change };
}

/** Both sides' 挂牌均价 on one month axis (the union of their months; the city's, normally the same). */
export function pkTrend(sides: { key: PkSideKey; side: PkSide; chart: LoadedSide['chart'] }[]): PkTrend | null {
  const drawn = sides.flatMap(({ key, side, chart }) =>
    side.status === 'ok' && chart && chart.values.some((v) => v !== null) ? [{ key, estate: side.estate, chart }] : [],
  );
  if (drawn.length === 0) return null;
  const months = [...new Set(drawn.flatMap((d) => d.chart.months))].sort();
  const svg = renderLineChart({
    months,
    series: drawn.map((d) => {
      const byMonth = new Map(d.chart.months.map((m, i) => [m, d.chart.values[i] ?? null]));
      return {
        name: `${d.key.toUpperCase()} ${ellipsis(d.estate.name, LEGEND_CHARS)}`,
        color: SIDE_COLORS[d.key],
        values: months.map((m) => byMonth.get(m) ?? null),
      };
    }),
  });
  return { svg, changes: drawn.map((d) => ({ side: d.key, name: d.estate.name, change: d.chart.change })) };
}

async function hotPicks(services: Services, cityId: number): Promise<PkPick[]> {
  const hot = await orNull(services.search.hot(cityId));
  return (hot?.list ?? [])
    .filter((h) => h.kind === 'estate')
    .slice(0, HOT_PICKS)
    .map((h) => ({ id: h.id, name: h.name, avgPrice: h.avgPrice }));
}

/** The PK of the ids in the URL (?a=&b=); null values are sides not chosen yet. */
export async function loadPk(
  services: Services,
  cityId: number,
  rawA: string | null,
  rawB: string | null,
): Promise<PkViewData> {
  const [a, b] = await Promise.all([loadSide(services, cityId, rawA), loadSide(services, cityId, rawB)]);
  const bothMissing = a.side.status === 'missing' && b.side.status === 'missing';
  const sideA = bothMissing ? EMPTY : a;
  const sideB = bothMissing ? EMPTY : b;
  const needsPick = sideA.side.status !== 'ok' || sideB.side.status !== 'ok';
  return {
    cityId,
    a: sideA.side,
    b: sideB.side,
    bothMissing,
    trend: pkTrend([
      { key: 'a', ...sideA },
      { key: 'b', ...sideB },
    ]),
    hot: needsPick ? await hotPicks(services, cityId) : [],
  };
}
