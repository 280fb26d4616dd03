// The estimator's pieces on hand-made deals whose true prices are known: the hedonic fit recovers a premium,
// the index follows a trend, comparables never include the subject or anything after asOf, and the range and
// confidence follow the rules the backtest publishes.
import { describe, expect, it } from 'vitest';
import {
  buildState,
  conformalQuantile,
  confidenceOf,
  estimate,
  featuresOf,
  fitWithinGroups,
  indexAt,
  monthIndex,
  monthText,
  solve,
  type DealPoint,
  type Estimate,
} from './model.ts';
import { calibrate, subjectOf, valuationBody, valuationOf } from './estimator.ts';
import { Rng } from '@fjt/dataset';
import { shuffleDates } from './backtest.ts';
import type { ValuationRepo } from './repo.ts';
import { createValuationService } from './service.ts';

const START = monthIndex('2024-01');

/** A market of 3 plates × 4 estates, 1%/month growth, north-facing −5%, 精装 +4%, lognormal noise 4%. */
function market(months = 24, perEstateMonth = 3, seed = 7): DealPoint[] {
  const rng = new Rng(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(rng.next() || 1e-9)) * Math.cos(2 * Math.PI * rng.next());
  const deals: DealPoint[] = [];
  let id = 0;
  for (let plate = 1; plate <= 3; plate++)
    for (let e = 1; e <= 4; e++) {
      const estateId = plate * 10 + e;
      const base = Math.log(30_000 + plate * 5_000 + e * 1_000);
      for (let m = 0; m < months; m++)
        for (let k = 0; k < perEstateMonth; k++) {
          const north = rng.next() < 0.2;
          const fine = rng.next() < 0.5;
          const y = base + 0.01 * m + (north ? -0.05 : 0) + (fine ? 0.04 : 0) + 0.04 * gauss();
          deals.push({
            id: ++id,
            estateId,
            plateId: plate,
            districtId: 1,
            month: START + m,
            unitPrice: Math.exp(y),
            area: 60 + Math.floor(rng.next() * 80),
            rooms: 2,
            floor: 1 + Math.floor(rng.next() * 18),
            totalFloors: 18,
            orientation: north ? '北' : '南',
            decoration: fine ? '精装' : '简装',
            lift: true,
          });
        }
    }
  return deals.sort((a, b) => a.month - b.month);
}

describe('months', () => {
  it('are running numbers', () => {
    expect(monthText(monthIndex('2025-12'))).toBe('2025-12');
    expect(monthIndex('2026-01') - monthIndex('2025-12')).toBe(1);
  });
});

describe('features', () => {
  it('code floor bands, walk-up top floors, orientation and decoration against the reference home', () => {
    const x = featuresOf(
      { area: 90, floor: 6, totalFloors: 6, orientation: '北', decoration: '毛坯', lift: null },
      null,
    );
    expect(x).toEqual([0, 0, 1, 1, 0, 0, 1, 0, 1]);
    const lift = featuresOf(
      { area: 90, floor: 6, totalFloors: 6, orientation: '南', decoration: null, lift: true },
      [0, 0, 0, 0, 0, 0, 0, 0.5, 0.2],
    );
    expect(lift.slice(3)).toEqual([0, 0, 0, 0, 0.5, 0.2]);
  });
});

describe('least squares', () => {
  it('solves a small system', () => {
    const x = solve(
      [
        [4, 1],
        [1, 3],
      ],
      [1, 2],
    );
    expect(x[0]).toBeCloseTo(1 / 11);
    expect(x[1]).toBeCloseTo(7 / 11);
  });

  it('recovers a within-group slope however different the group levels', () => {
    const groups = [0, 5, 10].map((level) => [0, 1, 2, 3].map((v) => ({ x: [v], y: level + 0.3 * v })));
    expect(fitWithinGroups(groups, [0], 0)[0]).toBeCloseTo(0.3);
    // the ridge pulls toward the prior
    expect(fitWithinGroups(groups, [0], 1000)[0]).toBeLessThan(0.1);
  });
});

