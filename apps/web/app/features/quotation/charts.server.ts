// The 行情 detail chart as SVG, drawn in the loader: 挂牌均价 and 成交均价 over 36 months (left axis, 万) with
// the 房东溢价系数 on a right axis. Same ECharts server rendering as components/charts, with a second axis.
import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import type { QuotationMonth } from '@fjt/domain';
import { CHART_COLORS, CHART_FONT } from '../../components/charts/palette.ts';
import { CHART_WIDTH } from '../../components/charts/render.server.ts';

echarts.use([LineChart, GridComponent, LegendComponent, SVGRenderer]);

const HEIGHT = 220;
const cache = new Map<string, string>();
const CACHE_LIMIT = 1_000;
const axisLabel = { color: CHART_COLORS.axis, fontSize: 10 };

function draw(series: QuotationMonth[]): string {
  const months = series.map((m) => m.month);
  const line = (name: string, color: string, values: (number | null)[], yAxisIndex = 0, dashed = false) => ({
    type: 'line',
    name,
    data: values,
    yAxisIndex,
    connectNulls: true,
    showSymbol: false,
    lineStyle: { color, width: yAxisIndex === 0 ? 2 : 1.5, type: dashed ? 'dashed' : 'solid' },
    itemStyle: { color },
  });
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height: HEIGHT });
  try {
    chart.setOption({
      animation: false,
      textStyle: { fontFamily: CHART_FONT },
      grid: { left: 40, right: 36, top: 32, bottom: 24 },
      legend: {
        top: 0,
        left: 0,
        itemWidth: 12,
        itemHeight: 3,
        icon: 'rect',
        textStyle: { color: CHART_COLORS.text, fontSize: 11 },
      },
      xAxis: {
        type: 'category',
        data: months.map((m) => `${m.slice(2, 4)}/${m.slice(5)}`),
        boundaryGap: false,
        axisLine: { lineStyle: { color: CHART_COLORS.grid } },
        axisTick: { show: false },
        axisLabel: { ...axisLabel, interval: (i: number) => (months.length - 1 - i) % 6 === 0 },
      },
      yAxis: [
        {
          type: 'value',
          scale: true,
          splitNumber: 4,
          splitLine: { lineStyle: { color: CHART_COLORS.grid, type: 'dashed' } },
          axisLabel: { ...axisLabel, formatter: (v: number) => `${(v / 10_000).toFixed(1)}万` },
        },
        {
          type: 'value',
          scale: true,
          splitNumber: 4,
          splitLine: { show: false },
          axisLabel: { ...axisLabel, formatter: (v: number) => v.toFixed(2) },
        },
      ],
      series: [
        line(
          '挂牌均价',
          CHART_COLORS.estate,
          series.map((m) => m.listingAvg),
        ),
        line(
          '成交均价',
          CHART_COLORS.plate,
          series.map((m) => m.dealAvg),
        ),
        line(
          '房东溢价系数',
          CHART_COLORS.district,
          series.map((m) => m.premium),
          1,
          true,
        ),
      ],
    });
    const svg = chart.renderToSVGString();
    return svg.includes('viewBox') ? svg : svg.replace('<svg ', `<svg viewBox="0 0 ${CHART_WIDTH} ${HEIGHT}" `);
  } finally {
    chart.dispose();
  }
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
