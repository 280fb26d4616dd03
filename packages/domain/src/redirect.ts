// Where a redirect parameter may send the visitor (/citylist?redirect=, later /login?redirect=): only to a path of
// this site. Browsers read '//host', '/\host', '/.//host' and paths with tabs or newlines as another site, so every
// such target falls back (issue 10, defect 3).

const BASE = 'http://same-origin.invalid';
/** Control characters (browsers drop tabs and newlines from URLs, so '/\t/evil' is '//evil') and backslashes. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE_CHARACTER = /[\u0000-\u001f\u007f-\u009f\\]/;
/** A path the browser would read as another host once normalised or decoded. */
const HOST_LIKE = /^\/[/\\]/;

function decodeFully(text: string): string | null {
  let current = text;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) return current;
      current = next;
    } catch {
      return null;
    }
  }
  return current;
}

/**
 * `target` when it is a path of this site ('/605/search?kw=x'), normalised ('/a/./b' → '/a/b'); otherwise
 * `fallback`. Refused: anything not starting with exactly one '/', schemes, backslashes, control characters,
 * and paths that become '//…' after normalising ('/.//evil.example') or decoding ('/%2F%2Fevil.example').
 */
export function safeRedirectPath(target: unknown, fallback: string): string {
  if (typeof target !== 'string' || !target.startsWith('/') || HOST_LIKE.test(target)) return fallback;
  const decoded = decodeFully(target);
  if (decoded === null || UNSAFE_CHARACTER.test(decoded) || HOST_LIKE.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const decodedPath = decodeFully(url.pathname);
  if (HOST_LIKE.test(path) || decodedPath === null || HOST_LIKE.test(decodedPath)) return fallback;
  return path;
}
