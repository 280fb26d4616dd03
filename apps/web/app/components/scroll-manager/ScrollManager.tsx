// Spec §2 Scrolling: a page change scrolls to top; on back the saved position is restored once the page has
// grown tall enough (up to 20 polls at 100 ms). Replaces React Router's ScrollRestoration, which restores at once.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { restoreScroll } from '@fjt/domain';

const KEY = 'fjt:scroll';
const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number) {
  try {
    const all = readPositions();
    all[key] = y;
    sessionStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // storage full or disabled: back navigation starts at the top
  }
}

export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onScroll = () => savePosition(lastKey.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onScroll);
    };
  }, []);

  useIsoLayoutEffect(() => {
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    const saved = readPositions()[location.key];
    if (navigationType === 'POP' && saved !== undefined) {
      void restoreScroll(saved, {
        scrollHeight: () => document.documentElement.scrollHeight,
        viewportHeight: () => window.innerHeight,
        scrollTo: (y) => window.scrollTo(0, y),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      });
    } else if (!location.hash) {
      window.scrollTo(0, 0);
    }
  }, [location.key, navigationType, location.hash]);

  return null;
}
