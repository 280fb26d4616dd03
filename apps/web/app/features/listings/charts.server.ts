// The listing pages' charts as SVG strings, drawn in the loader and kept per input (figures change only when
// data is loaded).
import { formatRate, windowChange, type ListingMonth } from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderBarChart, renderBarLineChart, svgCache } from '../../components/charts/render.server.ts';

const cached = svgCache(1_000);

/** 在售套数 as bars and 挂牌均价 as a line over 12 months, with its one-line takeaway. */
export function supplyChart(months: ListingMonth[]): { svg: string; takeaway: string } | null {
  if (months.every((m) => m.listingCount === 0)) return null;
  const svg = cached(`supply:${JSON.stringify(months)}`, () =>
    renderBarLineChart({
      months: months.map((m) => m.month),
      bars: { name: '挂牌套数', color: CHART_COLORS.barWeak, values: months.map((m) => m.listingCount) },
      line: { name: '挂牌均价', color: CHART_COLORS.estate, values: months.map((m) => m.listingAvg) },
    }),
  );
  const change = windowChange(months.map((m) => m.listingAvg));
  const text = formatRate(change).text.replace(/[↑↓]$/, '');
  return { svg, takeaway: change === null ? '近12个月挂牌均价暂无变化数据' : `近12个月挂牌均价${text}` };
}

/** Counts per category as bars (distributions of the report). */
export function distributionChart(name: string, categories: string[], values: number[]): string | null {
  if (values.every((v) => v === 0)) return null;
  return cached(`dist:${name}:${JSON.stringify([categories, values])}`, () =>
    renderBarChart({ categories, series: [{ name, color: CHART_COLORS.bar, values }] }),
  );
}
