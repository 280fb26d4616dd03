// Ids from a URL, a query string or a JSON body (api/params.ts builds its zod fields on these). Kept apart from the
// zod-built params: the app shell reads ids on every page and must not bring zod with it.

/** The largest id: the database's integer column (2³¹−1). */
export const MAX_ID = 2_147_483_647;

/** Digits without a leading zero, at most 10 of them (the range check does the rest). */
const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * An id from a URL, a query string or a JSON body: digits only ('0x10', '1e3', ' 5995 ', '-1', '1.0', '0605' are
 * not ids) or a JSON integer, from 1 to 2³¹−1; anything else is null. Every route and loader reads ids through it.
 */
export function parseId(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : null;
  if (typeof raw !== 'string' || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return id <= MAX_ID ? id : null;
}
