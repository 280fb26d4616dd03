import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { KEPT_PAGE, MAX_KEPT_PAGES, PAGE_CACHE, pageLabel, shouldRegisterWorker } from './pwa.ts';

const sw = readFileSync(fileURLToPath(new URL('../../public/sw.js', import.meta.url)), 'utf8');
const ORIGIN = 'https://fjt.test';

/** An in-memory CacheStorage: enough of it for the worker (keys are absolute URLs, oldest first). */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (req: RequestInfo | URL) =>
    new URL(typeof req === 'string' || req instanceof URL ? req : req.url, ORIGIN).href;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (req: RequestInfo) => store.get(keyOf(req))?.clone(),
      put: async (req: RequestInfo, res: Response) => void store.set(keyOf(req), res),
      delete: async (req: RequestInfo) => store.delete(keyOf(req)),
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      add: async (url: string) => void store.set(keyOf(url), new Response(`asset ${url}`)),
      addAll: async (urls: string[]) => urls.forEach((url) => store.set(keyOf(url), new Response(`file ${url}`))),
    };
  };
  return {
    stores,
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (req: RequestInfo, { cacheName }: { cacheName: string }) => (await open(cacheName)).match(req),
  };
}

const html = (body: string, headers: Record<string, string> = {}) => {
  const res = new Response(`<html><head><script src="/assets/entry-1.js"></script></head><body>${body}</body></html>`, {
    headers: { 'content-type': 'text/html', ...headers },
  });
  // a same-origin fetch's answer, as the browser types it
  Object.defineProperty(res, 'type', { value: 'basic' });
  return res;
};

type Handler = (event: unknown) => void;

