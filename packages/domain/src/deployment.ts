// Where the app runs: a real deployment, or a machine (npm start, tests, development) — the SMS sandbox and the
// demo staff exist only on the latter (server env, the dataset's alert SMS).

/**
 * A real deployment: production mode serving a public origin. `npm start` on a machine (production mode for speed,
 * no PUBLIC_ORIGIN, or a localhost one) is not, so the sandbox SMS gateway works there and login can be tried.
 */
export function isDeployed(env: { NODE_ENV?: string | undefined; PUBLIC_ORIGIN?: string | undefined }): boolean {
  if (env.NODE_ENV !== 'production') return false;
  if (!env.PUBLIC_ORIGIN) return false;
  // (a malformed origin is reported by its own field's check)
  const host = URL.canParse(env.PUBLIC_ORIGIN) ? new URL(env.PUBLIC_ORIGIN).hostname : '';
  return !['localhost', '127.0.0.1', '[::1]'].includes(host);
}
