// The estate page's charts as SVG strings, drawn in the loader. Figures change only when data is loaded, so
// each drawing is kept (keyed by its inputs) in a small in-process cache that any instance can rebuild.
import { formatRate, type HeaderChartBody, type RoomTypeAnalysisBody, type TotalPriceAnalysisBody } from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderBarChart, renderLineChart, svgCache } from '../../components/charts/render.server.ts';
import type { TrendChart } from './types.ts';

const cached = svgCache(2_000);

const LEVEL_COLORS = { estate: CHART_COLORS.estate, plate: CHART_COLORS.plate, district: CHART_COLORS.district };

export function trendChart(body: HeaderChartBody, months: number): TrendChart | null {
  if (body.months.length === 0 || body.series.every((s) => s.values.every((v) => v === null))) return null;
  const svg = cached(`trend:${JSON.stringify(body)}`, () =>
    renderLineChart({
      months: body.months,
      series: body.series.map((s) => ({ name: s.name, color: LEVEL_COLORS[s.level], values: s.values })),
    }),
  );
  const subject = body.series.find((s) => s.change !== null);
  const rate = formatRate(subject?.change ?? null);
  const who = subject && subject.level !== 'estate' ? `${subject.name}` : '';
  const takeaway = subject
    ? `${who}近${months}个月挂牌均价${rate.text.replace(/[↑↓]$/, '')}`
    : `近${months}个月挂牌均价暂无变化数据`;
  return { months, svg, takeaway, trend: rate.trend };
}

export function roomTypeChart(body: RoomTypeAnalysisBody): string | null {
  if (body.list.length === 0) return null;
  return cached(`rooms:${JSON.stringify(body.list)}`, () =>
    renderBarChart({
      categories: body.list.map((r) => r.label),
      series: [
        { name: '在售套数', color: CHART_COLORS.bar, values: body.list.map((r) => r.onSaleCount) },
        { name: '近12个月成交', color: CHART_COLORS.barWeak, values: body.list.map((r) => r.dealCount) },
      ],
    }),
  );
}

export function totalPriceChart(body: TotalPriceAnalysisBody): string | null {
  if (body.onSaleCount + body.dealCount === 0) return null;
  return cached(`bands:${JSON.stringify(body.list)}`, () =>
    renderBarChart({
      categories: body.list.map((b) => b.label.replace('万', '')),
      series: [
        { name: '在售套数', color: CHART_COLORS.bar, values: body.list.map((b) => b.onSaleCount) },
        { name: '近12个月成交', color: CHART_COLORS.barWeak, values: body.list.map((b) => b.dealCount) },
      ],
    }),
  );
}
