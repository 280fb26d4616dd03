// The PK page's address: /{city}/community-pk?a=&b= — a shared link reopens the same comparison.

export function pkPath(cityId: number, sides: { a?: number | string | null; b?: number | string | null }): string {
  const params = new URLSearchParams();
  if (sides.a) params.set('a', String(sides.a));
  if (sides.b) params.set('b', String(sides.b));
  const query = params.toString();
  return `/${cityId}/community-pk${query ? `?${query}` : ''}`;
}

/** The estate id of a side in the URL: a positive integer that fits the id column, else null. */
export function parseSideId(raw: string | null | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
