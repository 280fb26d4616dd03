import { describe, expect, it } from 'vitest';
import {
  SEARCH_HISTORY_MAX,
  addToSearchHistory,
  clearSearchHistory,
  readSearchHistory,
  searchHistoryKey,
} from './search-history.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('搜索历史', () => {
  it('keeps the newest first, without duplicates, per city', () => {
    const storage = memoryStorage();
    addToSearchHistory(storage, 605, { kw: '西溪' });
    addToSearchHistory(storage, 605, { kw: '金地西溪风华', target: { kind: 'estate', id: 2 } });
    addToSearchHistory(storage, 605, { kw: ' 西溪 ' });
    addToSearchHistory(storage, 1, { kw: '朝阳' });
    expect(readSearchHistory(storage, 605)).toEqual([
      { kw: '西溪' },
      { kw: '金地西溪风华', target: { kind: 'estate', id: 2 } },
    ]);
    expect(readSearchHistory(storage, 1)).toEqual([{ kw: '朝阳' }]);
  });

  it(`keeps at most ${SEARCH_HISTORY_MAX} and ignores blank keywords`, () => {
    const storage = memoryStorage();
    for (let i = 0; i < 15; i++) addToSearchHistory(storage, 605, { kw: `小区${i}` });
    addToSearchHistory(storage, 605, { kw: '   ' });
    const items = readSearchHistory(storage, 605);
    expect(items).toHaveLength(SEARCH_HISTORY_MAX);
    expect(items[0]).toEqual({ kw: '小区14' });
  });

  it('clears one city', () => {
    const storage = memoryStorage();
    addToSearchHistory(storage, 605, { kw: '西溪' });
    clearSearchHistory(storage, 605);
    expect(readSearchHistory(storage, 605)).toEqual([]);
    expect(storage.data.has(searchHistoryKey(605))).toBe(false);
  });

  it('survives unreadable or foreign values and a storage that throws', () => {
    expect(readSearchHistory(memoryStorage({ [searchHistoryKey(605)]: '{oops' }), 605)).toEqual([]);
    const mixed = JSON.stringify([{ kw: '西溪' }, { kw: 1 }, 'x', { kw: '文新', target: { kind: 'house', id: 1 } }]);
    expect(readSearchHistory(memoryStorage({ [searchHistoryKey(605)]: mixed }), 605)).toEqual([{ kw: '西溪' }]);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(addToSearchHistory(broken, 605, { kw: '西溪' })).toEqual([{ kw: '西溪' }]);
    expect(() => clearSearchHistory(broken, 605)).not.toThrow();
  });
});
