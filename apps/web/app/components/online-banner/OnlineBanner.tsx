// Online/offline status follows the browser's events (spec §4). A link tapped while offline stays on the page
// (lib/offline-guard.ts) and the banner adds a line saying so.
import { useEffect, useSyncExternalStore } from 'react';
import { OFFLINE_BANNER, OFFLINE_TAP_NOTICE } from '@fjt/domain';
import './online-banner.css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

// How many taps were stopped while offline: the notice shows from the first and replays its flash on each.
let blockedTaps = 0;
const noticeListeners = new Set<() => void>();

export function showOfflineNotice(): void {
  blockedTaps += 1;
  for (const listener of noticeListeners) listener();
}

function subscribeNotice(onChange: () => void) {
  noticeListeners.add(onChange);
  return () => noticeListeners.delete(onChange);
}

/** Whether the browser says it is online (true while rendering on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function OnlineBanner() {
  const online = useOnline();
  const taps = useSyncExternalStore(
    subscribeNotice,
    () => blockedTaps,
    () => 0,
  );
  useEffect(() => {
    if (online) blockedTaps = 0;
  }, [online]);
  if (online) return null;
  return (
    <div className="online-banner" role="status" data-testid="offline-banner">
      {OFFLINE_BANNER}
      {taps > 0 ? (
        <span key={taps} className="online-banner__notice" data-testid="offline-notice">
          {OFFLINE_TAP_NOTICE}
        </span>
      ) : null}
    </div>
  );
}
