// Runs the generator off the main thread during a full seed, so generating and encoding rows (this
// thread) and loading them into PGlite (the main thread) overlap on two cores. Chunks are transferred,
// not copied; at most a few are in flight, so memory stays bounded.
import { parentPort, workerData } from 'node:worker_threads';
import { BulkLoader } from './bulk.ts';
import type { Scale } from './generate.ts';
import { generateInto } from './seed.ts';

export type WorkerMessage =
  | { type: 'chunk'; table: string; columns: string; bytes: Uint8Array }
  | { type: 'city'; name: string; estates: number; listings: number; deals: number }
  | { type: 'done'; digest: string; rows: Record<string, number> };

const port = parentPort;
if (!port) throw new Error('seed-worker must run in a worker thread');
const { scale, seed } = workerData as { scale: Scale; seed: number };
const MAX_IN_FLIGHT = 4;
let inFlight = 0;
let wake: (() => void) | null = null;
port.on('message', (m) => {
  if (m === 'ack') {
    inFlight--;
    wake?.();
    wake = null;
  }
});
const encoder = new TextEncoder();
const loader = new BulkLoader(async (table, columns, text) => {
  const bytes = typeof text === 'string' ? encoder.encode(text) : text;
  port.postMessage({ type: 'chunk', table, columns, bytes } satisfies WorkerMessage, [bytes.buffer as ArrayBuffer]);
  inFlight++;
  while (inFlight > MAX_IN_FLIGHT) await new Promise<void>((resolve) => (wake = resolve));
});
await generateInto(loader, scale, seed, (city, data) =>
  port.postMessage({
    type: 'city',
    name: city.name,
    estates: data.estates.length,
    listings: data.listings.length,
    deals: data.deals.length,
  } satisfies WorkerMessage),
);
port.postMessage({ type: 'done', digest: loader.digest(), rows: loader.stats.rows } satisfies WorkerMessage);
