// Hands every non-API request to the React Router request handler, with the service layer in the router
// context, and serves the client build's static files (hashed assets cached for a year).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  createRequestHandler,
  matchRoutes,
  type AppLoadContext,
  type RouteObject,
  type ServerBuild,
} from 'react-router';
import { isbot } from 'isbot';
import {
  CURRENT_VERSION_COOKIE,
  DEVICE_COOKIE,
  detectClient,
  type ClientFlags,
  type DealViewer,
  type OpsViewer,
  type RouterContext,
} from '@fjt/domain';
import { loaderServices } from '../render/loader-errors.ts';
import { createRenderPool } from '../render/pool.ts';
import type { RenderResult, RequestContext } from '../render/protocol.ts';
import { createPageStore, storeVariantOf, type PageStore, type PageStoreOptions } from './page-store.ts';
import { BROTLI_QUICK, etagOf, preferredEncoding, sendCached, type ResponseCache } from './response-cache.ts';
import { pageCsp } from './security.ts';
import type { PageErrors } from './framework-errors.ts';

export interface SsrOptions {
  buildDir: string;
  context: RouterContext;
  /** Anonymous pages are served from here when given (ADR 0006). */
  pageCache?: ResponseCache | undefined;
  /** Scheme, host and port the pages see as their URL's origin (PUBLIC_ORIGIN), whatever the request says. */
  publicOrigin: string;
  /** Filled with the error page renderer, for Fastify's own errors on page paths. */
  pageErrors?: PageErrors | undefined;
  /**
   * The viewer of an /ops page (signed-in user with their staff roles, or null for a visitor). Called for /ops
   * paths only: every other page never sees the user (ADR 0009).
   */
  opsViewer?: ((request: FastifyRequest, reply: FastifyReply) => Promise<OpsViewer | null>) | undefined;
  /**
   * The viewer a page request's valid print pass stands for (ADR 0013: the report mall's PDF renderer), or null for
   * every other request. Such a page sees it as `printViewer`, is answered `private, no-store` and never touches
   * the page cache.
   */
  printViewer?: ((request: FastifyRequest) => DealViewer | null) | undefined;
  /**
   * Page render worker threads (ADR 0019): 0 renders on the main thread; N renders in N workers, each with its own
   * copy of the web build, while the main thread serves sockets, the database and the caches.
   */
  renderWorkers?: number | undefined;
  /**
   * The page store (ADR 0026): estate pages made ahead of their first visitor and kept in `dir`. Needs render
   * workers (the builder renders in them while they are idle); ignored without.
   */
  pageStore?: { dir: string; query: PageStoreOptions['query']; log: FastifyBaseLogger } | undefined;
}

/** The staff area: /ops, /ops/… and their .data requests (client navigations). */
export function isOpsPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return /^\/ops(?:\/|\.data$|$)/.test(pathname);
}

/** Staff pages are personal and for staff only: never stored by a cache, never indexed. */
function markOps(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
  reply.header('x-robots-tag', 'noindex');
}

/** Said by the error page to a POST (PUT, DELETE…) on a page that takes none. */
export const METHOD_NOT_ALLOWED_MESSAGE = '该页面不支持此操作，请返回重试';

export function webBuildExists(buildDir: string): boolean {
  return existsSync(join(buildDir, 'server', 'index.js'));
}

/** The client build's service worker (apps/web/public/sw.js). */
const SERVICE_WORKER_FILE = /[\\/]client[\\/]sw\.js(?:\.br|\.gz)?$/;

