// Starts the real server (production build, embedded database in ./var/db with the full dataset unless
// DATA_DIR says otherwise) on a free port for a benchmark, and stops it.
import { spawn } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, timeoutMs: number) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

export interface RunningServer {
  base: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // one load generator on one address stands for thousands of visitors: the per-IP limits would only
      // measure 429s
      RATE_LIMIT_READS_PER_MINUTE: '0',
      RATE_LIMIT_WRITES_PER_MINUTE: '0',
      DATA_DIR: process.env.DATA_DIR ?? join(root, 'var', 'db'),
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(`${base}/healthz`, 600_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function apiBody<T>(url: string): Promise<T> {
  const res = await fetch(url);
  return ((await res.json()) as { body: T }).body;
}

/** The machine a figure was measured on, and how busy it was (the 2 cores are shared). */
export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
