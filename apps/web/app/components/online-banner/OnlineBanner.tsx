// Online/offline status follows the browser's events (spec §4).
import { useSyncExternalStore } from 'react';
import { OFFLINE_BANNER } from '@fjt/domain';
import './online-banner.css';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function OnlineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div className="online-banner" role="status" data-testid="offline-banner">
      {OFFLINE_BANNER}
    </div>
  );
}
