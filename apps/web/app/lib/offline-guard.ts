// Offline, a tap on a link must keep the user in the app (issue 10): the next page's route module and data
// cannot load, and React Router answers a failed route-module import with a full reload, which lands on the
// browser's own offline page. So while the browser is offline, a tap on an in-app link is stopped before the
// router sees it (capture phase on window, ahead of React's listeners) and the offline banner says why.

interface LinkTap {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
}

/** The in-app link a tap would follow, or null (a new tab, a download, another site, a same-page #hash). */
export function inAppLinkOf(event: LinkTap, here: { origin: string; pathname: string; search: string }): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as Element | null;
  const anchor = typeof target?.closest === 'function' ? target.closest('a[href]') : null;
  if (!anchor) return null;
  const targetAttr = anchor.getAttribute('target');
  if ((targetAttr && targetAttr !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.getAttribute('href') ?? '', `${here.origin}${here.pathname}${here.search}`);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search && url.hash) return null;
  return url.pathname + url.search + url.hash;
}

export function installOfflineGuard(win: Window, onBlocked: () => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (win.navigator.onLine !== false) return;
    if (inAppLinkOf(event, win.location) === null) return;
    event.preventDefault();
    event.stopPropagation();
    onBlocked();
  };
  win.addEventListener('click', onClick, true);
  return () => win.removeEventListener('click', onClick, true);
}

/** A navigation to stop while offline: to another page or query (a #hash on the same page needs no network). */
export function isOfflineMove(
  from: { pathname: string; search: string },
  to: { pathname: string; search: string },
  online: boolean,
): boolean {
  return !online && (from.pathname !== to.pathname || from.search !== to.search);
}
