// The estate id of a URL: a positive integer that fits the database's id column; anything else is a 404.
const ESTATE_ID = /^[1-9]\d{0,9}$/;

export function parseEstateId(raw: string | undefined): number | null {
  if (raw === undefined || !ESTATE_ID.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
