import { describe, expect, it, vi } from 'vitest';
import { createMemo } from './memo.ts';

describe('memo', () => {
  it('computes once per key until the entry expires', async () => {
    let t = 0;
    const memo = createMemo<number>({ ttlMs: 100, now: () => t });
    const compute = vi.fn(async () => 42);
    expect(await memo.get('a', compute)).toBe(42);
    expect(await memo.get('a', compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
    t = 101;
    await memo.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failure', async () => {
    const memo = createMemo<number>({ ttlMs: 1000 });
    await expect(memo.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('a', async () => 7)).toBe(7);
  });

  it('evicts the oldest entry beyond its size', async () => {
    const memo = createMemo<string>({ ttlMs: 1000, maxEntries: 2 });
    const compute = vi.fn(async () => 'x');
    await memo.get('a', compute);
    await memo.get('b', compute);
    await memo.get('c', compute);
    await memo.get('a', compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('forgets only the entries a data change names (deleteWhere)', async () => {
    const memo = createMemo<string>({ ttlMs: 1000 });
    const compute = vi.fn(async () => 'x');
    for (const key of ['605', '1', '605 {"rank":"hot"}']) await memo.get(key, compute);
    memo.deleteWhere((key) => key.split(' ')[0] === '605');
    await memo.get('1', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await memo.get('605', compute);
    await memo.get('605 {"rank":"hot"}', compute);
    expect(compute).toHaveBeenCalledTimes(5);
  });
});
