// Operations on the real app: /readyz (ready on a seeded database; 'seed' before the seed; 'shutting down' at once),
// request ids (a sane X-Request-Id is kept and echoed, anything else replaced, the log line carries it), and
// /metrics (Prometheus text; counters move; labels stay bounded however many URLs are asked; only this machine or
// the token may read it; never cached or indexed).
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@fjt/db/testing';
import routes from '../../web/app/routes.ts';
import { routeLeaves } from '../../web/app/route-leaves.ts';
import { buildApp } from './app.ts';
import { pageGroups, RequestStats } from './plugins/metrics.ts';
import { seededApp } from './testing.ts';

const TOKEN = 'scrape-token-of-this-test-0123456789';
const s = seededApp('small', { env: { METRICS_TOKEN: TOKEN, RESPONSE_CACHE_SECONDS: 60 } });

/** One sample's value in a Prometheus text page (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((w) => line.includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

const scrape = async () => {
  const res = await s.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

describe('/readyz', () => {
  it('is ready on a migrated, seeded database, and says nothing else', async () => {
    const res = await s.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is not ready before the seed has finished, while /healthz (liveness) says ok', async () => {
    const database = await createTestDatabase('migrated');
    const app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
    try {
      const res = await app.inject('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', failed: 'seed' });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      // the seed_run row is what "seed complete" means
      await database.sql.query(
        `INSERT INTO seed_run (dataset, scale, seed, content_hash) VALUES ('market', 'small', 1, 'test')`,
      );
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      await database.sql.query(`DELETE FROM __migrations WHERE tag = (SELECT max(tag) FROM __migrations)`);
      expect((await app.inject('/readyz')).json()).toEqual({ status: 'not ready', failed: 'migrations' });
      // shutting down: at once, whatever the database says
      app.lifecycle.markShuttingDown();
      expect((await app.inject('/readyz')).json()).toEqual({ status: 'not ready', failed: 'shutting down' });
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('is hidden from the OpenAPI document, like /healthz and /metrics', async () => {
    const doc = s.app.swagger() as { paths?: Record<string, unknown> };
    const paths = Object.keys(doc.paths ?? {});
    expect(paths.length).toBeGreaterThan(10);
    for (const hidden of ['/readyz', '/healthz', '/metrics']) expect(paths).not.toContain(hidden);
  });
});

describe('request ids', () => {
  it('keeps a sane X-Request-Id (nginx $request_id) and echoes it; replaces anything else with a random one', async () => {
    const given = '3f2a9c0e5b7d41a6b8c9d0e1f2a3b4c5';
    const kept = await s.app.inject({ url: '/healthz', headers: { 'x-request-id': given } });
    expect(kept.headers['x-request-id']).toBe(given);
    for (const bad of ['a'.repeat(65), 'has space', 'new\nline', '<script>', '']) {
      const res = await s.app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
    const a = await s.app.inject('/rabbit/v1/config/city-list');
    const b = await s.app.inject('/rabbit/v1/no/such/endpoint');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });

  it('is the reqId of every log line of the request', async () => {
    const database = await createTestDatabase('migrated');
    const app = await buildApp({ env: { LOG_LEVEL: 'silent', APP_TEST_HOOKS: false }, database });
    const bound: unknown[] = [];
    // pino's child logger of the request: every line it writes carries these bindings
    const bindings = (log: unknown) => (log as { bindings(): Record<string, unknown> }).bindings();
    app.addHook('onRequest', async (request) => void bound.push(bindings(request.log).reqId));
    try {
      await app.inject({ url: '/healthz', headers: { 'x-request-id': 'nginx-req-42' } });
      expect(bound).toEqual(['nginx-req-42']);
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

describe('/metrics', () => {
  it('counts requests per method, route id and status class, with a latency histogram', async () => {
    const before = await scrape();
    const route = { method: 'GET', route: '/rabbit/v1/config/city-list', status_class: '2xx' };
    for (let i = 0; i < 3; i++) expect((await s.app.inject('/rabbit/v1/config/city-list')).statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'fjt_http_requests_total', route) - sample(before, 'fjt_http_requests_total', route)).toBe(3);
    expect(
      sample(after, 'fjt_http_request_duration_seconds_count', route) -
        sample(before, 'fjt_http_request_duration_seconds_count', route),
    ).toBe(3);
    expect(sample(after, 'fjt_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBeGreaterThan(0);
    // the process's own figures (prom-client's defaults)
    for (const name of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(after).toContain(`\n${name} `);
    expect(after).toContain('# TYPE nodejs_gc_duration_seconds histogram');
  });

  it('keeps labels bounded: many estates are one route; unknown paths one label', async () => {
    const [{ ids }] = (await s.database.sql.query<{ ids: number[] }>(
      `SELECT array_agg(id::int) AS ids FROM (SELECT id FROM estate ORDER BY id LIMIT 25) e`,
    )) as [{ ids: number[] }];
    for (const id of ids) await s.app.inject(`/rabbit/v1/house/basic-info?houseId=${id}`);
    for (let i = 0; i < 10; i++) await s.app.inject(`/rabbit/v1/no/such/${i}`);
    for (let i = 0; i < 10; i++) await s.app.inject(`/no-such-page-${i}`);
    const text = await scrape();
    const series = text.split('\n').filter((l) => l.startsWith('fjt_http_requests_total{'));
    expect(series.some((l) => l.includes('route="/rabbit/v1/house/basic-info"'))).toBe(true);
    expect(series.filter((l) => l.includes('basic-info"'))).toHaveLength(1);
    expect(series.some((l) => /houseId|\/no\/such\/\d|no-such-page/.test(l))).toBe(false);
    expect(series.some((l) => l.includes('route="/rabbit/v1/*"') && l.includes('status_class="4xx"'))).toBe(true);
    expect(series.length).toBeLessThan(30);
  });

  it('reports the response cache’s hits and misses', async () => {
    const before = await scrape();
    const url = `/rabbit/v1/search/hot?cityId=605`;
    await s.app.inject(url);
    const second = await s.app.inject(url);
    expect(second.headers['x-cache']).toBe('hit');
    const after = await scrape();
    const hits = (t: string) => sample(t, 'fjt_response_cache_lookups_total', { result: 'hit' });
    const misses = (t: string) => sample(t, 'fjt_response_cache_lookups_total', { result: 'miss' });
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(1);
    expect(misses(after) + hits(after)).toBeGreaterThan(misses(before) + hits(before));
    expect(sample(after, 'fjt_response_cache_entries')).toBeGreaterThanOrEqual(1);
  });

  it('reports the PostgreSQL pool (waiting, connections, acquire time); PGlite has no pool to report', async () => {
    const text = await scrape();
    if (s.database.driver === 'postgres') {
      expect(sample(text, 'fjt_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(text).toContain('\nfjt_db_pool_waiting ');
      expect(sample(text, 'fjt_db_pool_acquires_total')).toBeGreaterThan(0);
      expect(text).toContain('\nfjt_db_pool_acquire_seconds_total ');
    } else {
      expect(text).not.toContain('fjt_db_pool');
    }
  });

  it('is for this machine or the token only: anyone else gets the 404 of a page that does not exist', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      s.app.inject({ url: '/metrics', remoteAddress, headers });
    const outsider = await from('203.0.113.9');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain('fjt_http');
    // through a proxy on this machine (nginx): a visitor like any other
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await from('203.0.113.9', { authorization: 'Bearer wrong-token-of-the-same-len-0123' })).statusCode).toBe(
      404,
    );
    const scraper = await from('203.0.113.9', { authorization: `Bearer ${TOKEN}` });
    expect(scraper.statusCode).toBe(200);
    expect(scraper.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scraper.headers['cache-control']).toBe('no-store');
    expect(scraper.headers['x-robots-tag']).toBe('noindex');
    const local = await from('::1');
    expect(local.statusCode).toBe(200);
  });
});

describe('page labels', () => {
  it('name the route table’s page group, never the URL', () => {
    const groupOf = pageGroups(routeLeaves(routes).map((leaf) => leaf.path));
    expect(groupOf('/605/house-detail/12')).toBe('/:city/house-detail');
    expect(groupOf('/605/house-detail/12.data?_routes=x')).toBe('/:city/house-detail');
    expect(groupOf('/605/deal-history/99')).toBe('/:city/deal-history');
    expect(groupOf('/605')).toBe('/:city');
    expect(groupOf('/605.data')).toBe('/:city');
    expect(groupOf('/')).toBe('/');
    expect(groupOf('/_root.data')).toBe('/');
    expect(groupOf('/citylist?x=1')).toBe('/citylist');
    expect(groupOf('/market/2')).toBe('/market');
    expect(groupOf('/605/no-such-thing/1')).toBe('/:city/*');
    expect(groupOf('/wp-admin/x.php')).toBe('/*');
  });
});

describe('request counts in the text format', () => {
  it('writes cumulative buckets, sum and count per label set, with label values escaped', () => {
    const stats = new RequestStats();
    stats.observe('GET', '/a"b', 200, 0.003);
    stats.observe('GET', '/a"b', 204, 0.2);
    stats.observe('GET', '/a"b', 503, 20);
    const text = stats.render();
    const labels = 'method="GET",route="/a\\"b",status_class="2xx"';
    expect(text).toContain(`fjt_http_requests_total{${labels}} 2\n`);
    expect(text).toContain(`fjt_http_request_duration_seconds_bucket{${labels},le="0.0025"} 0\n`);
    expect(text).toContain(`fjt_http_request_duration_seconds_bucket{${labels},le="0.005"} 1\n`);
    expect(text).toContain(`fjt_http_request_duration_seconds_bucket{${labels},le="0.25"} 2\n`);
    expect(text).toContain(`fjt_http_request_duration_seconds_bucket{${labels},le="+Inf"} 2\n`);
    expect(text).toContain(`fjt_http_request_duration_seconds_sum{${labels}} 0.203\n`);
    expect(text).toMatch(/status_class="5xx",le="10"\} 0\n[^\n]*le="\+Inf"\} 1\n/);
  });
});
