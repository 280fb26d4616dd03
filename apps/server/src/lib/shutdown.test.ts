// Graceful shutdown on a real listening Fastify (configured as buildApp configures it): a request in flight when
// SIGTERM arrives is answered; a new one during the drain is refused (503, or its connection refused); readiness
// flips at once; WebSockets get 1001; resources close after the app; past the deadline the process exits 1.
import { request as httpRequest, Agent } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycle, GOING_AWAY, GOING_AWAY_REASON } from './lifecycle.ts';
import { createShutdown } from './shutdown.ts';

let app: FastifyInstance | undefined;
let releaseSlow: () => void = () => {};
const slowStarted: { resolve?: () => void } = {};

async function start() {
  const lifecycle = createLifecycle();
  app = Fastify({ return503OnClosing: true, forceCloseConnections: 'idle' });
  app.get('/slow', async () => {
    slowStarted.resolve?.();
    await new Promise<void>((resolve) => (releaseSlow = resolve));
    return { done: true };
  });
  app.get('/fast', async () => ({ fast: true }));
  app.get('/readyz', async (_request, reply) =>
    lifecycle.shuttingDown ? reply.code(503).send({ status: 'not ready' }) : { status: 'ready' },
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return { lifecycle, port };
}

afterEach(async () => {
  releaseSlow();
  await app?.close().catch(() => {});
  app = undefined;
});

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(condition()).toBe(true);
}

/** A GET over `agent` (keep-alive, so a second request can ride a connection opened before the shutdown). */
function get(port: number, path: string, agent: Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('lets the request in flight finish, refuses new ones, flips readiness at once, closes sockets, exits 0', async () => {
    const { lifecycle, port } = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 2 });
    const sockets: { code: number; reason: string }[] = [];
    lifecycle.trackSocket({ close: (code, reason) => sockets.push({ code, reason }) });
    // a second kept-alive connection, open and idle before the shutdown
    expect((await get(port, '/fast', agent)).status).toBe(200);

    const started = new Promise<void>((resolve) => (slowStarted.resolve = resolve));
    const inFlight = get(port, '/slow', agent);
    await started;

    const exits: number[] = [];
    const closed: string[] = [];
    const shutdown = createShutdown({
      app: app!,
      lifecycle,
      resources: [async () => void closed.push('database')],
      timeoutMs: 5000,
      exit: (code) => exits.push(code),
    });
    const done = shutdown('SIGTERM');

    // at once: not ready, sockets told 1001 (before the server has even stopped listening)
    expect(lifecycle.shuttingDown).toBe(true);
    expect(sockets).toEqual([{ code: GOING_AWAY, reason: GOING_AWAY_REASON }]);
    // a socket opened during the drain is closed at once too
    const late: number[] = [];
    lifecycle.trackSocket({ close: (code) => late.push(code) });
    expect(late).toEqual([GOING_AWAY]);

    // a new connection is refused once the server has stopped listening (a moment later)
    await until(() => !app!.server.listening);
    const refused = await get(port, '/fast', new Agent({ keepAlive: false })).then(
      (r) => r.status,
      (error: NodeJS.ErrnoException) => error.code,
    );
    expect(refused).toBe('ECONNREFUSED');

    // the draining server has not finished: the slow request is still being worked on
    expect(exits).toEqual([]);
    releaseSlow();
    const answered = await inFlight;
    expect(answered).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    expect(await done).toBe(0);
    expect(exits).toEqual([0]);
    expect(closed).toEqual(['database']);
    agent.destroy();
  });

  it('answers 503 to a request that arrives on the in-flight connection while draining (nginx retries it)', async () => {
    const { lifecycle, port } = await start();
    const started = new Promise<void>((resolve) => (slowStarted.resolve = resolve));
    // a kept-alive connection busy with a request when the drain begins, and a second request sent on it (pipelined)
    // after the server has stopped listening
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n');
    await started;
    const done = createShutdown({ app: app!, lifecycle, timeoutMs: 5000, exit: () => {} })('SIGTERM');
    await until(() => !app!.server.listening);
    socket.write('GET /fast HTTP/1.1\r\nHost: x\r\n\r\n');
    await new Promise((r) => setTimeout(r, 20));
    releaseSlow();
    await ended;
    const statuses = [...raw.matchAll(/HTTP\/1\.1 (\d+)/g)].map((m) => Number(m[1]));
    expect(statuses).toEqual([200, 503]);
    expect(raw).toMatch(/connection: close/i);
    expect(await done).toBe(0);
  });

  it('exits 1 when the drain outlasts the deadline, and a second signal does not start another shutdown', async () => {
    const { lifecycle, port } = await start();
    const agent = new Agent({ keepAlive: true });
    const started = new Promise<void>((resolve) => (slowStarted.resolve = resolve));
    void get(port, '/slow', agent).catch(() => {}); // never released: the server cannot drain
    await started;
    const exits: number[] = [];
    const shutdown = createShutdown({ app: app!, lifecycle, timeoutMs: 150, exit: (code) => exits.push(code) });
    const t0 = Date.now();
    const first = shutdown('SIGTERM');
    const second = shutdown('SIGINT');
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(exits).toEqual([1]);
    agent.destroy();
  });
});
