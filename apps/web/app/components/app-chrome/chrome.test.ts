import { describe, expect, it } from 'vitest';
import { PAGES } from '../../pages.ts';
import { TABS, backTarget, navigationSkeleton, pageChrome } from './chrome.ts';

const page = (id: string, params: Record<string, string> = {}) => ({ id, params });
const at = (id: string, pathname: string, params: Record<string, string> = {}) => ({ id, params, pathname });

describe('app chrome by page (app/pages.ts)', () => {
  it('top-level pages get the tab bar with their tab active', () => {
    expect(pageChrome(page('home'), false)).toEqual({ kind: 'tabs', tab: 'home' });
    expect(pageChrome(page('city-home', { city: '605' }), false)).toEqual({ kind: 'tabs', tab: 'home' });
    expect(pageChrome(page('house-resold', { city: '605' }), false)).toEqual({ kind: 'tabs', tab: 'find' });
    expect(pageChrome(page('profile'), false)).toEqual({ kind: 'tabs', tab: 'me' });
  });

  it('an estate’s own listings are an inner page, the city-wide search (找房) is not', () => {
    expect(pageChrome(page('house-resold', { city: '605', houseId: '1' }), false)).toEqual({
      kind: 'back',
      title: '在售二手房',
    });
  });

  it('inner pages get a title bar with the page’s title', () => {
    expect(pageChrome(page('house-detail', { city: '605', estateId: '1' }), false)).toEqual({
      kind: 'back',
      title: '小区详情',
    });
    expect(pageChrome(page('aboutus'), false)).toEqual({ kind: 'back', title: '关于我们' });
  });

  it('no bar of ours inside the native app, over a page with its own header, or for an unknown page', () => {
    expect(pageChrome(page('city-home', { city: '605' }), true)).toEqual({ kind: 'none' });
    expect(pageChrome(page('house-detail', { estateId: '1' }), true)).toEqual({ kind: 'none' });
    expect(pageChrome(page('search', { city: '605' }), false)).toEqual({ kind: 'none' });
    // the chat draws its peer header itself, and has an input bar where a tab bar would be
    expect(pageChrome(page('im'), false)).toEqual({ kind: 'none' });
    expect(pageChrome(page('ops-staff'), false)).toEqual({ kind: 'none' });
    expect(pageChrome(page('no-such-page'), false)).toEqual({ kind: 'none' });
    expect(pageChrome(null, false)).toEqual({ kind: 'none' });
  });

  it('the four tabs in order, each linking to its page', () => {
    expect(TABS.map((t) => [t.label, t.href(605)])).toEqual([
      ['首页', '/605'],
      ['找房', '/605/house-resold'],
      ['消息', '/profile/message'],
      ['我的', '/profile'],
    ]);
  });

  it('every tab has a top-level page, and only pages of the route table are top-level', () => {
    const tabs = Object.values(PAGES).flatMap((info) => (info.tab ? [info.tab] : []));
    for (const tab of TABS) expect(tabs).toContain(tab.key);
    for (const [id, info] of Object.entries(PAGES)) {
      if (info.tabWithout) expect(info.tab, id).toBeDefined();
    }
  });
});

describe('skeleton of the next page', () => {
  it('is chosen by the target route: detail, list, report, generic otherwise', () => {
    const home = at('city-home', '/605');
    expect(navigationSkeleton(home, at('house-detail', '/605/house-detail/1'))).toBe('detail');
    expect(navigationSkeleton(home, at('community-list', '/605/community-list'))).toBe('list');
    expect(navigationSkeleton(home, at('city-report', '/605/city-report'))).toBe('report');
    expect(navigationSkeleton(home, at('aboutus', '/aboutus'))).toBe('generic');
    expect(navigationSkeleton(home, at(undefined as unknown as string, '/605/undiscovered'))).toBe('generic');
  });

  it('none when idle, or when a filter or tab changes on the same list or report', () => {
    const list = at('rank', '/605/rank');
    expect(navigationSkeleton(list, null)).toBeNull();
    expect(navigationSkeleton(list, at('rank', '/605/rank'))).toBeNull();
    expect(navigationSkeleton(list, at('rank', '/605/rank/deal/plate'))).toBeNull();
    expect(navigationSkeleton(at('city-report', '/605/city-report'), at('city-report', '/605/city-report'))).toBeNull();
  });

  it('none into a page of a layout of its own (/ops): the layout stays while it loads', () => {
    expect(navigationSkeleton(at('ops-home', '/ops'), at('ops-audit', '/ops/audit'))).toBeNull();
    expect(navigationSkeleton(at('city-home', '/605'), at('ops-home', '/ops'))).toBeNull();
  });

  it('another detail page of the same kind (小区 → 附近小区) gets the skeleton', () => {
    expect(
      navigationSkeleton(at('house-detail', '/605/house-detail/1'), at('house-detail', '/605/house-detail/2')),
    ).toBe('detail');
  });
});

describe('back from the title bar', () => {
  it('goes back in history after an in-app navigation', () => {
    expect(backTarget(1, 605)).toBe(-1);
    expect(backTarget(7, 605)).toBe(-1);
  });

  it('goes to the current city’s home when the page was opened directly', () => {
    expect(backTarget(0, 605)).toBe('/605');
    expect(backTarget(undefined, 110)).toBe('/110');
    expect(backTarget('1', 605)).toBe('/605');
  });
});
