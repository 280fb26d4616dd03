// A bounded in-process cache of whole public responses (ADR 0006): a page or an API answer that is the same
// for every anonymous visitor is rendered once per key and time to live, then served from memory, compressed
// once (brotli, gzip) and revalidated with ETag. Prices change when data is loaded, not per request, so a
// short time to live bounds how stale a figure can be. Safe to lose: a miss renders as before.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

export interface CachedResponse {
  status: number;
  contentType: string;
  body: Buffer;
  etag: string;
  /** Headers that belong to this body (a page's Content-Security-Policy names its inline scripts). */
  headers?: Record<string, string> | undefined;
  /** Compressed forms, made on first demand and kept with the entry. */
  br?: Buffer;
  /** The brotli quality `br` was made at: quick for the answer just rendered, best once the entry is asked again. */
  brQuality?: number;
  gzip?: Buffer;
}

export interface ResponseCache {
  get(key: string): CachedResponse | undefined;
  /** Stores a 200 body under `key`; returns the entry to send. */
  put(
    key: string,
    contentType: string,
    body: Buffer | string,
    headers?: Record<string, string>,
    etag?: string,
  ): CachedResponse;
  /**
   * Forgets every entry, or (a data change of some cities, ADR 0015) those of `cityIds` and every entry that is
   * not known to belong to one city (cacheScopeOf).
   */
  clear(cityIds?: readonly number[]): void;
  /** Forgets the entries whose URL (a page's path and query, or an API's) passes `test` (a post changed them). */
  forget(test: (url: string) => boolean): void;
  readonly size: number;
  /** Bytes held (the size the LRU bounds), and lookups that found an entry or not since start (/metrics). */
  readonly bytes: number;
  readonly hits: number;
  readonly misses: number;
}

/**
 * The one city an entry's answer derives from, read from its key (`<prefix> <url>`), or null when it may derive from
 * more (or is not known): a page under /{cityId}/… (the route table's city-scoped pages, whose loaders refuse an
 * estate or plate of another city), or an API answer asked for with one `cityId` parameter. Anything else — the
 * home page, /citylist, an estate's API answers by houseId — is dropped on every data change.
 */
export function cacheScopeOf(key: string): number | null {
  const url = key.slice(key.indexOf(' ') + 1);
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (key.startsWith('api ')) {
    if (query < 0) return null;
    const ids = new URLSearchParams(url.slice(query + 1)).getAll('cityId');
    return ids.length === 1 && /^[1-9]\d{0,8}$/.test(ids[0]!) ? Number(ids[0]) : null;
  }
  const first = /^\/([1-9]\d{0,8})(?:\.data)?(?:\/|$)/.exec(path);
  return first ? Number(first[1]) : null;
}

/** A body's entity tag (a render worker computes it with the page, ADR 0019). */
export function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

