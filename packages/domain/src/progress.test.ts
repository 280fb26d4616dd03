import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { createProgressBar, PROGRESS, type ProgressState } from './progress.ts';

describe('PROGRESS', () => {
  it('holds the spec §9 timings', () => {
    expect(PROGRESS).toEqual({ throttleMs: 200, tickMs: 100, durationMs: 5000, hideAfterMs: 500 });
  });
});

describe('createProgressBar', () => {
  let states: ProgressState[];
  let bar: ReturnType<typeof createProgressBar>;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    bar = createProgressBar((s) => states.push(s));
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts hidden', () => {
    expect(bar.state()).toEqual({ visible: false, percent: 0, failed: false });
  });

  it('shows only after the 200 ms throttle', () => {
    bar.start();
    vi.advanceTimersByTime(199);
    expect(bar.state().visible).toBe(false);
    expect(states).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(bar.state()).toEqual({ visible: true, percent: 0, failed: false });
  });

  it('never shows for a navigation that finishes within the throttle', () => {
    bar.start();
    vi.advanceTimersByTime(150);
    bar.finish();
    vi.advanceTimersByTime(10_000);
    expect(states).toEqual([]);
    expect(bar.state().visible).toBe(false);
  });

  it('never shows for a navigation that fails within the throttle', () => {
    bar.start();
    vi.advanceTimersByTime(150);
    bar.fail();
    vi.advanceTimersByTime(10_000);
    expect(states).toEqual([]);
  });

  it('rises every 100 ms and reaches 99, never 100, over 5000 ms', () => {
    bar.start();
    vi.advanceTimersByTime(200);
    vi.advanceTimersByTime(99);
    expect(bar.state().percent).toBe(0);
    vi.advanceTimersByTime(1);
    expect(bar.state().percent).toBe(2);
    vi.advanceTimersByTime(2400);
    expect(bar.state().percent).toBe(50);
    vi.advanceTimersByTime(2400);
    expect(bar.state().percent).toBe(98);
    vi.advanceTimersByTime(100);
    expect(bar.state().percent).toBe(99);
    vi.advanceTimersByTime(60_000);
    expect(bar.state().percent).toBe(99);
    expect(Math.max(...states.map((s) => s.percent))).toBe(99);
    // Ticking stops at the ceiling instead of re-rendering 99 forever.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('finish sets 100 and hides 500 ms later', () => {
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.finish();
    expect(bar.state()).toEqual({ visible: true, percent: 100, failed: false });
    vi.advanceTimersByTime(499);
    expect(bar.state().visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.state()).toEqual({ visible: false, percent: 0, failed: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fail shows the failed style and hides 500 ms later', () => {
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.fail();
    expect(bar.state()).toMatchObject({ visible: true, failed: true });
    vi.advanceTimersByTime(499);
    expect(bar.state().failed).toBe(true);
    vi.advanceTimersByTime(1);
    expect(bar.state()).toEqual({ visible: false, percent: 0, failed: false });
  });

  it('stops rising after finish', () => {
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.finish();
    const count = states.length;
    vi.advanceTimersByTime(400);
    expect(states.length).toBe(count);
  });

  it('a restart during the hide delay keeps the bar on screen and rises from 0 again', () => {
    bar.start();
    vi.advanceTimersByTime(1000);
    bar.fail();
    vi.advanceTimersByTime(300);
    bar.start();
    expect(bar.state()).toEqual({ visible: true, percent: 0, failed: false });
    vi.advanceTimersByTime(1000);
    // The old hide timer was cancelled.
    expect(bar.state()).toEqual({ visible: true, percent: 20, failed: false });
  });

  it('a restart while running resets to 0 without a second ticker', () => {
    bar.start();
    vi.advanceTimersByTime(1200);
    bar.start();
    expect(bar.state().percent).toBe(0);
    vi.advanceTimersByTime(100);
    expect(bar.state().percent).toBe(2);
    expect(vi.getTimerCount()).toBe(1);
  });

  it('a restart within the throttle restarts the throttle', () => {
    bar.start();
    vi.advanceTimersByTime(150);
    bar.start();
    vi.advanceTimersByTime(150);
    expect(bar.state().visible).toBe(false);
    vi.advanceTimersByTime(50);
    expect(bar.state().visible).toBe(true);
  });

  it('finish without start does nothing', () => {
    bar.finish();
    bar.fail();
    expect(states).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('uses injected timers', () => {
    const timers = {
      setTimeout: vi.fn((fn: () => void, ms: number) => setTimeout(fn, ms)),
      clearTimeout: vi.fn((id: unknown) => clearTimeout(id as ReturnType<typeof setTimeout>)),
      setInterval: vi.fn((fn: () => void, ms: number) => setInterval(fn, ms)),
      clearInterval: vi.fn((id: unknown) => clearInterval(id as ReturnType<typeof setInterval>)),
    };
    const injected = createProgressBar(() => {}, timers);
    injected.start();
    expect(timers.setTimeout).toHaveBeenCalledWith(expect.any(Function), 200);
    vi.advanceTimersByTime(200);
    expect(timers.setInterval).toHaveBeenCalledWith(expect.any(Function), 100);
    injected.finish();
    expect(timers.clearInterval).toHaveBeenCalled();
    expect(timers.setTimeout).toHaveBeenLastCalledWith(expect.any(Function), 500);
  });

  it('hands out copies, so a listener cannot corrupt the bar', () => {
    bar.start();
    vi.advanceTimersByTime(200);
    const seen = states[0];
    if (seen) seen.percent = 77;
    bar.state().percent = 55;
    expect(bar.state().percent).toBe(0);
  });
});

describe('progress bar failure', () => {
  it('is not cleared by a finish reported after it by the same navigation', async () => {
    vi.useFakeTimers();
    const states: { failed: boolean; visible: boolean }[] = [];
    const bar = createProgressBar((s) => states.push(s));
    bar.start();
    vi.advanceTimersByTime(PROGRESS.throttleMs + PROGRESS.tickMs);
    bar.fail();
    bar.finish();
    expect(bar.state()).toMatchObject({ visible: true, failed: true, percent: 100 });
    vi.advanceTimersByTime(PROGRESS.hideAfterMs);
    expect(bar.state()).toMatchObject({ visible: false, failed: false });
    vi.useRealTimers();
  });
});
