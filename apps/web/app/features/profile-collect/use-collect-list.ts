// One tab's list, fetched in the browser (personal data never reaches SSR): the first page on open and on
// pull-to-refresh, 20 more on scroll, and rows taken out (or put back) at once while the call runs. After a
// removal the next page is asked from the count held, and rows already shown are skipped, so none is missed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { COLLECT_PAGE_SIZE } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import type { CollectRow } from './collect-tabs.ts';

interface Page {
  total: number;
  page: number;
  list: CollectRow[];
}

export interface CollectListState {
  status: 'loading' | 'ready' | 'error';
  items: CollectRow[];
  total: number;
  errMsg: string;
}

export function useCollectList(path: string, enabled: boolean) {
  const [state, setState] = useState<CollectListState>({ status: 'loading', items: [], total: 0, errMsg: '' });
  const items = useRef<CollectRow[]>([]);
  items.current = state.items;

  const fetchPage = useCallback(
    async (page: number): Promise<Page> => {
      const res = await callApi<Page>(`${path}?page=${page}`);
      if (res.resultCode !== 0 || !res.body) throw new Error(res.errMsg || 'Network Error.');
      return res.body;
    },
    [path],
  );

  const refresh = useCallback(async () => {
    try {
      const first = await fetchPage(1);
      setState({ status: 'ready', items: first.list, total: first.total, errMsg: '' });
    } catch (error) {
      setState((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'error', errMsg: (error as Error).message }));
    }
  }, [fetchPage]);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  const loadMore = useCallback(async () => {
    const page = Math.floor(items.current.length / COLLECT_PAGE_SIZE) + 1;
    const next = await fetchPage(page);
    setState((s) => {
      const seen = new Set(s.items.map((r) => r.recordId));
      return { ...s, items: [...s.items, ...next.list.filter((r) => !seen.has(r.recordId))], total: next.total };
    });
  }, [fetchPage]);

  /** Takes a row out; returns where it was, to put it back. */
  const take = useCallback((recordId: number) => {
    const index = items.current.findIndex((r) => r.recordId === recordId);
    setState((s) => ({ ...s, items: s.items.filter((r) => r.recordId !== recordId), total: Math.max(0, s.total - 1) }));
    return index;
  }, []);

  const putBack = useCallback((row: CollectRow, index: number) => {
    setState((s) => {
      if (s.items.some((r) => r.recordId === row.recordId)) return s;
      const list = [...s.items];
      list.splice(Math.max(0, Math.min(index, list.length)), 0, row);
      return { ...s, items: list, total: s.total + 1 };
    });
  }, []);

  return {
    ...state,
    hasMore: state.status === 'ready' && state.items.length < state.total,
    refresh,
    loadMore,
    take,
    putBack,
  };
}
