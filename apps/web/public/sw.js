// 房价通 service worker (issue 18, the installable web app). Served from /sw.js with Cache-Control: no-cache
// (apps/server/src/plugins/ssr.ts); scripts/service-worker.mjs stamps BUILD_ID into the build's copy.
//
// Online, pages behave exactly as without it: API calls (/rabbit/…), other methods and other origins are never
// touched, so nothing personal is kept; every page comes from the network (no stale HTML). Navigations to pages (not
// files) pass through the worker, to keep estate pages and to answer any page when the network fails, with the
// navigation preload's response — started by the browser while the worker boots, so the worker costs a page no
// time. Pages carry nothing of the user (ADR 0009: per-user data is fetched in the browser), so a kept estate page
// is the same for every signed-in state.
// What it adds:
// - the app shell: /offline and the build's entry scripts and stylesheet, cached at install;
// - the last MAX_KEPT_PAGES estate pages viewed, kept by path (a share's or a campaign's query string makes no second
//   copy), with the hashed /assets/* files they name; both answered from the cache when the network fails;
// - the network failing, any other page → the /offline page (its scripts removed: it is shown at another page's
//   address).
const BUILD_ID = 'dev';
const SHELL_CACHE = `fjt-shell-${BUILD_ID}`;
const ASSET_CACHE = 'fjt-assets-v1';
const PAGE_CACHE = 'fjt-pages-v1';
const OFFLINE_URL = '/offline';
const MAX_KEPT_PAGES = 20;
const MAX_ASSETS = 400;
const KEPT_PAGE = /^\/\d+\/(?:house-detail|property|house-resold|house-new|loupan|overseas-detail)\/\d+\/?$/;
const FILE_PATH = /\.[a-z0-9]+$/i;
const SHELL_FILES = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL_CACHE);
      const response = await fetch(OFFLINE_URL, { credentials: 'omit', cache: 'no-store' });
      if (!response.ok) throw new Error(`offline page: ${response.status}`);
      const html = await response.clone().text();
      await shell.put(OFFLINE_URL, response);
      await shell.addAll(SHELL_FILES);
      // the entry scripts, their imports and the stylesheet the offline page names
      await keepAssets(html);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith('fjt-shell-') && n !== SHELL_CACHE).map((n) => caches.delete(n)),
      );
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // never the API: its answers may be personal
  if (url.pathname.startsWith('/rabbit/')) return;
  if (request.mode === 'navigate') {
    // a file (the APK, a PDF) goes to the browser's download as it is
    if (!FILE_PATH.test(url.pathname)) event.respondWith(page(event, url));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(asset(request));
  }
});

/** The page from the network: the navigation preload's answer when there is one, else a fetch of its own. */
async function network(event) {
  const preloaded = await event.preloadResponse;
  return preloaded || fetch(event.request);
}

async function page(event, url) {
  const kept = KEPT_PAGE.test(url.pathname);
  try {
    const response = await network(event);
    if (kept && keepable(response)) event.waitUntil(keep(url, response.clone()));
    return response;
  } catch (error) {
    if (kept) {
      const hit = await caches.match(keyOf(url), { cacheName: PAGE_CACHE });
      if (hit) return hit;
    }
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
    if (offline) return staticCopy(offline);
    throw error;
  }
}

function keepable(response) {
  if (!response.ok || response.type !== 'basic' || response.redirected) return false;
  return !/no-store|private/.test(response.headers.get('cache-control') || '');
}

/** A kept page's key: its path, whatever the query (share and channel marks, ?from=…) — pages are the same. */
const keyOf = (url) => `${url.origin}${url.pathname}`;

async function keep(url, response) {
  const cache = await caches.open(PAGE_CACHE);
  const key = keyOf(url);
  const html = await response.clone().text();
  // delete first, so the key moves to the end: keys() is oldest first
  await cache.delete(key);
  await cache.put(key, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_KEPT_PAGES)).map((k) => cache.delete(k)));
  await keepAssets(html);
}

/** The hashed scripts and stylesheet a page names (immutable: fetched once, usually from the HTTP cache). */
async function keepAssets(html) {
  const urls = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]))];
  const cache = await caches.open(ASSET_CACHE);
  for (const url of urls) {
    if (!(await cache.match(url))) await cache.add(url).catch(() => undefined);
  }
  const keys = await cache.keys();
  if (keys.length > MAX_ASSETS) await Promise.all(keys.slice(0, keys.length - MAX_ASSETS).map((k) => cache.delete(k)));
}

/** A hashed asset from the network (usually the HTTP cache), else the copy kept with a page when that fails. */
async function asset(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const hit = await caches.match(request, { cacheName: ASSET_CACHE });
    if (hit) return hit;
    throw error;
  }
}

/** The offline page as plain HTML: without its scripts it cannot try to start the router at another address. */
async function staticCopy(response) {
  const html = (await response.text())
    .replace(/<script\b[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '');
  return new Response(html, {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

self.addEventListener('message', (event) => {
  // sent on sign-out and account deletion (clearKeptPages, lib/pwa.ts): forget the pages this device kept
  if (event.data && event.data.type === 'clear-pages') event.waitUntil(caches.delete(PAGE_CACHE));
});
