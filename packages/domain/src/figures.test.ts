import { describe, expect, it } from 'vitest';
import {
  DEAL_DELAY_NOTE,
  MIN_LISTING_SAMPLE,
  deliveryTag,
  hasListingSample,
  latestDealDay,
  minSampleNote,
  sampledChange,
  windowChange,
} from './figures.ts';

describe('windowChange', () => {
  it('is the change from the first known value to the newest month', () => {
    expect(windowChange([100, null, 110, 120])).toBe(20);
    expect(windowChange([null, 100, 90])).toBe(-10);
  });

  it('is null, never 0 (持平), when the newest month has no value', () => {
    // estate 5134: one listing on sale Nov–Mar, none now
    expect(windowChange([null, null, 47372, 47372, 47372, null, null])).toBeNull();
  });

  it('is null with a single known month', () => {
    expect(windowChange([null, null, 50000])).toBeNull();
    expect(windowChange([])).toBeNull();
  });
});

describe('minimum sample', () => {
  const n = MIN_LISTING_SAMPLE.plate;

  it('drops a change whose months rest on fewer listings than the level needs', () => {
    // 千岛湖: +34% on 2 listings
    expect(sampledChange('plate', { avg: 9820, count: 2 }, { avg: 13187, count: 2 })).toBeNull();
    expect(sampledChange('plate', { avg: 10000, count: n - 1 }, { avg: 11000, count: n })).toBeNull();
    expect(sampledChange('plate', { avg: 10000, count: n }, { avg: 11000, count: n })).toBe(10);
    expect(hasListingSample('estate', { avg: null, count: 50 })).toBe(false);
  });

  it('is stated in Chinese with its number', () => {
    expect(minSampleNote('estate')).toBe(`仅统计当月挂牌不少于${MIN_LISTING_SAMPLE.estate}套的小区`);
    expect(minSampleNote('plate', 'month')).toBe(`仅统计当月及上月挂牌均不少于${n}套的板块`);
    expect(minSampleNote('district', 'quarter')).toContain('3个月前');
  });
});

describe('deal delay and 现房', () => {
  it('keeps the newest deal 15 days before the data ends', () => {
    expect(DEAL_DELAY_NOTE).toBe('成交数据约延迟15天');
    expect(latestDealDay('2026-06-30')).toBe('2026-06-15');
    expect(latestDealDay('2026-03-10')).toBe('2026-02-23');
  });

  it('calls a project 现房 only once it has been handed over', () => {
    expect(deliveryTag('2028-04-22', '2026-06-30')).toBe('期房');
    expect(deliveryTag('2026-06-30', '2026-06-30')).toBe('现房');
    expect(deliveryTag('2024-01-01', '2026-06-30')).toBe('现房');
  });
});
