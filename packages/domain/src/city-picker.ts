// Rules of the city picker (/citylist, PAGES.md §3.1): matching a typed city, the recent list, the nearest
// city for 定位, and where to return after a switch.
import { parseCityId } from './city.ts';
import { safeRedirectPath } from './redirect.ts';

export const RECENT_CITIES_KEY = 'fjt:recent-cities';
export const RECENT_CITIES_MAX = 6;

export interface PickableCity {
  id: number;
  name: string;
  pinyin: string;
  /** Pinyin initials, e.g. 'hz' for 杭州. */
  initials: string;
  lng: number | null;
  lat: number | null;
}

/** 汉字 substring, full-pinyin prefix or initials prefix, case and spaces ignored. */
export function matchCity(city: PickableCity, input: string): boolean {
  const kw = input.replace(/\s+/g, '').toLowerCase();
  if (!kw) return true;
  return city.name.includes(kw) || city.pinyin.startsWith(kw) || city.initials.startsWith(kw);
}

/** The A–Z groups of the index bar, in letter order, cities in pinyin order within a letter. */
export function groupByInitial<T extends { pinyin: string }>(cities: T[]): { letter: string; cities: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const city of [...cities].sort((a, b) => a.pinyin.localeCompare(b.pinyin))) {
    const letter = city.pinyin.charAt(0).toUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), city]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([letter, list]) => ({ letter, cities: list }));
}

/** Most recent first, without duplicates, at most 6 (PAGES.md: 最近访问 ≤6). */
export function pushRecentCity(recent: number[], cityId: number): number[] {
  return [cityId, ...recent.filter((id) => id !== cityId)].slice(0, RECENT_CITIES_MAX);
}

export function parseRecentCities(raw: string | null): number[] {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .map(parseCityId)
      .filter((id): id is number => id !== null)
      .slice(0, RECENT_CITIES_MAX);
  } catch {
    return [];
  }
}

/** Great-circle distance in km. */
export function distanceKm(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The served city nearest to a position, if one lies within 150 km (farther away we serve none). */
export function nearestCity<T extends { lng: number | null; lat: number | null }>(
  cities: T[],
  position: { lng: number; lat: number },
  maxKm = 150,
): T | null {
  let best: T | null = null;
  let bestKm = maxKm;
  for (const city of cities) {
    if (city.lng === null || city.lat === null) continue;
    const km = distanceKm(position, { lng: city.lng, lat: city.lat });
    if (km <= bestKm) {
      best = city;
      bestKm = km;
    }
  }
  return best;
}

/**
 * Where to go after picking a city: back to the page the user came from, under the new city
 * (`/605/search?kw=x` → `/101/search?kw=x`; `/quotation?cityId=605` → `/quotation?cityId=101`);
 * the new city's home when there is no usable referrer.
 */
export function cityReturnPath(referrer: string | null | undefined, cityId: number): string {
  const home = `/${cityId}`;
  const path = safeRedirectPath(referrer, home);
  if (path === home) return home;
  const url = new URL(path, 'http://local');
  if (url.pathname === '/citylist' || url.pathname === '/') return home;
  const segments = url.pathname.split('/');
  if (parseCityId(segments[1]) !== null) {
    segments[1] = String(cityId);
    url.pathname = segments.join('/');
  } else {
    url.searchParams.set('cityId', String(cityId));
  }
  return safeRedirectPath(`${url.pathname}${url.search}${url.hash}`, home);
}
