// The city of a page whose URL has no /{city} (spec §3: query → local storage → default): ?cityId when it names one
// of our cities, else the city the visit remembers (city-storage.ts) when we have it, else DEFAULT_CITY_ID.
import { useEffect, useState } from 'react';
import { DEFAULT_CITY_ID } from '@fjt/domain';
import { storedCityId } from './city-storage.ts';

export function chooseCity(asked: number | null, stored: number, cityIds: readonly number[]): number {
  if (asked !== null && cityIds.includes(asked)) return asked;
  if (stored && cityIds.includes(stored)) return stored;
  return DEFAULT_CITY_ID;
}

/** chooseCity in the page: null while rendered on the server without a valid ?cityId (storage is the browser's). */
export function useVisitCity(asked: number | null, cityIds: readonly number[]): number | null {
  const [stored, setStored] = useState<number | null>(null);
  useEffect(() => setStored(storedCityId()), []);
  if (asked !== null && cityIds.includes(asked)) return asked;
  return stored === null ? null : chooseCity(asked, stored, cityIds);
}
