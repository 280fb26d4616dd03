// The messages between the server's main thread and its page render workers (ADR 0019). The main thread owns the
// sockets and the database; a worker owns a copy of the web build and renders pages, calling the services back on
// the main thread for their data.
import { ApiError, type RouterContext } from '@fjt/domain';

/** What of the router context is set per request (the rest, services and switches, the worker holds). */
export type RequestContext = Pick<RouterContext, 'pageError' | 'staff' | 'printViewer' | 'wholePage'>;

/** A page request as the worker rebuilds it: method, absolute URL, the headers a page may read, the body. */
export interface RenderJob {
  method: string;
  url: string;
  headers: [string, string][];
  body: Uint8Array | null;
  context: RequestContext;
  /**
   * The answer may go into the response cache: the worker also computes its entity tag and, when `brotli` (the
   * client accepts it), its brotli form — work taken off the main thread, which holds the sockets and the database.
   */
  forCache: boolean;
  brotli: boolean;
}

/** A rendered answer, whole: pages are sent once complete anyway (their policy names their inline scripts). */
export interface RenderResult {
  status: number;
  headers: [string, string][];
  setCookies: string[];
  body: Uint8Array | null;
  /** An HTML page's Content-Security-Policy (its inline scripts' hashes). */
  csp?: string;
  /** With `forCache`, for a 200 without cookies: the entity tag and brotli form of `body`. */
  etag?: string;
  br?: Uint8Array;
}

/** The web build's static switches, the same for every request. */
export interface WorkerData {
  buildDir: string;
  testHooks: boolean;
  smsSandbox: boolean;
  debugPages: boolean;
}

/** A service call of a worker's loader: services.<service>.<method>(...args). */
export interface ServiceCall {
  callId: number;
  service: string;
  method: string;
  args: unknown[];
}

export type CallResult =
  { callId: number; ok: true; value: unknown } | { callId: number; ok: false; error: SerializedError };

/**
 * Calls made in one turn (a page's loaders ask for everything at once) travel as one message, and results that
 * are ready together come back as one.
 */
export type ToWorker =
  | { type: 'render'; jobId: number; job: RenderJob }
  | { type: 'abort'; jobId: number }
  | { type: 'results'; results: CallResult[] };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'rendered'; jobId: number; ok: true; result: RenderResult }
  | { type: 'rendered'; jobId: number; ok: false; error: SerializedError }
  | { type: 'calls'; calls: ServiceCall[] };

/** An error crossing the thread boundary: its message, name and own data fields (status, code…). */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/**
 * The error again on this side. An ApiError comes back as an ApiError, so a loader in a render worker that catches
 * a service's ApiError (or the page's error handling that answers its status) sees what it would in-process.
 */
export function deserializeError({ name, message, fields }: SerializedError): Error {
  const { statusCode, resultCode } = fields;
  if (name === 'ApiError' && typeof statusCode === 'number' && typeof resultCode === 'number')
    return new ApiError(statusCode, resultCode, message);
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}
