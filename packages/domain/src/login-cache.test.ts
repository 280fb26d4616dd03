import { describe, it, expect, vi } from 'vitest';
import { LOGIN_CACHE_MS } from './copy.ts';
import { createLoginCheck } from './login-cache.ts';

describe('createLoginCheck', () => {
  it('does not check again within 1 hour of a positive answer', async () => {
    let t = 0;
    const check = vi.fn(async () => true);
    const isLoggedIn = createLoginCheck(check, () => t);
    await expect(isLoggedIn()).resolves.toBe(true);
    t = LOGIN_CACHE_MS - 1;
    await expect(isLoggedIn()).resolves.toBe(true);
    expect(check).toHaveBeenCalledTimes(1);
    t = LOGIN_CACHE_MS;
    await expect(isLoggedIn()).resolves.toBe(true);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('counts the hour from the answer, not from the call', async () => {
    let t = 0;
    const check = vi.fn(async () => {
      t = 5_000;
      return true;
    });
    const isLoggedIn = createLoginCheck(check, () => t);
    await isLoggedIn();
    t = LOGIN_CACHE_MS + 4_999;
    await isLoggedIn();
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('never caches a negative answer', async () => {
    const check = vi.fn<() => Promise<boolean>>().mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const isLoggedIn = createLoginCheck(check, () => 0);
    await expect(isLoggedIn()).resolves.toBe(false);
    await expect(isLoggedIn()).resolves.toBe(true);
    await expect(isLoggedIn()).resolves.toBe(true);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('does not cache a failed check and passes the error on', async () => {
    const check = vi
      .fn<() => Promise<boolean>>()
      .mockRejectedValueOnce(new Error('Network Error.'))
      .mockResolvedValueOnce(true);
    const isLoggedIn = createLoginCheck(check, () => 0);
    await expect(isLoggedIn()).rejects.toThrow('Network Error.');
    await expect(isLoggedIn()).resolves.toBe(true);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('turns a synchronous throw into a rejection', async () => {
    const isLoggedIn = createLoginCheck(() => {
      throw new Error('boom');
    });
    await expect(isLoggedIn()).rejects.toThrow('boom');
  });

  it('shares one check between concurrent calls', async () => {
    let release: (v: boolean) => void = () => {};
    const check = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const isLoggedIn = createLoginCheck(check, () => 0);
    const a = isLoggedIn();
    const b = isLoggedIn();
    release(true);
    await expect(Promise.all([a, b])).resolves.toEqual([true, true]);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('reset forgets the login, even one answered after the reset', async () => {
    let release: (v: boolean) => void = () => {};
    const check = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const isLoggedIn = createLoginCheck(check, () => 0);
    const first = isLoggedIn();
    isLoggedIn.reset();
    release(true);
    await first;
    const second = isLoggedIn();
    expect(check).toHaveBeenCalledTimes(2);
    release(false);
    await expect(second).resolves.toBe(false);
  });

  it('uses the real clock by default', async () => {
    vi.useFakeTimers();
    try {
      const check = vi.fn(async () => true);
      const isLoggedIn = createLoginCheck(check);
      await isLoggedIn();
      vi.advanceTimersByTime(LOGIN_CACHE_MS - 1);
      await isLoggedIn();
      expect(check).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      await isLoggedIn();
      expect(check).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
