// Server-side chart drawing in-process (ADR 0014; target ≤ 0.3 ms a chart): the estate page's four charts — the
// 挂牌均价 trend over 12 and 36 months (estate, plate, district), 户型 and 总价段 bars — plus the deal history's
// bars-and-line chart, each drawn for many different estates (seeded random walks, so no two inputs are alike and
// nothing is served from a cache). Writes bench/results/charts.json.
//   npx tsx bench/charts.ts                     the charts of apps/web (default 2,000 estates)
//   … --estates N                               how many estates
//   … --impl FILE                               another render.server.ts with the same exports (e.g. the ECharts
//                                               one of an older checkout), for a before/after figure
//   … --out FILE                                write the result elsewhere ('-' to print only)
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as RenderModule from '../apps/web/app/components/charts/render.server.ts';

const TARGET_MS = 0.3;
const PASSES = 3;
const here = dirname(fileURLToPath(import.meta.url));
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
const impl = arg('--impl') ? resolve(arg('--impl')!) : join(here, '../apps/web/app/components/charts/render.server.ts');
const estates = Number(arg('--estates') ?? 2_000);

type Render = typeof RenderModule;
const charts = (await import(pathToFileURL(impl).href)) as Render;

/** mulberry32: a small seeded generator, so every run draws the same inputs. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + Math.imul(t ^ (t >>> 14), 57 | t));
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function monthsBack(n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 5 - (n - 1 - i), 1)).toISOString().slice(0, 7));
}

const COLORS = { estate: '#1f6fff', plate: '#ff8a00', district: '#8e6cef', weak: '#a9c5ff' };
const ROOMS = ['1室', '2室', '3室', '4室', '5室+'];
const BANDS = ['<100', '100-200', '200-300', '300-500', '500-800', '800-1000', '>1000'];

interface Inputs {
  trend12: Parameters<Render['renderLineChart']>[0];
  trend36: Parameters<Render['renderLineChart']>[0];
  rooms: Parameters<Render['renderBarChart']>[0];
  bands: Parameters<Render['renderBarChart']>[0];
  deals: Parameters<Render['renderBarLineChart']>[0];
}

function estateInputs(seed: number): Inputs {
  const rnd = random(seed);
  const walk = (n: number, start: number, gaps: number) => {
    let v = start;
    return Array.from({ length: n }, () => {
      v = Math.round(v * (1 + (rnd() - 0.5) * 0.03));
      return rnd() < gaps ? null : v;
    });
  };
  const base = 15_000 + rnd() * 60_000;
  const series = (n: number) => [
    { name: `小区${seed}`, color: COLORS.estate, values: walk(n, base, 0.1) },
    { name: `板块${seed % 97}`, color: COLORS.plate, values: walk(n, base * 0.95, 0) },
    { name: `区县${seed % 13}`, color: COLORS.district, values: walk(n, base * 0.8, 0) },
  ];
  const counts = (n: number, scale: number) => Array.from({ length: n }, () => Math.floor(rnd() * rnd() * scale));
  const bars = (categories: string[]) => ({
    categories,
    series: [
      { name: '在售套数', color: COLORS.estate, values: counts(categories.length, 60) },
      { name: '近12个月成交', color: COLORS.weak, values: counts(categories.length, 30) },
    ],
  });
  return {
    trend12: { months: monthsBack(12), series: series(12) },
    trend36: { months: monthsBack(36), series: series(36) },
    rooms: bars(ROOMS),
    bands: bars(BANDS),
    deals: {
      months: monthsBack(12),
      bars: { name: '成交套数', color: COLORS.weak, values: counts(12, 12) },
      line: { name: '成交均价', color: COLORS.estate, values: walk(12, base, 0.2) },
    },
  };
}

const draw: Record<keyof Inputs, (i: Inputs) => string> = {
  trend12: (i) => charts.renderLineChart(i.trend12),
  trend36: (i) => charts.renderLineChart(i.trend36),
  rooms: (i) => charts.renderBarChart(i.rooms),
  bands: (i) => charts.renderBarChart(i.bands),
  deals: (i) => charts.renderBarLineChart(i.deals),
};

const inputs = Array.from({ length: estates }, (_, i) => estateInputs(i + 1));
// Warm-up: the first drawings include module set-up and JIT compilation, which a server pays once.
for (const input of inputs.slice(0, 50)) for (const f of Object.values(draw)) f(input);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (v: number) => Math.round(v * 1000) / 1000;
const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
const byChart: Record<string, { charts: number; meanMs: number; p50Ms: number; p99Ms: number; meanBytes: number }> = {};
const firstPass: Record<string, number> = {};
for (const [name, f] of Object.entries(draw)) {
  // Each drawing is timed in PASSES passes and its median kept: on a shared 2-core machine a single pass's tail
  // is mostly the scheduler, not the chart.
  const passes: number[][] = [];
  let bytes = 0;
  for (let pass = 0; pass < PASSES; pass++) {
    const times: number[] = [];
    for (const input of inputs) {
      const t0 = performance.now();
      const svg = f(input);
      times.push(performance.now() - t0);
      if (pass === 0) bytes += svg.length;
    }
    passes.push(times);
  }
  firstPass[name] = round(passes[0]!.reduce((a, b) => a + b, 0) / inputs.length);
  const times = inputs.map((_, i) => median(passes.map((p) => p[i]!))).sort((a, b) => a - b);
  byChart[name] = {
    charts: times.length,
    meanMs: round(times.reduce((a, b) => a + b, 0) / times.length),
    p50Ms: round(quantile(times, 0.5)),
    p99Ms: round(quantile(times, 0.99)),
    meanBytes: Math.round(bytes / times.length),
  };
  console.log(name.padEnd(8), byChart[name]);
}
const kinds = Object.values(byChart);
const meanMs = round(kinds.reduce((n, c) => n + c.meanMs, 0) / kinds.length);
// The estate page draws trend12, trend36, rooms and bands.
const estatePageMs = round(['trend12', 'trend36', 'rooms', 'bands'].reduce((n, k) => n + byChart[k]!.meanMs, 0));
console.log(`mean ${meanMs} ms a chart (target ${TARGET_MS}); estate page's four charts ${estatePageMs} ms`);

const result = {
  benchmark: 'server-side charts in-process',
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.split(' ').slice(0, 2).join(' '),
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadAverageAtStart: loadAtStart,
  },
  node: process.version,
  implementation: impl.replace(/^.*\/apps\//, 'apps/'),
  estates,
  statistic: `per drawing, median of ${PASSES} passes, after 50 estates of warm-up; every input different, no cache`,
  targetMsPerChart: TARGET_MS,
  meanMsPerChart: meanMs,
  estatePageFourChartsMs: estatePageMs,
  byChart,
  firstPassMeanMs: firstPass,
};
const out = arg('--out') ?? join(here, 'results/charts.json');
if (out !== '-') {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written to ${out}`);
}
