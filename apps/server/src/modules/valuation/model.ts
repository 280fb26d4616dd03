// The valuation estimator (issue 16; method in /shared/research/valuation.md §2), pure: no database, no clock.
// Everything works in y = ln(unit price). A city's ModelState is built from the deals up to and including one month
// (asOf) and nothing after it: a plate/district/city price index, hedonic coefficients for area, floor, orientation
// and decoration, and each estate's deals as "standardised" values z = y moved to asOf and to the reference home.
// An estimate is the estate's comparables (weighted by recency and how little they needed adjusting), shrunk toward
// the plate by empirical Bayes, so one formula covers dense estates and the plate/district fallbacks.

/** A month as a running number, year × 12 + (month − 1), so month arithmetic is integer arithmetic. */
export type MonthIndex = number;

export const monthIndex = (text: string): MonthIndex => Number(text.slice(0, 4)) * 12 + Number(text.slice(5, 7)) - 1;
export const monthText = (m: MonthIndex): string => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;

/** One deal as the estimator sees it. decoration/lift are null when the deal's listing or building does not say. */
export interface DealPoint {
  id: number;
  estateId: number;
  plateId: number;
  districtId: number;
  month: MonthIndex;
  /** 元/㎡ */
  unitPrice: number;
  area: number;
  rooms: number;
  floor: number | null;
  totalFloors: number | null;
  orientation: string | null;
  decoration: string | null;
  lift: boolean | null;
}

/** The home being valued: the same fields without a price or date. */
export interface Subject {
  estateId: number;
  plateId: number;
  districtId: number;
  area: number;
  floor: number;
  totalFloors: number;
  orientation: string;
  decoration: string | null;
  lift: boolean | null;
}

// ---------- hedonic features ----------

/** The features and the group each belongs to (one adjustment line per group on the result page). */
export const FEATURES = [
  { key: 'lnArea', group: '面积' },
  { key: 'floorLow', group: '楼层' },
  { key: 'floorHigh', group: '楼层' },
  { key: 'walkUpTop', group: '楼层' },
  { key: 'oriSide', group: '朝向' },
  { key: 'oriEastWest', group: '朝向' },
  { key: 'oriNorth', group: '朝向' },
  { key: 'decoFine', group: '装修' },
  { key: 'decoRough', group: '装修' },
] as const;
export const K = FEATURES.length;

/**
 * Literature priors (research §1 table; guesses shrunk toward by ridge): the reference home is 90 ㎡, middle floor,
 * south or south-north, 简装. Area has no prior premium per ㎡ (unit prices are already per ㎡).
 */
export const PRIOR_BETA: readonly number[] = [0, -0.02, 0.02, -0.05, -0.01, -0.03, -0.05, 0.04, -0.04];
const REFERENCE_AREA = 90;
/** Pseudo-deals of weight the priors carry (research §2.4, λ ≈ 20). */
const RIDGE_LAMBDA = 20;
/** 7 floors or fewer and no lift known: a walk-up (住宅设计规范: lifts from 7 floors up). */
const WALK_UP_MAX_FLOORS = 7;

interface FeatureInput {
  area: number;
  floor: number | null;
  totalFloors: number | null;
  orientation: string | null;
  decoration: string | null;
  lift: boolean | null;
}

/**
 * The feature vector; an unknown field gets the city's mean of that feature (means), so a deal whose decoration
 * nobody recorded counts as the average mix rather than as 简装.
 */
export function featuresOf(d: FeatureInput, means: readonly number[] | null): number[] {
  const x = new Array<number>(K).fill(0);
  x[0] = Math.log(d.area / REFERENCE_AREA);
  if (d.floor !== null && d.totalFloors !== null && d.totalFloors > 0) {
    const position = d.floor / d.totalFloors;
    const walkUp = d.lift === null ? d.totalFloors <= WALK_UP_MAX_FLOORS : !d.lift;
    x[1] = position <= 1 / 3 ? 1 : 0;
    x[2] = position > 2 / 3 ? 1 : 0;
    x[3] = walkUp && d.floor === d.totalFloors && d.totalFloors > 1 ? 1 : 0;
  } else if (means) {
    x[1] = means[1]!;
    x[2] = means[2]!;
    x[3] = means[3]!;
  }
  const o = d.orientation;
  if (o === null) {
    if (means) [x[4], x[5], x[6]] = [means[4]!, means[5]!, means[6]!];
  } else {
    x[4] = o === '东南' || o === '西南' ? 1 : 0;
    x[5] = o === '东' || o === '西' || o === '东西' ? 1 : 0;
    x[6] = o === '北' ? 1 : 0;
  }
  if (d.decoration === null) {
    if (means) [x[7], x[8]] = [means[7]!, means[8]!];
  } else {
    x[7] = d.decoration === '精装' ? 1 : 0;
    x[8] = d.decoration === '毛坯' ? 1 : 0;
  }
  return x;
}

