// The app built in-process as the server runs it in production: NODE_ENV=production and React Router's
// production build (what apps/server/src/main.ts sets up before anything imports React), the web build at an
// absolute path, the response cache off so every page is rendered. Import this before anything that loads React.
import { register } from 'node:module';
import { join } from 'node:path';
import type { DatabaseHandle } from '@fjt/db';
import type { FastifyInstance } from 'fastify';
import { ensureWebBuild, root } from './server.ts';

process.env.NODE_ENV = 'production';
register('../apps/server/src/production-builds.mjs', import.meta.url);

export const webBuildDir = join(root, 'apps', 'web', 'build');

export async function buildProductionApp(database: DatabaseHandle): Promise<FastifyInstance> {
  ensureWebBuild();
  // imported only now: React and React Router pick their build when first loaded
  const { buildApp } = await import('../apps/server/src/app.ts');
  const app = await buildApp({
    env: {
      LOG_LEVEL: 'warn',
      APP_TEST_HOOKS: false,
      RESPONSE_CACHE_SECONDS: 0,
      API_DOCS: false,
      // one process, one request at a time: on the main thread unless asked (ADR 0019's workers add a hand-over)
      RENDER_WORKERS: Number(process.env.RENDER_WORKERS ?? 0),
    },
    database,
    webBuildDir,
  });
  await app.ready();
  return app;
}

/** Milliseconds from asking to the whole answer, through Fastify's inject (no socket); fails on a non-200. */
export async function timed(
  app: FastifyInstance,
  request: { method: 'GET' | 'POST'; path: string; body?: string },
): Promise<number> {
  const started = performance.now();
  const res = await app.inject({
    method: request.method,
    url: request.path,
    ...(request.body ? { payload: request.body, headers: { 'content-type': 'application/json' } } : {}),
  });
  const ms = performance.now() - started;
  if (res.statusCode !== 200)
    throw new Error(`${request.method} ${request.path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return ms;
}
