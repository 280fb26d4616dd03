// From the model's pieces to one answer: calibrating the range on past residuals (walk-forward, so also cut at
// asOf) and turning an Estimate into the published value, range, confidence and comparables. Pure.
import { VALUATION_MESSAGES, type EstimateValueBody } from '@fjt/domain';
import {
  buildState,
  calibrationOf,
  confidenceOf,
  estimate,
  MAX_FSD,
  monthText,
  type Calibration,
  type DealPoint,
  type Estimate,
  type ModelState,
  type MonthIndex,
  type Subject,
} from './model.ts';

export const subjectOf = (d: DealPoint): Subject => ({
  estateId: d.estateId,
  plateId: d.plateId,
  districtId: d.districtId,
  area: d.area,
  floor: d.floor ?? 1,
  totalFloors: d.totalFloors ?? Math.max(1, d.floor ?? 1),
  orientation: d.orientation ?? '南',
  decoration: d.decoration,
  lift: d.lift,
});

/** Months of past residuals the range is calibrated on. */
export const CALIBRATION_MONTHS = 3;
/** At most this many residuals per month (evenly spread): enough for a stable 80% quantile, and fast. */
const CALIBRATION_SAMPLE = 1500;

/**
 * Normalised scores |ln(P/Ê)|/scale of the deals of the CALIBRATION_MONTHS up to asOf, each estimated as of the
 * month before it (as the backtest does): the range of an estimate as of asOf rests on nothing after asOf.
 * states gives (and may cache) the state of a month.
 */
export function calibrationScores(
  deals: readonly DealPoint[],
  asOf: MonthIndex,
  states: (m: MonthIndex) => ModelState | null,
): number[] {
  const scores: number[] = [];
  for (let m = asOf - CALIBRATION_MONTHS + 1; m <= asOf; m++) {
    const state = states(m - 1);
    if (!state) continue;
    const month = deals.filter((d) => d.month === m);
    const step = Math.max(1, Math.floor(month.length / CALIBRATION_SAMPLE));
    for (let i = 0; i < month.length; i += step) {
      const d = month[i]!;
      const e = estimate(state, subjectOf(d), d.id);
      if (e) scores.push(Math.abs(Math.log(d.unitPrice) - e.y) / e.scale);
    }
  }
  return scores;
}

export function calibrate(
  deals: readonly DealPoint[],
  asOf: MonthIndex,
  states: (m: MonthIndex) => ModelState | null = (m) => buildState(deals, m),
): Calibration {
  return calibrationOf(calibrationScores(deals, asOf, states));
}

export interface Valuation {
  estimate: Estimate;
  /** 元/㎡ */
  unitPrice: number;
  /** ln bounds of the 80% range. */
  lowY: number;
  highY: number;
  fsd: number;
  confidence: '高' | '中' | '低';
}

/** The value, 80% range and confidence of an estimate; null when too uncertain to publish. */
export function valuationOf(e: Estimate, calibration: Calibration): Valuation | null {
  const fsd = calibration.q68 * e.scale;
  if (fsd > MAX_FSD) return null;
  const half = calibration.q80 * e.scale;
  return {
    estimate: e,
    unitPrice: Math.exp(e.y),
    lowY: e.y - half,
    highY: e.y + half,
    fsd,
    confidence: confidenceOf(e, fsd),
  };
}

const pct = (ln: number) => Math.round((Math.exp(ln) - 1) * 1000) / 10;
const round1000 = (yuan: number) => Math.round(yuan / 1000) * 1000;
/** Shown comparables: the most weighted six (the value rests on all that passed the filters). */
const SHOWN_COMPS = 6;

/** The endpoint's body for a valuation of a subject of `area` ㎡ as of asOf. */
export function valuationBody(v: Valuation, estateId: number, area: number, asOf: MonthIndex): EstimateValueBody {
  const e = v.estimate;
  const comps = [...e.comps].sort((a, b) => b.weight - a.weight).slice(0, SHOWN_COMPS);
  return {
    estateId,
    asOf: monthText(asOf),
    totalPrice: round1000(v.unitPrice * area),
    unitPrice: Math.round(v.unitPrice),
    low: round1000(Math.exp(v.lowY) * area),
    high: round1000(Math.exp(v.highY) * area),
    confidence: v.confidence,
    path: e.path,
    fsdPct: Math.round(v.fsd * 1000) / 10,
    comparables: comps.map((c) => ({
      dealId: c.s.deal.id,
      dealMonth: monthText(c.s.deal.month),
      area: c.s.deal.area,
      rooms: c.s.deal.rooms,
      floor: c.s.deal.floor,
      totalFloors: c.s.deal.totalFloors,
      orientation: c.s.deal.orientation,
      unitPrice: Math.round(c.s.deal.unitPrice),
      adjustedUnitPrice: Math.round(Math.exp(c.yHat)),
      adjustments: [
        { label: '时间', pct: pct(c.time) },
        ...Object.entries(c.byGroup).map(([label, ln]) => ({ label, pct: pct(ln) })),
      ],
      weight: Math.round(c.weight * 1000) / 1000,
    })),
    adjustments: Object.entries(e.subjectByGroup).map(([label, ln]) => ({ label, pct: pct(ln) })),
    note:
      e.path === 'estate'
        ? VALUATION_MESSAGES.disclaimer
        : `本小区近期成交不足，按${e.path === 'plate' ? '板块' : '区县'}成交估算，${VALUATION_MESSAGES.disclaimer}`,
  };
}
