// The page render workers (ADR 0019): N worker threads, each with its own copy of the web build, render the pages
// while the main thread keeps the sockets, the database and the caches. A job goes to the worker with the fewest
// in flight; a worker's service calls run here, on the one set of services every worker shares. A worker that
// dies fails its jobs (the visitor gets the error page) and is replaced.
import { Worker } from 'node:worker_threads';
import type { Services } from '@fjt/domain';
import {
  deserializeError,
  serializeError,
  type CallResult,
  type FromWorker,
  type ServiceCall,
  type RenderJob,
  type RenderResult,
  type ToWorker,
  type WorkerData,
} from './protocol.ts';

export interface RenderPoolOptions extends WorkerData {
  size: number;
  services: Services;
  /** Told when a worker stops unexpectedly (it is replaced). */
  onWorkerExit?: (error: Error) => void;
}

export interface RenderPool {
  readonly size: number;
  render(job: RenderJob, signal?: AbortSignal): Promise<RenderResult>;
  /** Jobs handed to the workers and not answered yet. */
  inFlight(): number;
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  jobs: Map<number, { resolve: (result: RenderResult) => void; reject: (error: Error) => void }>;
}

const ENTRY = new URL('./worker-entry.mjs', import.meta.url);

/** Starts the workers and resolves once each has loaded the web build. */
export async function createRenderPool({
  size,
  services,
  onWorkerExit,
  ...data
}: RenderPoolOptions): Promise<RenderPool> {
  let closing = false;
  let nextJobId = 1;
  const slots: Slot[] = [];

  const run = async ({ callId, service, method, args }: ServiceCall): Promise<CallResult> => {
    try {
      const target = Object.hasOwn(services, service)
        ? (services as unknown as Record<string, unknown>)[service]
        : null;
      const fn = target && typeof target === 'object' ? (target as Record<string, unknown>)[method] : undefined;
      if (typeof fn !== 'function') throw new Error(`no service method ${service}.${method}`);
      return { callId, ok: true, value: await (fn as (...a: unknown[]) => unknown).apply(target, args) };
    } catch (error) {
      return { callId, ok: false, error: serializeError(error) };
    }
  };

  /** Runs a worker's calls; the results ready in one turn go back as one message. */
  const answer = (worker: Worker, calls: ServiceCall[]) => {
    let ready: CallResult[] = [];
    const send = (results: CallResult[]) => {
      try {
        worker.postMessage({ type: 'results', results } satisfies ToWorker);
      } catch (error) {
        // a value that cannot be copied to the worker (a function in it, say) fails its call, not the others
        if (results.length > 1) for (const result of results) send([result]);
        else
          worker.postMessage({
            type: 'results',
            results: [{ callId: results[0]!.callId, ok: false, error: serializeError(error) }],
          } satisfies ToWorker);
      }
    };
    for (const call of calls) {
      void run(call).then((result) => {
        if (ready.length === 0) {
          setImmediate(() => {
            const results = ready;
            ready = [];
            send(results);
          });
        }
        ready.push(result);
      });
    }
  };

  const start = (index: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const worker = new Worker(ENTRY, { workerData: data satisfies WorkerData, env: process.env });
      const slot: Slot = { worker, jobs: new Map() };
      slots[index] = slot;
      worker.on('message', (message: FromWorker) => {
        if (message.type === 'ready') return resolve();
        if (message.type === 'calls') return answer(worker, message.calls);
        const job = slot.jobs.get(message.jobId);
        if (!job) return;
        slot.jobs.delete(message.jobId);
        if (message.ok) job.resolve(message.result);
        else job.reject(deserializeError(message.error));
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        const error = new Error(`render worker exited with code ${code}`);
        for (const job of slot.jobs.values()) job.reject(error);
        slot.jobs.clear();
        reject(error);
        if (closing || slots[index] !== slot) return;
        onWorkerExit?.(error);
        start(index).catch((e: unknown) => onWorkerExit?.(e as Error));
      });
    });

  await Promise.all(Array.from({ length: size }, (_, i) => start(i)));

  return {
    size,
    inFlight: () => slots.reduce((sum, s) => sum + s.jobs.size, 0),
    render(job, signal) {
      const slot = slots.reduce((best, s) => (s.jobs.size < best.jobs.size ? s : best));
      const jobId = nextJobId++;
      return new Promise<RenderResult>((resolve, reject) => {
        slot.jobs.set(jobId, { resolve, reject });
        signal?.addEventListener(
          'abort',
          () => {
            if (slot.jobs.has(jobId)) slot.worker.postMessage({ type: 'abort', jobId } satisfies ToWorker);
          },
          { once: true },
        );
        const transfer = job.body ? [job.body.buffer as ArrayBuffer] : [];
        slot.worker.postMessage({ type: 'render', jobId, job } satisfies ToWorker, transfer);
      });
    },
    async close() {
      closing = true;
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}
