// One GET of our API for the client-rendered pages (report mall, deal data, reseller and wallet): loading, error (with retry) and ready.
// The session cookie goes with it, so a personal answer never passes through the page cache (ADR 0009).
import { useCallback, useEffect, useState } from 'react';
import { callApi } from './session.ts';

export type ApiState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; body: T };

/**
 * GETs `path` (null: wait, e.g. until signed in) and again on retry() or when the path changes; set() replaces the
 * answer with the new state a POST returned (join, withdraw).
 */
export function useApi<T>(path: string | null): { state: ApiState<T>; retry: () => void; set: (body: T) => void } {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    if (path === null) return;
    let live = true;
    setState({ status: 'loading' });
    void callApi<T>(path).then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body) setState({ status: 'error', message: res.errMsg || '加载失败' });
      else setState({ status: 'ready', body: res.body });
    });
    return () => {
      live = false;
    };
  }, [path, round]);
  const set = useCallback((body: T) => setState({ status: 'ready', body }), []);
  return { state, retry, set };
}
