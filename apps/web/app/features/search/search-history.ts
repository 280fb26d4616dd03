// 搜索历史, kept in local storage per city: what was submitted, or the estate/plate/project that was opened.
import type { SearchTargetKind } from '@fjt/domain';

export const SEARCH_HISTORY_MAX = 10;

export interface SearchHistoryItem {
  /** What the chip shows: the keyword submitted or the name opened. */
  kw: string;
  /** Set when a suggestion was opened: the chip opens it again. */
  target?: { kind: SearchTargetKind; id: number };
}

interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const searchHistoryKey = (cityId: number) => `fjt:search-history:${cityId}`;

const KINDS: readonly string[] = ['estate', 'plate', 'project'];

function isItem(value: unknown): value is SearchHistoryItem {
  if (typeof value !== 'object' || value === null) return false;
  const { kw, target } = value as { kw?: unknown; target?: unknown };
  if (typeof kw !== 'string' || kw.trim() === '') return false;
  if (target === undefined) return true;
  if (typeof target !== 'object' || target === null) return false;
  const { kind, id } = target as { kind?: unknown; id?: unknown };
  return typeof kind === 'string' && KINDS.includes(kind) && typeof id === 'number' && Number.isInteger(id);
}

export function readSearchHistory(storage: KeyValueStorage, cityId: number): SearchHistoryItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(searchHistoryKey(cityId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem).slice(0, SEARCH_HISTORY_MAX) : [];
  } catch {
    return []; // unreadable (storage disabled or a value written by someone else)
  }
}

/** Puts the item first, drops an older one with the same text, keeps the newest SEARCH_HISTORY_MAX. */
export function addToSearchHistory(
  storage: KeyValueStorage,
  cityId: number,
  item: SearchHistoryItem,
): SearchHistoryItem[] {
  const kw = item.kw.trim();
  if (!kw) return readSearchHistory(storage, cityId);
  const next = [{ ...item, kw }, ...readSearchHistory(storage, cityId).filter((h) => h.kw !== kw)].slice(
    0,
    SEARCH_HISTORY_MAX,
  );
  try {
    storage.setItem(searchHistoryKey(cityId), JSON.stringify(next));
  } catch {
    // storage full or disabled: the search still goes ahead
  }
  return next;
}

export function clearSearchHistory(storage: KeyValueStorage, cityId: number): void {
  try {
    storage.removeItem(searchHistoryKey(cityId));
  } catch {
    // storage disabled: nothing was kept
  }
}
