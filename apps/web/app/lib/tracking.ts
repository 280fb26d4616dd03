// First-party tracking (issue 18): a queue of page views and taps, sent in batches to POST ubt/api/events with
// navigator.sendBeacon (fetch keepalive when a beacon is refused). A view on every navigation (root.tsx imports this
// module lazily after hydration, so no page's first JS carries it); a tap on any element, or one inside it, with
// data-spm="a.b.c.d", through one capture listener on the document. Flushed every 5 s, at 20 events, and when the
// page is hidden or left. Nothing is queued when the browser says Do-Not-Track or Global Privacy Control, or when
// the '个性化推荐与统计' switch of /profile/info is off (localStorage; the server also knows it for a signed-in user).
// Never runs during server rendering. /spm-demo subscribes to the events of this tab.
import { MAX_EVENTS_PER_BATCH, SPM_PATTERN, TRACKING_STORAGE_KEY } from '@fjt/domain';
import { ensureDeviceId } from './device.ts';

export interface QueuedEvent {
  type: 'view' | 'click';
  page: string;
  spm: string;
  at: number;
  props?: Record<string, string | number>;
}

/** The window event each queued event is also dispatched as (detail: QueuedEvent). */
export const TRACK_EVENT = 'fjt-track';
export const EVENTS_PATH = '/rabbit/v1/ubt/api/events';
export const FLUSH_EVERY_MS = 5000;
export const FLUSH_AT = 20;

export interface TrackerEnv {
  /** Sends one batch's JSON; false when it could not be handed over. */
  send(body: string): boolean;
  allowed(): boolean;
  now(): number;
}

export interface Tracker {
  track(event: Omit<QueuedEvent, 'at'> & { at?: number }): void;
  /** Sends what is queued, in batches of at most 50. */
  flush(): void;
  pending(): number;
  subscribe(listener: (event: QueuedEvent) => void): () => void;
}

export function createTracker(env: TrackerEnv): Tracker {
  const queue: QueuedEvent[] = [];
  const listeners = new Set<(event: QueuedEvent) => void>();
  const flush = () => {
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_EVENTS_PER_BATCH);
      if (!env.allowed()) continue;
      env.send(JSON.stringify({ events: batch }));
    }
  };
  return {
    track(input) {
      if (!env.allowed()) return;
      const event: QueuedEvent = { ...input, at: input.at ?? env.now() };
      queue.push(event);
      for (const listener of listeners) listener(event);
      if (queue.length >= FLUSH_AT) flush();
    },
    flush,
    pending: () => queue.length,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The browser's own refusal (DNT, GPC) or the user's switch. */
export function trackingAllowed(): boolean {
  if (typeof navigator === 'undefined') return false;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  if (nav.doNotTrack === '1' || nav.globalPrivacyControl === true) return false;
  return readTrackingChoice();
}

/** This browser's '个性化推荐与统计' choice (on unless turned off). */
export function readTrackingChoice(): boolean {
  try {
    return localStorage.getItem(TRACKING_STORAGE_KEY) !== '0';
  } catch {
    return true;
  }
}

export function writeTrackingChoice(on: boolean): void {
  try {
    if (on) localStorage.removeItem(TRACKING_STORAGE_KEY);
    else localStorage.setItem(TRACKING_STORAGE_KEY, '0');
  } catch {
    // storage refused (private mode): the server-side choice still holds for a signed-in user
  }
}

function beacon(body: string): boolean {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(EVENTS_PATH, body)) return true;
  } catch {
    // fall through to fetch
  }
  void fetch(EVENTS_PATH, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
  return true;
}

let tracker: Tracker | null = null;
let currentPage = '';

/** The tab's tracker, started on first use (browser only): the timer, the tap listener, the page-hide flush. */
export function startTracking(): Tracker {
  if (tracker) return tracker;
  const t = createTracker({ send: beacon, allowed: trackingAllowed, now: Date.now });
  tracker = t;
  // every queued event also as a DOM event, so /spm-demo can log the events of the page in its frame
  t.subscribe((event) => window.dispatchEvent(new CustomEvent(TRACK_EVENT, { detail: event })));
  if (trackingAllowed()) ensureDeviceId();
  setInterval(() => t.flush(), FLUSH_EVERY_MS);
  document.addEventListener(
    'click',
    (e) => {
      const target = e.target instanceof Element ? e.target.closest('[data-spm]') : null;
      const spm = target?.getAttribute('data-spm') ?? '';
      if (SPM_PATTERN.test(spm)) t.track({ type: 'click', page: currentPage || location.pathname, spm });
    },
    true,
  );
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') t.flush();
  });
  window.addEventListener('pagehide', () => t.flush());
  return t;
}

/** A page view of route `page` (its id). */
export function trackView(page: string, path: string): void {
  currentPage = page;
  const t = startTracking();
  if (trackingAllowed()) ensureDeviceId();
  t.track({ type: 'view', page, spm: '', props: { path: path.slice(0, 64) } });
}

/** Every event this tab queues from now on (/spm-demo's live log). */
export function subscribeEvents(listener: (event: QueuedEvent) => void): () => void {
  return startTracking().subscribe(listener);
}
