// The rules that keep one figure saying the same thing on every page: a change over a window, the minimum
// sample behind a ranked or mapped change, the deal data's delay and what 现房 means. Server, web and the
// dataset generator all read them from here (issue 10, "numbers that contradict each other").
import { percentChange } from './api/market.ts';

/**
 * A series' change over its window (近N个月): from its first known value to the value of its newest month.
 * Null when the newest month has no value or fewer than two months are known, so a line without data now
 * (or a single listing repeated) never reads 持平.
 */
export function windowChange(values: readonly (number | null | undefined)[]): number | null {
  const newest = values.at(-1);
  if (newest === null || newest === undefined) return null;
  const known = values.filter((v): v is number => v !== null && v !== undefined);
  if (known.length < 2) return null;
  return percentChange(known[0], newest);
}

export type SampleLevel = 'estate' | 'plate' | 'district';

/**
 * The fewest listings on sale in a month (both the month and the month it is compared with) for a level's
 * 挂牌均价 change to be ranked, drawn on the map or shown in a ranking row; fewer and the change is '--'.
 * The same numbers bound 均价榜 (the month only).
 */
export const MIN_LISTING_SAMPLE: Record<SampleLevel, number> = { estate: 5, plate: 10, district: 30 };

const LEVEL_NOUN: Record<SampleLevel, string> = { estate: '小区', plate: '板块', district: '区县' };

/** A month's 挂牌均价 and how many listings on sale it averages. */
export interface SampledAverage {
  avg: number | null | undefined;
  count: number | null | undefined;
}

/** Whether a month's average rests on enough listings for `level`. */
export function hasListingSample(level: SampleLevel, month: SampledAverage | null | undefined): boolean {
  return !!month && month.avg !== null && month.avg !== undefined && (month.count ?? 0) >= MIN_LISTING_SAMPLE[level];
}

/** The change from `previous` to `current` in percent, or null when either month is below the level's sample. */
export function sampledChange(
  level: SampleLevel,
  previous: SampledAverage | null | undefined,
  current: SampledAverage | null | undefined,
): number | null {
  if (!hasListingSample(level, previous) || !hasListingSample(level, current)) return null;
  return percentChange(previous!.avg, current!.avg);
}

/** What a page says about the rule: '仅统计当月挂牌不少于5套的小区'. `compared` adds the month compared with. */
export function minSampleNote(level: SampleLevel, compared: 'month' | 'quarter' | null = null): string {
  const n = MIN_LISTING_SAMPLE[level];
  const noun = LEVEL_NOUN[level];
  if (compared === null) return `仅统计当月挂牌不少于${n}套的${noun}`;
  return `仅统计当月及${compared === 'quarter' ? '3个月前' : '上月'}挂牌均不少于${n}套的${noun}`;
}

/** 成交数据约延迟N天: deals reach the data this many days after they happen. */
export const DEAL_DELAY_DAYS = 15;
export const DEAL_DELAY_NOTE = `成交数据约延迟${DEAL_DELAY_DAYS}天`;

/** The newest deal date ('YYYY-MM-DD') data ending on `dataEnd` can hold. */
export function latestDealDay(dataEnd: string): string {
  const day = new Date(`${dataEnd}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - DEAL_DELAY_DAYS);
  return day.toISOString().slice(0, 10);
}

/** 现房 is a home already handed over by the data's date; one handed over later is 期房. */
export function deliveryTag(deliveryDate: string, asOf: string): '现房' | '期房' {
  return deliveryDate <= asOf ? '现房' : '期房';
}