/** Loads public/sw.js as the browser would, with a network the test controls, and dispatches fetch events to it. */
function loadWorker() {
  const listeners = new Map<string, Handler>();
  const caches = fakeCaches();
  const network = { down: false, fetched: [] as string[], pages: new Map<string, () => Response>() };
  const fetch = async (req: RequestInfo | URL) => {
    const url = new URL(typeof req === 'string' || req instanceof URL ? req : req.url, ORIGIN);
    network.fetched.push(url.pathname + url.search);
    if (network.down) throw new TypeError('Failed to fetch');
    const make = network.pages.get(url.pathname);
    return make ? make() : html(`page ${url.pathname}`);
  };
  const self = {
    location: new URL(ORIGIN),
    navigator: { onLine: true },
    registration: {
      navigationPreload: {
        enabled: false,
        enable: async () => void (self.registration.navigationPreload.enabled = true),
      },
    },
    clients: { claim: async () => undefined },
    skipWaiting: async () => undefined,
    addEventListener: (type: string, fn: Handler) => void listeners.set(type, fn),
  };
  runInNewContext(sw, { self, caches, fetch: (r: RequestInfo) => fetch(r), Response, Request, URL, console });

  /** A fetch event: what the worker answered (undefined: left to the browser), after its waitUntil work. */
  const dispatch = async (
    path: string,
    { mode = 'navigate', method = 'GET', preload }: { mode?: string; method?: string; preload?: Response } = {},
  ) => {
    let answer: Promise<Response> | undefined;
    const pending: Promise<unknown>[] = [];
    const request = { url: new URL(path, ORIGIN).href, method, mode };
    listeners.get('fetch')!({
      request,
      preloadResponse: Promise.resolve(preload),
      respondWith: (p: Promise<Response>) => (answer = p),
      waitUntil: (p: Promise<unknown>) => pending.push(p),
    });
    const response = answer ? await answer.catch((e: unknown) => e) : undefined;
    await Promise.all(pending);
    return response;
  };
  /** An install, activate or message event, after its waitUntil work. */
  const other = async (type: 'install' | 'activate' | 'message', data?: unknown) => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)!({ data, waitUntil: (p: Promise<unknown>) => pending.push(p) });
    await Promise.all(pending);
  };
  const lifecycle = (type: 'install' | 'activate') => other(type);
  const message = (data: unknown) => other('message', data);
  return { self, caches, network, dispatch, lifecycle, message };
}
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

  it('leaves the API, other methods, other origins and files to the browser', async () => {
    const w = loadWorker();
    expect(await w.dispatch('/rabbit/v1/house/detail?id=9', { mode: 'cors' })).toBeUndefined();
    expect(await w.dispatch('/605/house-detail/9', { method: 'POST' })).toBeUndefined();
    expect(await w.dispatch('https://cdn.example.com/a.js', { mode: 'no-cors' })).toBeUndefined();
    // a file opened as a page (the APK download) is the browser's own
    expect(await w.dispatch('/download/fangjiatong.apk')).toBeUndefined();
    expect(w.network.fetched).toEqual([]);
  });

  it('enables navigation preload and answers a page with the preloaded response, fetching nothing itself', async () => {
    const w = loadWorker();
    await w.lifecycle('activate');
    expect(w.self.registration.navigationPreload.enabled).toBe(true);
    const res = (await w.dispatch('/605', { preload: html('preloaded home') })) as Response;
    expect(await res.text()).toContain('preloaded home');
    expect(w.network.fetched).toEqual([]);
  });

  it('keeps an estate page by its path: offline, the same page with another query is read from the cache', async () => {
    const w = loadWorker();
    await w.dispatch('/605/house-detail/9?from=share&spm=a.b', { preload: html('西溪诚园') });
    expect([...w.caches.stores.get(PAGE_CACHE)!.keys()]).toEqual([`${ORIGIN}/605/house-detail/9`]);
    w.network.down = true;
    const offline = (await w.dispatch('/605/house-detail/9?channel=huawei')) as Response;
    expect(await offline.text()).toContain('西溪诚园');
  });

  it('keeps no private or failed page, and only the newest MAX_KEPT_PAGES', async () => {
    const w = loadWorker();
    w.network.pages.set('/605/property/1', () => html('mine', { 'cache-control': 'private, no-store' }));
    await w.dispatch('/605/property/1');
    await w.dispatch('/605/house-detail/1');
    expect([...(w.caches.stores.get(PAGE_CACHE)?.keys() ?? [])]).toEqual([`${ORIGIN}/605/house-detail/1`]);
    for (let id = 2; id <= MAX_KEPT_PAGES + 5; id += 1) await w.dispatch(`/605/house-detail/${id}`);
    const kept = [...w.caches.stores.get(PAGE_CACHE)!.keys()];
    expect(kept).toHaveLength(MAX_KEPT_PAGES);
    expect(kept[0]).toBe(`${ORIGIN}/605/house-detail/6`);
    // a kept page's scripts are kept with it
    expect(w.caches.stores.get('fjt-assets-v1')!.has(`${ORIGIN}/assets/entry-1.js`)).toBe(true);
  });

  it('the network failing: any other page gets the offline page without its scripts', async () => {
    const w = loadWorker();
    w.network.pages.set('/offline', () => html('网络已断开'));
    await w.lifecycle('install');
    w.network.down = true;
    const res = (await w.dispatch('/605/rank/price/estate')) as Response;
    const text = await res.text();
    expect(text).toContain('网络已断开');
    expect(text).not.toContain('<script');
  });

  it('an asset comes from the network, and from the kept copy when the network fails', async () => {
    const w = loadWorker();
    await w.dispatch('/605/house-detail/9');
    expect(await ((await w.dispatch('/assets/entry-1.js', { mode: 'cors' })) as Response).text()).toContain('page');
    w.network.down = true;
    const kept = (await w.dispatch('/assets/entry-1.js', { mode: 'cors' })) as Response;
    expect(await kept.text()).toBe('asset /assets/entry-1.js');
    // never kept, never answered
    expect(await w.dispatch('/assets/other-2.js', { mode: 'cors' })).toBeInstanceOf(TypeError);
  });

  it('forgets the kept pages on sign-out', async () => {
    const w = loadWorker();
    await w.dispatch('/605/house-detail/9');
    expect(w.caches.stores.has(PAGE_CACHE)).toBe(true);
    await w.message({ type: 'clear-pages' }); // as clearKeptPages() posts it
    expect(w.caches.stores.has(PAGE_CACHE)).toBe(false);
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
