// Charts drawn on the server as SVG strings that the page inlines, so a chart paints with the HTML and no chart
// code reaches the browser (ARCHITECTURE §2). They are built as strings here rather than with ECharts (ADR 0014):
// ECharts' setOption cost ~10 ms a chart, most of a cold estate page; this takes well under a millisecond.
// d3-array does the axis maths (extent, nice, tickStep) and d3-shape the line paths; the layout (legend, grid,
// labels, bars) is ours and follows the ECharts look the pages had: legend top-left, dashed split lines, 10 px
// grey axis labels, prices in 万.
import { extent, nice, tickStep } from 'd3-array';
import { line } from 'd3-shape';
import { CHART_COLORS, CHART_FONT } from './palette.ts';

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

// ---------------------------------------------------------------------------------------------------------------
// Text

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Series names and categories come from data: every text and attribute value goes through here. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * The width of a label in the system font, estimated: CJK characters are one em, digits and Latin about half.
 * Used to place legend items and to widen a margin whose labels would not fit; a pixel either way is harmless.
 */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0x2e80) em += 1;
    else if (ch === ' ' || ch === '.' || ch === ',' || ch === ':' || ch === '|' || ch === 'i' || ch === 'l') em += 0.3;
    else if (ch >= 'A' && ch <= 'Z') em += 0.66;
    else em += 0.56;
  }
  return em * fontSize;
}

/** One decimal is finer than a device pixel at the sizes the charts are shown. */
function px(v: number): number {
  return Math.round(v * 10) / 10 || 0;
}

const AXIS_FONT = 10;
const LEGEND_FONT = 11;
/** SVG 1.1 viewers do not all inherit dominant-baseline, so text is centred by moving its baseline instead. */
const CENTRE = 0.35;

function text(x: number, y: number, content: string): string {
  return `<text x="${px(x)}" y="${px(y)}">${escapeXml(content)}</text>`;
}

const FONT_ATTRIBUTE = `font-family="${escapeXml(CHART_FONT)}"`;

