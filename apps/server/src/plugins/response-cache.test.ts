// The public response cache (ADR 0006) on a bare Fastify instance: what it keeps, for how long, what it
// refuses, and how it answers revalidation and compression.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cacheScopeOf,
  carriesSession,
  createResponseCache,
  preferredEncoding,
  registerApiCache,
  VISITORS_VARY,
} from './response-cache.ts';
import { pageCacheKey, toWebRequest } from './ssr.ts';

const big = { list: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `小区${i}` })) };
let app: FastifyInstance;
let calls = 0;

async function start(ttlMs = 60_000) {
  calls = 0;
  app = Fastify();
  const cache = createResponseCache({ ttlMs });
  await app.register(async (api) => {
    registerApiCache(api, cache);
    api.get('/cached', { config: { publicCache: true } }, async (request) => {
      calls++;
      const { bad } = request.query as { bad?: string };
      if (bad) throw Object.assign(new Error(bad), { statusCode: 400 });
      return big;
    });
    api.get('/plain', async () => {
      calls++;
      return big;
    });
  });
  await app.ready();
  return cache;
}

afterEach(async () => {
  await app?.close();
});

describe('registerApiCache', () => {
  it('answers the second request from memory, with the same body and an ETag that revalidates to 304', async () => {
    await start();
    const first = await app.inject('/cached?x=1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const second = await app.inject('/cached?x=1');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.json()).toEqual(big);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(calls).toBe(1);
    const revalidated = await app.inject({
      url: '/cached?x=1',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // another query string is another key
    await app.inject('/cached?x=2');
    expect(calls).toBe(2);
  });

  it('sends brotli or gzip when accepted, compressed once, and plain text otherwise', async () => {
    await start();
    await app.inject('/cached');
    const br = await app.inject({ url: '/cached', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    const gz = await app.inject({ url: '/cached', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
    const plain = await app.inject('/cached');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(calls).toBe(1);
  });

  it('keeps neither errors nor routes that did not ask, and forgets after the time to live', async () => {
    await start(40);
    expect((await app.inject('/cached?bad=参数错误')).statusCode).toBe(400);
    expect((await app.inject('/cached?bad=参数错误')).statusCode).toBe(400);
    expect(calls).toBe(2);
    await app.inject('/plain');
    const again = await app.inject('/plain');
    expect(again.headers['x-cache']).toBeUndefined();
    expect(calls).toBe(4);
    await app.inject('/cached');
    await new Promise((r) => setTimeout(r, 80));
    expect((await app.inject('/cached')).headers['x-cache']).toBe('miss');
    expect(calls).toBe(6);
  });
});

describe("registerApiCache: routes the same for every visitor ('visitors')", () => {
  // as in the app: the cache's hook first, then a session hook that knows the user; the route answers per viewer
  async function startPersonal() {
    calls = 0;
    app = Fastify();
    const cache = createResponseCache({ ttlMs: 60_000 });
    await app.register(async (api) => {
      registerApiCache(api, cache);
      api.decorateRequest('user', null);
      api.addHook('onRequest', async (request) => {
        const token = request.headers.token ?? /fjt_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
        (request as unknown as { user: unknown }).user = token === 'member' ? { id: 1 } : null;
      });
      api.get('/rows', { config: { publicCache: 'visitors' } }, async (request, reply) => {
        calls++;
        const member = (request as unknown as { user: unknown }).user !== null;
        if (member) reply.header('cache-control', 'private, no-store');
        return { rows: member ? 'full' : 'masked' };
      });
      api.get('/leaky', { config: { publicCache: true } }, async (_request, reply) => {
        calls++;
        reply.header('cache-control', 'private, no-store');
        return { mine: true };
      });
    });
    await app.ready();
  }
  const member = { cookie: 'currentVersion=1; fjt_session=member' };
  const rows = (res: { json(): unknown }) => (res.json() as { rows: string }).rows;

  it('member first: not kept; the visitor after gets and keeps the masked answer, never served to the member', async () => {
    await startPersonal();
    const mine = await app.inject({ url: '/rows', headers: member });
    expect([rows(mine), mine.headers['x-cache']]).toEqual(['full', undefined]);
    const anon = await app.inject('/rows');
    expect([rows(anon), anon.headers['x-cache'], anon.headers.vary]).toEqual(['masked', 'miss', VISITORS_VARY]);
    expect(rows(await app.inject('/rows'))).toBe('masked');
    const again = await app.inject({
      url: '/rows',
      headers: { ...member, 'if-none-match': String(anon.headers.etag) },
    });
    expect([again.statusCode, rows(again), again.headers['x-cache']]).toEqual([200, 'full', undefined]);
    expect(rows(await app.inject({ url: '/rows', headers: { token: 'member' } }))).toBe('full');
    expect(calls).toBe(4);
  });

  it('visitor first: kept and served to visitors; the member (cookie or token) is answered afresh', async () => {
    await startPersonal();
    expect((await app.inject('/rows')).headers['x-cache']).toBe('miss');
    const hit = await app.inject('/rows');
    expect([rows(hit), hit.headers['x-cache'], hit.headers.vary]).toEqual(['masked', 'hit', VISITORS_VARY]);
    expect(rows(await app.inject({ url: '/rows', headers: member }))).toBe('full');
    expect(rows(await app.inject({ url: '/rows', headers: { token: 'member' } }))).toBe('full');
    expect(calls).toBe(3);
  });

  it('keeps no answer marked private or no-store, whatever the route says', async () => {
    await startPersonal();
    await app.inject('/leaky');
    expect((await app.inject('/leaky')).headers['x-cache']).toBeUndefined();
    expect(calls).toBe(2);
  });

  it('tells a request with a session from one without', () => {
    const req = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
    expect(carriesSession(req({}))).toBe(false);
    expect(carriesSession(req({ cookie: 'currentVersion=1; city=605' }))).toBe(false);
    expect(carriesSession(req({ cookie: 'my_fjt_session=x' }))).toBe(false);
    expect(carriesSession(req({ cookie: 'fjt_session=' }))).toBe(false);
    expect(carriesSession(req({ cookie: 'a=1; fjt_session=abc' }))).toBe(true);
    expect(carriesSession(req({ cookie: '__Host-fjt_session=abc' }))).toBe(true);
    expect(carriesSession(req({ token: 'abc' }))).toBe(true);
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, honours q=0 and ignores unknown codings', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('pageCacheKey', () => {
  const request = (headers: Record<string, string>, method = 'GET', url = '/605') =>
    ({ method, url, headers }) as unknown as FastifyRequest;
  const android = 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36';
  const wechat = `${android} MicroMessenger/8.0.50`;

  it('varies with the URL and with what the root loader reads from the user agent', () => {
    const plain = pageCacheKey(request({ 'user-agent': android }));
    expect(plain).not.toBeNull();
    expect(pageCacheKey(request({ 'user-agent': android }))).toBe(plain);
    expect(pageCacheKey(request({ 'user-agent': wechat }))).not.toBe(plain);
    expect(pageCacheKey(request({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }))).not.toBe(plain);
    expect(pageCacheKey(request({ 'user-agent': android }, 'GET', '/201'))).not.toBe(plain);
    expect(pageCacheKey(request({ 'user-agent': android, cookie: 'currentVersion=3.2.0' }))).not.toBe(plain);
  });

  it('refuses anything but GET and any personal cookie', () => {
    expect(pageCacheKey(request({ 'user-agent': android }, 'POST'))).toBeNull();
    expect(pageCacheKey(request({ 'user-agent': android, cookie: 'payCallback=%7B%7D' }))).toBeNull();
    expect(pageCacheKey(request({ 'user-agent': android, cookie: 'currentVersion=3.2.0; session=abc' }))).toBeNull();
  });

  it('ignores the session cookie: pages never see it (ADR 0009), so a signed-in visitor shares the page', () => {
    const plain = pageCacheKey(request({ 'user-agent': android }));
    expect(pageCacheKey(request({ 'user-agent': android, cookie: 'fjt_session=abc' }))).toBe(plain);
    expect(pageCacheKey(request({ 'user-agent': android, cookie: '__Host-fjt_session=abc; x=1' }))).toBeNull();
  });

  it('ignores the device id cookie (issue 18): every browser that has one still shares the page', () => {
    const plain = pageCacheKey(request({ 'user-agent': android }));
    const did = 'fjt_did=0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(pageCacheKey(request({ 'user-agent': android, cookie: did }))).toBe(plain);
    expect(pageCacheKey(request({ 'user-agent': android, cookie: `fjt_session=abc; ${did}` }))).toBe(plain);
  });
});

describe('toWebRequest (what a page sees of the request)', () => {
  const reply = { raw: { on: () => undefined } } as unknown as FastifyReply;
  const request = (url: string, headers: Record<string, string>) =>
    ({ method: 'GET', url, headers, protocol: 'http', host: headers.host }) as unknown as FastifyRequest;

  it('takes its origin from the configured public origin, never from Host or X-Forwarded-*', () => {
    const web = toWebRequest(
      request('/605?p=1', {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'user-agent': 'ua',
      }),
      reply,
      'https://m.example.cn',
    );
    expect(web.url).toBe('https://m.example.cn/605?p=1');
    // only the headers pageCacheKey accounts for (and an action's body headers) reach the page
    expect([...web.headers.keys()]).toEqual(['user-agent']);
  });

  it('drops the session cookie and keeps the others', () => {
    const web = toWebRequest(
      request('/605', { cookie: 'fjt_session=secret; currentVersion=12.9.0; __Host-fjt_session=s2' }),
      reply,
      'http://localhost:3000',
    );
    expect(web.headers.get('cookie')).toBe('currentVersion=12.9.0');
    const only = toWebRequest(request('/605', { cookie: 'fjt_session=secret' }), reply, 'http://localhost:3000');
    expect(only.headers.has('cookie')).toBe(false);
  });

  it('keeps a path that starts with // on our origin', () => {
    const web = toWebRequest(request('//evil.example/x', {}), reply, 'http://localhost:3000');
    expect(new URL(web.url).host).toBe('localhost:3000');
    expect(new URL(web.url).pathname).toBe('//evil.example/x');
  });
});

describe('a data change of some cities (ADR 0015)', () => {
  it('reads the one city an entry belongs to from its key, or none', () => {
    expect(cacheScopeOf('00000:0 /605/house-detail/12')).toBe(605);
    expect(cacheScopeOf('00000:0 /605/house-detail/12.data?x=1')).toBe(605);
    expect(cacheScopeOf('00000:0 /605.data')).toBe(605);
    expect(cacheScopeOf('00000:0 /605')).toBe(605);
    expect(cacheScopeOf('00000:0 /')).toBeNull();
    expect(cacheScopeOf('00000:0 /?cityId=605')).toBeNull(); // the home page: not known to be one city's
    expect(cacheScopeOf('00000:0 /citylist')).toBeNull();
    expect(cacheScopeOf('00000:0 /market/605')).toBeNull();
    expect(cacheScopeOf('api /rabbit/v1/search/suggest?cityId=605&kw=%E8%A5%BF')).toBe(605);
    expect(cacheScopeOf('api /rabbit/v1/search/suggest?cityId=605&cityId=1')).toBeNull();
    expect(cacheScopeOf('api /rabbit/v1/house/basic-info?houseId=12')).toBeNull();
    expect(cacheScopeOf('api /rabbit/v1/deal/list?cityId=abc')).toBeNull();
  });

  it('drops the changed cities’ entries and every entry of no known city; counts hits and misses', () => {
    const cache = createResponseCache({ ttlMs: 60_000 });
    const keys = [
      '00000:0 /605/house-detail/12',
      '00000:0 /1/house-detail/7',
      '00000:0 /citylist',
      'api /rabbit/v1/search/hot?cityId=605',
      'api /rabbit/v1/search/hot?cityId=1',
      'api /rabbit/v1/house/basic-info?houseId=12',
    ];
    for (const key of keys) cache.put(key, 'text/html', 'x'.repeat(100));
    expect(cache.bytes).toBe(6 * 140);
    cache.clear([605]);
    expect(keys.filter((key) => cache.get(key))).toEqual([
      '00000:0 /1/house-detail/7',
      'api /rabbit/v1/search/hot?cityId=1',
    ]);
    expect({ hits: cache.hits, misses: cache.misses }).toEqual({ hits: 2, misses: 4 });
    cache.clear();
    expect(cache.size).toBe(0);
  });
});
