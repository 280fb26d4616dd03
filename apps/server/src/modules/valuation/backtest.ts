// The published backtest of the estimator (issue 16; research §3). Walk-forward: every deal of the last 12 months is
// estimated by the model as of the month before it (built from deals up to that month only, so never itself), its
// range calibrated on the residuals of the 3 months before. Pure: the CLI (bench/valuation-backtest.ts) loads the
// deals and writes the JSON and Markdown.
import {
  calibrationOf,
  estimate,
  buildState,
  median,
  monthText,
  type DealPoint,
  type ModelState,
  type MonthIndex,
} from './model.ts';
import type { PublishedBacktest } from '@fjt/domain';
import { Rng } from '@fjt/dataset';
import { CALIBRATION_MONTHS, subjectOf, valuationOf } from './estimator.ts';

export interface CityDeals {
  cityId: number;
  name: string;
  deals: DealPoint[];
}

export const EVAL_MONTHS = 12;

/** Buckets of the estate's own deals in the 12 months before (research §3). */
export const DENSITY_BUCKETS = ['0', '1–2', '3–5', '6–14', '≥15'] as const;
export const densityBucket = (n: number) =>
  n === 0 ? '0' : n <= 2 ? '1–2' : n <= 5 ? '3–5' : n <= 14 ? '6–14' : '≥15';

interface Row {
  city: string;
  density: string;
  confidence: string;
  path: string;
  /** ln(estimate / price); NaN when refused. */
  err: number;
  inRange: boolean;
  /** (high − low) / estimate. */
  width: number;
  withinFsd: boolean;
  /** ln errors of the baselines, NaN when the estate had no deal in 12 months. */
  baseRaw: number;
  baseAdj: number;
}

const ape = (lnErr: number) => Math.abs(Math.exp(lnErr) - 1);