export async function registerSsr(
  app: FastifyInstance,
  {
    buildDir,
    context,
    pageCache,
    publicOrigin,
    pageErrors,
    opsViewer,
    printViewer,
    renderWorkers = 0,
    pageStore: storeOptions,
  }: SsrOptions,
): Promise<{ pagePaths: string[]; pageStore: PageStore | null }> {
  await app.register(fastifyStatic, {
    root: join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    // .br and .gz copies written at build time (apps/web/scripts/precompress.mjs)
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader('vary', 'accept-encoding');
      res.setHeader(
        'cache-control',
        filePath.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : // the service worker (issue 18): the browser checks it on every visit, so a new build takes over at once
            SERVICE_WORKER_FILE.test(filePath)
            ? 'no-cache'
            : 'public, max-age=3600',
      );
    },
  });

  const build = (await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
  const handle = createRequestHandler(build, 'production');
  // The web app declares AppLoadContext as RouterContext (apps/web/app/context.ts); the server cannot see
  // that augmentation without importing web internals, so the contract type is asserted here. A service's 4xx
  // refusal reaches an uncaught loader as that status's error page (loader-errors.ts), here and in the workers.
  const loadContext = { ...context, services: loaderServices(context.services) } as unknown as AppLoadContext;
  const acceptsMethod = methodCheck(build);
  const pool =
    renderWorkers > 0
      ? await createRenderPool({
          size: renderWorkers,
          buildDir,
          services: context.services,
          testHooks: context.testHooks,
          smsSandbox: context.smsSandbox ?? false,
          debugPages: context.debugPages ?? false,
          onWorkerExit: (error) => app.log.error({ err: error }, 'render worker stopped; starting another'),
        })
      : null;
  if (pool) app.addHook('onClose', () => pool.close());

  const store =
    pool && storeOptions
      ? createPageStore({
          ...storeOptions,
          buildVersion: build.assets.version,
          busy: () => pool.inFlight(),
          concurrency: pool.size,
          render: async (path, userAgent) => {
            const result = await pool.render({
              method: 'GET',
              url: new URL(`${publicOrigin}${path}`).href,
              headers: userAgent ? [['user-agent', userAgent]] : [],
              body: null,
              context: { wholePage: true },
              forCache: true,
              brotli: false,
            });
            const body = result.body ?? new Uint8Array();
            return {
              status: result.status,
              contentType: result.headers.find(([name]) => name === 'content-type')?.[1] ?? '',
              body,
              setsCookie: result.setCookies.length > 0,
              etag: result.etag ?? etagOf(body),
              csp: result.csp ?? pageCsp(new TextDecoder().decode(body)),
            };
          },
        })
      : null;
  // closed before the workers (hooks run in reverse): its pass stops handing them pages
  if (store) app.addHook('onClose', () => store.close());

  /**
   * The page's answer, rendered here or by a worker; `extras` is what of the router context this request sets. A
   * worker also gives what it computed off the main thread: the page's policy, and for an answer that may be cached
   * (`forCache`) its entity tag and brotli form.
   */
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    extras: RequestContext = {},
    method = request.method,
    forCache = false,
    path = request.url,
  ): Promise<Rendered> => {
    if (!pool) {
      return {
        response: await handle(toWebRequest(request, reply, publicOrigin, method, path), {
          ...loadContext,
          ...extras,
        }),
      };
    }
    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    const { url, headers } = pageRequestHead(request, publicOrigin, method, path);
    const body = hasBody(request, method) ? await readAll(request.body as Readable) : null;
    const brotli = forCache && preferredEncoding(request.headers['accept-encoding']) === 'br';
    const result = await pool.render(
      { method, url, headers, body, context: extras, forCache, brotli },
      controller.signal,
    );
    return {
      response: toResponse(result),
      csp: result.csp,
      etag: result.etag,
      br: result.br ? Buffer.from(result.br.buffer, result.br.byteOffset, result.br.byteLength) : undefined,
    };
  };

  /**
   * The web app's error page for this URL: a GET with `pageError` in the router context, which the root loader
   * throws, so the page is the product's own (HTML for documents, the data format for .data requests).
   */
  const renderErrorPage = async (request: FastifyRequest, reply: FastifyReply, status: number, message: string) => {
    const pageError = { status, message };
    // rendered at a path no page matches: only the root runs (and throws pageError), so no page's loader can answer
    // instead of the error page (a redirect of /activity/msglink, a login redirect of /ops)
    const rendered = await render(request, reply, { pageError }, 'GET', false, ERROR_PAGE_PATH);
    const ops = isOpsPath(request.url);
    if (ops) markOps(reply);
    if (status === 405) reply.header('allow', 'GET, HEAD');
    return sendPage(reply, rendered, ops);
  };
  if (pageErrors) pageErrors.render = renderErrorPage;

  await app.register(async (scope) => {
    // Route actions read the body themselves: hand it over unparsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.all('/*', async (request, reply) => {
      // React Router would answer a 405 naming its internal route id: the product's error page instead.
      if (!acceptsMethod(request.method, request.url)) {
        return renderErrorPage(request, reply, 405, METHOD_NOT_ALLOWED_MESSAGE);
      }
      if (isOpsPath(request.url)) {
        const staff = opsViewer ? await opsViewer(request, reply) : null;
        const rendered = await render(request, reply, { staff });
        markOps(reply);
        return sendPage(reply, rendered, true);
      }
      const printing = request.method === 'GET' && printViewer ? printViewer(request) : null;
      if (printing) {
        // a member's page: neither served from nor stored in the page cache, nor by anyone downstream
        const rendered = await render(request, reply, { printViewer: printing });
        reply.header('cache-control', 'private, no-store');
        return sendPage(reply, rendered, true);
      }
      // the flags are read once: the cache's key and the store's kind of browser
      const client = pageCache || store ? pageClient(request) : null;
      const key = pageCache && client ? pageCacheKeyOf(client, request.url) : null;
      const cached = key ? pageCache!.get(key) : undefined;
      if (cached) return sendCached(request, reply, cached, true);
      const variant = store && client ? storeVariantOf(client.flags) : null;
      if (variant && (await store!.serve(request, reply, variant))) return reply;
      const rendered = await render(request, reply, {}, request.method, key !== null);
      const { response } = rendered;
      const html = /^text\/html/.test(response.headers.get('content-type') ?? '');
      if (key && isCacheablePage(response)) {
        const body = Buffer.from(await response.arrayBuffer());
        const headers = html
          ? { 'content-security-policy': rendered.csp ?? pageCsp(body.toString('utf8')) }
          : undefined;
        const entry = pageCache!.put(key, response.headers.get('content-type')!, body, headers, rendered.etag);
        if (rendered.br) {
          entry.br = rendered.br;
          entry.brQuality = BROTLI_QUICK;
        }
        return sendCached(request, reply, entry, false);
      }
      return sendPage(reply, rendered);
    });
  });
  return { pagePaths: pagePaths(build), pageStore: store };
}

