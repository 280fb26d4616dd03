// Spec §4: "once the user is known to be logged in, no new check is made for 1 hour".
import { LOGIN_CACHE_MS } from './copy.ts';

export type LoginCheck = (() => Promise<boolean>) & {
  /** Forget a cached login, e.g. after logout, so the next call checks again. */
  reset(): void;
};

/**
 * Only a positive answer is cached: a visitor who logs in in another tab must be seen at once.
 * Calls made while a check is running share it rather than sending their own.
 */
export function createLoginCheck(check: () => Promise<boolean>, now: () => number = () => Date.now()): LoginCheck {
  let loggedInUntil = Number.NEGATIVE_INFINITY;
  let pending: Promise<boolean> | null = null;
  let generation = 0;

  const loginCheck = (): Promise<boolean> => {
    if (now() < loggedInUntil) return Promise.resolve(true);
    if (pending) return pending;
    const started = generation;
    // The Promise constructor turns a synchronous throw from check() into a rejection.
    const run = new Promise<boolean>((resolve) => resolve(check())).then((loggedIn) => {
      // A reset (logout) during the check must not be undone by its late answer.
      if (loggedIn && started === generation) loggedInUntil = now() + LOGIN_CACHE_MS;
      return loggedIn;
    });
    const settle = (): void => {
      if (pending === run) pending = null;
    };
    run.then(settle, settle);
    pending = run;
    return run;
  };

  return Object.assign(loginCheck, {
    reset() {
      generation += 1;
      loggedInUntil = Number.NEGATIVE_INFINITY;
      pending = null;
    },
  });
}