/** Solves A·x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    const pivot = m[c]![c]!;
    if (Math.abs(pivot) < 1e-12) throw new Error('singular system');
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / pivot;
      if (f !== 0) for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Ridge-to-prior least squares on within-group demeaned data: β = (XᵀX + λI)⁻¹(Xᵀy + λ·prior). Demeaning inside
 * each estate keeps location out of β (a big flat in a dear estate says nothing about big flats).
 */
export function fitWithinGroups(
  groups: readonly { x: number[]; y: number }[][],
  prior: readonly number[],
  lambda: number,
): number[] {
  const k = prior.length;
  const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const xty = new Array<number>(k).fill(0);
  for (const g of groups) {
    if (g.length < 2) continue;
    const mx = new Array<number>(k).fill(0);
    let my = 0;
    for (const p of g) {
      for (let i = 0; i < k; i++) mx[i]! += p.x[i]! / g.length;
      my += p.y / g.length;
    }
    for (const p of g) {
      const dy = p.y - my;
      for (let i = 0; i < k; i++) {
        const di = p.x[i]! - mx[i]!;
        xty[i]! += di * dy;
        for (let j = 0; j < k; j++) xtx[i]![j]! += di * (p.x[j]! - mx[j]!);
      }
    }
  }
  for (let i = 0; i < k; i++) {
    xtx[i]![i]! += lambda;
    xty[i]! += lambda * prior[i]!;
  }
  return solve(xtx, xty);
}

// ---------- price index ----------

/** A monthly log-price index of one area (plate, district or city): index(m) for m in [from, asOf]. */
export interface Index {
  from: MonthIndex;
  values: Float64Array;
}
export const indexAt = (index: Index, m: MonthIndex): number => {
  const i = Math.min(Math.max(m - index.from, 0), index.values.length - 1);
  return index.values[i]!;
};

/** Deals in a smoothing window before a plate's own month mean counts fully (else it leans on its parent). */
const INDEX_SHRINK = 12;

/**
 * A hedonic-free repeat-estate index: each deal's residual from its estate's mean, averaged per month over a
 * trailing-and-leading 3-month window (centred, cut at asOf, like Case-Shiller's smoothing), shrunk toward the
 * parent's index where the area has few deals.
 */
function buildIndex(
  residuals: readonly { month: MonthIndex; r: number }[],
  from: MonthIndex,
  asOf: MonthIndex,
  parent: Index | null,
): Index {
  const len = asOf - from + 1;
  const sum = new Float64Array(len);
  const count = new Float64Array(len);
  for (const { month, r } of residuals) {
    const i = month - from;
    if (i < 0 || i >= len) continue;
    sum[i]! += r;
    count[i]! += 1;
  }
  const values = new Float64Array(len);
  for (let i = 0; i < len; i++) {
    let s = 0;
    let n = 0;
    for (let j = Math.max(0, i - 1); j <= Math.min(len - 1, i + 1); j++) {
      s += sum[j]!;
      n += count[j]!;
    }
    const p = parent ? indexAt(parent, from + i) : 0;
    values[i] = (s + INDEX_SHRINK * p) / (n + INDEX_SHRINK);
  }
  return { from, values };
}

// ---------- state ----------

/** How many months of deals a state looks back on: comparables from the last 12, widened to 24. */
export const LOOKBACK = 24;
export const COMPS_MONTHS = 12;

export interface StandardisedDeal {
  deal: DealPoint;
  x: number[];
  /** y moved to asOf by the plate index and to the reference home by β. */
  z: number;
}

interface AreaStats {
  mean: number;
  n: number;
}

export interface ModelState {
  asOf: MonthIndex;
  beta: number[];
  means: number[];
  city: Index;
  districts: Map<number, Index>;
  plates: Map<number, Index>;
  /** Each estate's deals of the lookback, newest first. */
  estates: Map<number, StandardisedDeal[]>;
  plateStats: Map<number, AreaStats>;
  districtStats: Map<number, AreaStats>;
  /** Within-estate variance of z (one deal's own noise) and between-estate variance within a plate. */
  sigma2: number;
  tau2: number;
  /** Number of deals in the lookback. */
  dealCount: number;
}