describe('state and estimate', () => {
  const deals = market();
  const asOf = START + 20;
  const state = buildState(deals, asOf)!;

  it('learns the premiums and the trend from deals up to asOf', () => {
    expect(state.beta[6]).toBeCloseTo(-0.05, 1); // 北
    expect(state.beta[7]).toBeCloseTo(0.04, 1); // 精装
    const plate = state.plates.get(1)!;
    const slope = (indexAt(plate, START + 19) - indexAt(plate, START + 2)) / 17;
    expect(slope).toBeGreaterThan(0.006);
    expect(slope).toBeLessThan(0.014);
  });

  it('ignores every deal after asOf', () => {
    const later = deals.map((d) => (d.month > asOf ? { ...d, unitPrice: d.unitPrice * 10 } : d));
    const other = buildState(later, asOf)!;
    expect(other.beta).toEqual(state.beta);
    expect([...other.estates.get(11)!].map((s) => s.z)).toEqual([...state.estates.get(11)!].map((s) => s.z));
  });

  it('values a home close to its true price, from its own estate, never using itself', () => {
    const subject = deals.find((d) => d.month === asOf + 1 && d.estateId === 23)!;
    const e = estimate(state, subjectOf(subject))!;
    expect(e.path).toBe('estate');
    expect(e.comps.length).toBeGreaterThanOrEqual(6);
    expect(e.comps.every((c) => c.s.deal.estateId === 23 && c.s.deal.month <= asOf)).toBe(true);
    const truth = Math.log(30_000 + 2 * 5_000 + 3 * 1_000) + 0.01 * 21;
    const adjusted = e.y - (subject.orientation === '北' ? -0.05 : 0) - (subject.decoration === '精装' ? 0.04 : 0);
    expect(Math.abs(adjusted - truth)).toBeLessThan(0.04);
    const own = deals.find((d) => d.month === asOf && d.estateId === 23)!;
    expect(estimate(state, subjectOf(own), own.id)!.comps.some((c) => c.s.deal.id === own.id)).toBe(false);
  });

  it('falls back to the plate for an estate without deals, and refuses with nothing around', () => {
    const e = estimate(state, { ...subjectOf(deals[0]!), estateId: 999 })!;
    expect(e.path).toBe('plate');
    expect(e.comps).toEqual([]);
    expect(confidenceOf(e, 0.05)).toBe('低');
    expect(estimate(state, { ...subjectOf(deals[0]!), estateId: 999, plateId: 99, districtId: 99 })).toBeNull();
  });
});

describe('range and confidence', () => {
  it('takes the conformal quantile, or the normal one with too few scores', () => {
    const scores = Array.from({ length: 99 }, (_, i) => i + 1);
    expect(conformalQuantile(scores, 0.8, 1.28)).toBe(80);
    expect(conformalQuantile([1, 2], 0.8, 1.28)).toBe(1.28);
  });

  it('grades confidence from the forecast SD and the estate’s recent deals', () => {
    const e = { path: 'estate', recentDeals: 8 } as Estimate;
    expect(confidenceOf(e, 0.05)).toBe('高');
    expect(confidenceOf({ ...e, recentDeals: 2 }, 0.05)).toBe('中');
    expect(confidenceOf(e, 0.15)).toBe('低');
  });

  it('calibrates a range that holds about 80% of next month’s deals', () => {
    const deals = market(30, 6);
    const asOf = START + 26;
    const calibration = calibrate(deals, asOf);
    const state = buildState(deals, asOf)!;
    const next = deals.filter((d) => d.month === asOf + 1);
    let inside = 0;
    for (const d of next) {
      const v = valuationOf(estimate(state, subjectOf(d))!, calibration)!;
      if (Math.log(d.unitPrice) >= v.lowY && Math.log(d.unitPrice) <= v.highY) inside++;
    }
    expect(inside / next.length).toBeGreaterThan(0.65);
    expect(inside / next.length).toBeLessThan(0.95);
    const body = valuationBody(
      valuationOf(estimate(state, subjectOf(next[0]!))!, calibration)!,
      next[0]!.estateId,
      next[0]!.area,
      asOf,
    );
    expect(body.low).toBeLessThan(body.totalPrice);
    expect(body.high).toBeGreaterThan(body.totalPrice);
    expect(body.comparables.length).toBeLessThanOrEqual(6);
    expect(body.asOf).toBe(monthText(asOf));
  });
});

describe('shuffled dates', () => {
  it('keep each city’s deals and months, only reassigned', () => {
    const deals = market(6, 1);
    const [shuffled] = shuffleDates([{ cityId: 1, name: 'x', deals }], 1);
    expect(shuffled!.deals.map((d) => d.month).sort()).toEqual(deals.map((d) => d.month).sort());
    expect(shuffled!.deals.some((d, i) => d.id !== deals[i]!.id)).toBe(true);
  });
});

describe('valuation service', () => {
  const deals = market(40, 2);
  const loads: (number | undefined)[] = [];
  const repo: ValuationRepo = {
    estate: async (id) => (id === 23 ? { id, cityId: 1, plateId: 2, districtId: 1 } : null),
    dealMonths: async () => ({ first: deals[0]!.month, last: deals[deals.length - 1]!.month }),
    cityDeals: async (_city, from) => {
      loads.push(from);
      return deals.filter((d) => from === undefined || d.month >= from);
    },
  };
  const home = {
    estateId: 23,
    area: 88,
    rooms: 2,
    floor: 5,
    totalFloors: 18,
    orientation: '南' as const,
    decoration: '精装' as const,
  };

  it('loads only the months the newest estimate reads, and all of them once an older month is asked', async () => {
    const service = createValuationService(repo);
    const newest = await service.value(home);
    expect(newest.asOf).toBe(monthText(START + 39));
    expect(loads).toEqual([START + 39 - 26]);
    const old = await service.value({ ...home, asOf: monthText(START + 10) });
    expect(old.asOf).toBe(monthText(START + 10));
    expect(loads).toEqual([START + 39 - 26, undefined]);
    // the same answer from the whole history as from the window
    expect(await service.value(home)).toEqual(newest);
    await expect(service.value({ ...home, estateId: 1 })).rejects.toThrow('小区不存在');
    await expect(service.value({ ...home, asOf: monthText(START + 40) })).rejects.toThrow('晚于');
  });
});