export function createResponseCache({
  ttlMs,
  maxBytes = 64 * 1024 * 1024,
}: {
  ttlMs: number;
  maxBytes?: number;
}): ResponseCache {
  const lru = new LRUCache<string, CachedResponse>({
    maxSize: maxBytes,
    // the compressed forms are added later and are far smaller than the body: count them up front
    sizeCalculation: (entry) => Math.max(1, Math.ceil(entry.body.length * 1.4)),
    ttl: ttlMs,
    ttlAutopurge: false,
  });
  let hits = 0;
  let misses = 0;
  return {
    get(key) {
      const entry = lru.get(key);
      if (entry) hits++;
      else misses++;
      return entry;
    },
    put(key, contentType, body, headers, etag) {
      const buffer = typeof body === 'string' ? Buffer.from(body) : body;
      const entry: CachedResponse = { status: 200, contentType, body: buffer, headers, etag: etag ?? etagOf(buffer) };
      lru.set(key, entry);
      return entry;
    },
    clear(cityIds) {
      if (!cityIds) return lru.clear();
      const changed = new Set(cityIds);
      const drop = [...lru.keys()].filter((key) => {
        const city = cacheScopeOf(key);
        return city === null || changed.has(city);
      });
      for (const key of drop) lru.delete(key);
    },
    forget(test) {
      const drop = [...lru.keys()].filter((key) => test(key.slice(key.indexOf(' ') + 1)));
      for (const key of drop) lru.delete(key);
    },
    get size() {
      return lru.size;
    },
    get bytes() {
      return lru.calculatedSize;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}

/** Which compressed form the client accepts, best first (q=0 refusals honoured). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Bodies smaller than this are sent as they are: compressing them saves less than it costs. */
export const MIN_COMPRESS_BYTES = 1024;
/**
 * Brotli qualities (issue 13): an answer just rendered is compressed quickly (3: ~0.4 ms for a 60 KB estate page,
 * 13% larger than 5 at ~1 ms) since most long-tail pages are asked once; an entry asked again is worth the best.
 */
export const BROTLI_QUICK = 3;
const BROTLI_BEST = 5;

/** The brotli form of an answer just rendered (BROTLI_QUICK). */
export function brotliQuick(body: Uint8Array): Buffer {
  return brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUICK, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedResponse,
  hit: boolean,
): FastifyReply {
  if (entry.headers) reply.headers(entry.headers);
  reply.header('etag', entry.etag);
  reply.header('vary', entry.headers?.vary ?? 'accept-encoding');
  reply.header('x-cache', hit ? 'hit' : 'miss');
  if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
  reply.code(entry.status).type(entry.contentType);
  const encoding =
    entry.body.length >= MIN_COMPRESS_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (encoding === 'br') {
    if (!hit && !entry.br) {
      entry.br = brotliQuick(entry.body);
      entry.brQuality = BROTLI_QUICK;
    } else if (hit && (!entry.br || entry.brQuality! < BROTLI_BEST)) {
      entry.br = brotliCompressSync(entry.body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_BEST, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.body.length },
      });
      entry.brQuality = BROTLI_BEST;
    }
    return reply.header('content-encoding', 'br').send(entry.br);
  }
  if (encoding === 'gzip') {
    entry.gzip ??= gzipSync(entry.body, { level: 6 });
    return reply.header('content-encoding', 'gzip').send(entry.gzip);
  }
  return reply.send(entry.body);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET answer is the same for everyone (true), or for every visitor ('visitors': it depends on who is
     * signed in, as member-only deal rows do): serve it from the response cache (ADR 0006).
     */
    publicCache?: boolean | 'visitors';
  }
}

/** The session cookies (plain and __Host-) and the native app's `token` header: who may be signed in. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?fjt_session=[^;\s]/;

/**
 * Whether the request says who is asking (a session cookie or the app's token header), even before the session
 * is resolved: the cache's own hook runs first, and a forged or expired token must not be served a visitor's
 * answer either way — it is simply answered afresh.
 */
export function carriesSession(request: FastifyRequest): boolean {
  const token = request.headers.token;
  if (typeof token === 'string' ? token !== '' : Array.isArray(token)) return true;
  const cookie = request.headers.cookie;
  return typeof cookie === 'string' && SESSION_COOKIE.test(cookie);
}

/** What a visitor's answer varies on: a shared cache downstream keeps it apart from a signed-in user's. */
export const VISITORS_VARY = 'accept-encoding, cookie, token';

/**
 * Serves the GET routes of `scope` whose config says `publicCache` from `cache`, keyed by their URL; a miss
 * stores the serialised 200 answer on its way out. A 'visitors' route is served and stored only for requests
 * without a session; no answer marked `private` or `no-store` is ever stored.
 */
export function registerApiCache(scope: FastifyInstance, cache: ResponseCache): void {
  const keyOf = (request: FastifyRequest) => {
    const mode = request.routeOptions.config.publicCache;
    if (request.method !== 'GET' || !mode) return null;
    if (mode === 'visitors' && carriesSession(request)) return null;
    return `api ${request.url}`;
  };
  scope.addHook('onRequest', async (request, reply) => {
    const key = keyOf(request);
    const entry = key ? cache.get(key) : undefined;
    if (entry) return sendCached(request, reply, entry, true);
  });
  scope.addHook('onSend', async (request, reply, payload) => {
    const key = keyOf(request);
    if (!key || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache')) return payload;
    if (/private|no-store/.test(String(reply.getHeader('cache-control') ?? ''))) return payload;
    const visitors = request.routeOptions.config.publicCache === 'visitors';
    // belt and braces: a route that knew its user (request.user, from the session plugin) is never kept
    if (visitors && (request as { user?: unknown }).user) return payload;
    const headers = visitors ? { vary: VISITORS_VARY } : undefined;
    const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const entry = cache.put(key, type, payload, headers);
    reply.header('etag', entry.etag).header('x-cache', 'miss');
    if (headers) reply.header('vary', headers.vary);
    return payload;
  });
}