const mean = (xs: readonly number[]) => xs.reduce((s, v) => s + v, 0) / xs.length;

/**
 * The city's model as of asOf, from deals of the LOOKBACK months up to asOf only. deals may hold any months;
 * later ones are ignored here, which is what keeps the backtest and the asOf endpoint free of future data.
 */
export function buildState(allDeals: readonly DealPoint[], asOf: MonthIndex): ModelState | null {
  const from = asOf - LOOKBACK + 1;
  const deals = allDeals.filter((d) => d.month >= from && d.month <= asOf && d.unitPrice > 0 && d.area >= 15);
  if (deals.length === 0) return null;
  const ys = deals.map((d) => Math.log(d.unitPrice));

  // Feature means first (for unknown fields), from the deals that know the field.
  const rough = deals.map((d) => featuresOf(d, null));
  const means = new Array<number>(K).fill(0);
  const known = (d: DealPoint, i: number) =>
    i === 0
      ? true
      : i <= 3
        ? d.floor !== null && d.totalFloors !== null
        : i <= 6
          ? d.orientation !== null
          : d.decoration !== null;
  for (let i = 0; i < K; i++) {
    let s = 0;
    let n = 0;
    deals.forEach((d, j) => {
      if (known(d, i)) {
        s += rough[j]![i]!;
        n++;
      }
    });
    means[i] = n ? s / n : 0;
  }
  const xs = deals.map((d) => featuresOf(d, means));

  // Two rounds: estate means → index → time-adjusted estate means → index again, then β on time-adjusted y.
  let city: Index = { from, values: new Float64Array(asOf - from + 1) };
  let districts = new Map<number, Index>();
  let plates = new Map<number, Index>();
  const timeOf = (d: DealPoint) => indexAt(plates.get(d.plateId) ?? city, d.month);
  for (let round = 0; round < 2; round++) {
    const byEstate = new Map<number, number[]>();
    deals.forEach((d, j) => {
      const list = byEstate.get(d.estateId) ?? [];
      list.push(ys[j]! - timeOf(d));
      byEstate.set(d.estateId, list);
    });
    const estateMean = new Map([...byEstate].map(([id, list]) => [id, mean(list)]));
    const residual = deals.map((d, j) => ({ d, month: d.month, r: ys[j]! - estateMean.get(d.estateId)! }));
    city = buildIndex(residual, from, asOf, null);
    const byDistrict = groupBy(residual, (p) => p.d.districtId);
    districts = new Map([...byDistrict].map(([id, list]) => [id, buildIndex(list, from, asOf, city)]));
    const byPlate = groupBy(residual, (p) => p.d.plateId);
    plates = new Map(
      [...byPlate].map(([id, list]) => [id, buildIndex(list, from, asOf, districts.get(list[0]!.d.districtId)!)]),
    );
  }
  // Every index is relative; only differences to asOf matter.
  const adjusted = deals.map((d, j) => ys[j]! + indexAt(plates.get(d.plateId)!, asOf) - timeOf(d));
  const estateGroups = groupBy(
    deals.map((d, j) => ({ d, x: xs[j]!, y: adjusted[j]! })),
    (p) => p.d.estateId,
  );
  const beta = fitWithinGroups([...estateGroups.values()], PRIOR_BETA, RIDGE_LAMBDA);

  const estates = new Map<number, StandardisedDeal[]>();
  deals.forEach((d, j) => {
    const z = adjusted[j]! - dot(beta, xs[j]!);
    const list = estates.get(d.estateId) ?? [];
    list.push({ deal: d, x: xs[j]!, z });
    estates.set(d.estateId, list);
  });
  for (const list of estates.values()) list.sort((a, b) => b.deal.month - a.deal.month || b.deal.id - a.deal.id);

  // Variances: within estates (pooled, dof-corrected) and between estates of a plate (method of moments).
  let within = 0;
  let withinDof = 0;
  const estateMeans: { plateId: number; districtId: number; m: number; n: number }[] = [];
  for (const list of estates.values()) {
    const m = mean(list.map((s) => s.z));
    for (const s of list) within += (s.z - m) ** 2;
    withinDof += list.length - 1;
    estateMeans.push({ plateId: list[0]!.deal.plateId, districtId: list[0]!.deal.districtId, m, n: list.length });
  }
  const sigma2 = withinDof > 0 ? within / withinDof : 0.01;
  const plateStats = areaStats(estateMeans, (e) => e.plateId);
  const districtStats = areaStats(estateMeans, (e) => e.districtId);
  let between = 0;
  let betweenN = 0;
  for (const e of estateMeans) {
    const p = plateStats.get(e.plateId)!;
    if (p.n < 2) continue;
    between += (e.m - p.mean) ** 2 - sigma2 / e.n;
    betweenN++;
  }
  const tau2 = Math.max(betweenN ? between / betweenN : 0.02, 0.0025);
  return {
    asOf,
    beta,
    means,
    city,
    districts,
    plates,
    estates,
    plateStats,
    districtStats,
    sigma2,
    tau2,
    dealCount: deals.length,
  };
}

