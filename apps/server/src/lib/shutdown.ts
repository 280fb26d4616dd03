// Graceful shutdown on SIGTERM/SIGINT: the instance stops being ready at once (the balancer's probe sees /readyz
// 503), closes its WebSockets with 1001, stops accepting connections, lets the requests in flight finish (a new request
// on a kept-alive connection gets 503, which nginx retries elsewhere), closes idle keep-alive sockets, then the
// database and Redis — all within a deadline (10 s), then exits 0. Past the deadline it exits 1, whatever is left.
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle.ts';

export interface ShutdownOptions {
  app: Pick<FastifyInstance, 'close' | 'log' | 'server'>;
  lifecycle: Lifecycle;
  /** Closed after the app (whose onClose hooks close Redis and the report queue), e.g. the database. */
  resources?: (() => Promise<void>)[];
  timeoutMs?: number;
  /** process.exit (tests pass their own). */
  exit?: (code: number) => void;
}

/**
 * Returns the shutdown: call it with the signal's name; a second call while one runs does nothing. Resolves with
 * the exit code once exit has been called.
 */
export function createShutdown({
  app,
  lifecycle,
  resources = [],
  timeoutMs = 10_000,
  exit = (code) => process.exit(code),
}: ShutdownOptions): (signal: string) => Promise<number> {
  let running: Promise<number> | null = null;
  return (signal) => {
    running ??= new Promise<number>((resolve) => {
      let done = false;
      // A kept-alive connection whose request was in flight when the drain began turns idle when it is answered;
      // Node closes idle connections once, when the server closes, so the drain keeps closing them until it ends.
      const reaper = setInterval(() => app.server.closeIdleConnections?.(), 50);
      reaper.unref();
      const finish = (code: number) => {
        if (done) return;
        done = true;
        clearTimeout(force);
        clearInterval(reaper);
        exit(code);
        resolve(code);
      };
      const force = setTimeout(() => {
        app.log.error({ signal, timeoutMs }, 'shutdown did not finish in time; exiting');
        finish(1);
      }, timeoutMs);
      force.unref();
      lifecycle.markShuttingDown();
      app.log.info({ signal }, 'shutting down: draining requests');
      lifecycle.closeSockets();
      void (async () => {
        try {
          // Fastify: stops listening, answers new requests on open connections 503 (return503OnClosing), closes idle
          // keep-alive sockets (forceCloseConnections: 'idle') and resolves when the last request has been answered
          await app.close();
          for (const close of resources) await close();
          app.log.info({ signal }, 'shut down');
          finish(0);
        } catch (error) {
          app.log.error({ err: error, signal }, 'shutdown failed');
          finish(1);
        }
      })();
    });
    return running;
  };
}

/** Runs `shutdown` on SIGTERM and SIGINT. */
export function onStopSignals(shutdown: (signal: string) => unknown, target: NodeJS.Process = process): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) target.on(signal, () => void shutdown(signal));
}
