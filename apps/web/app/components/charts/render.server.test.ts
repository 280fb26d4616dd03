// @vitest-environment happy-dom
// The charts are read back as SVG documents (happy-dom's XML parser reports malformed markup as a parsererror),
// and checked for what a reader sees: the labels, the bars, the lines' points.
import { describe, expect, it } from 'vitest';
import { CHART_COLORS } from './palette.ts';
import {
  CHART_WIDTH,
  escapeXml,
  renderBarChart,
  renderBarLineChart,
  renderLineChart,
  renderTwoAxisLineChart,
  svgCache,
  textWidth,
} from './render.server.ts';

function parse(svg: string): SVGSVGElement {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  const error = doc.querySelector('parsererror');
  if (error) throw new Error(`not well-formed: ${error.textContent}`);
  return doc.documentElement as unknown as SVGSVGElement;
}

interface Label {
  x: number;
  y: number;
  text: string;
}

/** The texts of the groups whose attributes match, e.g. the left axis' labels (anchored at their end). */
function labels(root: Element, fill: string, anchor?: string): Label[] {
  return [...root.querySelectorAll('g')]
    .filter((g) => g.getAttribute('fill') === fill && (!anchor || g.getAttribute('text-anchor') === anchor))
    .flatMap((g) => [...g.querySelectorAll('text')])
    .map((t) => ({ x: Number(t.getAttribute('x')), y: Number(t.getAttribute('y')), text: t.textContent ?? '' }));
}

const leftAxis = (root: Element) => labels(root, CHART_COLORS.axis, 'end');
const rightAxis = (root: Element) => labels(root, CHART_COLORS.axis, 'start');
const monthAxis = (root: Element) => labels(root, CHART_COLORS.axis, 'middle');