function medianOf(values: Float64Array): number {
  if (values.length === 0) return Number.NaN;
  const s = Float64Array.from(values).sort();
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

/** The median's 95% percentile-bootstrap interval. */
function bootstrapMedian(values: Float64Array, resamples: number, rng: Rng): [number, number] {
  if (values.length < 2) return [Number.NaN, Number.NaN];
  const medians = new Float64Array(resamples);
  const sample = new Float64Array(values.length);
  for (let b = 0; b < resamples; b++) {
    for (let i = 0; i < values.length; i++) sample[i] = values[Math.floor(rng.next() * values.length)]!;
    medians[b] = medianOf(sample);
  }
  medians.sort();
  return [medians[Math.floor(resamples * 0.025)]!, medians[Math.min(resamples - 1, Math.floor(resamples * 0.975))]!];
}

const r4 = (x: number) => (Number.isFinite(x) ? Math.round(x * 10000) / 10000 : null);

export interface Metrics {
  n: number;
  estimated: number;
  hitRate: number | null;
  mdape: number | null;
  mdapeCi95: [number | null, number | null];
  within5: number | null;
  within10: number | null;
  within20: number | null;
  over20: number | null;
  medianSignedError: number | null;
  rangeCoverage80: number | null;
  medianRangeWidth: number | null;
  withinFsd: number | null;
  /** On the deals both baselines could value: the estimator's MdAPE and each baseline's. */
  baselines: { n: number; mdape: number | null; rawMdape: number | null; timeAdjustedMdape: number | null };
}

function metrics(rows: readonly Row[], resamples: number, rng: Rng): Metrics {
  const done = rows.filter((r) => Number.isFinite(r.err));
  const apes = Float64Array.from(done, (r) => ape(r.err));
  const share = (f: (r: Row) => boolean) => (done.length ? r4(done.filter(f).length / done.length) : null);
  const withBase = done.filter((r) => Number.isFinite(r.baseRaw) && Number.isFinite(r.baseAdj));
  const ci = resamples > 0 ? bootstrapMedian(apes, resamples, rng) : [Number.NaN, Number.NaN];
  return {
    n: rows.length,
    estimated: done.length,
    hitRate: rows.length ? r4(done.length / rows.length) : null,
    mdape: r4(medianOf(apes)),
    mdapeCi95: [r4(ci[0]!), r4(ci[1]!)],
    within5: share((r) => ape(r.err) <= 0.05),
    within10: share((r) => ape(r.err) <= 0.1),
    within20: share((r) => ape(r.err) <= 0.2),
    over20: share((r) => ape(r.err) > 0.2),
    medianSignedError: r4(medianOf(Float64Array.from(done, (r) => Math.exp(r.err) - 1))),
    rangeCoverage80: share((r) => r.inRange),
    medianRangeWidth: r4(medianOf(Float64Array.from(done, (r) => r.width))),
    withinFsd: share((r) => r.withinFsd),
    baselines: {
      n: withBase.length,
      mdape: r4(medianOf(Float64Array.from(withBase, (r) => ape(r.err)))),
      rawMdape: r4(medianOf(Float64Array.from(withBase, (r) => ape(r.baseRaw)))),
      timeAdjustedMdape: r4(medianOf(Float64Array.from(withBase, (r) => ape(r.baseAdj)))),
    },
  };
}

/** The estate's 12-month median unit price before asOf, raw and moved to asOf by the plate index (ln). */
function baselines(state: ModelState, d: DealPoint): [number, number] {
  const list = (state.estates.get(d.estateId) ?? []).filter((s) => s.deal.month > state.asOf - 12);
  if (list.length === 0) return [Number.NaN, Number.NaN];
  const plate = state.plates.get(d.plateId)!;
  const at = (m: MonthIndex) => plate.values[Math.min(Math.max(m - plate.from, 0), plate.values.length - 1)]!;
  const raw = median(list.map((s) => Math.log(s.deal.unitPrice)));
  const adjusted = median(list.map((s) => Math.log(s.deal.unitPrice) + at(state.asOf) - at(s.deal.month)));
  return [raw, adjusted];
}

/** Walk-forward rows of one city's deals for the evaluation months (plus the calibration warm-up). */
function cityRows(city: CityDeals, lastMonth: MonthIndex): Row[] {
  const firstEval = lastMonth - EVAL_MONTHS + 1;
  const byMonth = new Map<MonthIndex, DealPoint[]>();
  for (const d of city.deals) {
    if (d.month < firstEval - CALIBRATION_MONTHS || d.month > lastMonth) continue;
    const list = byMonth.get(d.month) ?? [];
    list.push(d);
    byMonth.set(d.month, list);
  }
  const scoresByMonth = new Map<MonthIndex, number[]>();
  const rows: Row[] = [];
  for (let m = firstEval - CALIBRATION_MONTHS; m <= lastMonth; m++) {
    const state = buildState(city.deals, m - 1);
    const month = byMonth.get(m) ?? [];
    const scores: number[] = [];
    const calibration =
      m >= firstEval
        ? calibrationOf(Array.from({ length: CALIBRATION_MONTHS }, (_, k) => scoresByMonth.get(m - 1 - k) ?? []).flat())
        : null;
    for (const d of month) {
      const e = state && estimate(state, subjectOf(d), d.id);
      const y = Math.log(d.unitPrice);
      if (e) scores.push(Math.abs(y - e.y) / e.scale);
      if (!calibration) continue;
      const v = e && valuationOf(e, calibration);
      const [baseRaw, baseAdj] = state ? baselines(state, d) : [Number.NaN, Number.NaN];
      rows.push({
        city: city.name,
        density: densityBucket(e ? e.recentDeals : 0),
        confidence: v ? v.confidence : '拒绝',
        path: v ? v.estimate.path : 'refused',
        err: v ? v.estimate.y - y : Number.NaN,
        inRange: v ? y >= v.lowY && y <= v.highY : false,
        width: v ? Math.exp(v.highY - v.estimate.y) - Math.exp(v.lowY - v.estimate.y) : Number.NaN,
        withinFsd: v ? Math.abs(y - v.estimate.y) <= v.fsd : false,
        baseRaw: baseRaw - y,
        baseAdj: baseAdj - y,
      });
    }
    scoresByMonth.set(m, scores);
  }
  return rows;
}

/**
 * The noise floor: the pooled within-estate, same-month standard deviation σ of hedonic- and time-adjusted ln
 * prices (the model as of the last month); no estimator's MdAPE beats about 0.674σ (the median |N(0, σ)|).
 */
function noiseFloor(cities: readonly CityDeals[], lastMonth: MonthIndex) {
  let ss = 0;
  let dof = 0;
  for (const city of cities) {
    const state = buildState(city.deals, lastMonth);
    if (!state) continue;
    for (const list of state.estates.values()) {
      const byMonth = new Map<MonthIndex, number[]>();
      for (const s of list) {
        if (s.deal.month <= lastMonth - EVAL_MONTHS) continue;
        const g = byMonth.get(s.deal.month) ?? [];
        g.push(s.z);
        byMonth.set(s.deal.month, g);
      }
      for (const g of byMonth.values()) {
        if (g.length < 2) continue;
        const m = g.reduce((a, b) => a + b, 0) / g.length;
        for (const z of g) ss += (z - m) ** 2;
        dof += g.length - 1;
      }
    }
  }
  const sigma = dof ? Math.sqrt(ss / dof) : Number.NaN;
  return { sigma: r4(sigma), mdapeFloor: r4(0.674 * sigma), groupsDof: dof };
}

/** The same cities with each deal's month swapped for another deal's of the same city (seeded shuffle). */
export function shuffleDates(cities: readonly CityDeals[], seed: number): CityDeals[] {
  const rng = new Rng(seed);
  return cities.map((c) => {
    const months = c.deals.map((d) => d.month);
    for (let i = months.length - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [months[i], months[j]] = [months[j]!, months[i]!];
    }
    return { ...c, deals: c.deals.map((d, i) => ({ ...d, month: months[i]! })).sort((a, b) => a.month - b.month) };
  });
}

export interface BacktestOptions {
  /** Bootstrap resamples for the MdAPE intervals (0: none). */
  resamples?: number;
  /** Cities the shuffled-dates leakage run covers (it doubles the cost): default all. */
  leakageCities?: number;
  seed?: number;
}

const TARGETS = {
  mdape: 0.06,
  mdapeDense: 0.05,
  within10: 0.72,
  within20: 0.93,
  coverage80: [0.77, 0.83],
} as const;

export function runBacktest(cities: readonly CityDeals[], options: BacktestOptions = {}) {
  const resamples = options.resamples ?? 200;
  const rng = new Rng(options.seed ?? 16);
  const lastMonth = Math.max(...cities.flatMap((c) => (c.deals.length ? [c.deals[c.deals.length - 1]!.month] : [])));
  const started = performance.now();
  const rows = cities.flatMap((c) => cityRows(c, lastMonth));
  const seconds = (performance.now() - started) / 1000;
  const by = (key: (r: Row) => string, order?: readonly string[]) => {
    const groups = new Map<string, Row[]>();
    for (const r of rows) {
      const k = key(r);
      const list = groups.get(k);
      if (list) list.push(r);
      else groups.set(k, [r]);
    }
    const keys = order ? order.filter((k) => groups.has(k)) : [...groups.keys()].sort();
    return Object.fromEntries(keys.map((k) => [k, metrics(groups.get(k)!, Math.min(resamples, 100), rng)]));
  };
  const overall = metrics(rows, resamples, rng);
  const dense = metrics(
    rows.filter((r) => r.density === '6–14' || r.density === '≥15'),
    Math.min(resamples, 100),
    rng,
  );
  const fallback = metrics(
    rows.filter((r) => r.path === 'plate' || r.path === 'district'),
    0,
    rng,
  );
  const byCity = by((r) => r.city);
  const byDensity = by((r) => r.density, DENSITY_BUCKETS);
  const byConfidence = by((r) => r.confidence, ['高', '中', '低', '拒绝']);
  const byPath = by((r) => r.path, ['estate', 'plate', 'district', 'refused']);

  const leakCities = shuffleDates(cities.slice(0, options.leakageCities ?? cities.length), (options.seed ?? 16) + 1);
  const shuffledRows = leakCities.flatMap((c) => cityRows(c, lastMonth));
  const sameCities = new Set(leakCities.map((c) => c.name));
  const shuffled = metrics(shuffledRows, 0, rng);
  const unshuffled = metrics(
    rows.filter((r) => sameCities.has(r.city)),
    0,
    rng,
  );
  const floor = noiseFloor(cities, lastMonth);

  const buckets = [...Object.values(byCity), ...Object.values(byDensity)].filter((m) => m.estimated >= 30);
  const beatsBaselines = (m: Metrics) =>
    m.baselines.n === 0 ||
    (m.baselines.mdape! < m.baselines.rawMdape! && m.baselines.mdape! < m.baselines.timeAdjustedMdape!);
  const confidenceOrder = ['高', '中', '低']
    .map((c) => byConfidence[c]?.mdape)
    .filter((v): v is number => typeof v === 'number');
  return {
    generatedAt: new Date().toISOString(),
    method:
      'walk-forward: each deal of the last 12 months valued as of the month before it (model and range from deals up to that month only)',
    evalMonths: [monthText(lastMonth - EVAL_MONTHS + 1), monthText(lastMonth)],
    runSeconds: Math.round(seconds * 10) / 10,
    overall,
    denseEstates: dense,
    byCity,
    byDensity,
    byConfidence,
    byPath,
    noiseFloor: {
      ...floor,
      distanceToFloor:
        overall.mdape !== null && floor.mdapeFloor !== null ? r4(overall.mdape - floor.mdapeFloor) : null,
      belowFloor: overall.mdape !== null && floor.mdapeFloor !== null && overall.mdape < floor.mdapeFloor,
    },
    leakage: {
      test: 'every deal month shuffled within its city: the estimator must do worse than on true dates',
      cities: leakCities.length,
      trueMdape: unshuffled.mdape,
      shuffledMdape: shuffled.mdape,
      trueCoverage80: unshuffled.rangeCoverage80,
      shuffledCoverage80: shuffled.rangeCoverage80,
      holds: (shuffled.mdape ?? 0) > (unshuffled.mdape ?? Infinity),
    },
    targets: {
      mdape: {
        target: `≤ ${TARGETS.mdape}`,
        value: overall.mdape,
        met: overall.mdape !== null && overall.mdape <= TARGETS.mdape,
      },
      mdapeDense: {
        target: `≤ ${TARGETS.mdapeDense} (estates with ≥ 6 deals in 12 months)`,
        value: dense.mdape,
        met: dense.mdape !== null && dense.mdape <= TARGETS.mdapeDense,
      },
      within10: {
        target: `≥ ${TARGETS.within10}`,
        value: overall.within10,
        met: (overall.within10 ?? 0) >= TARGETS.within10,
      },
      within20: {
        target: `≥ ${TARGETS.within20}`,
        value: overall.within20,
        met: (overall.within20 ?? 0) >= TARGETS.within20,
      },
      coverage80EveryBucket: {
        target: `${TARGETS.coverage80[0]}–${TARGETS.coverage80[1]} in every city and density bucket (≥ 30 estimates)`,
        value: buckets.map((m) => m.rangeCoverage80),
        met: buckets.every(
          (m) => m.rangeCoverage80! >= TARGETS.coverage80[0] && m.rangeCoverage80! <= TARGETS.coverage80[1],
        ),
      },
      mdapeRisesWithLowerConfidence: {
        target: 'MdAPE 高 < 中 < 低',
        value: confidenceOrder,
        met: confidenceOrder.every((v, i) => i === 0 || v > confidenceOrder[i - 1]!),
      },
      over20: { target: '≤ 0.07 (research §3)', value: overall.over20, met: (overall.over20 ?? 1) <= 0.07 },
      medianSignedError: {
        target: 'within ±0.01 (research §3)',
        value: overall.medianSignedError,
        met: Math.abs(overall.medianSignedError ?? 1) <= 0.01,
      },
      fallbackMdape: {
        target: '≤ 0.10 on the plate/district fallbacks (research §3)',
        value: fallback.mdape,
        met: fallback.estimated === 0 || (fallback.mdape ?? 1) <= 0.1,
      },
      beatsBothBaselinesEveryBucket: {
        target: 'MdAPE below both baselines in every city and density bucket (on deals the baselines can value)',
        met: buckets.every(beatsBaselines),
      },
    },
  };
}

export type BacktestReport = ReturnType<typeof runBacktest>;

const pct = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${(v * 100).toFixed(1)}%`);

function table(title: string, groups: Record<string, Metrics>): string {
  const lines = [
    `### ${title}`,
    '',
    '| bucket | n | hit rate | MdAPE (95% CI) | ±5% | ±10% | ±20% | >20% | median signed | 80% coverage | range width | baseline raw / time-adj. (ours, same deals) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [k, m] of Object.entries(groups)) {
    lines.push(
      `| ${k} | ${m.n} | ${pct(m.hitRate)} | ${pct(m.mdape)} (${pct(m.mdapeCi95[0])}–${pct(m.mdapeCi95[1])}) | ${pct(m.within5)} | ${pct(m.within10)} | ${pct(m.within20)} | ${pct(m.over20)} | ${pct(m.medianSignedError)} | ${pct(m.rangeCoverage80)} | ${pct(m.medianRangeWidth)} | ${pct(m.baselines.rawMdape)} / ${pct(m.baselines.timeAdjustedMdape)} (${pct(m.baselines.mdape)}) |`,
    );
  }
  return lines.join('\n');
}

