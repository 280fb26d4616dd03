// The plate page's charts as SVG strings, drawn in the loader: 挂牌均价 of the plate against its district and
// city (12 or 36 months), and the listings on sale by 总价, 面积 and 户型. Drawings are cached per input.
import {
  formatRate,
  percentChange,
  type DistributionRow,
  type PriceIndexSeriesBody,
  type RateTrend,
} from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderBarChart, renderLineChart, svgCache } from '../../components/charts/render.server.ts';

export interface PlateTrendChart {
  months: number;
  svg: string;
  takeaway: string;
  trend: RateTrend;
}

const cached = svgCache(1_000);

const LEVEL_COLORS = { plate: CHART_COLORS.estate, district: CHART_COLORS.plate, city: CHART_COLORS.district };

/**
 * The plate (brand colour) against its district and city. The takeaway is the plate's change against
 * `baseline`, its average `months` months before the newest month, so 近12个月 agrees with 同比.
 */
export function plateTrendChart(
  series: PriceIndexSeriesBody[],
  months: number,
  baseline: number | null,
): PlateTrendChart | null {
  const [plate] = series;
  if (!plate || plate.points.every((p) => p.listingAvg === null)) return null;
  const svg = cached(`trend:${JSON.stringify(series)}`, () =>
    renderLineChart({
      months: plate.points.map((p) => p.month),
      series: series.map((s) => ({
        name: s.name,
        color: LEVEL_COLORS[s.level],
        values: s.points.map((p) => p.listingAvg),
      })),
    }),
  );
  const change = percentChange(baseline, plate.points.at(-1)?.listingAvg);
  const rate = formatRate(change);
  return {
    months,
    svg,
    takeaway: `${plate.name}近${months}个月挂牌均价${rate.text.replace(/[↑↓]$/, '')}`,
    trend: rate.trend,
  };
}

/** Listings on sale per band; null when the plate has none. */
export function distributionChart(rows: DistributionRow[]): string | null {
  if (rows.every((r) => r.count === 0)) return null;
  return cached(`bands:${JSON.stringify(rows)}`, () =>
    renderBarChart({
      categories: rows.map((r) => r.label.replace(/万|㎡/g, '')),
      series: [{ name: '在售套数', color: CHART_COLORS.bar, values: rows.map((r) => r.count) }],
      height: 160,
    }),
  );
}
