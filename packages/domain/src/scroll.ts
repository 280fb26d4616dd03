// Scroll restore on back navigation (spec §2 Scrolling, §9). The saved position may lie below the
// end of a page that is still loading, so wait for the page to grow before scrolling there.

export const SCROLL_RESTORE = { polls: 20, intervalMs: 100 } as const;

export type ScrollEnv = {
  scrollHeight(): number;
  viewportHeight(): number;
  scrollTo(y: number): void;
  setTimeout(fn: () => void, ms: number): unknown;
};

/**
 * Resolves true once it scrolled to y. After SCROLL_RESTORE.polls re-checks (about 2 s) it scrolls
 * as far down as the page allows and resolves false.
 */
export function restoreScroll(y: number, env: ScrollEnv): Promise<boolean> {
  return new Promise((resolve) => {
    const target = Number.isFinite(y) ? Math.max(0, y) : 0;
    const attempt = (pollsDone: number): void => {
      const scrollable = env.scrollHeight() - env.viewportHeight();
      if (scrollable >= target) {
        env.scrollTo(target);
        resolve(true);
      } else if (pollsDone >= SCROLL_RESTORE.polls) {
        env.scrollTo(Math.max(0, scrollable));
        resolve(false);
      } else {
        env.setTimeout(() => attempt(pollsDone + 1), SCROLL_RESTORE.intervalMs);
      }
    };
    attempt(0);
  });
}
