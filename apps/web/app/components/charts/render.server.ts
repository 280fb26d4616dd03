// Charts drawn on the server: ECharts renders to an SVG string (renderToSVGString, ssr: true) that the page
// inlines, so a chart paints with the HTML and no chart code reaches the browser (ARCHITECTURE §2).
// Only echarts/core with the line and bar charts and the SVG renderer is loaded.
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { CHART_COLORS, CHART_FONT } from './palette.ts';

echarts.use([LineChart, BarChart, GridComponent, LegendComponent, SVGRenderer]);

export const CHART_WIDTH = 343;

export interface LineSeries {
  name: string;
  color: string;
  values: (number | null)[];
}

/**
 * A bounded cache of drawings keyed by their inputs: figures change only when data is loaded, so a chart is
 * drawn once per input and process (oldest entries go first).
 */
export function svgCache(limit: number): (key: string, draw: () => string) => string {
  const cache = new Map<string, string>();
  return (key, draw) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const svg = draw();
    if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
    cache.set(key, svg);
    return svg;
  };
}

function render(option: echarts.EChartsCoreOption, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART_WIDTH, height });
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: CHART_FONT }, ...option });
    // A viewBox lets CSS scale the chart to the column width (375–430 px phones).
    const svg = chart.renderToSVGString();
    return svg.includes('viewBox') ? svg : svg.replace('<svg ', `<svg viewBox="0 0 ${CHART_WIDTH} ${height}" `);
  } finally {
    chart.dispose();
  }
}

const axisLabel = { color: CHART_COLORS.axis, fontSize: 10 };

/** Trend lines over months ('YYYY-MM'), y in 元/㎡ shown as 万 with one decimal. */
export function renderLineChart(input: { months: string[]; series: LineSeries[]; height?: number }): string {
  const height = input.height ?? 200;
  const step = input.months.length > 12 ? 6 : 2;
  return render(
    {
      grid: { left: 40, right: 12, top: 32, bottom: 24 },
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
        data: input.months.map((m) => `${m.slice(5)}月`),
        boundaryGap: false,
        axisLine: { lineStyle: { color: CHART_COLORS.grid } },
        axisTick: { show: false },
        axisLabel: { ...axisLabel, interval: (index: number) => (input.months.length - 1 - index) % step === 0 },
      },
      yAxis: {
        type: 'value',
        scale: true,
        splitNumber: 4,
        splitLine: { lineStyle: { color: CHART_COLORS.grid, type: 'dashed' } },
        // two decimals at most, so a narrow range (a steady estate) does not repeat a label
        axisLabel: { ...axisLabel, formatter: (v: number) => `${Number((v / 10_000).toFixed(2))}万` },
      },
      series: input.series.map((s, i) => ({
        type: 'line',
        name: s.name,
        data: s.values,
        connectNulls: true,
        showSymbol: false,
        smooth: false,
        z: input.series.length - i,
        lineStyle: { color: s.color, width: i === 0 ? 2.5 : 1.5 },
        itemStyle: { color: s.color },
      })),
    },
    height,
  );
}

/** Bars per category, e.g. 在售套数 by room type; labels on top of each bar. */
export function renderBarChart(input: {
  categories: string[];
  series: { name: string; color: string; values: number[] }[];
  height?: number;
}): string {
  const height = input.height ?? 180;
  return render(
    {
      grid: { left: 8, right: 8, top: input.series.length > 1 ? 32 : 16, bottom: 24, containLabel: false },
      legend:
        input.series.length > 1
          ? {
              top: 0,
              left: 0,
              itemWidth: 10,
              itemHeight: 10,
              textStyle: { color: CHART_COLORS.text, fontSize: 11 },
            }
          : { show: false },
      xAxis: {
        type: 'category',
        data: input.categories,
        axisLine: { lineStyle: { color: CHART_COLORS.grid } },
        axisTick: { show: false },
        axisLabel: { ...axisLabel, interval: 0 },
      },
      yAxis: { type: 'value', show: false },
      series: input.series.map((s) => ({
        type: 'bar',
        name: s.name,
        data: s.values,
        barMaxWidth: 18,
        itemStyle: { color: s.color, borderRadius: [3, 3, 0, 0] },
        label: {
          show: true,
          position: 'top',
          color: CHART_COLORS.text,
          fontSize: 10,
          // An empty bar needs no '0' over it.
          formatter: (p: { value: unknown }) => (p.value ? String(p.value) : ''),
        },
      })),
    },
    height,
  );
}

/** Monthly counts as bars (left axis, 套) with an average as a line (right axis, 元/㎡ shown in 万). */
export function renderBarLineChart(input: {
  months: string[];
  bars: { name: string; color: string; values: number[] };
  line: { name: string; color: string; values: (number | null)[] };
  height?: number;
}): string {
  const height = input.height ?? 200;
  const step = input.months.length > 12 ? 6 : 2;
  return render(
    {
      grid: { left: 28, right: 40, top: 32, bottom: 24 },
      legend: {
        top: 0,
        left: 0,
        itemWidth: 12,
        itemHeight: 8,
        textStyle: { color: CHART_COLORS.text, fontSize: 11 },
      },
      xAxis: {
        type: 'category',
        data: input.months.map((m) => `${m.slice(5)}月`),
        axisLine: { lineStyle: { color: CHART_COLORS.grid } },
        axisTick: { show: false },
        axisLabel: { ...axisLabel, interval: (index: number) => (input.months.length - 1 - index) % step === 0 },
      },
      yAxis: [
        {
          type: 'value',
          minInterval: 1,
          splitNumber: 3,
          splitLine: { lineStyle: { color: CHART_COLORS.grid, type: 'dashed' } },
          axisLabel: { ...axisLabel, formatter: (v: number) => `${v}套` },
        },
        {
          type: 'value',
          scale: true,
          splitNumber: 3,
          splitLine: { show: false },
          // two decimals at most, so a narrow range (a steady estate) does not repeat a label
          axisLabel: { ...axisLabel, formatter: (v: number) => `${Number((v / 10_000).toFixed(2))}万` },
        },
      ],
      series: [
        {
          type: 'bar',
          name: input.bars.name,
          data: input.bars.values,
          barMaxWidth: 12,
          itemStyle: { color: input.bars.color, borderRadius: [2, 2, 0, 0] },
        },
        {
          type: 'line',
          name: input.line.name,
          yAxisIndex: 1,
          data: input.line.values,
          connectNulls: true,
          showSymbol: input.months.length <= 12,
          symbolSize: 4,
          lineStyle: { color: input.line.color, width: 2 },
          itemStyle: { color: input.line.color },
        },
      ],
    },
    height,
  );
}
