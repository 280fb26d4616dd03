// Which city a page shows (spec §2 route guard, §3 local storage, §4 city switch, §9 constants).
import { DeveloperError } from './errors.ts';
import { parseId } from './api/params.ts';

export const DEFAULT_CITY_ID = 605;
export const CITY_STORAGE_KEY = 'cityId';
/** Per-city lists cached in local storage; stale ones would show another city's districts. */
export const CITY_CACHE_KEYS = ['cityDistrictlist', 'districtAndSubwayList'] as const;

type ReadableStorage = { getItem(key: string): string | null };
type WritableStorage = ReadableStorage & {
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

/**
 * A city id: the one id rule (parseId: digits, 1…2³¹−1). Leading zeros are refused, so each city has exactly one
 * URL ('/0605' is not a second home page for 605).
 */
export const parseCityId: (raw: unknown) => number | null = parseId;

/** Path parameter, else query cityId, else 605; an invalid value falls through to the next source. */
export function resolveCityId(input: {
  pathCity?: string | undefined;
  queryCityId?: string | null | undefined;
}): number {
  return parseCityId(input.pathCity) ?? parseCityId(input.queryCityId) ?? DEFAULT_CITY_ID;
}

/** 0 means "no city chosen yet" (spec §9). */
export function readStoredCityId(storage: ReadableStorage): number {
  try {
    return parseCityId(storage.getItem(CITY_STORAGE_KEY)) ?? 0;
  } catch {
    // Safari private mode and disabled storage throw on access; treat as nothing stored.
    return 0;
  }
}

export function switchCity(storage: WritableStorage, cityId: number): void {
  if (parseCityId(cityId) === null) throw new DeveloperError(`switchCity: invalid cityId ${String(cityId)}`);
  // Clear first: if storing the id failed after, the next page must not pair old lists with a new city.
  for (const key of CITY_CACHE_KEYS) storage.removeItem(key);
  storage.setItem(CITY_STORAGE_KEY, String(cityId));
}
