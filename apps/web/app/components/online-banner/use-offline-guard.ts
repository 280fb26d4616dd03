// Offline, a navigation cannot load the next page: React Router would end on the error page, or reload the
// document (a route module that fails to import) onto the browser's offline page. Stop it and stay, and say so
// under the offline banner: taps on links before the router sees them (plain <a> too, lib/offline-guard.ts),
// every other navigation (navigate(), the back button) by the router's blocker.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { installOfflineGuard, isOfflineMove } from '../../lib/offline-guard.ts';
import { showOfflineNotice } from './OnlineBanner.tsx';

export function useOfflineGuard(): void {
  useEffect(() => installOfflineGuard(window, showOfflineNotice), []);
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    isOfflineMove(currentLocation, nextLocation, typeof navigator === 'undefined' || navigator.onLine !== false),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    blocker.reset();
    showOfflineNotice();
  }, [blocker]);
}