function svg(height: number, body: string[]): string {
  // width/height give the drawing its size where no CSS applies; the viewBox lets CSS scale it to the column
  // (375–430 px phones, SvgChart's charts.css).
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${height}" ` +
    `viewBox="0 0 ${CHART_WIDTH} ${height}" ${FONT_ATTRIBUTE}>${body.join('')}</svg>`
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Legend

type LegendIcon = 'stroke' | 'square' | 'bar' | 'lineDot';

interface LegendItem {
  name: string;
  color: string;
  icon: LegendIcon;
}

const LEGEND_LEFT = 5;
const LEGEND_TOP = 5;
const LEGEND_ROW = 16;
const LEGEND_GAP = 10;
const ICON_WIDTH = { stroke: 12, square: 10, bar: 12, lineDot: 12 } as const;

function legendIcon(icon: LegendIcon, x: number, mid: number, color: string): string {
  switch (icon) {
    case 'stroke':
      return `<rect x="${x}" y="${px(mid - 1.5)}" width="12" height="3" fill="${color}"/>`;
    case 'square':
      return `<rect x="${x}" y="${px(mid - 5)}" width="10" height="10" rx="2" fill="${color}"/>`;
    case 'bar':
      return `<rect x="${x}" y="${px(mid - 4)}" width="12" height="8" rx="2" fill="${color}"/>`;
    case 'lineDot':
      return (
        `<path d="M${x} ${px(mid)}h12" stroke="${color}" stroke-width="2"/>` +
        `<circle cx="${x + 6}" cy="${px(mid)}" r="2.5" fill="#fff" stroke="${color}" stroke-width="1.5"/>`
      );
  }
}

/** Draws the legend at the top left, wrapping when it is wider than the chart; returns its bottom edge. */
function legend(items: LegendItem[], out: string[]): number {
  if (items.length === 0) return 0;
  const icons: string[] = [];
  const labels: string[] = [];
  let x = LEGEND_LEFT;
  let row = 0;
  for (const item of items) {
    const iconWidth = ICON_WIDTH[item.icon];
    const width = iconWidth + 5 + textWidth(item.name, LEGEND_FONT);
    if (x > LEGEND_LEFT && x + width > CHART_WIDTH - LEGEND_LEFT) {
      x = LEGEND_LEFT;
      row += 1;
    }
    const mid = LEGEND_TOP + 5.5 + row * LEGEND_ROW;
    const color = escapeXml(item.color);
    icons.push(legendIcon(item.icon, px(x), mid, color));
    labels.push(text(x + iconWidth + 5, mid + CENTRE * LEGEND_FONT, item.name));
    x += width + LEGEND_GAP;
  }
  out.push(...icons, `<g font-size="${LEGEND_FONT}" fill="${CHART_COLORS.text}">${labels.join('')}</g>`);
  return LEGEND_TOP + 11 + row * LEGEND_ROW;
}

// ---------------------------------------------------------------------------------------------------------------
// Value axes

interface AxisRange {
  min: number;
  max: number;
  ticks: number[];
}

interface ValueAxis {
  format: (v: number) => string;
  /** The finest step worth a label: below it two labels would read the same (e.g. 0.01万 = 100 元/㎡). */
  minStep: number;
  /** Counts start at 0; prices take a nice range around the data (ECharts' `scale: true`). */
  fromZero?: boolean;
}

/**
 * Ticks from min to max by step. A step below 1 is written as k / 10^d so the ticks are exact decimals
 * (0.03 × 34 reads 1.02, not 1.0200000000000002).
 */
function tickValues(min: number, max: number, step: number): number[] {
  let scale = 1;
  while (step < 1 && scale < 1e9 && Math.abs(step * scale - Math.round(step * scale)) > 1e-9) scale *= 10;
  const units = Math.round(step * scale);
  const first = Math.round(min / step);
  const last = Math.round(max / step);
  const out: number[] = [];
  for (let i = first; i <= last; i++) out.push(step < 1 ? (i * units) / scale : i * step);
  return out;
}

/** The data's extent, widened where it is a single value so the line sits in the middle rather than on an edge. */
function dataExtent(values: readonly (number | null)[], axis: ValueAxis): [number, number] {
  const [lo, hi] = extent(values, (v) => (v === null || !Number.isFinite(v) ? undefined : v));
  if (lo === undefined || hi === undefined) return [0, axis.minStep];
  const min = axis.fromZero ? Math.min(0, lo) : lo;
  if (min < hi) return [min, hi];
  if (axis.fromZero) return [0, Math.max(hi, axis.minStep)];
  const pad = Math.max(axis.minStep, Math.abs(hi) * 0.05);
  return [min - pad, hi + pad];
}

/**
 * A nice range over the data in at least `count` steps where the data allows (d3's count is a hint: 0–9 in
 * "3" steps comes back as 0–10 by 5), none finer than the axis' minStep.
 */
function niceRange(values: readonly (number | null)[], axis: ValueAxis, count: number): AxisRange {
  const [lo, hi] = dataExtent(values, axis);
  let fallback: AxisRange | null = null;
  for (let hint = count; hint <= count + 3; hint++) {
    let [min, max] = nice(lo, hi, hint);
    let step = tickStep(min, max, hint);
    if (!(step >= axis.minStep)) {
      step = axis.minStep;
      min = Math.floor(lo / step) * step;
      max = Math.ceil(hi / step) * step;
    }
    const range = { min, max, ticks: tickValues(min, max, step) };
    if (range.ticks.length > count) return range;
    fallback ??= range;
  }
  return fallback as AxisRange;
}

/**
 * Steps an aligned axis may take. Its number of intervals is fixed, so it needs finer choices than d3's 1–2–5
 * (a premium of 0.99–1.13 in six intervals fits 0.03, where 0.05 would squash the line into half the height),
 * but not so fine that labels stop reading round (0.08 gives 2.32万, 2.4万, 2.48万); a step must be a whole
 * number of the axis' minStep so its labels print exactly.
 */
const ALIGNED_MANTISSAS = [1, 2, 2.5, 3, 5];

/**
 * A second axis with the same number of intervals as the first, so its labels sit on the first axis' grid
 * lines; the data is centred in it.
 */
function alignedRange(values: readonly (number | null)[], axis: ValueAxis, intervals: number): AxisRange {
  const [lo, hi] = dataExtent(values, axis);
  const n = Math.max(1, intervals);
  const firstTick = (step: number) => Math.floor(lo / step + 1e-9);
  const fits = (step: number) => (firstTick(step) + n) * step >= hi - step * 1e-9;
  const whole = (step: number) => Math.abs(step / axis.minStep - Math.round(step / axis.minStep)) < 1e-6;
  let step = 0;
  // From the power of ten under an even split, up through the mantissas to the first step that spans the data.
  for (let power = 10 ** Math.floor(Math.log10((hi - lo) / n)); step === 0; power *= 10) {
    for (const m of ALIGNED_MANTISSAS) {
      const candidate = m * power;
      if (candidate >= axis.minStep && whole(candidate) && fits(candidate)) {
        step = candidate;
        break;
      }
    }
  }
  let first = firstTick(step);
  const spare = n - Math.ceil((hi - first * step) / step - 1e-9);
  if (!axis.fromZero) first -= Math.floor(spare / 2);
  const ticks = tickValues(first * step, (first + n) * step, step);
  return { min: ticks[0] ?? lo, max: ticks.at(-1) ?? hi, ticks };
}

function axisWidth(range: AxisRange, axis: ValueAxis): number {
  return Math.max(0, ...range.ticks.map((t) => textWidth(axis.format(t), AXIS_FONT)));
}

const wan = (v: number) => `${Number((v / 10_000).toFixed(2))}万`;

const PRICE_AXIS: ValueAxis = { format: wan, minStep: 100 };
const COUNT_AXIS: ValueAxis = { format: (v) => `${v}套`, minStep: 1, fromZero: true };

// ---------------------------------------------------------------------------------------------------------------
// Month charts: lines (and bars) over months, one or two value axes

interface MonthLine {
  name: string;
  color: string;
  values: readonly (number | null)[];
  width: number;
  dashed?: boolean;
  /** On the right axis (the left one otherwise). */
  right?: boolean;
  /** Small hollow dots at each month. */
  dots?: boolean;
}

interface MonthBars {
  name: string;
  color: string;
  values: readonly number[];
}

interface MonthChart {
  height: number;
  labels: string[];
  /** A label every `labelStep` months, counted back from the newest so it is always labelled. */
  labelStep: number;
  /** Months in the middle of their slot (bars) rather than on the grid edges (lines only). */
  slots: boolean;
  margin: { left: number; right: number; top: number; bottom: number };
  left: ValueAxis;
  leftCount: number;
  right?: ValueAxis;
  bars?: MonthBars;
  lines: MonthLine[];
  legend: LegendItem[];
}

const LABEL_MARGIN = 8;
const BAR_RADIUS_MONTHS = 2;
const BAR_MAX_MONTHS = 12;

const path = line<[number, number]>().digits(1);

/** Rounded top corners, square at the base; r shrinks for bars lower or narrower than the radius. */
function barPath(x: number, top: number, width: number, base: number, radius: number): string {
  const r = px(Math.min(radius, base - top, width / 2));
  const [l, t, w, b] = [px(x), px(top), px(width), px(base)];
  if (r <= 0) return `M${l} ${b}V${t}h${w}V${b}Z`;
  return `M${l} ${b}V${px(t + r)}a${r} ${r} 0 0 1 ${r} ${-r}h${px(w - 2 * r)}a${r} ${r} 0 0 1 ${r} ${r}V${b}Z`;
}

function monthChart(spec: MonthChart): string {
  const out: string[] = [];
  const legendBottom = legend(spec.legend, out);
  const top = Math.max(spec.margin.top, legendBottom + 16);
  const bottom = spec.height - spec.margin.bottom;

  const leftValues = [...(spec.bars?.values ?? []), ...spec.lines.filter((l) => !l.right).flatMap((l) => l.values)];
  const leftRange = niceRange(leftValues, spec.left, spec.leftCount);
  const rightRange = spec.right
    ? alignedRange(
        spec.lines.filter((l) => l.right).flatMap((l) => l.values),
        spec.right,
        leftRange.ticks.length - 1,
      )
    : null;
  // Widen a margin whose labels would not fit (ECharts' containLabel, which the pages did not set: a 2000套
  // label ran off the left edge).
  const left = Math.max(spec.margin.left, axisWidth(leftRange, spec.left) + LABEL_MARGIN + 2);
  const right =
    spec.right && rightRange
      ? Math.max(spec.margin.right, axisWidth(rightRange, spec.right) + LABEL_MARGIN + 2)
      : spec.margin.right;
  const plotRight = CHART_WIDTH - right;
  const plotWidth = plotRight - left;

  const count = spec.labels.length;
  const slot = spec.slots ? plotWidth / Math.max(count, 1) : count > 1 ? plotWidth / (count - 1) : 0;
  const xAt = (i: number) =>
    spec.slots ? left + (i + 0.5) * slot : count > 1 ? left + i * slot : left + plotWidth / 2;
  const yAt = (range: AxisRange, v: number) =>
    bottom - ((v - range.min) / (range.max - range.min || 1)) * (bottom - top);

  // Split lines (dashed) and the axis line along the bottom.
  const splits = leftRange.ticks
    .map((t) => px(yAt(leftRange, t)))
    .filter((y) => y < bottom - 0.5)
    .map((y) => `M${px(left)} ${y}H${px(plotRight)}`)
    .join('');
  if (splits) out.push(`<path d="${splits}" stroke="${CHART_COLORS.grid}" stroke-dasharray="4 2" fill="none"/>`);
  out.push(`<path d="M${px(left)} ${bottom}H${px(plotRight)}" stroke="${CHART_COLORS.grid}"/>`);

  const axisText = (anchor: string, texts: string[]) =>
    `<g font-size="${AXIS_FONT}" fill="${CHART_COLORS.axis}" text-anchor="${anchor}">${texts.join('')}</g>`;
  const labelY = (range: AxisRange, axis: ValueAxis, x: number) =>
    range.ticks.map((t) => text(x, yAt(range, t) + CENTRE * AXIS_FONT, axis.format(t)));
  out.push(axisText('end', labelY(leftRange, spec.left, left - LABEL_MARGIN)));
  if (spec.right && rightRange) out.push(axisText('start', labelY(rightRange, spec.right, plotRight + LABEL_MARGIN)));
  const monthLabels: string[] = [];
  spec.labels.forEach((label, i) => {
    if ((count - 1 - i) % spec.labelStep === 0)
      monthLabels.push(text(xAt(i), bottom + LABEL_MARGIN + 5 + CENTRE * AXIS_FONT, label));
  });
  out.push(axisText('middle', monthLabels));

  if (spec.bars) {
    const width = Math.min(BAR_MAX_MONTHS, slot * 0.8);
    const d = spec.bars.values
      .map((v, i) => (v > 0 ? barPath(xAt(i) - width / 2, yAt(leftRange, v), width, bottom, BAR_RADIUS_MONTHS) : ''))
      .join('');
    if (d) out.push(`<path d="${d}" fill="${escapeXml(spec.bars.color)}"/>`);
  }

  // The first series is drawn last, so it lies on top (the estate over its plate and district).
  for (const series of [...spec.lines].reverse()) {
    const range = series.right && rightRange ? rightRange : leftRange;
    // Months without a figure are skipped and the line joins its neighbours (ECharts' connectNulls).
    const points: [number, number][] = [];
    series.values.forEach((v, i) => {
      if (v !== null && Number.isFinite(v)) points.push([xAt(i), yAt(range, v)]);
    });
    const color = escapeXml(series.color);
    if (points.length > 1) {
      const dash = series.dashed ? ' stroke-dasharray="5 3"' : '';
      out.push(
        `<path d="${path(points)}" fill="none" stroke="${color}" stroke-width="${series.width}" ` +
          `stroke-linejoin="round"${dash}/>`,
      );
    }
    // A lone month has no line to show it, so it gets a dot.
    if (series.dots || points.length === 1) {
      const r = series.dots ? 2 : series.width;
      const fill = series.dots ? '#fff' : color;
      const dots = points.map(([x, y]) => `<circle cx="${px(x)}" cy="${px(y)}" r="${r}"/>`).join('');
      out.push(`<g fill="${fill}" stroke="${color}" stroke-width="1.5">${dots}</g>`);
    }
  }
  return svg(spec.height, out);
}

/** A label every 2nd month over a year, every 6th over longer windows. */
const labelStep = (months: number) => (months > 12 ? 6 : 2);
const monthLabel = (month: string) => `${month.slice(5)}月`;

/** Trend lines over months ('YYYY-MM'), y in 元/㎡ shown in 万 with at most two decimals. */
export function renderLineChart(input: { months: string[]; series: LineSeries[]; height?: number }): string {
  return monthChart({
    height: input.height ?? 200,
    labels: input.months.map(monthLabel),
    labelStep: labelStep(input.months.length),
    slots: false,
    margin: { left: 40, right: 12, top: 32, bottom: 24 },
    left: PRICE_AXIS,
    leftCount: 4,
    lines: input.series.map((s, i) => ({ ...s, width: i === 0 ? 2.5 : 1.5 })),
    legend: input.series.map((s) => ({ name: s.name, color: s.color, icon: 'stroke' })),
  });
}

/** Monthly counts as bars (left axis, 套) with an average as a line (right axis, 元/㎡ shown in 万). */
export function renderBarLineChart(input: {
  months: string[];
  bars: { name: string; color: string; values: number[] };
  line: { name: string; color: string; values: (number | null)[] };
  height?: number;
}): string {
  return monthChart({
    height: input.height ?? 200,
    labels: input.months.map(monthLabel),
    labelStep: labelStep(input.months.length),
    slots: true,
    margin: { left: 28, right: 40, top: 32, bottom: 24 },
    left: COUNT_AXIS,
    leftCount: 3,
    right: PRICE_AXIS,
    bars: input.bars,
    lines: [{ ...input.line, width: 2, right: true, dots: input.months.length <= 12 }],
    legend: [
      { name: input.bars.name, color: input.bars.color, icon: 'bar' },
      { name: input.line.name, color: input.line.color, icon: 'lineDot' },
    ],
  });
}

/**
 * Lines over months on two value axes, e.g. the 行情 chart's 挂牌/成交均价 (left, 万) and 房东溢价系数 (right).
 * Labels and formats are the caller's.
 */
export function renderTwoAxisLineChart(input: {
  labels: string[];
  labelStep: number;
  height: number;
  left: { format: (v: number) => string; minStep: number };
  right: { format: (v: number) => string; minStep: number };
  series: (LineSeries & { width: number; right?: boolean; dashed?: boolean })[];
}): string {
  return monthChart({
    height: input.height,
    labels: input.labels,
    labelStep: input.labelStep,
    slots: false,
    margin: { left: 40, right: 36, top: 32, bottom: 24 },
    left: input.left,
    leftCount: 4,
    right: input.right,
    lines: input.series,
    legend: input.series.map((s) => ({ name: s.name, color: s.color, icon: 'stroke' })),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Category bars

const BAR_MAX_WIDTH = 18;
const BAR_RADIUS = 3;
/** ECharts' defaults, which the pages had: 20% of a category left empty, 10% of a bar between a group's bars. */
const CATEGORY_GAP = 0.2;
const BAR_GAP = 0.1;

/** Bars per category, e.g. 在售套数 by room type; labels on top of each bar. */
export function renderBarChart(input: {
  categories: string[];
  series: { name: string; color: string; values: number[] }[];
  height?: number;
}): string {
  const height = input.height ?? 180;
  const out: string[] = [];
  const several = input.series.length > 1;
  const legendBottom = several
    ? legend(
        input.series.map((s) => ({ name: s.name, color: s.color, icon: 'square' })),
        out,
      )
    : 0;
  const top = several ? Math.max(32, legendBottom + 16) : 16;
  const bottom = height - 24;
  const left = 8;
  const plotRight = CHART_WIDTH - 8;
  // The value axis is hidden; bars start at 0 and the tallest reaches a nice maximum.
  const range = niceRange(
    input.series.flatMap((s) => s.values),
    { format: String, minStep: 1, fromZero: true },
    5,
  );
  const yAt = (v: number) => bottom - (v / (range.max || 1)) * (bottom - top);

  const band = (plotRight - left) / Math.max(input.categories.length, 1);
  const n = Math.max(input.series.length, 1);
  const barWidth = Math.min(BAR_MAX_WIDTH, (band * (1 - CATEGORY_GAP)) / (n + (n - 1) * BAR_GAP));
  const group = n * barWidth + (n - 1) * BAR_GAP * barWidth;

  out.push(`<path d="M${left} ${bottom}H${plotRight}" stroke="${CHART_COLORS.grid}"/>`);
  const labels: string[] = [];
  input.series.forEach((s, si) => {
    const bars: string[] = [];
    s.values.forEach((v, ci) => {
      // An empty bar has neither a bar nor a '0' over it.
      if (!(v > 0)) return;
      const x = left + (ci + 0.5) * band - group / 2 + si * barWidth * (1 + BAR_GAP);
      const y = yAt(v);
      bars.push(barPath(x, y, barWidth, bottom, BAR_RADIUS));
      labels.push(text(x + barWidth / 2, y - 6, String(v)));
    });
    if (bars.length > 0) out.push(`<path d="${bars.join('')}" fill="${escapeXml(s.color)}"/>`);
  });
  out.push(
    `<g font-size="${AXIS_FONT}" fill="${CHART_COLORS.text}" text-anchor="middle">${labels.join('')}</g>`,
    `<g font-size="${AXIS_FONT}" fill="${CHART_COLORS.axis}" text-anchor="middle">${input.categories
      .map((c, i) => text(left + (i + 0.5) * band, bottom + LABEL_MARGIN + 5 + CENTRE * AXIS_FONT, c))
      .join('')}</g>`,
  );
  return svg(height, out);
}
