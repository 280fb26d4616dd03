import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, reloadOnChunkFailure } from './chunk-reload.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('reload on chunk-load failure (spec §4, §8)', () => {
  it('reloads the page when a route chunk failed to load', () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/house-detail-abc.js');
    expect(reloadOnChunkFailure(error, { storage, reload, now: () => 50_000 })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('50000');
  });

  it('does not reload for other errors', () => {
    const reload = vi.fn();
    expect(reloadOnChunkFailure(new Error('boom'), { storage: memoryStorage(), reload, now: () => 1 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at most once in 10 s, so a missing chunk cannot loop', () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const error = new Error('Importing a module script failed.');
    reloadOnChunkFailure(error, { storage, reload, now: () => 100_000 });
    reloadOnChunkFailure(error, { storage, reload, now: () => 105_000 });
    expect(reload).toHaveBeenCalledOnce();
    reloadOnChunkFailure(error, { storage, reload, now: () => 120_001 });
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
