import { describe, expect, it } from 'vitest';
import { wanOfFen, wanOfYuan, yuanOfFen } from './format.ts';

describe('loan money formats', () => {
  it('writes fen as 元 with separators and two decimals', () => {
    expect(yuanOfFen(530727)).toBe('5,307.27');
    expect(yuanOfFen(99_877_606)).toBe('998,776.06');
    expect(yuanOfFen(0)).toBe('0.00');
  });
  it('writes 万 with at most two decimals', () => {
    expect(wanOfFen(100_000_000)).toBe('100');
    expect(wanOfFen(91_061_512)).toBe('91.06');
    expect(wanOfYuan(3_229_000)).toBe('322.9');
  });
});
