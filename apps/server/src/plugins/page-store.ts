// The page store (ADR 0026): every estate page rendered ahead of its first visitor and kept on disk, so a page nobody
// has asked for since the server started is still answered without rendering it (issue 13's long tail).
//
// An estate page is a function of the estate's rows, its review scores, the web build, the day (a deal dated today
// reads 今天) and the visitor's kind of browser (the client flags of the root loader): it never sees the user
// (ADR 0009). So a kept page is filed under the build, the day in China, its city's data version (data_version,
// raised by every load of the city's rows) and the browser kind, and is valid only while all of those hold. Review
// scores change between loads: a kept page older than its estate's last review change is not served (and is made
// again). Requests that fit none of the kept kinds (the app's web view, WeChat, a URL with a query) are rendered
// as before; so is any page not made yet.
//
// A builder makes the missing pages in the background, one per render worker at most and only while no visitor's
// page is being rendered, so it takes idle time only. It starts on its own after start-up, after each data change,
// and at midnight in China.
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientFlags } from '@fjt/domain';
import { MIN_COMPRESS_BYTES, preferredEncoding } from './response-cache.ts';

const compressBr = promisify(brotliCompress);
const decompressBr = promisify(brotliDecompress);
const compressGzip = promisify(gzip);

/** The kinds of browser a page is kept for: what the root loader's client flags say of an ordinary browser. */
export const STORE_VARIANTS = {
  /** no phone OS named (a desktop browser, a client that sends no user agent) */
  plain: undefined,
  ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const satisfies Record<string, string | undefined>;
export type StoreVariant = keyof typeof STORE_VARIANTS;
const VARIANTS = Object.keys(STORE_VARIANTS) as StoreVariant[];

/**
 * The kept kind of page for a visitor with these flags, or null (the app's web view and WeChat are rendered). Kept
 * pages are rendered whole, as a crawler's page is (RouterContext.wholePage), so a crawler gets the same bytes.
 */
export function storeVariantOf(flags: ClientFlags): StoreVariant | null {
  if (flags.isApp || flags.isWeixin) return null;
  if (flags.isIos) return flags.isAndroid ? null : 'ios';
  return flags.isAndroid ? 'android' : 'plain';
}

/** The estate page's path, as the store keeps it (no query: a query is the root loader's routeQuery). */
const ESTATE_PAGE = /^\/([1-9]\d{0,8})\/house-detail\/([1-9]\d{0,9})$/;

export function estatePageOf(url: string): { cityId: number; estateId: number } | null {
  const m = ESTATE_PAGE.exec(url);
  return m ? { cityId: Number(m[1]), estateId: Number(m[2]) } : null;
}

/** The day in China (UTC+8, no daylight saving), YYYY-MM-DD. */
export function chinaDate(ms: number): string {
  return new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** Milliseconds from `ms` to the next midnight in China. */
function untilChinaMidnight(ms: number): number {
  const day = 86_400_000;
  const local = ms + 8 * 3_600_000;
  return day - (local % day);
}

/** A rendered page as the builder gets it from a render worker. */
export interface RenderedPage {
  status: number;
  contentType: string;
  body: Uint8Array;
  setsCookie: boolean;
  etag: string;
  csp: string;
}

export interface PageStoreOptions {
  /** The store's directory; each build, day and city version gets its own directory under it. */
  dir: string;
  /** The web build's version (its manifest's): a new build's pages are made again. */
  buildVersion: string;
  query: <Row>(text: string, params?: unknown[]) => Promise<Row[]>;
  /** Renders a page as a visitor with this user agent (none for `plain`) would get it. */
  render: (path: string, userAgent: string | undefined) => Promise<RenderedPage>;
  /** How many visitors' pages are being rendered now (the builder waits for none). */
  busy: () => number;
  /** The builder's pages at once (the render workers). */
  concurrency: number;
  log: FastifyBaseLogger;
  now?: () => number;
}

export interface PageStoreStats {
  /** Pages kept for today's build, day and data (all kinds). */
  stored: number;
  /** Pages the builder has still to make in its current pass (0 when it is done or idle). */
  pending: number;
  hits: number;
  misses: number;
  building: boolean;
}

/** A kept page: its header and its brotli body. */
interface StoredPage {
  etag: string;
  csp: string;
  renderedAt: number;
  length: number;
  br: Buffer;
}

/** A kept page older than its estate's review change by less than this is made again (the clocks may differ). */
const CLOCK_SKEW_MS = 2_000;
/** How often every instance looks up the review scores' changes. */
const REVIEW_POLL_MS = 1_000;
/** How far back each look for review changes goes before the newest change seen. */
const REVIEW_LOOKBACK_MS = 60_000;
const BROTLI_QUALITY = 6;
/** How pages are made and filed here: raised by a change of either, so pages made the old way are made again. */
const STORE_FORMAT = 1;
/** In a city's directory: when it was made (ms), a lower bound of every page's time in it. */
const CREATED_FILE = '.created';

export interface PageStore {
  /** Answers an estate page request from the store; false when the page is not kept (render it). */
  serve(request: FastifyRequest, reply: FastifyReply, variant: StoreVariant): Promise<boolean>;
  /** The data of these cities (all when undefined) changed: re-read their versions and make their pages again. */
  dataChanged(cityIds?: readonly number[]): Promise<void>;
  /**
   * A post changed review scores here (the reviews writer, moderation): look the changes up now rather than at the
   * next poll, and serve no page before they are known. Other instances learn of them at their next poll.
   */
  refreshReviews(): void;
  /** Reads the data versions and review changes, then starts the builder. */
  start(): Promise<void>;
  /** Resolves once the store has started and its builder has nothing left to make (tests, the benchmark). */
  idle(): Promise<void>;
  stats(): PageStoreStats;
  close(): Promise<void>;
}

export function createPageStore(options: PageStoreOptions): PageStore {
  const { dir, buildVersion, query, render, busy, concurrency, log } = options;
  const now = options.now ?? Date.now;
  /** city → data version; a city with estates but no version yet is not kept. */
  let versions = new Map<number, number>();
  /** estate → when its review scores last changed (ms). */
  const reviewChanged = new Map<number, number>();
  let reviewsSeenUntil = 0;
  let hits = 0;
  let misses = 0;
  let stored = 0;
  let pending = 0;
  let closed = false;
  /** Raised by every change: a pass that sees it changed starts over. */
  let generation = 0;
  let running: Promise<void> | null = null;
  let again = false;
  let idleWaiters: (() => void)[] = [];
  let pollTimer: NodeJS.Timeout | undefined;
  let midnightTimer: NodeJS.Timeout | undefined;
  let builderJobs = 0;
  let markStarted = () => {};
  /** Resolves once start() has started the first pass. */
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  /** City directory → when it was made (read once per directory). */
  const createdAt = new Map<string, number>();

  const buildDir = join(dir, `${safeName(buildVersion)}-f${STORE_FORMAT}`);
  const cityDir = (day: string, cityId: number, version: number) => join(buildDir, day, `c${cityId}v${version}`);
  const pageFile = (day: string, cityId: number, version: number, variant: StoreVariant, estateId: number) =>
    join(cityDir(day, cityId, version), variant, `${estateId}.page`);

  async function readVersions() {
    const rows = await query<{ cityId: number; version: string | number }>(
      'SELECT city_id AS "cityId", version FROM data_version',
    );
    versions = new Map(rows.map((r) => [r.cityId, Number(r.version)]));
  }

  /** The review changes' lookup under way, if any: a page is served only after it (refreshReviews). */
  let polling: Promise<void> | null = null;
  /** Looks the review changes up after any lookup under way (which may have started before the change). */
  function pollReviews(): Promise<void> {
    const mine: Promise<void> = (polling ?? Promise.resolve())
      .catch(() => undefined)
      .then(readReviewChanges)
      .finally(() => {
        if (polling === mine) polling = null;
      });
    polling = mine;
    return mine;
  }

  async function readReviewChanges() {
    // updated_at is its transaction's start, and a long transaction commits after shorter ones that started later:
    // each look goes back a minute before the newest change seen, so none is missed
    const rows = await query<{ estateId: number; at: number }>(
      `SELECT estate_id AS "estateId", (extract(epoch FROM updated_at) * 1000)::float8 AS at
       FROM review_summary WHERE updated_at > to_timestamp($1::float8 / 1000)`,
      [Math.max(0, reviewsSeenUntil - REVIEW_LOOKBACK_MS)],
    );
    for (const { estateId, at } of rows) {
      reviewChanged.set(estateId, Math.max(reviewChanged.get(estateId) ?? 0, at));
      reviewsSeenUntil = Math.max(reviewsSeenUntil, at);
    }
  }

  const fresh = (page: StoredPage, estateId: number) =>
    page.renderedAt > (reviewChanged.get(estateId) ?? 0) + CLOCK_SKEW_MS;

  async function readPage(file: string): Promise<StoredPage | null> {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      return null;
    }
    try {
      const headerLength = bytes.readUInt32BE(0);
      const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8')) as Omit<StoredPage, 'br'>;
      return { ...header, br: bytes.subarray(4 + headerLength) };
    } catch {
      // not a page this store wrote (a disk error, a file cut short): rendered, and made again
      return null;
    }
  }

  /** When a city's directory was made (0 when it was not, or says nothing readable). */
  async function readCreated(city: string): Promise<number> {
    const text = await readFile(join(city, CREATED_FILE), 'utf8').catch(() => '');
    return Number(text) || 0;
  }

  /**
   * Writes a page into its city's directory; a new directory first gets its time (`since`: no later than the page
   * was rendered, nor any page after it).
   */
  async function writePage(city: string, file: string, page: StoredPage, since: number): Promise<void> {
    const { br, ...header } = page;
    const head = Buffer.from(JSON.stringify(header), 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(head.length);
    await mkdir(join(file, '..'), { recursive: true });
    if (!createdAt.get(city)) {
      await writeFile(join(city, CREATED_FILE), String(since), { flag: 'wx' }).catch(() => undefined);
      createdAt.set(city, await readCreated(city));
    }
    // written whole under another name first: a reader (or another instance sharing the directory) never sees half
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, Buffer.concat([length, head, br]));
    await rename(temporary, file);
  }

  async function serve(request: FastifyRequest, reply: FastifyReply, variant: StoreVariant): Promise<boolean> {
    const estate = estatePageOf(request.url);
    const version = estate ? versions.get(estate.cityId) : undefined;
    if (!estate || version === undefined) return false;
    // a review just written here is looked up before its estate's page is served
    if (polling) await polling;
    const page = await readPage(pageFile(chinaDate(now()), estate.cityId, version, variant, estate.estateId));
    if (!page || !fresh(page, estate.estateId)) {
      misses++;
      // made again by the builder: a review changed since (or it was never made)
      if (page) kick();
      return false;
    }
    hits++;
    reply.header('content-security-policy', page.csp);
    reply.header('etag', page.etag);
    reply.header('vary', 'accept-encoding');
    reply.header('x-cache', 'store');
    if (request.headers['if-none-match'] === page.etag) {
      await reply.code(304).send();
      return true;
    }
    reply.code(200).type('text/html; charset=utf-8');
    const encoding = page.length >= MIN_COMPRESS_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
    if (encoding === 'br') {
      await reply.header('content-encoding', 'br').send(page.br);
      return true;
    }
    const body = await decompressBr(page.br);
    if (encoding === 'gzip') {
      await reply.header('content-encoding', 'gzip').send(await compressGzip(body, { level: 6 }));
      return true;
    }
    await reply.send(body);
    return true;
  }

  /** Waits until no visitor's page is being rendered. */
  async function whenIdle() {
    while (!closed && busy() - builderJobs > 0) await sleep(25);
  }

  async function makePage(
    job: { path: string; variant: StoreVariant; city: string; file: string; estateId: number },
    pass: number,
    passStarted: number,
  ) {
    const { path, variant, city, file, estateId } = job;
    // another instance sharing the directory may have made it since the pass listed it
    if (
      await access(file).then(
        () => !reviewChanged.has(estateId),
        () => false,
      )
    ) {
      stored++;
      return;
    }
    const renderedAt = now();
    const page = await render(path, STORE_VARIANTS[variant]);
    // a page that is not the plain 200 every visitor gets (gone, moved, personal) is never kept
    if (page.status !== 200 || page.setsCookie || !/^text\/html/.test(page.contentType)) return;
    if (pass !== generation || closed) return;
    const br = await compressBr(page.body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: page.body.length },
    });
    if (pass !== generation || closed || (reviewChanged.get(estateId) ?? 0) + CLOCK_SKEW_MS >= renderedAt) return;
    await writePage(
      city,
      file,
      { etag: page.etag, csp: page.csp, renderedAt, length: page.body.length, br },
      passStarted,
    );
    stored++;
  }

  /** One pass: every estate of every versioned city, each kind, that is missing or stale, then old directories go. */
  async function pass(): Promise<void> {
    const thisPass = generation;
    const day = chinaDate(now());
    const estates = await query<{ id: number; cityId: number }>(
      'SELECT id, city_id AS "cityId" FROM estate ORDER BY city_id, id',
    );
    const passStarted = now();
    const todo: { path: string; variant: StoreVariant; city: string; file: string; estateId: number }[] = [];
    stored = 0;
    const keptIn = new Map<string, Set<string>>();
    for (const { id, cityId } of estates) {
      const version = versions.get(cityId);
      if (version === undefined) continue;
      for (const variant of VARIANTS) {
        const city = cityDir(day, cityId, version);
        const folder = join(city, variant);
        let kept = keptIn.get(folder);
        if (!kept) keptIn.set(folder, (kept = new Set(await readdir(folder).catch(() => [] as string[]))));
        if (!createdAt.has(city)) createdAt.set(city, await readCreated(city));
        const file = join(folder, `${id}.page`);
        // every page of a city's directory was made after the directory was: a kept page is read (to compare its
        // own time) only when its estate's reviews changed after that, so a pass at start-up reads next to nothing
        if (kept.has(`${id}.page`)) {
          const changed = reviewChanged.get(id) ?? 0;
          const page = changed + CLOCK_SKEW_MS < createdAt.get(city)! ? null : await readPage(file);
          if (!page || fresh(page, id)) {
            stored++;
            continue;
          }
        }
        todo.push({ path: `/${cityId}/house-detail/${id}`, variant, city, file, estateId: id });
      }
    }
    pending = todo.length;
    if (todo.length > 0) log.info({ pages: todo.length, stored, day }, 'page store: making estate pages');
    const started = now();
    let next = 0;
    // from a random place in the list: instances sharing the directory each start on their own part, and skip the
    // pages another has made by the time they get there
    const offset = Math.floor(Math.random() * todo.length);
    const lane = async () => {
      while (!closed && thisPass === generation && next < todo.length) {
        await whenIdle();
        if (closed || thisPass !== generation) return;
        const job = todo[(offset + next++) % todo.length]!;
        builderJobs++;
        try {
          await makePage(job, thisPass, passStarted);
        } catch (error) {
          if (!closed) log.warn({ err: error, path: job.path }, 'page store: a page could not be made');
        } finally {
          builderJobs--;
          pending = Math.max(0, todo.length - next);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
    pending = 0;
    if (closed || thisPass !== generation) return;
    if (todo.length > 0) {
      log.info({ pages: todo.length, seconds: Math.round((now() - started) / 1000) }, 'page store: estate pages made');
    }
    await removeOld(day);
  }

  /** Drops what no current page lives in: other builds, other days, cities' older versions. */
  async function removeOld(day: string) {
    for (const build of await readdir(dir).catch(() => [] as string[])) {
      if (join(dir, build) !== buildDir) await rm(join(dir, build), { recursive: true, force: true });
    }
    for (const d of await readdir(buildDir).catch(() => [] as string[])) {
      if (d !== day) await rm(join(buildDir, d), { recursive: true, force: true });
    }
    const current = new Set([...versions].map(([cityId, version]) => `c${cityId}v${version}`));
    for (const c of await readdir(join(buildDir, day)).catch(() => [] as string[])) {
      if (!current.has(c)) await rm(join(buildDir, day, c), { recursive: true, force: true });
    }
  }

  /** Starts a pass, or asks the running one to be followed by another. */
  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (error) {
          if (!closed) log.error({ err: error }, 'page store: the pass failed');
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  function scheduleMidnight() {
    midnightTimer = setTimeout(
      () => {
        generation++;
        kick();
        scheduleMidnight();
      },
      untilChinaMidnight(now()) + 1_000,
    );
    midnightTimer.unref();
  }

  return {
    serve,
    async dataChanged(cityIds) {
      generation++;
      // nothing of the changed cities is served until their new versions are read
      if (cityIds) for (const cityId of cityIds) versions.delete(cityId);
      else versions.clear();
      await readVersions();
      kick();
    },
    refreshReviews() {
      pollReviews().catch((error: unknown) => log.warn({ err: error }, 'page store: review changes not read'));
    },
    async start() {
      await readVersions();
      await pollReviews();
      log.info({ cities: versions.size, reviewedEstates: reviewChanged.size, dir: buildDir }, 'page store: started');
      pollTimer = setInterval(() => {
        if (polling) return;
        pollReviews().catch((error: unknown) => log.warn({ err: error }, 'page store: review changes not read'));
      }, REVIEW_POLL_MS);
      pollTimer.unref();
      scheduleMidnight();
      kick();
      markStarted();
    },
    async idle() {
      await started;
      while (running) await new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    stats: () => ({ stored, pending, hits, misses, building: running !== null }),
    async close() {
      closed = true;
      clearInterval(pollTimer);
      clearTimeout(midnightTimer);
      await running;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A build version as a directory name. */
function safeName(version: string): string {
  return version.replace(/[^\w.-]/g, '_') || 'build';
}
