import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { connectRedis } from './redis.ts';
import { memoryTokenBucket, redisTokenBucket, type TokenBucket } from './token-bucket.ts';

async function takeAll(bucket: TokenBucket, key: string, n: number) {
  const results = await Promise.all(Array.from({ length: n }, () => bucket.take(key)));
  return results.filter((r) => r.allowed).length;
}

describe('memoryTokenBucket', () => {
  it('allows a burst of capacity, then one a refill, never more than capacity saved up', async () => {
    let t = 1_000_000;
    const bucket = memoryTokenBucket({ capacity: 3, refillMs: 1000 }, { now: () => t });
    expect(await takeAll(bucket, 'a', 10)).toBe(3);
    expect(await bucket.take('a')).toEqual({ allowed: false, retryAfterMs: 1000 });
    t += 400;
    expect(await bucket.take('a')).toEqual({ allowed: false, retryAfterMs: 600 });
    t += 600;
    expect(await takeAll(bucket, 'a', 10)).toBe(1);
    t += 60_000;
    expect(await takeAll(bucket, 'a', 10)).toBe(3);
    // other keys have buckets of their own
    expect(await takeAll(bucket, 'b', 10)).toBe(3);
  });

  it('frees capacity steadily: users refused together are not all let through at one instant', async () => {
    let t = 0;
    const bucket = memoryTokenBucket({ capacity: 60, refillMs: 1000 }, { now: () => t });
    const users = ['u1', 'u2', 'u3'];
    for (const u of users) expect(await takeAll(bucket, u, 80)).toBe(60);
    // each second, each user may send one more; a backlog goes out at the refill rate, not in a burst
    for (let s = 1; s <= 5; s++) {
      t = s * 1000;
      for (const u of users) expect(await takeAll(bucket, u, 20)).toBe(1);
    }
  });

  it('gives a token back, up to capacity', async () => {
    const bucket = memoryTokenBucket({ capacity: 1, refillMs: 1000 }, { now: () => 0 });
    expect((await bucket.take('b')).allowed).toBe(true);
    await bucket.giveBack('b');
    await bucket.giveBack('b');
    expect(await takeAll(bucket, 'b', 5)).toBe(1);
  });

  it('takes and gives back n at once (a batch of events), all or nothing', async () => {
    let t = 0;
    const bucket = memoryTokenBucket({ capacity: 10, refillMs: 100 }, { now: () => t });
    expect(await bucket.take('d', 8)).toEqual({ allowed: true, retryAfterMs: 0 });
    expect(await bucket.take('d', 5)).toEqual({ allowed: false, retryAfterMs: 300 });
    expect(await takeAll(bucket, 'd', 5)).toBe(2);
    await bucket.giveBack('d', 4);
    t += 100;
    expect(await bucket.take('d', 5)).toEqual({ allowed: true, retryAfterMs: 0 });
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('redisTokenBucket', () => {
  const redis = process.env.TEST_REDIS_URL ? connectRedis(process.env.TEST_REDIS_URL) : undefined;
  afterAll(async () => void (await redis?.quit()));

  it('allows a burst of capacity under concurrency, refills, gives back, and expires', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}`;
    const bucket = redisTokenBucket(redis!, { capacity: 5, refillMs: 200, prefix });
    expect(await takeAll(bucket, 'a', 50)).toBe(5);
    const refused = await bucket.take('a');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(200);
    await bucket.giveBack('a');
    expect(await takeAll(bucket, 'a', 5)).toBe(1);
    await new Promise((r) => setTimeout(r, 450));
    expect(await takeAll(bucket, 'a', 50)).toBe(2);
    // a give-back to a bucket that expired (full again) leaves nothing behind
    await bucket.giveBack('never-taken');
    expect(await redis!.exists(`${prefix}:never-taken`)).toBe(0);
    expect(await redis!.pttl(`${prefix}:a`)).toBeLessThanOrEqual(1000);
  });

  it('takes and gives back n at once', async () => {
    const prefix = `test:${randomBytes(4).toString('hex')}`;
    const bucket = redisTokenBucket(redis!, { capacity: 10, refillMs: 60_000, prefix });
    expect((await bucket.take('d', 8)).allowed).toBe(true);
    expect((await bucket.take('d', 5)).allowed).toBe(false);
    await bucket.giveBack('d', 4);
    expect((await bucket.take('d', 6)).allowed).toBe(true);
    expect((await bucket.take('d', 1)).allowed).toBe(false);
  });
});
