// Concrete URLs for every route of apps/web/app/routes.ts, read from the route table itself so a route added
// there is tested here without another list to keep in sync.
import routes from '../../apps/web/app/routes.ts';
import { routeLeaves } from '../../apps/web/app/route-leaves.ts';
import { PAGES } from '../../apps/web/app/pages.ts';

export interface RouteCase {
  id: string;
  path: string;
  url: string;
  title: string;
}

/** ':city' → 605, other required params → 1, optional params filled (and a second case without them). */
function urlsFor(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const fill = (withOptional: boolean) =>
    '/' +
    segments
      .flatMap((s) => {
        if (s === ':city') return ['605'];
        if (s.startsWith(':') && s.endsWith('?')) return withOptional ? ['2'] : [];
        if (s.startsWith(':')) return ['1'];
        return [s];
      })
      .join('/');
  const all = new Set([fill(true), fill(false)]);
  return [...all];
}

/** Pages that send a visitor elsewhere without an id (PAGES.md), with where they go. */
export const REDIRECTS: Record<string, RegExp> = {
  loupan: /^\/\d+\/house-new$/,
  // the staff area sends a visitor to login and back (e2e/tests/ops.spec.ts signs in)
  'ops-home': /^\/login\?redirect=%2Fops$/,
  'ops-staff': /^\/login\?redirect=%2Fops%2Fstaff$/,
  'ops-audit': /^\/login\?redirect=%2Fops%2Faudit$/,
  'ops-import': /^\/login\?redirect=%2Fops%2Fimport$/,
  'ops-codes': /^\/login\?redirect=%2Fops%2Fcodes$/,
  'ops-leads': /^\/login\?redirect=%2Fops%2Fleads$/,
  'ops-support': /^\/login\?redirect=%2Fops%2Fsupport$/,
  'ops-orders': /^\/login\?redirect=%2Fops%2Forders$/,
  'ops-wallet': /^\/login\?redirect=%2Fops%2Fwallet$/,
  'ops-moderation': /^\/login\?redirect=%2Fops%2Fmoderation$/,
  'ops-funnel': /^\/login\?redirect=%2Fops%2Ffunnel$/,
  // 问答 without an id: the default city's questions (or the estate's Q&A)
  'qa-detail': /^\/605\/questions$/,
  'ask-v2': /^\/605\/questions$/,
  'qa-list-detail': /^\/605\/(questions|qa-list\/\d+)$/,
  // an SMS short link without a code: the explanation of a bad link
  'activity-msglink': /^\/activity\/msglink\/error\?reason=invalid$/,
};

/** Pages that answer an unknown id with a 404 of their own wording (PAGES.md) instead of the generic page. */
export const OWN_NOT_FOUND: Record<string, string> = { 'report-certificate': '证书不存在或已失效' };

/** Pages that need a query to render rather than redirect. */
const QUERY: Record<string, string> = { 'search-result': '?kw=%E8%A5%BF', 'mini-result': '?estateId=1' };

export const ROUTE_CASES: RouteCase[] = routeLeaves(routes).flatMap((r) => {
  const { id, path } = r;
  const page = PAGES[id];
  if (!page) throw new Error(`route ${id} has no entry in pages.ts`);
  return urlsFor(path).map((url) => ({ id, path, url: `${url}${QUERY[id] ?? ''}`, title: page.title }));
});
