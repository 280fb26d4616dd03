import { expect, test } from '@playwright/test';
import { OWN_NOT_FOUND, REDIRECTS, ROUTE_CASES } from '../support/routes.ts';

test.describe('every route of spec §2 answers with server-rendered HTML', () => {
  test('the route table has the spec’s 144 routes and the product’s own pages', () => {
    const ids = new Set(ROUTE_CASES.map((r) => r.id));
    // map search, the sandbox SMS page, the message centre, the staff pages, an article (issue 17)
    const own = [
      'map',
      'article',
      'dev-sms',
      'profile-message',
      'ops-home',
      'ops-staff',
      'ops-audit',
      'ops-import',
      'ops-codes',
      'ops-leads',
      'ops-support',
      'ops-orders',
      'ops-wallet',
      'ops-moderation',
      'ops-funnel',
      'offline',
    ];
    for (const id of own) expect(ids.has(id), id).toBe(true);
    expect(ids.size).toBe(144 + own.length);
  });

  // Built pages have their own specs with real ids; here each is served as SSR HTML with a title and a
  // description, and a made-up id gets the 404 page rather than an error.
  for (const route of ROUTE_CASES) {
    test(`${route.url} (${route.id}) is a built page served as SSR HTML`, async ({ request }) => {
      const response = await request.get(route.url, { maxRedirects: 0 });
      if (response.status() === 302 && REDIRECTS[route.id]) {
        expect(response.headers()['location']).toMatch(REDIRECTS[route.id]!);
        return;
      }
      expect([200, 404]).toContain(response.status());
      expect(response.headers()['content-type']).toContain('text/html');
      const html = await response.text();
      expect(html).toMatch(/<title>[^<]*房价通[^<]*<\/title>/);
      expect(html).toContain('<meta name="description"');
      if (response.status() === 404) expect(html).toContain(OWN_NOT_FOUND[route.id] ?? 'This page could not be found');
    });
  }
});

test.describe('unknown paths', () => {
  for (const url of ['/no-such-page', '/605/no-such-page', '/abc', '/abc/search', '/99999', '/99999/house-detail/1']) {
    test(`${url} answers a real HTTP 404 with the spec’s text`, async ({ request }) => {
      const response = await request.get(url);
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain('This page could not be found');
    });
  }

  for (const url of ['/rabbit/v1/nothing-here', '/rabbit/v1', '/rabbit/v1/house/unknown?cityId=605']) {
    test(`API ${url} answers a JSON envelope, never HTML`, async ({ request }) => {
      const response = await request.get(url);
      expect(response.status()).toBe(404);
      expect(response.headers()['content-type']).toContain('application/json');
      const body = (await response.json()) as { resultCode: number; errMsg: string };
      expect(body.resultCode).not.toBe(0);
      expect(body.errMsg).toMatch(/[\u4e00-\u9fa5]/);
    });
  }

  test('POST to an unknown API path is JSON too', async ({ request }) => {
    const response = await request.post('/rabbit/v1/nope', { data: { a: 1 } });
    expect(response.status()).toBe(404);
    expect((await response.json()).resultCode).not.toBe(0);
  });
});

test('static assets carry long-lived cache headers', async ({ request }) => {
  const html = await (await request.get('/aboutus')).text();
  const asset = /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toBeTruthy();
  const response = await request.get(asset!);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('immutable');
});
