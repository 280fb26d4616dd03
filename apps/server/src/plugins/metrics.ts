// /metrics in Prometheus text format (prom-client): requests and their latency per route id, the response cache's
// hits and misses, the PostgreSQL pool (connections, queries waiting, time spent getting a connection), data-change
// events, and the process (RSS, heap, GC, event-loop lag). Readable from this machine (a scraper beside the app, not
// through nginx) or with the METRICS_TOKEN bearer; anyone else is answered as if there were no such page.
//
// The request hook runs on every request, so it is kept to a label lookup and a few additions (RequestStats): labels
// are bounded (the route as registered, a page's group in the route table, never the raw URL).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { DatabaseHandle } from '@fjt/db';
import type { PageStoreStats } from './page-store.ts';
import type { ResponseCache } from './response-cache.ts';

export const METRICS_PATH = '/metrics';

/** The process's own figures: one set per process, however many apps it builds (tests build many). */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * A page request's label: the part of the route table's path that names the page group — `/:city/house-detail`
 * for /605/house-detail/12 (and its .data), `/citylist`, `/` — or `/*` for a path the table does not know.
 */
export function pageGroups(leafPaths: readonly string[]): (url: string) => string {
  const top = new Set<string>();
  const underCity = new Set<string>();
  for (const path of leafPaths) {
    const [first, second] = path.replace(/^\//, '').split('/');
    if (first === ':city') {
      if (second && !second.startsWith(':')) underCity.add(second);
    } else if (first && !first.startsWith(':')) top.add(first);
  }
  return (url) => {
    const query = url.indexOf('?');
    let path = query < 0 ? url : url.slice(0, query);
    if (path.endsWith('.data')) path = path.slice(0, -'.data'.length).replace(/\/_root$/, '/');
    const [, first = '', second] = path.split('/');
    if (first === '') return '/';
    if (/^\d+$/.test(first)) {
      if (!second) return '/:city';
      return underCity.has(second) ? `/:city/${second}` : '/:city/*';
    }
    return top.has(first) ? `/${first}` : '/*';
  };
}

const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Requests and their latency, counted by hand and written in the Prometheus text format at scrape time: prom-client's
 * counter and histogram hash and validate their labels on every call (about 5 µs a request on this machine), while
 * this is a map lookup and a few additions.
 */
export class RequestStats {
  readonly #series = new Map<string, { labels: string; count: number; sum: number; buckets: Float64Array }>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const statusClass = `${Math.floor(status / 100)}xx`;
    const key = `${method} ${statusClass} ${route}`;
    let series = this.#series.get(key);
    if (!series) {
      const labels = `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status_class="${statusClass}"`;
      series = { labels, count: 0, sum: 0, buckets: new Float64Array(DURATION_BUCKETS.length) };
      this.#series.set(key, series);
    }
    series.count++;
    series.sum += seconds;
    // per bucket (not cumulative): the first bound the value fits under; rendering adds them up
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= DURATION_BUCKETS[i]!) {
        series.buckets[i]!++;
        break;
      }
    }
  }

  render(): string {
    const counts: string[] = [
      '# HELP fjt_http_requests_total HTTP requests answered, by method, route id and status class',
      '# TYPE fjt_http_requests_total counter',
    ];
    const durations: string[] = [
      '# HELP fjt_http_request_duration_seconds Time from a request arriving to its answer being sent, by method, route id and status class',
      '# TYPE fjt_http_request_duration_seconds histogram',
    ];
    for (const { labels, count, sum, buckets } of this.#series.values()) {
      counts.push(`fjt_http_requests_total{${labels}} ${count}`);
      let cumulative = 0;
      for (let i = 0; i < DURATION_BUCKETS.length; i++) {
        cumulative += buckets[i]!;
        durations.push(`fjt_http_request_duration_seconds_bucket{${labels},le="${DURATION_BUCKETS[i]}"} ${cumulative}`);
      }
      durations.push(`fjt_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${count}`);
      durations.push(`fjt_http_request_duration_seconds_sum{${labels}} ${sum}`);
      durations.push(`fjt_http_request_duration_seconds_count{${labels}} ${count}`);
    }
    return `${counts.join('\n')}\n\n${durations.join('\n')}\n\n`;
  }
}

/** A label value in the text format: backslash, double quote and newline escaped. */
const escapeLabel = (value: string) => value.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));

export interface MetricsOptions {
  database: DatabaseHandle;
  responseCache?: ResponseCache | undefined;
  /** A scraper from elsewhere sends `Authorization: Bearer <token>`; unset, only this machine may read. */
  token?: string | undefined;
}

export interface Metrics {
  /** The page routes' full paths (the SSR adapter's route table), for the page labels. */
  setPageRoutes(leafPaths: readonly string[]): void;
  /** Counts a data-change event applied by this instance. */
  dataChanged(scope: 'cities' | 'all'): void;
  /** The page store's figures (ADR 0026), when it is on. */
  setPageStore(store: { stats(): PageStoreStats }): void;
  registry: Registry;
}

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

