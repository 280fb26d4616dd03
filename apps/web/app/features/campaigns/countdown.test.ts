import { describe, expect, it } from 'vitest';
import { clockOffset, countdownParts, countdownText } from './countdown.ts';

describe('the 双11 countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(((3 * 24 + 4) * 3600 + 5 * 60 + 6) * 1000 + 999)).toEqual({
      days: 3,
      hours: 4,
      minutes: 5,
      seconds: 6,
    });
    expect(countdownText(((3 * 24 + 4) * 3600 + 5 * 60 + 6) * 1000)).toBe('3天 04:05:06');
    expect(countdownText(59_000)).toBe('00:00:59');
  });

  it('is 0 once past, never negative', () => {
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownText(-1)).toBe('00:00:00');
  });

  it('counts on the server clock, not the phone clock', () => {
    // the phone is a day behind: the offset puts it right
    const phoneNow = Date.parse('2026-11-10T00:00:00Z');
    const offset = clockOffset('2026-11-11T00:00:00Z', phoneNow);
    const endsAt = Date.parse('2026-11-11T01:00:00Z');
    expect(countdownText(endsAt - (phoneNow + offset))).toBe('01:00:00');
  });
});
