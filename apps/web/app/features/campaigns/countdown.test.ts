import { describe, expect, it, vi } from 'vitest';
import { countdownParts, countdownText, msLeft } from './countdown.ts';

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

  it('counts on the server clock carried by the monotonic clock, whatever the phone clock says', () => {
    // serverTime read at monotonic 1000 ms; the phone's wall clock plays no part, so changing it changes nothing
    const serverTime = '2026-11-11T00:00:00Z';
    const endsAt = '2026-11-11T01:00:00Z';
    expect(countdownText(msLeft(endsAt, serverTime, 1000, 1000))).toBe('01:00:00');
    expect(countdownText(msLeft(endsAt, serverTime, 1000, 1000 + 61_000))).toBe('00:58:59');
    expect(msLeft(endsAt, serverTime, 1000, 1000 + 3_600_000)).toBe(0);
  });

  it('does not move when the device clock is changed', () => {
    const serverTime = '2026-11-11T00:00:00Z';
    const endsAt = '2026-11-11T00:10:00Z';
    const before = msLeft(endsAt, serverTime, 50, 5050);
    vi.setSystemTime(Date.parse('2030-01-01T00:00:00Z'));
    try {
      expect(msLeft(endsAt, serverTime, 50, 5050)).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });
});
