import { describe, expect, it } from 'vitest';
import { memoryOncePerWindow } from './once-per-window.ts';

describe('memoryOncePerWindow', () => {
  it('lets the first claim of a key through, refuses the next ones until the window ends', async () => {
    const once = memoryOncePerWindow({ windowMs: 40 });
    expect(await once.claim('a')).toBe(true);
    expect(await once.claim('a')).toBe(false);
    expect(await once.claim('b')).toBe(true);
    await new Promise((r) => setTimeout(r, 60));
    expect(await once.claim('a')).toBe(true);
  });
});
