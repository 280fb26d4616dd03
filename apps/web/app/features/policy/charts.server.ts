// The policy tools' charts, drawn in the loader: the tax answer's lines (buyer and seller side by side) and the
// points result's items.
import type { PointsResult, ResaleTaxResult } from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderBarChart, svgCache } from '../../components/charts/render.server.ts';

const cached = svgCache(500);

const GROUPS = [
  { label: '契税', keys: ['deed'] },
  { label: '增值税及附加', keys: ['vat', 'surcharge'] },
  { label: '个税', keys: ['iit'] },
  { label: '中介费', keys: ['agent'] },
] as const;

/** null when every line is 0 (nothing to draw). */
export function taxChart(result: ResaleTaxResult): string | null {
  if (result.total === 0) return null;
  const sum = (payer: 'buyer' | 'seller', keys: readonly string[]) =>
    result.lines.filter((l) => l.payer === payer && keys.includes(l.key)).reduce((s, l) => s + l.amount, 0);
  const series = [
    { name: '买方（元）', color: CHART_COLORS.bar, values: GROUPS.map((g) => sum('buyer', g.keys)) },
    { name: '卖方（元）', color: CHART_COLORS.plate, values: GROUPS.map((g) => sum('seller', g.keys)) },
  ];
  return cached(JSON.stringify(series), () =>
    renderBarChart({ categories: GROUPS.map((g) => g.label), series, height: 200 }),
  );
}

/** The points per item (社保分 included); null when every item is 0. */
export function pointsChart(result: PointsResult): string | null {
  if (result.score === 0) return null;
  const series = [{ name: '得分', color: CHART_COLORS.bar, values: result.items.map((i) => i.points) }];
  const categories = result.items.map((i) => i.label.replace('5年内购房记录', '5年记录'));
  return cached(JSON.stringify([categories, series]), () => renderBarChart({ categories, series, height: 180 }));
}
