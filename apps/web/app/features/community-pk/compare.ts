// The rows of the PK table and which side wins each: a row compares one figure of the two estates and
// highlights the better value. "Better" is read from a buyer's side and said on the page (PK_RULE_NOTE).
import { MISSING_VALUE } from '@fjt/domain';
import { decimal, distance, rate, unitPrice } from '../../lib/display.ts';
import type { PkEstate, PkSideKey } from './types.ts';

export interface PkCell {
  text: string;
  /** Extra class of the value (the red/green of a change). */
  className?: string;
}

export interface PkRow {
  key: string;
  label: string;
  a: PkCell;
  b: PkCell;
  /** The side with the better value; null when they tie or either is missing. */
  better: PkSideKey | null;
}

interface RowRule {
  key: string;
  label: string;
  /** The figure compared; null when unknown. */
  value: (e: PkEstate) => number | null;
  /** Lower wins (cheaper, less dense, closer) or higher wins (newer, greener, more liquid). */
  prefer: 'low' | 'high';
  format: (e: PkEstate) => PkCell;
}

const text = (t: string): PkCell => ({ text: t });
const withUnit = (v: number | null, unit: string) => (v === null ? MISSING_VALUE : `${v}${unit}`);

/** Beyond this a station is not a selling point (as on the estate page). */
const METRO_NEAR_M = 3_000;

export const PK_RULES: RowRule[] = [
  {
    key: 'listingAvg',
    label: '挂牌均价',
    value: (e) => e.listingAvg,
    prefer: 'low',
    format: (e) => text(unitPrice(e.listingAvg)),
  },
  {
    key: 'listingMom',
    label: '环比',
    value: (e) => e.listingMom,
    prefer: 'high',
    format: (e) => rate(e.listingMom),
  },
  {
    key: 'dealAvg',
    label: '成交均价',
    value: (e) => e.dealAvg,
    prefer: 'low',
    format: (e) => text(unitPrice(e.dealAvg)),
  },
  {
    key: 'buildYear',
    label: '建成年代',
    value: (e) => e.buildYear,
    prefer: 'high',
    format: (e) => text(withUnit(e.buildYear, '年')),
  },
  {
    key: 'propertyFee',
    label: '物业费',
    value: (e) => e.propertyFee,
    prefer: 'low',
    format: (e) => text(e.propertyFee === null ? MISSING_VALUE : `${decimal(e.propertyFee, 2)}元/㎡·月`),
  },
  {
    key: 'plotRatio',
    label: '容积率',
    value: (e) => e.plotRatio,
    prefer: 'low',
    format: (e) => text(e.plotRatio === null ? MISSING_VALUE : decimal(e.plotRatio, 2)),
  },
  {
    key: 'greeningRate',
    label: '绿化率',
    value: (e) => e.greeningRate,
    prefer: 'high',
    format: (e) => text(e.greeningRate === null ? MISSING_VALUE : `${Math.round(e.greeningRate * 100)}%`),
  },
  {
    key: 'householdCount',
    label: '户数',
    value: (e) => e.householdCount,
    prefer: 'high',
    format: (e) => text(withUnit(e.householdCount, '户')),
  },
  {
    key: 'onSaleCount',
    label: '在售',
    value: (e) => e.onSaleCount,
    prefer: 'high',
    format: (e) => text(withUnit(e.onSaleCount, '套')),
  },
  {
    key: 'dealCount12',
    label: '近12月成交',
    value: (e) => e.dealCount12,
    prefer: 'high',
    format: (e) => text(withUnit(e.dealCount12, '套')),
  },
  {
    key: 'rentAvg',
    label: '租金',
    value: (e) => e.rentAvg,
    prefer: 'high',
    format: (e) => text(e.rentAvg === null ? MISSING_VALUE : `${decimal(e.rentAvg, 1)}元/㎡·月`),
  },
  {
    key: 'metro',
    label: '地铁',
    value: (e) => (e.nearestStation ? e.stationDistanceM : null),
    prefer: 'low',
    format: (e) => {
      if (!e.nearestStation || e.stationDistanceM === null) return text(MISSING_VALUE);
      if (e.stationDistanceM > METRO_NEAR_M) return text('3公里内无地铁');
      return text(`${e.nearestStation}站 ${distance(e.stationDistanceM)}`);
    },
  },
];

export const PK_RULE_NOTE = '高亮为更优一方：均价、物业费、容积率、地铁距离越低越好，其余越高越好。';

const EMPTY_CELL: PkCell = { text: MISSING_VALUE };

/**
 * The better side, or null for a tie: two values that read the same on the page (持平 and 持平, 35% and 35%,
 * '3公里内无地铁' twice) are a tie even when the raw figures differ, so nothing is highlighted.
 */
function winner(rule: RowRule, a: PkEstate | null, b: PkEstate | null): PkSideKey | null {
  if (!a || !b) return null;
  const va = rule.value(a);
  const vb = rule.value(b);
  if (va === null || vb === null || va === vb) return null;
  if (rule.format(a).text === rule.format(b).text) return null;
  const aLower = va < vb;
  return (rule.prefer === 'low') === aLower ? 'a' : 'b';
}

/** Every row for the two sides; a side without an estate shows '--' and wins nothing. */
export function pkRows(a: PkEstate | null, b: PkEstate | null): PkRow[] {
  return PK_RULES.map((rule) => ({
    key: rule.key,
    label: rule.label,
    a: a ? rule.format(a) : EMPTY_CELL,
    b: b ? rule.format(b) : EMPTY_CELL,
    better: winner(rule, a, b),
  }));
}

/** How many rows each side wins. */
export function pkScore(rows: PkRow[]): Record<PkSideKey, number> {
  return {
    a: rows.filter((r) => r.better === 'a').length,
    b: rows.filter((r) => r.better === 'b').length,
  };
}
