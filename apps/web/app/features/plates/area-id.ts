// A plate or district id from a URL: a positive integer that fits the database's id column; anything else is
// a 404 (never a database error on an out-of-range number).
const AREA_ID = /^[1-9]\d{0,9}$/;

export function parseAreaId(raw: string | null | undefined): number | null {
  if (raw === undefined || raw === null || !AREA_ID.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