/** The full paths of the route table's pages (its leaves), e.g. /:city/house-detail/:estateId (the metrics' labels). */
function pagePaths(build: ServerBuild): string[] {
  const routes = Object.values(build.routes).filter((r) => r !== undefined);
  const parents = new Set(routes.map((r) => r.parentId).filter(Boolean));
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return '';
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
  };
  return routes.filter((r) => !parents.has(r.id)).map((r) => fullPath(r.id) || '/');
}

/** Where the error page is rendered: a path no route of the web app matches. */
const ERROR_PAGE_PATH = '/__error';

/**
 * The session cookies (plain and __Host-). Pages never see them (toWebRequest drops them): what depends on the
 * user is fetched by the browser from the API (ADR 0009), so a signed-in visitor gets the same cached page.
 */
const SESSION_COOKIES = new Set(['fjt_session', '__Host-fjt_session']);

/**
 * The cache key of an anonymous page request, or null when the page may differ for this visitor. A page
 * depends on its URL, on what the root loader reads from the user agent and the currentVersion cookie (the
 * client flags) and on whether the visitor is a crawler (which gets the page in one piece); any other cookie
 * but the session's and the device id's (a payment callback, say) means a personal page.
 */
export function pageCacheKey(request: FastifyRequest): string | null {
  const client = pageClient(request);
  return client ? pageCacheKeyOf(client, request.url) : null;
}

function pageCacheKeyOf({ flags: f, bot }: { flags: ClientFlags; bot: boolean }, url: string): string {
  return `${+f.isApp}${+f.isIos}${+f.isAndroid}${+f.isWeixin}${+bot}:${f.appVersion} ${url}`;
}

/**
 * What an anonymous page request's page depends on besides its URL (see pageCacheKey): the client flags and whether
 * the visitor is a crawler; null when the page may differ for this visitor.
 */
function pageClient(request: FastifyRequest): { flags: ClientFlags; bot: boolean } | null {
  if (request.method !== 'GET' || isOpsPath(request.url)) return null;
  let currentVersion: string | null = null;
  const cookieHeader = request.headers.cookie;
  if (cookieHeader) {
    for (const part of cookieHeader.split(';')) {
      const eq = part.indexOf('=');
      const name = (eq < 0 ? part : part.slice(0, eq)).trim();
      // the device id (issue 18) is read by the API's once-per-device rules and the tracking, never by a page
      if (!name || SESSION_COOKIES.has(name) || name === DEVICE_COOKIE) continue;
      if (name !== CURRENT_VERSION_COOKIE) return null;
      currentVersion = part.slice(eq + 1).trim();
    }
  }
  const ua = request.headers['user-agent'] ?? '';
  return { flags: detectClient(ua, currentVersion), bot: isbot(ua) };
}

function isCacheablePage(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has('set-cookie') &&
    // pages, their data for client navigations (.data) and the route manifest of lazy route discovery
    /^(text\/html|text\/x-script|application\/json)/.test(response.headers.get('content-type') ?? '') &&
    !/no-store|private/.test(response.headers.get('cache-control') ?? '')
  );
}