/** Mean of estate means per area (each estate once, so one busy estate does not make the plate). */
function areaStats<T extends { m: number }>(rows: readonly T[], key: (r: T) => number): Map<number, AreaStats> {
  const out = new Map<number, AreaStats>();
  for (const [id, list] of groupBy(rows, key)) out.set(id, { mean: mean(list.map((r) => r.m)), n: list.length });
  return out;
}

function groupBy<T>(rows: readonly T[], key: (r: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

const dot = (a: readonly number[], b: readonly number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);

// ---------- estimate ----------

/** Comparables needing more than this total adjustment are not comparable (GB/T 50291 §4.2.15: total ≤ 30%). */
const MAX_GROSS_ADJUSTMENT = 0.3;
/** Half-life of a comparable's weight, months. */
const HALF_LIFE_MONTHS = 6;
/** The adjustment size at which a comparable's weight halves (research §2.7 guess). */
const ADJUSTMENT_SCALE = 0.03;
/** Fewer estate comparables in 12 months than this and the window widens to 24. */
const MIN_COMPS = 3;
/** Weight of the city's within-estate variance in an estate's own, in deals. */
const SPREAD_PRIOR_DEALS = 20;
/** The fewest deals an area fallback may rest on. */
const MIN_AREA_ESTATES = 2;

export interface CompUsed {
  s: StandardisedDeal;
  /** ln adjustments: time and per feature group. */
  time: number;
  byGroup: Record<string, number>;
  yHat: number;
  weight: number;
}

export interface Estimate {
  /** ln unit price as of asOf. */
  y: number;
  /** Forecast standard deviation in ln units (before conformal scaling). */
  scale: number;
  path: 'estate' | 'plate' | 'district';
  /** Estate deals in the last 12 months (the confidence's count). */
  recentDeals: number;
  comps: CompUsed[];
  /** The subject's ln adjustment per feature group vs the reference home. */
  subjectByGroup: Record<string, number>;
}

function byGroup(beta: readonly number[], dx: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  FEATURES.forEach((f, i) => (out[f.group] = (out[f.group] ?? 0) + beta[i]! * dx[i]!));
  return out;
}

/**
 * The subject's ln unit price as of state.asOf, or null when there is nothing to rest it on (no estate deals
 * and too few in the plate and district): the caller refuses rather than guesses.
 */
export function estimate(state: ModelState, subject: Subject, excludeDealId?: number): Estimate | null {
  const xs = featuresOf(subject, state.means);
  const own = (state.estates.get(subject.estateId) ?? []).filter((s) => s.deal.id !== excludeDealId);
  let pool = own.filter((s) => s.deal.month > state.asOf - COMPS_MONTHS);
  const recentDeals = pool.length;
  if (pool.length < MIN_COMPS) pool = own;

  const comps: CompUsed[] = [];
  const plateIndex = state.plates.get(subject.plateId);
  for (const s of pool) {
    const dx = xs.map((v, i) => v - s.x[i]!);
    const groups = byGroup(state.beta, dx);
    const gross = state.beta.reduce((sum, b, i) => sum + Math.abs(b * dx[i]!), 0);
    if (gross > MAX_GROSS_ADJUSTMENT) continue;
    const ageMonths = state.asOf - s.deal.month;
    const weight = 2 ** (-ageMonths / HALF_LIFE_MONTHS) / (ADJUSTMENT_SCALE ** 2 + gross ** 2);
    const time = plateIndex ? indexAt(plateIndex, state.asOf) - indexAt(plateIndex, s.deal.month) : 0;
    comps.push({ s, time, byGroup: groups, yHat: s.z + dot(state.beta, xs), weight });
  }
  // Outliers: beyond 2.5 MADs of the median adjusted value, once there are enough to tell.
  let used = comps;
  if (comps.length >= 5) {
    const med = median(comps.map((c) => c.yHat));
    const mad = median(comps.map((c) => Math.abs(c.yHat - med))) * 1.4826;
    if (mad > 0) used = comps.filter((c) => Math.abs(c.yHat - med) <= 2.5 * mad);
  }
  const hedonic = dot(state.beta, xs);
  const plate = state.plateStats.get(subject.plateId);
  const district = state.districtStats.get(subject.districtId);
  const prior =
    plate && plate.n >= MIN_AREA_ESTATES
      ? { mean: plate.mean, n: plate.n, path: 'plate' as const }
      : district && district.n >= MIN_AREA_ESTATES
        ? { mean: district.mean, n: district.n, path: 'district' as const }
        : null;
  const subjectByGroup = byGroup(state.beta, xs);
  if (used.length === 0) {
    if (!prior) return null;
    // The area's estates vary by tau² around its mean, plus the home's own noise.
    const scale = Math.sqrt(state.sigma2 + state.tau2 * (1 + 1 / prior.n));
    return { y: prior.mean + hedonic, scale, path: prior.path, recentDeals, comps: [], subjectByGroup };
  }
  const sw = used.reduce((s, c) => s + c.weight, 0);
  const sw2 = used.reduce((s, c) => s + c.weight ** 2, 0);
  const nEff = (sw * sw) / sw2;
  const zComps = used.reduce((s, c) => s + c.weight * c.s.z, 0) / sw;
  const spread = used.reduce((s, c) => s + c.weight * (c.s.z - zComps) ** 2, 0) / sw;
  // The estate's own dispersion, shrunk toward the city's (SPREAD_PRIOR_DEALS pseudo-deals): a few close comps are
  // mostly luck, and a scale that follows luck gives ranges that under-cover exactly where they look tight.
  const sigma2 = (used.length * spread + SPREAD_PRIOR_DEALS * state.sigma2) / (used.length + SPREAD_PRIOR_DEALS);
  // Empirical Bayes: the estate mean (variance σ²/n_eff) shrunk toward the plate (variance τ²).
  const priorMean = prior ? prior.mean : zComps;
  const b = prior ? sigma2 / nEff / (state.tau2 + sigma2 / nEff) : 0;
  const z = (1 - b) * zComps + b * priorMean;
  const posterior = prior ? 1 / (nEff / sigma2 + 1 / state.tau2) : sigma2 / nEff;
  for (const c of used) c.weight /= sw;
  return {
    y: z + hedonic,
    scale: Math.sqrt(sigma2 + posterior),
    path: 'estate',
    recentDeals,
    comps: used,
    subjectByGroup,
  };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}

// ---------- range and confidence ----------

/**
 * Split conformal quantile: the ⌈(n+1)·level⌉-th smallest normalised score |ln(P/Ê)|/scale of past estimates, so
 * 80% of future deals fall in Ê·exp(±q·scale) when the past resembles them. Too few scores: the normal quantile.
 */
export function conformalQuantile(scores: readonly number[], level: number, fallback: number): number {
  const n = scores.length;
  if (n < 30) return fallback;
  const sorted = [...scores].sort((a, b) => a - b);
  const k = Math.min(n, Math.ceil((n + 1) * level));
  return sorted[k - 1]!;
}

export interface Calibration {
  q80: number;
  q68: number;
  scores: number;
}
/** Normal quantiles: what the scores would give if the scale were exact. */
export const NORMAL_CALIBRATION: Calibration = { q80: 1.2816, q68: 0.9945, scores: 0 };

export function calibrationOf(scores: readonly number[]): Calibration {
  return {
    q80: conformalQuantile(scores, 0.8, NORMAL_CALIBRATION.q80),
    q68: conformalQuantile(scores, 0.68, NORMAL_CALIBRATION.q68),
    scores: scores.length,
  };
}

export type Confidence = '高' | '中' | '低';

/** research §2.11: 高 needs the estate's own recent deals and a tight forecast; a fallback is always 低. */
export function confidenceOf(e: Estimate, fsd: number): Confidence {
  if (e.path !== 'estate') return '低';
  if (fsd <= 0.07 && e.recentDeals >= 5) return '高';
  if (fsd <= 0.12) return '中';
  return '低';
}

/** Above this FSD the value is a guess: refused. */
export const MAX_FSD = 0.3;
