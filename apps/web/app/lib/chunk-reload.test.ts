import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, chunkFailureScript, reloadOnChunkFailure } from './chunk-reload.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('reload on chunk-load failure (spec §4, §8)', () => {
  it('reloads the page when a route chunk failed to load', () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/house-detail-abc.js');
    expect(reloadOnChunkFailure(error, { storage, reload, now: () => 50_000, online: true })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('50000');
  });

  it('does not reload for other errors', () => {
    const reload = vi.fn();
    expect(
      reloadOnChunkFailure(new Error('boom'), { storage: memoryStorage(), reload, now: () => 1, online: true }),
    ).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads at most once in 10 s, so a missing chunk cannot loop', () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const error = new Error('Importing a module script failed.');
    reloadOnChunkFailure(error, { storage, reload, now: () => 100_000, online: true });
    reloadOnChunkFailure(error, { storage, reload, now: () => 105_000, online: true });
    expect(reload).toHaveBeenCalledOnce();
    reloadOnChunkFailure(error, { storage, reload, now: () => 120_001, online: true });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads while the browser is offline: the reload would show the browser’s offline page', () => {
    const reload = vi.fn();
    const storage = memoryStorage();
    const error = new TypeError('Failed to fetch dynamically imported module: /assets/house-detail-abc.js');
    expect(reloadOnChunkFailure(error, { storage, reload, now: () => 50_000, online: false })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it.each([
    [true, 1],
    [false, 0],
  ])('the inline script, online %s, reloads %i time(s) when a module script fails', (onLine, reloads) => {
    let onError: ((e: { target: unknown }) => void) | undefined;
    const win = { addEventListener: (_: string, fn: typeof onError) => (onError = fn) };
    const reload = vi.fn();
    // runs the inline <head> script under test against fake globals
    new Function('window', 'sessionStorage', 'location', 'navigator', chunkFailureScript)(
      win,
      memoryStorage(),
      { reload },
      { onLine },
    );
    onError!({ target: { tagName: 'SCRIPT' } });
    expect(reload).toHaveBeenCalledTimes(reloads);
  });
});
