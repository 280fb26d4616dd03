// One signed-in GET of the reseller pages, asked from the browser once the login guard lets the user through, with
// a retry; `set` replaces the answer after a POST that returns the new state (join, withdraw).
import { useCallback, useEffect, useState } from 'react';
import { callApi, type Viewer } from '../../lib/session.ts';

export type ApiState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; body: T };

export function useUserApi<T>(viewer: Viewer, path: string, failed: string) {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  const [round, setRound] = useState(0);
  const retry = useCallback(() => setRound((r) => r + 1), []);
  useEffect(() => {
    if (viewer.status !== 'user') return;
    let live = true;
    void callApi<T>(path).then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body) setState({ status: 'error', message: res.errMsg || failed });
      else setState({ status: 'ready', body: res.body });
    });
    return () => {
      live = false;
    };
  }, [viewer.status, path, failed, round]);
  const set = useCallback((body: T) => setState({ status: 'ready', body }), []);
  return { state, retry, set };
}
