// Starts the real server (production build, embedded database in ./var/db with the full dataset unless
// DATA_DIR says otherwise) on a free port for a benchmark, and stops it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
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

async function waitFor(url: string, timeoutMs: number, exited: () => boolean) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (exited()) throw new Error(`the server exited before ${url} answered`);
    try {
      const res = await fetch(url);
      if (res.ok) return 'ready';
      // a server without the route (an older build): the caller falls back to another
      if (res.status === 404) return 'missing';
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Builds the web app when there is no build yet, as `npm start` (scripts/start.mjs) does. */
export function ensureWebBuild() {
  if (existsSync(join(root, 'apps', 'web', 'build', 'server', 'index.js'))) return;
  console.log('no web build: npm run build …');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

export interface RunningServer {
  base: string;
  /** The server process (node running apps/server/src/main.ts), for its RSS. */
  pid: number | undefined;
  /** From spawning the process to its readiness probe answering 200. */
  readyMs: number;
  /** The probe that said ready: /readyz (database, migrations, seed), or /healthz on a server without it. */
  readyProbe: '/readyz' | '/healthz';
  /** When it became ready (Date.now()). */
  readyAt: number;
  stop(): Promise<void>;
  /** Sends `signal` without waiting (the cluster's SIGKILL). */
  kill(signal: NodeJS.Signals): void;
  /** The server's output lines so far, when started with a label. */
  output: string[];
}

export interface StartOptions {
  port?: number;
  /** Where the server's output goes: inherited (default), discarded, or prefixed with this label and kept in `output`. */
  quiet?: boolean;
  label?: string;
  /** How long the first start may take (it seeds an empty database). */
  readyTimeoutMs?: number;
}

/**
 * Starts the product as `npm start` does — scripts/start.mjs builds the web app when missing, then runs
 * `node --import tsx apps/server/src/main.ts`; this runs that command itself so the RSS read is the server's — with
 * benchmark settings: loopback, warn-level logs, per-IP rate limits off.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  ensureWebBuild();
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const spawned = Date.now();
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (to see where a figure's time goes)
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
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
    stdio: [
      'ignore',
      options.label ? 'pipe' : options.quiet ? 'ignore' : 'inherit',
      options.label ? 'pipe' : 'inherit',
    ],
  });
  const output: string[] = [];
  if (options.label) {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream! }).on('line', (line) => {
        output.push(line);
        console.log(`[${options.label}] ${line}`);
      });
    }
  }
  let hasExited = false;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      hasExited = true;
      resolve();
    }),
  );
  let readyProbe: RunningServer['readyProbe'] = '/readyz';
  try {
    const timeout = options.readyTimeoutMs ?? 900_000;
    if ((await waitFor(`${base}/readyz`, timeout, () => hasExited)) === 'missing') {
      readyProbe = '/healthz';
      await waitFor(`${base}/healthz`, timeout, () => hasExited);
    }
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  const readyAt = Date.now();
  return {
    base,
    pid: child.pid,
    readyMs: readyAt - spawned,
    readyProbe,
    readyAt,
    async stop() {
      if (!hasExited) child.kill('SIGTERM');
      await exited;
    },
    kill(signal) {
      child.kill(signal);
    },
    output,
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
    freeMemMiBAtStart: Math.round(freemem() / 2 ** 20),
    node: process.version,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
