// The unread message count of the signed-in user, for the 消息 tab's badge: fetched in the browser (never in the
// SSR page: pages do not see the user, ADR 0009) once the viewer is known to be a user, and set by the message
// centre whenever it learns a fresher count (a page load, 全部已读, a message opened).
import { useEffect, useState } from 'react';
import { callApi, useViewer } from './session.ts';

let known: number | null = null;
const listeners = new Set<(n: number) => void>();

/** Tells every badge the new count. */
export function setUnreadCount(count: number): void {
  known = count;
  for (const l of listeners) l(count);
}

/** The count for a user (null while unknown, and for visitors). Refetched on mount. */
export function useUnreadCount(): number | null {
  const viewer = useViewer();
  const [count, setCount] = useState<number | null>(known);
  useEffect(() => {
    listeners.add(setCount);
    return () => void listeners.delete(setCount);
  }, []);
  useEffect(() => {
    if (viewer.status !== 'user') return;
    let live = true;
    void callApi<{ count: number }>('message/unread-count').then((res) => {
      if (live && res.resultCode === 0 && res.body) setUnreadCount(res.body.count);
    });
    return () => {
      live = false;
    };
  }, [viewer.status]);
  return viewer.status === 'user' ? count : null;
}

/** '99+' above 99. */
export const badgeText = (n: number): string => (n > 99 ? '99+' : String(n));