/** The human-readable docs/valuation.md. */
export function renderMarkdown(report: BacktestReport, dataset: string): string {
  const t = report.targets;
  const mark = (met: boolean) => (met ? '✅' : '❌');
  return [
    '# 估价 (valuation): method and backtest',
    '',
    `Generated by \`npm run valuation:backtest\` on the ${dataset} dataset, ${report.generatedAt.slice(0, 10)}. Machine-readable: \`bench/results/valuation.json\`.`,
    '',
    '## Method (apps/server/src/modules/valuation)',
    '',
    '- Everything in ln(unit price), from the deal rows only, cut at the `asOf` month (deals of that month included, nothing later).',
    '- **Time:** a plate index of each deal’s residual from its estate mean (two rounds), averaged over a centred 3-month window cut at asOf and shrunk toward the district, then the city, where thin.',
    '- **Hedonics:** ln(area/90), floor ≤ 1/3, floor > 2/3, walk-up top floor, orientation (东南/西南; 东/西/东西; 北 vs 南/南北), decoration (精装, 毛坯 vs 简装; from the sold listing, unknown = the city mix). Least squares within estates (location cannot leak in), ridge toward literature priors (λ = 20 pseudo-deals), per city, on the 24 months up to asOf.',
    '- **Comparables:** the estate’s deals of the last 12 months (24 if fewer than 3), adjusted to the subject and to asOf; dropped when the gross adjustment exceeds 30% or beyond 2.5 MAD; weight 2^(−age/6) / (0.03² + gross²). The value rests on all kept comparables; the page shows the six weighted most.',
    '- **Shrinkage and fallbacks:** the comparables’ mean is shrunk toward the plate mean of estate means by empirical Bayes (σ²/n_eff vs τ²); with no estate deal the plate (then the district) alone gives the value, confidence 低; with neither, or a forecast SD above 30%, the answer is ‘数据不足，暂无法估价’.',
    '- **Range:** normalised split conformal: scores |ln(P/Ê)|/scale of the 3 months before asOf, each estimated as of its own previous month; range = Ê·exp(±q₈₀·scale); FSD = q₆₈·scale.',
    '- **Confidence:** 高 = FSD ≤ 7% and ≥ 5 estate deals in 12 months; 中 = FSD ≤ 12%; else 低 (always 低 for a fallback).',
    '',
    '## Targets',
    '',
    '| target | value | met |',
    '|---|---|---|',
    `| MdAPE ${t.mdape.target} | ${pct(t.mdape.value)} | ${mark(t.mdape.met)} |`,
    `| MdAPE ${t.mdapeDense.target} | ${pct(t.mdapeDense.value)} | ${mark(t.mdapeDense.met)} |`,
    `| within ±10% ${t.within10.target} | ${pct(t.within10.value)} | ${mark(t.within10.met)} |`,
    `| within ±20% ${t.within20.target} | ${pct(t.within20.value)} | ${mark(t.within20.met)} |`,
    `| 80% range coverage ${t.coverage80EveryBucket.target} | ${t.coverage80EveryBucket.value.map(pct).join(', ')} | ${mark(t.coverage80EveryBucket.met)} |`,
    `| ${t.mdapeRisesWithLowerConfidence.target} | ${t.mdapeRisesWithLowerConfidence.value.map(pct).join(' < ')} | ${mark(t.mdapeRisesWithLowerConfidence.met)} |`,
    `| > 20% off ${t.over20.target} | ${pct(t.over20.value)} | ${mark(t.over20.met)} |`,
    `| median signed error ${t.medianSignedError.target} | ${pct(t.medianSignedError.value)} | ${mark(t.medianSignedError.met)} |`,
    `| MdAPE ${t.fallbackMdape.target} | ${pct(t.fallbackMdape.value)} | ${mark(t.fallbackMdape.met)} |`,
    `| ${t.beatsBothBaselinesEveryBucket.target} | see tables | ${mark(t.beatsBothBaselinesEveryBucket.met)} |`,
    '',
    '## Noise floor and leakage',
    '',
    `- Within-estate, same-month SD of adjusted ln prices σ = ${report.noiseFloor.sigma}; MdAPE floor ≈ 0.674σ = ${pct(report.noiseFloor.mdapeFloor)}. Our MdAPE is ${pct(report.overall.mdape)}, ${pct(report.noiseFloor.distanceToFloor)} above it${report.noiseFloor.belowFloor ? ' — BELOW the floor: look for leakage' : ''}. (Even a perfect estate mean leaves each home’s own noise: the floor cannot be reached, only approached.)`,
    `- Shuffled dates (${report.leakage.cities} cities): MdAPE ${pct(report.leakage.shuffledMdape)} vs ${pct(report.leakage.trueMdape)} on true dates, coverage ${pct(report.leakage.shuffledCoverage80)} vs ${pct(report.leakage.trueCoverage80)}: ${report.leakage.holds ? 'worse, as it must be' : 'NOT worse — leakage suspected'}.`,
    '',
    `## Results (${report.evalMonths[0]} – ${report.evalMonths[1]}, ${report.runSeconds} s)`,
    '',
    table('Overall', { all: report.overall, 'dense estates (≥ 6 deals in 12 months)': report.denseEstates }),
    '',
    table('By confidence', report.byConfidence),
    '',
    table('By estate deal density (own deals in the 12 months before)', report.byDensity),
    '',
    table('By path', report.byPath),
    '',
    table('By city', report.byCity),
    '',
    'Speed: `npx tsx bench/valuation.ts` (one estimate in-process, target p99 ≤ 20 ms) writes `bench/results/valuation-estimate.json`.',
    '',
    'Hit rate = share of deals valued (the rest refused). Range width = (high − low) / value. Baselines: the estate’s 12-month median unit price × area, raw and moved to asOf by the plate index, compared on the deals they can value.',
    '',
  ].join('\n');
}