/** The points of a line path ('M1 2L3 4…'). */
function points(d: string): [number, number][] {
  return [...d.matchAll(/[ML](-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
}

function linePath(root: Element, color: string): string {
  const path = [...root.querySelectorAll('path')].find(
    (p) => p.getAttribute('stroke') === color && p.getAttribute('fill') === 'none',
  );
  if (!path) throw new Error(`no line in ${color}`);
  return path.getAttribute('d') ?? '';
}

const months = (n: number, from = '2025-07') =>
  Array.from({ length: n }, (_, i) => {
    const [y, m] = from.split('-').map(Number) as [number, number];
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    return d.toISOString().slice(0, 7);
  });

const trend = (values: (number | null)[], name = '西溪诚园', color = '#1f6fff') => ({ name, color, values });

describe('renderLineChart', () => {
  it('is a well-formed SVG of the chart width with a viewBox, and smaller than the ECharts drawing (8 KB)', () => {
    const svg = renderLineChart({
      months: months(36),
      series: [
        trend(
          months(36).map((_, i) => 50_000 + i * 100),
          '小区',
        ),
        trend(
          months(36).map((_, i) => 47_000 + i * 80),
          '板块',
          '#ff8a00',
        ),
        trend(
          months(36).map((_, i) => 40_000 + i * 50),
          '区县',
          '#8e6cef',
        ),
      ],
    });
    const root = parse(svg);
    expect(root.getAttribute('viewBox')).toBe(`0 0 ${CHART_WIDTH} 200`);
    expect(root.getAttribute('width')).toBe('343');
    expect(svg.length).toBeLessThan(4_000);
    expect(renderLineChart({ months: months(12), series: [trend(months(12).map(() => 1))], height: 160 })).toContain(
      'viewBox="0 0 343 160"',
    );
  });

  it('puts the price axis on nice steps around the data (not from 0), in 万 with at most two decimals', () => {
    const root = parse(
      renderLineChart({ months: months(12), series: [trend([39_000, 41_000, 45_000, 52_000, 54_000])] }),
    );
    const ticks = leftAxis(root);
    expect(ticks.map((t) => t.text)).toEqual(['3.5万', '4万', '4.5万', '5万', '5.5万']);
    // Bottom to top, evenly spaced, right-aligned 8 px left of the plot.
    const ys = ticks.map((t) => t.y);
    expect(ys).toEqual([...ys].sort((a, b) => b - a));
    expect(new Set(ys.slice(1).map((y, i) => Math.round(ys[i]! - y))).size).toBe(1);
    expect(new Set(ticks.map((t) => t.x))).toEqual(new Set([32]));
  });

  it('never repeats a label on a steady estate (steps of at least 0.01万)', () => {
    const root = parse(renderLineChart({ months: months(6), series: [trend([31_000, 31_020, 31_050, 31_090])] }));
    const texts = leftAxis(root).map((t) => t.text);
    expect(texts).toEqual(['3.1万', '3.11万']);
    // A single value sits inside the axis, not on its edge.
    const flat = parse(renderLineChart({ months: months(3), series: [trend([30_000, 30_000, 30_000])] }));
    const values = leftAxis(flat).map((t) => Number(t.text.replace('万', '')) * 10_000);
    expect(Math.min(...values)).toBeLessThan(30_000);
    expect(Math.max(...values)).toBeGreaterThan(30_000);
  });

  it('joins the line over months without a figure, at the months that have one', () => {
    const root = parse(
      renderLineChart({ months: months(6), series: [trend([40_000, null, 42_000, null, null, 41_000])] }),
    );
    const line = points(linePath(root, '#1f6fff'));
    expect(line).toHaveLength(3);
    // Months are evenly spaced from the plot's left edge (40) to its right (331): the gaps keep their place.
    const step = (331 - 40) / 5;
    expect(line.map(([x]) => x)).toEqual([40, 40 + 2 * step, 331].map((x) => Math.round(x * 10) / 10));
    // The higher price is drawn higher up.
    expect(line[1]![1]).toBeLessThan(line[0]![1]);
  });

  it('gives a lone month a dot, since it has no line', () => {
    const root = parse(renderLineChart({ months: months(3), series: [trend([null, 40_000, null])] }));
    expect(root.querySelectorAll('circle')).toHaveLength(1);
  });

  it('labels every 2nd month up to a year and every 6th beyond, counted back from the newest', () => {
    const labelsOf = (n: number) =>
      monthAxis(
        parse(renderLineChart({ months: months(n, '2024-01'), series: [trend(months(n).map((_, i) => 40_000 + i))] })),
      ).map((t) => t.text);
    expect(labelsOf(12)).toEqual(['02月', '04月', '06月', '08月', '10月', '12月']);
    expect(labelsOf(36)).toEqual(['06月', '12月', '06月', '12月', '06月', '12月']);
    expect(labelsOf(13)).toEqual(['01月', '07月', '01月']);
    // The newest month is labelled at the plot's right edge.
    const last = monthAxis(
      parse(renderLineChart({ months: months(12), series: [trend(months(12).map(() => 40_000))] })),
    ).at(-1);
    expect(last?.x).toBe(331);
  });

  it('draws the first series on top and wider, in the legend at the top left in series order', () => {
    const root = parse(
      renderLineChart({
        months: months(3),
        series: [trend([1, 2, 3], '小区', '#111111'), trend([2, 3, 4], '板块', '#222222')],
      }),
    );
    const lines = [...root.querySelectorAll('path[fill="none"][stroke-width]')];
    expect(lines.map((p) => p.getAttribute('stroke'))).toEqual(['#222222', '#111111']);
    expect(lines.map((p) => p.getAttribute('stroke-width'))).toEqual(['1.5', '2.5']);
    const legend = labels(root, CHART_COLORS.text);
    expect(legend.map((l) => l.text)).toEqual(['小区', '板块']);
    expect(legend[0]!.x).toBeLessThan(legend[1]!.x);
    expect(legend[0]!.y).toBeLessThan(20);
  });

  it('escapes names that come from data', () => {
    const name = '<script>alert("x")</script> & \'楼\'';
    const svg = renderLineChart({ months: months(3), series: [trend([1, 2, 3], name, '#1f6fff" onload="x')] });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('" onload');
    const root = parse(svg);
    expect(labels(root, CHART_COLORS.text).map((l) => l.text)).toEqual([name]);
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('wraps a legend wider than the chart onto a second row, and the plot moves down under it', () => {
    const long = (n: number) => `${'很长的小区名称'.repeat(2)}${n}`;
    const root = parse(
      renderLineChart({
        months: months(3),
        series: [1, 2, 3].map((n) => trend([1, 2, 3], long(n))),
      }),
    );
    const legend = labels(root, CHART_COLORS.text);
    expect(new Set(legend.map((l) => l.y)).size).toBeGreaterThan(1);
    for (const l of legend) expect(l.x + textWidth(l.text, 11)).toBeLessThanOrEqual(CHART_WIDTH);
    const lowestLegend = Math.max(...legend.map((l) => l.y));
    expect(Math.min(...leftAxis(root).map((t) => t.y))).toBeGreaterThan(lowestLegend + 10);
  });

  it('is deterministic', () => {
    const input = { months: months(12), series: [trend(months(12).map((_, i) => 30_000 + i * 333))] };
    expect(renderLineChart(input)).toBe(renderLineChart(structuredClone(input)));
  });
});

describe('renderBarChart', () => {
  const rooms = {
    categories: ['1室', '2室', '3室', '4室'],
    series: [
      { name: '在售套数', color: '#1f6fff', values: [3, 27, 0, 12] },
      { name: '近12个月成交', color: '#a9c5ff', values: [1, 15, 22, 0] },
    ],
  };

  it('puts each non-zero value over its bar, and neither a bar nor a 0 where there is none', () => {
    const root = parse(renderBarChart(rooms));
    const values = labels(root, CHART_COLORS.text, 'middle').map((l) => l.text);
    expect(values).toEqual(['3', '27', '12', '1', '15', '22']);
    const bars = (color: string) =>
      (root.querySelector(`path[fill="${color}"]`)?.getAttribute('d') ?? '').split('Z').filter(Boolean);
    expect(bars('#1f6fff')).toHaveLength(3);
    expect(bars('#a9c5ff')).toHaveLength(3);
  });

  it('draws bars from 0 with rounded tops, at most 18 wide, the tallest with the largest value', () => {
    const root = parse(renderBarChart({ categories: ['a', 'b'], series: [rooms.series[0]!] }));
    const d = root.querySelector('path[fill="#1f6fff"]')?.getAttribute('d') ?? '';
    expect(d).toMatch(/a3 3 0 0 1 3 -3/);
    const [first, second] = d.split('Z');
    const box = (bar: string) => {
      const ys = [...bar.matchAll(/V(-?[\d.]+)/g)].map((m) => Number(m[1]));
      const x = Number(/^M(-?[\d.]+)/.exec(bar)?.[1]);
      const w = Number(/h(-?[\d.]+)/.exec(bar)?.[1]) + 6;
      return { top: Math.min(...ys) - 3, base: Math.max(...ys), x, w };
    };
    const [a, b] = [box(first!), box(second!)];
    expect(a.base).toBe(156);
    expect(b.base).toBe(156);
    expect(a.w).toBeCloseTo(18, 1);
    expect(b.top).toBeLessThan(a.top);
    // Heights proportional to the values (3 and 27) from a common 0.
    expect((a.base - a.top) / (b.base - b.top)).toBeCloseTo(3 / 27, 2);
  });

  it('shows every category under its bars, and a legend only for two series or more', () => {
    const single = parse(renderBarChart({ categories: rooms.categories, series: [rooms.series[0]!], height: 160 }));
    expect(single.getAttribute('viewBox')).toBe('0 0 343 160');
    expect(monthAxis(single).map((t) => t.text)).toEqual(rooms.categories);
    expect(single.querySelectorAll('rect')).toHaveLength(0);
    const double = parse(renderBarChart(rooms));
    expect(
      labels(double, CHART_COLORS.text, undefined)
        .slice(0, 2)
        .map((l) => l.text),
    ).toEqual(['在售套数', '近12个月成交']);
  });
});

describe('renderBarLineChart', () => {
  const deals = (n: number) => ({
    months: months(n),
    bars: { name: '成交套数', color: '#a9c5ff', values: months(n).map((_, i) => i % 10) },
    line: { name: '成交均价', color: '#1f6fff', values: months(n).map((_, i) => (i === 3 ? null : 41_000 + i * 300)) },
  });

  it('counts on the left in whole 套 from 0, prices on the right in 万 on the same grid lines', () => {
    const root = parse(renderBarLineChart(deals(12)));
    const left = leftAxis(root);
    const right = rightAxis(root);
    expect(left[0]!.text).toBe('0套');
    for (const t of left) expect(t.text).toMatch(/^\d+套$/);
    expect(Number(left.at(-1)!.text.replace('套', ''))).toBeGreaterThanOrEqual(9);
    for (const t of right) expect(t.text).toMatch(/^\d+(\.\d{1,2})?万$/);
    expect(right.map((t) => t.y)).toEqual(left.map((t) => t.y));
    expect(Number(right[0]!.text.replace('万', '')) * 10_000).toBeLessThanOrEqual(41_000);
    expect(Number(right.at(-1)!.text.replace('万', '')) * 10_000).toBeGreaterThanOrEqual(41_000 + 11 * 300);
  });

  it('marks each month of a year with a dot on the line, none over three years; bars at most 12 wide', () => {
    const year = parse(renderBarLineChart(deals(12)));
    expect(year.querySelectorAll('g > circle')).toHaveLength(11);
    const bars = year.querySelector('path[fill="#a9c5ff"]')?.getAttribute('d') ?? '';
    // The first and the 11th month have no deals: 10 bars.
    expect(bars.split('Z').filter(Boolean)).toHaveLength(10);
    expect(bars).toMatch(/a2 2 0 0 1 2 -2h8a/); // 12 wide: radius 2 + 8 + radius 2
    const three = parse(renderBarLineChart(deals(36)));
    expect(three.querySelectorAll('g > circle')).toHaveLength(0);
    expect(monthAxis(three)).toHaveLength(6);
  });

  it('widens the left margin so 2000套 stays inside the chart', () => {
    const input = deals(12);
    input.bars.values = input.bars.values.map((v) => v * 250);
    const root = parse(renderBarLineChart(input));
    for (const t of leftAxis(root)) expect(t.x - textWidth(t.text, 10)).toBeGreaterThanOrEqual(0);
    for (const t of rightAxis(root)) expect(t.x + textWidth(t.text, 10)).toBeLessThanOrEqual(CHART_WIDTH);
  });
});

describe('renderTwoAxisLineChart', () => {
  it('aligns the right axis on the left one and dashes its series', () => {
    const root = parse(
      renderTwoAxisLineChart({
        labels: months(36).map((m) => m.slice(2)),
        labelStep: 6,
        height: 220,
        left: { format: (v) => `${(v / 10_000).toFixed(1)}万`, minStep: 1_000 },
        right: { format: (v) => v.toFixed(2), minStep: 0.01 },
        series: [
          { name: '挂牌均价', color: '#1f6fff', width: 2, values: months(36).map((_, i) => 40_000 + i * 150) },
          {
            name: '房东溢价系数',
            color: '#8e6cef',
            width: 1.5,
            right: true,
            dashed: true,
            values: months(36).map((_, i) => 1.02 + (i % 5) * 0.01),
          },
        ],
      }),
    );
    expect(root.getAttribute('viewBox')).toBe('0 0 343 220');
    const left = leftAxis(root);
    const right = rightAxis(root);
    expect(right.map((t) => t.y)).toEqual(left.map((t) => t.y));
    expect(new Set(left.map((t) => t.text)).size).toBe(left.length);
    expect(new Set(right.map((t) => t.text)).size).toBe(right.length);
    expect(Number(right[0]!.text)).toBeLessThanOrEqual(1.02);
    expect(Number(right.at(-1)!.text)).toBeGreaterThanOrEqual(1.06);
    expect(linePath(root, '#8e6cef')).not.toBe('');
    expect(root.querySelector('path[stroke="#8e6cef"]')?.getAttribute('stroke-dasharray')).toBe('5 3');
  });
});

describe('svgCache', () => {
  it('draws once per key and lets the oldest go past its limit', () => {
    const cached = svgCache(2);
    let draws = 0;
    const draw = (s: string) => () => {
      draws += 1;
      return s;
    };
    expect(cached('a', draw('A'))).toBe('A');
    expect(cached('a', draw('X'))).toBe('A');
    cached('b', draw('B'));
    cached('c', draw('C'));
    expect(draws).toBe(3);
    expect(cached('a', draw('A2'))).toBe('A2');
    expect(draws).toBe(4);
  });
});
