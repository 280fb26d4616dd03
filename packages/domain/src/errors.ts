// Error values and messages of spec §8, shared by the server, the router and the error page.

export const NOT_FOUND_MESSAGE = 'This page could not be found';
export const ERROR_PAGE_FAILURE_MESSAGE = 'An error occurred while showing the error page';
export const ERROR_RELOAD_TEXT = '刷新试试看';
export const ERROR_HOME_TEXT = '回到首页';

/** Thrown when code calls a helper with options it does not accept (spec §8 "Developer error thrown"). */
export class DeveloperError extends Error {
  override name = 'DeveloperError';
}

/** Thrown when a login flow is started without a parameter it needs (spec §8). */
export class ParameterEmptyError extends Error {
  override name = 'ParameterEmptyError';
  readonly parameter: string | undefined;

  constructor(parameter?: string) {
    super(parameter ? `Parameter "${parameter}" is empty` : 'A required parameter is empty');
    this.parameter = parameter;
  }
}

/**
 * Throws ParameterEmptyError for the first listed key whose value is missing or blank,
 * so a login call fails loudly instead of sending an incomplete request.
 */
export function requireParameters<T extends Record<string, unknown>>(
  params: T,
  keys: readonly (keyof T & string)[],
): void {
  for (const key of keys) {
    const value = params[key];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      throw new ParameterEmptyError(key);
    }
  }
}

export function unknownMiddlewareMessage(name: string): string {
  return `Unknown middleware ${name}`;
}

// Each bundler and browser words a failed lazy chunk differently; all of them mean a new deploy
// removed the chunk this page still points at, which only a full reload can fix (spec §4).
const CHUNK_LOAD_PATTERNS: readonly RegExp[] = [
  /Failed to fetch dynamically imported module/i, // Vite on Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Loading (?:CSS )?chunk [\w-]+ failed/i, // webpack
];

export function isChunkLoadError(error: unknown): boolean {
  if (typeof error === 'string') return CHUNK_LOAD_PATTERNS.some((re) => re.test(error));
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_LOAD_PATTERNS.some((re) => re.test(message));
}

function httpErrorCode(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 400 && value <= 599 ? value : null;
}

/**
 * The status the error page shows (spec §8 "statusCode, else 500"). Only 4xx/5xx codes count:
 * a thrown redirect or a Response with status 200 is not an error status.
 */
export function errorStatus(error: unknown): number {
  if (typeof error !== 'object' || error === null) return 500;
  const { status, statusCode } = error as { status?: unknown; statusCode?: unknown };
  return httpErrorCode(status) ?? httpErrorCode(statusCode) ?? 500;
}
