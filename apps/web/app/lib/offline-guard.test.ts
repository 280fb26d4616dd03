// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inAppLinkOf, installOfflineGuard, isOfflineMove } from './offline-guard.ts';

const here = { origin: 'http://127.0.0.1:3000', pathname: '/605', search: '' };

function anchor(attrs: Record<string, string>, text = '小区'): HTMLAnchorElement {
  const a = document.createElement('a');
  for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
  const span = document.createElement('span');
  span.textContent = text;
  a.appendChild(span);
  document.body.appendChild(a);
  return a;
}

function tap(target: Element, init: Partial<MouseEvent> = {}) {
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target,
    ...init,
  };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('in-app link of a tap', () => {
  it('is the link’s path for a tap on an in-app link (or inside one)', () => {
    const a = anchor({ href: '/605/house-detail/1' });
    expect(inAppLinkOf(tap(a.firstElementChild!), here)).toBe('/605/house-detail/1');
    expect(inAppLinkOf(tap(anchor({ href: 'rank?x=1' })), here)).toBe('/rank?x=1');
    expect(inAppLinkOf(tap(anchor({ href: '/605?p=2#top' })), here)).toBe('/605?p=2#top');
  });

  it('is null for what the browser or another page handles', () => {
    expect(inAppLinkOf(tap(anchor({ href: 'https://example.com/x' })), here)).toBeNull();
    expect(inAppLinkOf(tap(anchor({ href: '/x', target: '_blank' })), here)).toBeNull();
    expect(inAppLinkOf(tap(anchor({ href: '/x.apk', download: '' })), here)).toBeNull();
    expect(inAppLinkOf(tap(anchor({ href: '#deals' })), here)).toBeNull();
    expect(inAppLinkOf(tap(anchor({ href: '/x' }), { ctrlKey: true }), here)).toBeNull();
    expect(inAppLinkOf(tap(anchor({ href: '/x' }), { button: 1 }), here)).toBeNull();
    expect(inAppLinkOf(tap(anchor({ href: '/x' }), { defaultPrevented: true }), here)).toBeNull();
    expect(inAppLinkOf(tap(document.body), here)).toBeNull();
  });
});

describe('offline guard', () => {
  it('offline, stops a tap on an in-app link before anyone else sees it and reports it', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const blocked = vi.fn();
    const later = vi.fn();
    const uninstall = installOfflineGuard(window, blocked);
    document.addEventListener('click', later);
    const a = anchor({ href: '/605/house-detail/1' });
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    a.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(blocked).toHaveBeenCalledOnce();
    expect(later).not.toHaveBeenCalled();
    uninstall();
    document.removeEventListener('click', later);
  });

  it('online, lets every tap through', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const blocked = vi.fn();
    const uninstall = installOfflineGuard(window, blocked);
    const a = anchor({ href: '/605/house-detail/1' });
    a.addEventListener('click', (e) => e.preventDefault()); // keep happy-dom from navigating
    const later = vi.fn();
    document.addEventListener('click', later);
    a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(blocked).not.toHaveBeenCalled();
    expect(later).toHaveBeenCalledOnce();
    uninstall();
    document.removeEventListener('click', later);
  });
});

describe('navigations stopped while offline', () => {
  const page = (pathname: string, search = '') => ({ pathname, search });
  it('another page or query, only while offline', () => {
    expect(isOfflineMove(page('/605/house-detail/1'), page('/605'), false)).toBe(true);
    expect(isOfflineMove(page('/605/rank'), page('/605/rank', '?districtId=1'), false)).toBe(true);
    expect(isOfflineMove(page('/605/house-detail/1'), page('/605'), true)).toBe(false);
  });

  it('not a move within the page (#hash)', () => {
    expect(isOfflineMove(page('/605', '?a=1'), page('/605', '?a=1'), false)).toBe(false);
  });
});
