// The 双11 countdown's arithmetic (issue 18): the time left is measured on the server's clock (activity/info's
// serverTime), carried forward by the phone's monotonic clock (performance.now()), never its wall clock: a phone set a
// day wrong, or its clock changed while the page is open, still counts right.

/**
 * The ms left until `endsAt` on the server's clock: `serverTime` was read at the monotonic instant `readAt`, and
 * `now` is the monotonic instant of this tick (both performance.now()).
 */
export const msLeft = (endsAt: string, serverTime: string, readAt: number, now: number) =>
  Date.parse(endsAt) - (Date.parse(serverTime) + (now - readAt));

interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The whole days, hours, minutes and seconds in `ms` (0 when past). */
export function countdownParts(ms: number): CountdownParts {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** '04': hours, minutes and seconds as a clock shows them. */
export const two = (n: number) => String(n).padStart(2, '0');

/** '3天 04:05:06', '04:05:06' under a day. */
export function countdownText(ms: number): string {
  const p = countdownParts(ms);
  const clock = `${two(p.hours)}:${two(p.minutes)}:${two(p.seconds)}`;
  return p.days > 0 ? `${p.days}天 ${clock}` : clock;
}
