import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { connectRedis } from './redis.ts';
import { memoryWindowCounter, redisWindowCounter, type WindowCounter } from './window-counter.ts';

async function takeAll(counter: WindowCounter, key: string, n: number, max: number, windowMs: number) {
  const results = await Promise.all(Array.from({ length: n }, () => counter.take(key, max, windowMs)));
  return results.filter((r) => r.allowed).length;
}

describe('memoryWindowCounter', () => {
  it('allows max hits a window, then none until the window ends', async () => {
    let t = 1_000_000;
    const counter = memoryWindowCounter({ now: () => t });
    expect(await takeAll(counter, 'a', 10, 3, 60_000)).toBe(3);
    const refused = await counter.take('a', 3, 60_000);
    expect(refused).toEqual({ allowed: false, retryAfterMs: 60_000 });
    t += 59_999;
    expect((await counter.take('a', 3, 60_000)).allowed).toBe(false);
    t += 1;
    expect(await takeAll(counter, 'a', 10, 3, 60_000)).toBe(3);
  });

  it('gives a hit back', async () => {
    const counter = memoryWindowCounter({ now: () => 0 });
    expect((await counter.take('b', 1, 1000)).allowed).toBe(true);
    await counter.giveBack('b');
    expect((await counter.take('b', 1, 1000)).allowed).toBe(true);
    expect((await counter.take('b', 1, 1000)).allowed).toBe(false);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('redisWindowCounter', () => {
  const redis = process.env.TEST_REDIS_URL ? connectRedis(process.env.TEST_REDIS_URL) : undefined;
  afterAll(async () => void (await redis?.quit()));

  it('allows max hits a window under a burst, gives back, and expires', async () => {
    const counter = redisWindowCounter(redis!, { prefix: `test:${randomBytes(4).toString('hex')}` });
    expect(await takeAll(counter, 'a', 50, 5, 300)).toBe(5);
    await counter.giveBack('a');
    expect(await takeAll(counter, 'a', 5, 5, 300)).toBe(1);
    await new Promise((r) => setTimeout(r, 350));
    // a give-back after the window ended must not leave a key that never expires
    await counter.giveBack('a');
    expect(await takeAll(counter, 'a', 50, 5, 300)).toBe(5);
  });
});
