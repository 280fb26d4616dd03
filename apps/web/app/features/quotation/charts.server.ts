// The 行情 detail chart as SVG, drawn in the loader: 挂牌均价 and 成交均价 over 36 months (left axis, 万) with
// the 房东溢价系数 on a right axis, drawn by components/charts like the other charts.
import type { QuotationMonth } from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderTwoAxisLineChart } from '../../components/charts/render.server.ts';

const HEIGHT = 220;
const cache = new Map<string, string>();
const CACHE_LIMIT = 1_000;

function draw(series: QuotationMonth[]): string {
  return renderTwoAxisLineChart({
    labels: series.map((m) => `${m.month.slice(2, 4)}/${m.month.slice(5)}`),
    labelStep: 6,
    height: HEIGHT,
    // One decimal of 万, so steps of 1,000 元/㎡ at least: finer ones would repeat a label.
    left: { format: (v) => `${(v / 10_000).toFixed(1)}万`, minStep: 1_000 },
    right: { format: (v) => v.toFixed(2), minStep: 0.01 },
    series: [
      { name: '挂牌均价', color: CHART_COLORS.estate, values: series.map((m) => m.listingAvg), width: 2 },
      { name: '成交均价', color: CHART_COLORS.plate, values: series.map((m) => m.dealAvg), width: 2 },
      {
        name: '房东溢价系数',
        color: CHART_COLORS.district,
        values: series.map((m) => m.premium),
        width: 1.5,
        right: true,
        dashed: true,
      },
    ],
  });
}

/** The chart's SVG, or null when the area has no averages in the window. */
export function quotationChart(series: QuotationMonth[]): string | null {
  if (series.every((m) => m.listingAvg === null && m.dealAvg === null)) return null;
  const key = JSON.stringify(series);
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = draw(series);
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, svg);
  }
  return svg;
}
