// The NBS 70-city monthly indices, vendored in data/nbs-70city-price-index.csv (MIT; data/README.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR } from './geo.ts';

export interface NbsRow {
  month: string;
  adcode: string;
  basis: 'mom' | 'yoy';
  newHouseIdx: number;
  secondHandIdx: number;
}

let cache: NbsRow[] | undefined;
export function loadNbs(): NbsRow[] {
  if (cache) return cache;
  const lines = readFileSync(join(DATA_DIR, 'nbs-70city-price-index.csv'), 'utf8').trim().split('\n').slice(1);
  cache = lines.map((line) => {
    const [month, adcode, , basis, n, s] = line.split(',');
    return {
      month: month!,
      adcode: adcode!,
      basis: basis as 'mom' | 'yoy',
      newHouseIdx: Number(n),
      secondHandIdx: Number(s),
    };
  });
  return cache;
}

/** The newest month in the file: the dataset's "now". */
export const LAST_MONTH = '2026-06';

/** `count` consecutive months ending at `last`, oldest first, as 'YYYY-MM'. */
export function monthsEnding(last: string, count: number): string[] {
  const [y, m] = last.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const idx = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(idx / 12)}-${String((idx % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

/**
 * Second-hand price level per month, chained from the month-on-month index and normalised so the last
 * month is 1: level(t) = level(t−1) × mom(t) / 100.
 */
export function secondHandPath(adcode: string, months: readonly string[]): number[] {
  const mom = new Map(
    loadNbs()
      .filter((r) => r.adcode === adcode && r.basis === 'mom')
      .map((r) => [r.month, r.secondHandIdx]),
  );
  const levels: number[] = [];
  let level = 1;
  for (const m of months) {
    const idx = mom.get(m);
    if (idx === undefined) throw new Error(`NBS has no ${m} for ${adcode}`);
    level = levels.length === 0 ? 1 : level * (idx / 100);
    levels.push(level);
  }
  const last = levels[levels.length - 1]!;
  return levels.map((l) => l / last);
}

/** Product of the 12 month-on-month second-hand indices ending at `last`, as a % change. */
export function nbsTwelveMonthChange(adcode: string, last = LAST_MONTH): number {
  const path = secondHandPath(adcode, monthsEnding(last, 13));
  return (path[12]! / path[0]! - 1) * 100;
}
