// Fuzz over every page route (issue 10, Acceptance): the URLs come from apps/web/app/routes.ts (support/routes.ts),
// so a new route is covered without editing this file. Every id parameter of the path gets the ids an attacker
// tries, every built page the bad query strings, and every page a POST. No answer is a 5xx; an error is the
// product's HTML error page (Chinese, no stack trace, no raw JSON, no internal route id); a redirect stays on
// this site.
import { expect, test, type APIResponse } from '@playwright/test';
import routes from '../../apps/web/app/routes.ts';
import { routeLeaves } from '../../apps/web/app/route-leaves.ts';
import { OWN_NOT_FOUND, ROUTE_CASES } from '../support/routes.ts';

const BAD_IDS = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '0',
  '0x10',
  '1e3',
  '%205995%20',
  '1.0',
  '%00',
  '%E0%A4%A',
  '%3Cscript%3E',
];

/** One bad value per query key (plus the redirect attacks), for the pages that are built. */
const BAD_QUERIES = [
  'cityId=2147483648',
  'cityId=0x10',
  'vid=2147483648',
  'vid=1e3',
  'estateId=2147483648',
  'houseId=99999999999999999999',
  'districtId=2147483648',
  'plateId=-1',
  'id=2147483648',
  'dealId=0x10',
  'a=2147483648&b=%00',
  'month=0000-01',
  'week=0000-01-03',
  'kw=%00',
  'kw=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  `kw=${'%E8%A5%BF'.repeat(300)}`,
  'price=99999999999999999999-',
  'singlePrice=-99999999999999999999',
  'area=99999999999999999999-1',
  'rent=99999999999999999999-',
  'homeAge=99999999999999999999-',
  'page=2147483648',
  'budget=99999999999999999999',
  'tab=%00&sort=%00&level=%00&scene=%00&type=%00',
  'redirect=%2F.%2F%2Fevil.example%2Fx',
  'redirect=%2F%2Fevil.example',
  'redirect=%2F%5Cevil.example',
  'redirect=https%3A%2F%2Fevil.example',
  'redirect=%2F%09%2Fevil.example',
  // checkout, payment results and /upgrade (issue 12)
  'productCode=%00&serialNumber=%3Cscript%3E&cardCode=%E0%A4%A',
  'orderNo=99999999999999999999&returnTo=%2F%2Fevil.example&openid=%00',
  'minVersion=99999999999999999999.1&minVersion=%3Cscript%3E',
];

const CJK = /[\u4e00-\u9fff]/;

/** What is wrong with an answer, or null: 5xx, a redirect off the site, an error that is not the product's page. */
async function problem(response: APIResponse, ownNotFound: string | undefined): Promise<string | null> {
  const status = response.status();
  if (status >= 500) return `${status}`;
  if (status >= 300 && status < 400) {
    const location = response.headers()['location'] ?? '';
    return /^\/(?![/\\])/.test(location) ? null : `redirect to ${location}`;
  }
  if (status < 400) return null;
  const type = response.headers()['content-type'] ?? '';
  const html = await response.text();
  if (!type.includes('text/html')) return `${status} ${type}: ${html.slice(0, 80)}`;
  if (!CJK.test(html)) return `${status} without Chinese`;
  if (!html.includes('data-testid="error-status"') && !(ownNotFound && html.includes(ownNotFound)))
    return `${status} is not the error page`;
  if (
    /node_modules|\bat \S+\.(?:ts|tsx|js|mjs):\d+|FST_ERR|did not provide an|for route "|Method Not Allowed/.test(html)
  )
    return `${status} names internals`;
  return null;
}

/** The route's path with one parameter set to `bad` and the others filled as support/routes.ts fills them. */
function withBadParam(path: string, index: number, bad: string): string {
  return (
    '/' +
    path
      .split('/')
      .filter(Boolean)
      .map((s, i) => (i === index ? bad : s === ':city' ? '605' : s.startsWith(':') ? '1' : s))
      .join('/')
  );
}

for (const r of routeLeaves(routes)) {
  const { id, path } = r;
  const params = path
    .split('/')
    .filter(Boolean)
    .flatMap((s, i) => (s.startsWith(':') ? [i] : []));
  const cases = ROUTE_CASES.filter((c) => c.id === id);

  test(`${path || '/'} (${id}) survives bad ids, bad queries and POST`, async ({ request }) => {
    test.setTimeout(90_000);
    const problems: string[] = [];
    const check = async (what: string, response: APIResponse) => {
      const found = await problem(response, OWN_NOT_FOUND[id]);
      if (found) problems.push(`${what} → ${found}`);
    };
    for (const index of params) {
      for (const bad of BAD_IDS) {
        const url = withBadParam(path, index, bad);
        await check(`GET ${url}`, await request.get(url, { maxRedirects: 0 }));
      }
    }
    const base = cases[0]!.url;
    if (cases.length > 0) {
      for (const query of BAD_QUERIES) {
        const url = `${base}${base.includes('?') ? '&' : '?'}${query}`;
        await check(`GET ${url}`, await request.get(url, { maxRedirects: 0 }));
      }
    }
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const response = await request.fetch(base, { method, maxRedirects: 0, data: 'x=1' });
      if (![404, 405].includes(response.status())) problems.push(`${method} ${base} → ${response.status()}`);
      await check(`${method} ${base}`, response);
    }
    expect(problems).toEqual([]);
  });
}