/** The headline figures the estimate pages show (PublishedBacktest), from a full-dataset report. */
export function publishedBacktest(
  report: Pick<BacktestReport, 'evalMonths' | 'overall' | 'byConfidence'>,
  generatedAt: string,
): PublishedBacktest {
  const num = (v: number | null) => v ?? 0;
  const level = (m: Metrics | undefined) => ({
    n: m?.estimated ?? 0,
    mdape: num(m?.mdape ?? null),
    within10: num(m?.within10 ?? null),
    rangeCoverage80: num(m?.rangeCoverage80 ?? null),
  });
  const o = report.overall;
  return {
    generatedAt,
    evalMonths: [report.evalMonths[0]!, report.evalMonths[1]!],
    n: o.estimated,
    mdape: num(o.mdape),
    within10: num(o.within10),
    within20: num(o.within20),
    rangeCoverage80: num(o.rangeCoverage80),
    byConfidence: {
      高: level(report.byConfidence['高']),
      中: level(report.byConfidence['中']),
      低: level(report.byConfidence['低']),
    },
  };
}

/** packages/domain/src/valuation-published.ts: the figures as a typed constant the pages import. */
export function renderPublished(p: PublishedBacktest): string {
  return [
    '// Generated by `npm run valuation:backtest` (full dataset) from bench/results/valuation.json: do not edit.',
    '// The headline figures of the published backtest, shown on the estimate pages beside docs/valuation.md.',
    "import type { PublishedBacktest } from './api/valuation.ts';",
    '',
    `export const PUBLISHED_BACKTEST: PublishedBacktest = ${JSON.stringify(p, null, 2)};`,
    '',
  ].join('\n');
}
