// The print pass (ADR 0013): a bought report is printed as a member sees it. The report queue signs a short-lived
// pass bound to the one page path it prints (HMAC-SHA256 over the path and an expiry, secret PRINT_PASS_SECRET or
// random per process); the renderer sends it with that page's request only, and the page server (plugins/ssr.ts)
// renders the page for a member viewer, `private, no-store`, past the page cache. A missing, malformed, expired,
// tampered or other-path pass is no error: the request is simply a visitor's.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The request header that carries a pass. */
export const PRINT_PASS_HEADER = 'x-fjt-print-pass';

/** The longest a pass lives: one render (the renderer's own timeout is a minute). */
export const PRINT_PASS_MAX_TTL_MS = 2 * 60_000;

export interface PrintPasses {
  /** A pass for exactly this same-origin path (with its query), good for `ttlMs` (at most two minutes). */
  issue(path: string, ttlMs?: number): string;
  /** Whether `pass` is a live pass this process (or one sharing its secret) issued for exactly `path`. */
  verify(pass: unknown, path: string): boolean;
}

export function createPrintPasses(options: { secret?: string | undefined; now: () => number }): PrintPasses {
  const key = options.secret ? Buffer.from(options.secret, 'utf8') : randomBytes(32);
  const sign = (expires: number, path: string) =>
    createHmac('sha256', key).update(`print-pass\n${expires}\n${path}`).digest();
  return {
    issue(path, ttlMs = PRINT_PASS_MAX_TTL_MS) {
      const expires = options.now() + Math.min(Math.max(ttlMs, 1), PRINT_PASS_MAX_TTL_MS);
      return `${expires}.${sign(expires, path).toString('base64url')}`;
    },
    verify(pass, path) {
      if (typeof pass !== 'string' || pass.length > 200) return false;
      const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(pass);
      if (!match) return false;
      const expires = Number(match[1]);
      const now = options.now();
      // expired, or claiming to live longer than any pass is issued for
      if (expires <= now || expires > now + PRINT_PASS_MAX_TTL_MS) return false;
      const given = Buffer.from(match[2]!, 'base64url');
      const expected = sign(expires, path);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
