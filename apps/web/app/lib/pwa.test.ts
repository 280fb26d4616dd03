import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KEPT_PAGE, MAX_KEPT_PAGES, PAGE_CACHE, pageLabel, shouldRegisterWorker } from './pwa.ts';

const sw = readFileSync(fileURLToPath(new URL('../../public/sw.js', import.meta.url)), 'utf8');
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../public/manifest.webmanifest', import.meta.url)), 'utf8'),
);

describe('service worker', () => {
  it('agrees with lib/pwa.ts on the page cache, its bound and which pages it keeps', () => {
    expect(sw).toContain(`const PAGE_CACHE = '${PAGE_CACHE}';`);
    expect(sw).toContain(`const MAX_KEPT_PAGES = ${MAX_KEPT_PAGES};`);
    expect(sw).toContain(`const KEPT_PAGE = ${KEPT_PAGE.toString()};`);
    expect(sw).toContain("const BUILD_ID = 'dev';");
  });

  it('keeps estate pages only', () => {
    for (const p of ['/605/house-detail/9', '/605/property/12', '/605/loupan/3', '/605/house-new/3'])
      expect(KEPT_PAGE.test(p), p).toBe(true);
    for (const p of [
      '/605',
      '/profile',
      '/605/house-detail/9/agent-list',
      '/rabbit/v1/house/detail',
      '/605/house-detail/x',
    ])
      expect(KEPT_PAGE.test(p), p).toBe(false);
  });

  it('never answers the API or other methods', () => {
    expect(sw).toContain("if (url.pathname.startsWith('/rabbit/')) return;");
    expect(sw).toContain("if (request.method !== 'GET') return;");
  });

  it('is registered outside the native app only, where supported', () => {
    expect(shouldRegisterWorker({ isApp: false }, { serviceWorker: {} as ServiceWorkerContainer })).toBe(true);
    expect(shouldRegisterWorker({ isApp: true }, { serviceWorker: {} as ServiceWorkerContainer })).toBe(false);
    expect(shouldRegisterWorker({ isApp: false }, {})).toBe(false);
    expect(shouldRegisterWorker({ isApp: false }, undefined)).toBe(false);
  });

  it('labels kept pages', () => {
    expect(pageLabel('/605/house-detail/9')).toBe('小区 9');
    expect(pageLabel('/other')).toBe('/other');
  });
});

describe('web app manifest', () => {
  it('has the installable fields', () => {
    expect(manifest).toMatchObject({ name: '房价通', start_url: '/', display: 'standalone', theme_color: '#1f6fff' });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
  });
});
