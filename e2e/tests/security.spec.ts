// The edge as an attacker meets it (issue 10): forwarded headers cannot poison a cached page, every page's
// Content-Security-Policy lets exactly its own inline scripts run, and browsing the app trips no violation.
import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

test.describe('forwarded headers and the page cache', () => {
  test('X-Forwarded-Host and Host from a visitor never reach the canonical link, the first visit nor the cached one', async ({
    request,
    baseURL,
  }) => {
    const url = `/605?poison=${Date.now()}`;
    const poisoned = await request.get(url, {
      headers: { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(poisoned.status()).toBe(200);
    expect(canonicalOf(await poisoned.text())).toBe(`${baseURL}/605`);
    const next = await request.get(url);
    expect(await next.text()).not.toContain('evil.example');
    expect(canonicalOf(await next.text())).toBe(`${baseURL}/605`);
  });
});

test.describe('security headers', () => {
  test('a page lists the hash of each of its inline scripts, and sends nosniff and a Referrer-Policy', async ({
    request,
  }) => {
    for (const path of ['/605', '/605/search', '/605/no-such-page']) {
      const res = await request.get(path);
      const csp = res.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/unsafe-(inline|eval)[^;]*;?\s*$|script-src[^;]*unsafe/);
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
      expect(inline.length).toBeGreaterThan(0);
      for (const body of inline) {
        expect(csp).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      }
      expect(res.headers()['x-content-type-options']).toBe('nosniff');
      expect(res.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers()['strict-transport-security']).toBeUndefined();
    }
  });

  test('browsing from the home page into an estate and back trips no CSP violation', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto('/605');
    await page.getByRole('region', { name: '热门小区' }).locator('a[href*="/house-detail/"]').first().click();
    await expect(page).toHaveURL(/\/605\/house-detail\/\d+/);
    await expect(page.locator('h1')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/605$/);
    await page.goto('/605/map');
    await page.goto('/605/house-video');
    expect(violations).toEqual([]);
  });
});

test('hashed script files carry nosniff but not the document-only headers; the page keeps them', async ({
  request,
}) => {
  const page = await request.get('/605');
  expect(page.headers()['x-frame-options']).toBe('SAMEORIGIN');
  expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
  const asset = /href="(\/assets\/[^"]+\.js)"/.exec(await page.text())![1]!;
  const res = await request.get(asset);
  expect(res.status()).toBe(200);
  const headers = res.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'x-xss-protection']) {
    expect(headers[name], name).toBeUndefined();
  }
});
