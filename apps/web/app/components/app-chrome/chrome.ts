// Which app chrome a page gets, read from app/pages.ts: the bottom tab bar on top-level pages, a title bar with
// back on inner pages, nothing inside the native app (it draws its own bars) or over a page with its own header.
// And which skeleton stands in for the next page between a tap and its data.
import { pageInfo, type SkeletonKind, type TabKey } from '../../pages.ts';

export interface Tab {
  key: TabKey;
  label: string;
  href: (cityId: number) => string;
}

/** The tabs in order. 消息 and 我的 lead to the accounts pages (/im, /profile). */
export const TABS: readonly Tab[] = [
  { key: 'home', label: '首页', href: (cityId) => `/${cityId}` },
  { key: 'find', label: '找房', href: (cityId) => `/${cityId}/house-resold` },
  { key: 'messages', label: '消息', href: () => '/im' },
  { key: 'me', label: '我的', href: () => '/profile' },
];

export type Chrome = { kind: 'tabs'; tab: TabKey } | { kind: 'back'; title: string } | { kind: 'none' };

export interface PageRef {
  id: string | undefined;
  params: Readonly<Record<string, string | undefined>>;
}

export function pageChrome(page: PageRef | null | undefined, isApp: boolean): Chrome {
  const info = pageInfo(page?.id);
  if (!page || !info || isApp) return { kind: 'none' };
  if (info.tab && !(info.tabWithout && page.params[info.tabWithout])) return { kind: 'tabs', tab: info.tab };
  if (info.ownHeader || info.ownLayout) return { kind: 'none' };
  return { kind: 'back', title: info.title };
}

export interface PageAt extends PageRef {
  pathname: string;
}

/**
 * The skeleton to show while a navigation from `current` to `target` loads, or null to keep the current page
 * (a filter or tab change on the same list or report only changes the query or a path segment: the page stays
 * and the progress bar runs). Another detail page of the same kind (小区 → 附近小区) gets the skeleton.
 */
export function navigationSkeleton(current: PageAt | undefined, target: PageAt | null): SkeletonKind | null {
  if (!target || (current && current.pathname === target.pathname)) return null;
  const info = pageInfo(target.id);
  if (info?.ownLayout) return null;
  const kind = info?.skeleton ?? 'generic';
  if (current && current.id === target.id && kind !== 'detail') return null;
  return kind;
}

/** Where the title bar's back goes: back in history inside the app, otherwise the current city's home. */
export function backTarget(historyIndex: unknown, cityId: number): -1 | string {
  return typeof historyIndex === 'number' && historyIndex > 0 ? -1 : `/${cityId}`;
}
