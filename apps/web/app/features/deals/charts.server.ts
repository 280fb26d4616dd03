// The deal history's monthly chart as SVG, drawn in the loader: bars for the month's deals, a line for
// their 成交均价. Drawings are kept per input in a small in-process cache.
import type { DealOverviewBody } from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderBarLineChart } from '../../components/charts/render.server.ts';
import type { DealChart } from './types.ts';

const CACHE_LIMIT = 2_000;
const cache = new Map<string, string>();

export function dealChart(body: DealOverviewBody): DealChart | null {
  if (body.trend.every((m) => m.dealCount === 0)) return null;
  const key = JSON.stringify(body.trend);
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = renderBarLineChart({
      months: body.trend.map((m) => m.month),
      bars: { name: '成交套数', color: CHART_COLORS.barWeak, values: body.trend.map((m) => m.dealCount) },
      line: { name: '成交均价', color: CHART_COLORS.estate, values: body.trend.map((m) => m.dealAvg) },
    });
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
    cache.set(key, svg);
  }
  return { months: body.trend.length, svg };
}
