// A page render worker (ADR 0019): loads the web build, renders the pages the main thread hands it, and reaches the
// services through the main thread, which holds the one database connection (PGlite is one process's database)
// and the data caches every worker shares.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { RouterContext, Services } from '@fjt/domain';
import { MIN_COMPRESS_BYTES, brotliQuick, etagOf } from '../plugins/response-cache.ts';
import { pageCsp } from '../plugins/security.ts';
import { asLoaderError } from './loader-errors.ts';
import {
  deserializeError,
  serializeError,
  type FromWorker,
  type RenderJob,
  type RenderResult,
  type ServiceCall,
  type ToWorker,
  type WorkerData,
} from './protocol.ts';

const port = parentPort!;
const { buildDir, testHooks, smsSandbox, debugPages } = workerData as WorkerData;
const post = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const pendingCalls = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let nextCallId = 1;
let outgoing: ServiceCall[] = [];

/** services.<service>.<method>(...args), run on the main thread; the calls of one turn go as one message. */
function call(service: string, method: string, args: unknown[]): Promise<unknown> {
  const callId = nextCallId++;
  return new Promise((resolve, reject) => {
    pendingCalls.set(callId, { resolve, reject });
    if (outgoing.length === 0) {
      queueMicrotask(() => {
        const calls = outgoing;
        outgoing = [];
        post({ type: 'calls', calls });
      });
    }
    outgoing.push({ callId, service, method, args });
  });
}

/** The services as the loaders see them: every method of every service, answered by the main thread. */
const services = new Proxy({} as Services, {
  get: (_target, service) =>
    typeof service !== 'string'
      ? undefined
      : new Proxy(
          {},
          {
            get: (_t, method) =>
              typeof method !== 'string' || method === 'then'
                ? undefined
                : (...args: unknown[]) => call(service, method, args),
          },
        ),
});

const base: RouterContext = { services, testHooks, smsSandbox, debugPages };
const build = (await import(pathToFileURL(join(buildDir, 'server', 'index.js')).href)) as ServerBuild;
const handle = createRequestHandler(build, 'production');
const running = new Map<number, AbortController>();

async function render(job: RenderJob, signal: AbortSignal): Promise<RenderResult> {
  const request = new Request(job.url, {
    method: job.method,
    headers: job.headers,
    signal,
    ...(job.body ? { body: job.body, duplex: 'half' } : {}),
  } as RequestInit);
  const context = { ...base, ...job.context } as unknown as AppLoadContext;
  const response = await handle(request, context);
  const html = /^text\/html/.test(response.headers.get('content-type') ?? '');
  let body: Uint8Array | null = null;
  let csp: string | undefined;
  if (response.body && html) {
    const text = await response.text();
    csp = pageCsp(text);
    body = encoder.encode(text);
  } else if (response.body) {
    body = new Uint8Array(await response.arrayBuffer());
  }
  const result: RenderResult = {
    status: response.status,
    headers: [...response.headers].filter(([name]) => name !== 'set-cookie'),
    setCookies: response.headers.getSetCookie(),
    body,
    ...(csp ? { csp } : {}),
  };
  if (job.forCache && body && result.status === 200 && result.setCookies.length === 0) {
    result.etag = etagOf(body);
    if (job.brotli && body.length >= MIN_COMPRESS_BYTES) result.br = brotliQuick(body);
  }
  return result;
}

const encoder = new TextEncoder();

port.on('message', (message: ToWorker) => {
  if (message.type === 'results') {
    for (const result of message.results) {
      const pending = pendingCalls.get(result.callId);
      if (!pending) continue;
      pendingCalls.delete(result.callId);
      if (result.ok) pending.resolve(result.value);
      else pending.reject(asLoaderError(deserializeError(result.error)) as Error);
    }
    return;
  }
  if (message.type === 'abort') {
    running.get(message.jobId)?.abort();
    return;
  }
  const { jobId, job } = message;
  const controller = new AbortController();
  running.set(jobId, controller);
  render(job, controller.signal).then(
    (result) => {
      running.delete(jobId);
      // the body's own buffer moves to the main thread instead of being copied (a brotli Buffer may share a pool)
      const own =
        result.body && result.body.byteOffset === 0 && result.body.byteLength === result.body.buffer.byteLength;
      post({ type: 'rendered', jobId, ok: true, result }, own ? [result.body!.buffer as ArrayBuffer] : []);
    },
    (error: unknown) => {
      running.delete(jobId);
      post({ type: 'rendered', jobId, ok: false, error: serializeError(error) });
    },
  );
});

post({ type: 'ready' });
