// The route-change progress bar (spec §4 states, §9 constants). A state machine over injected timers,
// so the web app renders it and tests drive it with fake timers.

export const PROGRESS = { throttleMs: 200, tickMs: 100, durationMs: 5000, hideAfterMs: 500 } as const;

export type ProgressState = { visible: boolean; percent: number; failed: boolean };

export type ProgressTimers = {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
};

export type ProgressBar = { start(): void; finish(): void; fail(): void; state(): ProgressState };

// Reaching 100 would claim the page has loaded while it has not; the bar waits at 99 for finish().
const RUNNING_CEILING = 99;
const STEP = (100 * PROGRESS.tickMs) / PROGRESS.durationMs;

// Browsers throw "Illegal invocation" when setTimeout is called detached from window, and looking
// the globals up at call time lets fake timers installed later take effect.
const globalTimers: ProgressTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof globalThis.setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (id) => globalThis.clearInterval(id as ReturnType<typeof globalThis.setInterval>),
};

export function createProgressBar(
  onChange: (s: ProgressState) => void,
  timers: ProgressTimers = globalTimers,
): ProgressBar {
  let current: ProgressState = { visible: false, percent: 0, failed: false };
  let throttle: unknown;
  let ticker: unknown;
  let hide: unknown;

  const set = (next: ProgressState): void => {
    current = next;
    onChange({ ...next });
  };

  const clearAll = (): void => {
    if (throttle !== undefined) timers.clearTimeout(throttle);
    if (ticker !== undefined) timers.clearInterval(ticker);
    if (hide !== undefined) timers.clearTimeout(hide);
    throttle = ticker = hide = undefined;
  };

  const tick = (): void => {
    const percent = Math.min(RUNNING_CEILING, current.percent + STEP);
    set({ ...current, percent });
    if (percent >= RUNNING_CEILING && ticker !== undefined) {
      timers.clearInterval(ticker);
      ticker = undefined;
    }
  };

  const run = (): void => {
    throttle = undefined;
    set({ visible: true, percent: 0, failed: false });
    ticker = timers.setInterval(tick, PROGRESS.tickMs);
  };

  const end = (failed: boolean): void => {
    if (!current.visible) {
      // Finished or failed within the throttle: the bar never appears (the error page speaks for itself).
      clearAll();
      return;
    }
    // A failure stays on screen until it hides, even when the same navigation then reports it finished.
    if (!failed && current.failed && hide !== undefined) return;
    clearAll();
    set({ visible: true, percent: 100, failed });
    hide = timers.setTimeout(() => {
      hide = undefined;
      set({ visible: false, percent: 0, failed: false });
    }, PROGRESS.hideAfterMs);
  };

  return {
    start() {
      clearAll();
      // A navigation that starts while the bar is on screen continues on it instead of flashing it off.
      if (current.visible) run();
      else throttle = timers.setTimeout(run, PROGRESS.throttleMs);
    },
    finish: () => end(false),
    fail: () => end(true),
    state: () => ({ ...current }),
  };
}
