import { describe, expect, it } from 'vitest';
import { addMonths, monthWindow, previousMonthStart } from './months.ts';

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
});
