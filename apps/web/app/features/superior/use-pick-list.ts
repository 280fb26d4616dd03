// One tab of 达人推荐 (二手房 or 新房): starts from the loader's first page (another 达人's page) or fetches it in
// the browser (my page, personal), then 20 more on scroll, pull-to-refresh, and a row taken out at once after
// 删除. The answer carries the 达人's header, kept with the rows.
import { useCallback, useEffect, useRef, useState } from 'react';
import { SUPERIOR_PAGE_SIZE, type SuperiorHeader } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';

export interface PickPage<T> {
  superior: SuperiorHeader;
  total: number;
  page: number;
  list: T[];
}

export interface PickListState<T> {
  status: 'loading' | 'ready' | 'error';
  superior: SuperiorHeader | null;
  items: T[];
  total: number;
  errMsg: string;
}

/** `path`: the list's URL without page; `first`: the loader's first page, null to fetch it here. */
export function usePickList<T extends { id: number }>(path: string, first: PickPage<T> | null) {
  const initial = (): PickListState<T> =>
    first
      ? { status: 'ready', superior: first.superior, items: first.list, total: first.total, errMsg: '' }
      : { status: 'loading', superior: null, items: [], total: 0, errMsg: '' };
  const [state, setState] = useState<PickListState<T>>(initial);
  const items = useRef<T[]>(state.items);
  items.current = state.items;

  const fetchPage = useCallback(
    async (page: number) => {
      const res = await callApi<PickPage<T>>(`${path}&page=${page}`);
      if (res.resultCode !== 0 || !res.body) throw new Error(res.errMsg || 'Network Error.');
      return res.body;
    },
    [path],
  );

  const refresh = useCallback(async () => {
    try {
      const page = await fetchPage(1);
      setState({ status: 'ready', superior: page.superior, items: page.list, total: page.total, errMsg: '' });
    } catch (error) {
      setState((s) => ({ ...s, status: s.status === 'ready' ? 'ready' : 'error', errMsg: (error as Error).message }));
    }
  }, [fetchPage]);

  useEffect(() => {
    if (!first) void refresh();
  }, [first, refresh]);

  const loadMore = useCallback(async () => {
    const next = await fetchPage(Math.floor(items.current.length / SUPERIOR_PAGE_SIZE) + 1);
    setState((s) => {
      const seen = new Set(s.items.map((r) => r.id));
      return { ...s, items: [...s.items, ...next.list.filter((r) => !seen.has(r.id))], total: next.total };
    });
  }, [fetchPage]);

  const take = useCallback((id: number) => {
    setState((s) => ({ ...s, items: s.items.filter((r) => r.id !== id), total: Math.max(0, s.total - 1) }));
  }, []);

  return { ...state, hasMore: state.status === 'ready' && state.items.length < state.total, refresh, loadMore, take };
}
