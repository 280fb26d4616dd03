import { describe, expect, it } from 'vitest';
import { addMonths, monthEndDay, monthTitle, monthWindow, previousMonthStart } from './months.ts';

describe('month arithmetic', () => {
  it('shifts across year ends both ways', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-06', -36)).toBe('2023-06');
  });

  it('lists a window of months, oldest first', () => {
    expect(monthWindow('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });

  it('gives the first day of the previous month', () => {
    expect(previousMonthStart('2026-01-01')).toBe('2025-12-01');
    expect(previousMonthStart('2026-06-01')).toBe('2026-05-01');
  });

  it('gives a month’s last day, leap Februaries included, and its title', () => {
    expect(monthEndDay('2026-02')).toBe('2026-02-28');
    expect(monthEndDay('2024-02')).toBe('2024-02-29');
    expect(monthEndDay('2025-12')).toBe('2025-12-31');
    expect(monthTitle('2026-06')).toBe('2026年6月');
    expect(monthTitle('2025-11')).toBe('2025年11月');
  });
});
