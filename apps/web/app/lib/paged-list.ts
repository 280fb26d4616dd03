// Infinite scroll over an envelope API that pages 20 at a time: starts from the loader's first page and
// starts over whenever the loader brings a new one (filters changed, pull-to-refresh). A page is a GET URL, or a
// Request for APIs that take their query as a POST body (content/list).
import { useEffect, useState } from 'react';
import type { Envelope } from '@fjt/domain';

interface Page<T> {
  total: number;
  page: number;
  list: T[];
}

export function usePagedList<T>(first: Page<T>, pageUrl: (page: number) => string | Request) {
  const [items, setItems] = useState<T[]>(first.list);
  const [page, setPage] = useState(first.page);
  useEffect(() => {
    setItems(first.list);
    setPage(first.page);
  }, [first]);

  const loadMore = async () => {
    const res = await fetch(pageUrl(page + 1));
    const json = (await res.json()) as Envelope<Page<T> | null>;
    if (json.resultCode !== 0 || !json.body) throw new Error(json.errMsg || 'Network Error.');
    const next = json.body;
    setItems((prev) => [...prev, ...next.list]);
    setPage(next.page);
  };

  return { items, hasMore: items.length < first.total, loadMore };
}

/** Sets or clears one query parameter, keeping the others. */
export function withParam(search: URLSearchParams, key: string, value: string | undefined): string {
  const next = new URLSearchParams(search);
  if (value === undefined) next.delete(key);
  else next.set(key, value);
  next.delete('page');
  return next.toString();
}