/**
 * Whether this request may read the metrics: the token (from anywhere), or a direct connection from this machine —
 * one that came through a proxy on this machine (it says whom it forwards for) is a visitor like any other.
 */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (given) {
      const a = Buffer.from(given);
      const b = Buffer.from(token);
      if (a.length === b.length && timingSafeEqual(a, b)) return true;
    }
  }
  const { headers } = request;
  const forwarded = headers['x-forwarded-for'] ?? headers.forwarded ?? headers['x-real-ip'];
  return isLoopback(request.socket.remoteAddress) && forwarded === undefined;
}

export function registerMetrics(app: FastifyInstance, { database, responseCache, token }: MetricsOptions): Metrics {
  const registry = new Registry();
  let pageGroupOf = pageGroups([]);

  const http = new RequestStats();
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const url = request.routeOptions.url;
    // the page adapter's catch-all: the page group; a static file (one route per file): one label for them all
    const route =
      url === undefined ? 'unmatched' : url === '/*' ? pageGroupOf(request.url) : /\.\w+$/.test(url) ? 'static' : url;
    http.observe(method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  if (responseCache) {
    const seen = { hit: 0, miss: 0 };
    new Counter({
      name: 'fjt_response_cache_lookups_total',
      help: 'Public response cache lookups (ADR 0006): hit or miss; the hit ratio is hit / (hit + miss)',
      labelNames: ['result'] as const,
      registers: [registry],
      collect() {
        this.inc({ result: 'hit' }, responseCache.hits - seen.hit);
        this.inc({ result: 'miss' }, responseCache.misses - seen.miss);
        seen.hit = responseCache.hits;
        seen.miss = responseCache.misses;
      },
    });
    new Gauge({
      name: 'fjt_response_cache_entries',
      help: 'Answers held by the public response cache',
      registers: [registry],
      collect() {
        this.set(responseCache.size);
      },
    });
    new Gauge({
      name: 'fjt_response_cache_bytes',
      help: 'Bytes the public response cache counts against its bound (bodies, with room for their compressed forms)',
      registers: [registry],
      collect() {
        this.set(responseCache.bytes);
      },
    });
  }

  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'fjt_db_pool_connections',
      help: 'PostgreSQL pool connections: open (total) and idle',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const now = pool();
        this.set({ state: 'total' }, now.total);
        this.set({ state: 'idle' }, now.idle);
      },
    });
    new Gauge({
      name: 'fjt_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
    const seen = { acquired: 0, seconds: 0 };
    new Counter({
      name: 'fjt_db_pool_acquires_total',
      help: 'Connections handed out by the PostgreSQL pool',
      registers: [registry],
      collect() {
        const now = pool();
        this.inc(now.acquired - seen.acquired);
        seen.acquired = now.acquired;
      },
    });
    new Counter({
      name: 'fjt_db_pool_acquire_seconds_total',
      help: 'Seconds spent getting a PostgreSQL connection (waiting for a free one, or opening one)',
      registers: [registry],
      collect() {
        const now = pool();
        this.inc(now.acquireSeconds - seen.seconds);
        seen.seconds = now.acquireSeconds;
      },
    });
  }

  const dataChanges = new Counter({
    name: 'fjt_data_change_events_total',
    help: 'Data-change events applied (ADR 0015): confined to some cities, or everything',
    labelNames: ['scope'] as const,
    registers: [registry],
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, token)) return reply.callNotFound();
    const text = (await processMetrics().metrics()) + http.render() + (await registry.metrics());
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .type(registry.contentType)
      .send(text);
  });

  return {
    setPageRoutes(leafPaths) {
      pageGroupOf = pageGroups(leafPaths);
    },
    dataChanged: (scope) => dataChanges.inc({ scope }),
    setPageStore(store) {
      const seen = { hit: 0, miss: 0 };
      new Counter({
        name: 'fjt_page_store_lookups_total',
        help: 'Estate pages asked of the page store (ADR 0026): hit (served kept) or miss (rendered)',
        labelNames: ['result'] as const,
        registers: [registry],
        collect() {
          const { hits, misses } = store.stats();
          this.inc({ result: 'hit' }, hits - seen.hit);
          this.inc({ result: 'miss' }, misses - seen.miss);
          seen.hit = hits;
          seen.miss = misses;
        },
      });
      new Gauge({
        name: 'fjt_page_store_pages',
        help: 'Estate pages kept for the current build, day and data (stored), and still to make (pending)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const { stored, pending } = store.stats();
          this.set({ state: 'stored' }, stored);
          this.set({ state: 'pending' }, pending);
        },
      });
    },
    registry,
  };
}
