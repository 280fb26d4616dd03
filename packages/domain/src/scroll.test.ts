import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { restoreScroll, SCROLL_RESTORE } from './scroll.ts';

function makeEnv(initialHeight: number, viewport = 800) {
  let height = initialHeight;
  const env = {
    scrollHeight: () => height,
    viewportHeight: () => viewport,
    scrollTo: vi.fn<(y: number) => void>(),
    setTimeout: vi.fn((fn: () => void, ms: number) => setTimeout(fn, ms)),
  };
  return { env, grow: (h: number) => (height = h) };
}

describe('restoreScroll', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls up to 20 times at 100 ms', () => {
    expect(SCROLL_RESTORE).toEqual({ polls: 20, intervalMs: 100 });
  });

  it('scrolls at once when the page is already tall enough', async () => {
    const { env } = makeEnv(4000);
    await expect(restoreScroll(2200, env)).resolves.toBe(true);
    expect(env.scrollTo.mock.calls).toEqual([[2200]]);
    expect(env.setTimeout).not.toHaveBeenCalled();
  });

  it('treats scrollHeight = y + viewport as tall enough', async () => {
    const { env } = makeEnv(3000);
    await expect(restoreScroll(2200, env)).resolves.toBe(true);
    const short = makeEnv(2999).env;
    void restoreScroll(2200, short);
    expect(short.scrollTo).not.toHaveBeenCalled();
  });

  it('waits for the page to grow, then scrolls', async () => {
    const { env, grow } = makeEnv(1000);
    const result = restoreScroll(2200, env);
    vi.advanceTimersByTime(500);
    expect(env.scrollTo).not.toHaveBeenCalled();
    grow(3500);
    vi.advanceTimersByTime(100);
    await expect(result).resolves.toBe(true);
    expect(env.scrollTo.mock.calls).toEqual([[2200]]);
    expect(env.setTimeout).toHaveBeenCalledTimes(6);
  });

  it('gives up after 20 polls (2 s), scrolls as far as possible and resolves false', async () => {
    const { env } = makeEnv(1500);
    let settled: boolean | undefined;
    void restoreScroll(2200, env).then((v) => (settled = v));
    await vi.advanceTimersByTimeAsync(1999);
    expect(settled).toBeUndefined();
    expect(env.scrollTo).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
    expect(env.scrollTo.mock.calls).toEqual([[700]]);
    expect(env.setTimeout).toHaveBeenCalledTimes(20);
    expect(env.setTimeout.mock.calls.every(([, ms]) => ms === 100)).toBe(true);
  });

  it('scrolls to 0 for a page shorter than the viewport', async () => {
    const { env } = makeEnv(300);
    const result = restoreScroll(100, env);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe(false);
    expect(env.scrollTo.mock.calls).toEqual([[0]]);
  });

  it('treats a negative or invalid position as the top', async () => {
    const { env } = makeEnv(800);
    await expect(restoreScroll(-50, env)).resolves.toBe(true);
    await expect(restoreScroll(Number.NaN, env)).resolves.toBe(true);
    expect(env.scrollTo.mock.calls).toEqual([[0], [0]]);
  });
});
