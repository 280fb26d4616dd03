import { describe, expect, it } from 'vitest';
import { concurrencyGate } from './gate.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('concurrencyGate', () => {
  it('runs at most max at once, the rest in the order they came, and passes results and errors through', async () => {
    const gate = concurrencyGate(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) =>
      gate(async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        order.push(i);
        running -= 1;
        if (i === 3) throw new Error('three');
        return i * 10;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(task));
    expect(most).toBe(2);
    expect(order).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'three',
      40,
      50,
      60,
    ]);
    // all places were given back: max run at once again
    running = 0;
    most = 0;
    await Promise.all([7, 8].map(task));
    expect(most).toBe(2);
  });
});
