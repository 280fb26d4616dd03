// The reports' charts as SVG, drawn in the loader: the 12-month trend (the area's 挂牌/成交均价 against its
// parent's 挂牌均价) and the month's deals by 总价段. Drawings are kept per input in a small cache.
import { formatRate, windowChange, type PriceSegment, type ReportTrendPoint } from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderBarChart, renderLineChart, svgCache } from '../../components/charts/render.server.ts';

const cached = svgCache(500);

export interface ReportChart {
  svg: string;
  takeaway: string;
}

/** The trend with a takeaway such as '近12个月挂牌均价下跌3.2%'. */
export function reportTrendChart(
  trend: ReportTrendPoint[],
  name: string,
  parentName: string | null,
): ReportChart | null {
  const values = trend.map((p) => p.listingAvg);
  if (values.every((v) => v === null)) return null;
  const change = windowChange(values);
  const series = [
    { name: `${name}挂牌均价`, color: CHART_COLORS.estate as string, values },
    { name: `${name}成交均价`, color: CHART_COLORS.district, values: trend.map((p) => p.dealAvg) },
  ];
  if (parentName)
    series.push({
      name: `${parentName}挂牌均价`,
      color: CHART_COLORS.plate,
      values: trend.map((p) => p.parentListingAvg),
    });
  const svg = cached(`trend:${name}:${parentName}:${JSON.stringify(trend)}`, () =>
    renderLineChart({ months: trend.map((p) => p.month), series }),
  );
  const takeaway =
    change === null
      ? `近${trend.length}个月挂牌均价暂无变化数据`
      : `近${trend.length}个月挂牌均价${formatRate(change).text.replace(/[↑↓]$/, '')}`;
  return { svg, takeaway };
}

export function segmentChart(segments: PriceSegment[]): ReportChart | null {
  const total = segments.reduce((n, s) => n + s.dealCount, 0);
  if (total === 0) return null;
  const top = segments.reduce((a, b) => (b.dealCount > a.dealCount ? b : a));
  const svg = cached(`segments:${JSON.stringify(segments)}`, () =>
    renderBarChart({
      categories: segments.map((s) => s.label.replace('万', '')),
      series: [{ name: '成交套数', color: CHART_COLORS.bar, values: segments.map((s) => s.dealCount) }],
    }),
  );
  return { svg, takeaway: `成交最多的总价段：${top.label}（${Math.round((top.dealCount / total) * 100)}%）` };
}
