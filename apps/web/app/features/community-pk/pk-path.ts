// The PK page's address: /{city}/community-pk?a=&b= — a shared link reopens the same comparison.

export function pkPath(cityId: number, sides: { a?: number | string | null; b?: number | string | null }): string {
  const params = new URLSearchParams();
  if (sides.a) params.set('a', String(sides.a));
  if (sides.b) params.set('b', String(sides.b));
  const query = params.toString();
  return `/${cityId}/community-pk${query ? `?${query}` : ''}`;
}
