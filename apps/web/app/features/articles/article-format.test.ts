import { describe, expect, it } from 'vitest';
import { readCount } from './article-format.ts';

describe('readCount', () => {
  it('counts reads, in 万 from ten thousand (rounded down to a tenth)', () => {
    expect(readCount(0)).toBe('阅读0');
    expect(readCount(9_999)).toBe('阅读9999');
    expect(readCount(10_000)).toBe('阅读1万');
    expect(readCount(12_999)).toBe('阅读1.2万');
    expect(readCount(250_000)).toBe('阅读25万');
  });
});