/**
 * Whether a page takes this method: GET and HEAD always; anything else only when the route it names (a .data URL
 * names the page it belongs to) has an action.
 */
function methodCheck(build: ServerBuild) {
  type Node = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: Node[] };
  const nodes = new Map<string, Node>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const { id, path, index, caseSensitive } = route;
    nodes.set(id, {
      id,
      children: [],
      ...(path === undefined ? {} : { path }),
      ...(index ? { index } : {}),
      ...(caseSensitive ? { caseSensitive } : {}),
    });
  }
  const roots: Node[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return (method: string, url: string): boolean => {
    if (method === 'GET' || method === 'HEAD') return true;
    let pathname = url.split('?')[0] ?? '/';
    if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length).replace(/\/_root$/, '/') || '/';
    const leafId = matchRoutes(roots as RouteObject[], pathname)?.at(-1)?.route.id;
    return Boolean(leafId && build.routes[leafId]?.module.action);
  };
}

/**
 * The request headers a page may read. Everything a page varies by must be in pageCacheKey: the user agent and
 * the cookie are; the others only reach actions, which are never cached. Host and X-Forwarded-* never reach a
 * page: its URL's origin is the configured public origin.
 */
const PAGE_REQUEST_HEADERS = ['user-agent', 'cookie', 'content-type', 'content-length'] as const;

export function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string,
  method = request.method,
  path = request.url,
): Request {
  const { url, headers } = pageRequestHead(request, publicOrigin, method, path);
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody(request, method)
      ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' }
      : {}),
  } as RequestInit);
}

/** The URL and the headers a page sees of this request (see PAGE_REQUEST_HEADERS). */
function pageRequestHead(
  request: FastifyRequest,
  publicOrigin: string,
  method: string,
  path = request.url,
): { url: string; headers: [string, string][] } {
  // concatenated, not resolved: a request for //evil.example/x is a path on our origin, not another host
  const url = new URL(`${publicOrigin}${path}`).href;
  const headers: [string, string][] = [];
  for (const name of PAGE_REQUEST_HEADERS) {
    // a page asked for with another method (the error page of a POST) has no body to describe
    if (method !== request.method && name === 'content-length') continue;
    const value = name === 'cookie' ? withoutSessionCookie(request.headers.cookie) : request.headers[name];
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.push([name, v]);
  }
  return { url, headers };
}

function hasBody(request: FastifyRequest, method: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && request.body != null;
}

/** A page action's body, whole (a worker gets it as bytes). */
async function readAll(body: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return new Uint8Array(Buffer.concat(chunks));
}

/** A page's answer, with what a render worker computed of it (absent when rendered on the main thread). */
interface Rendered {
  response: Response;
  csp?: string | undefined;
  etag?: string | undefined;
  br?: Buffer | undefined;
}

/** A worker's answer as the web Response the rest of this plugin handles. */
function toResponse({ status, headers, setCookies, body }: RenderResult): Response {
  const out = new Headers(headers);
  for (const cookie of setCookies) out.append('set-cookie', cookie);
  const noBody = status === 204 || status === 205 || status === 304 || !body || body.length === 0;
  return new Response(noBody ? null : (body as Uint8Array<ArrayBuffer>), { status, headers: out });
}

/** The cookie header without the session cookie; undefined when nothing else is left. */
function withoutSessionCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter(
      (part) => part && !SESSION_COOKIES.has(part.slice(0, part.indexOf('=') < 0 ? undefined : part.indexOf('='))),
    );
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/**
 * Sends a rendered answer; an HTML page with the policy that names its inline scripts, known only once the whole
 * page is rendered (loaders have all finished before the shell, so waiting for the end costs next to nothing).
 */
async function sendPage(reply: FastifyReply, { response, csp }: Rendered, keepCacheControl = false) {
  if (!/^text\/html/.test(response.headers.get('content-type') ?? '') || !response.body) {
    return sendWebResponse(reply, response, undefined, keepCacheControl);
  }
  const body = await response.text();
  reply.header('content-security-policy', csp ?? pageCsp(body));
  return sendWebResponse(reply, response, body, keepCacheControl);
}

/** keepCacheControl: the reply's own cache-control (no-store of /ops) wins over the page's. */
function sendWebResponse(reply: FastifyReply, response: Response, body?: string, keepCacheControl = false) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie' || (keepCacheControl && key === 'cache-control')) continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (body !== undefined) return reply.send(body);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
