import { describe, it, expect, vi } from 'vitest';
import {
  CITY_CACHE_KEYS,
  CITY_STORAGE_KEY,
  DEFAULT_CITY_ID,
  parseCityId,
  readStoredCityId,
  resolveCityId,
  switchCity,
} from './city.ts';
import { DeveloperError } from './errors.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const calls: string[] = [];
  return {
    data,
    calls,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      calls.push(`set:${k}`);
      data.set(k, v);
    },
    removeItem: (k: string) => {
      calls.push(`remove:${k}`);
      data.delete(k);
    },
  };
}

describe('constants', () => {
  it('match spec §2/§3/§9', () => {
    expect(DEFAULT_CITY_ID).toBe(605);
    expect(CITY_STORAGE_KEY).toBe('cityId');
    expect(CITY_CACHE_KEYS).toEqual(['cityDistrictlist', 'districtAndSubwayList']);
  });
});

describe('parseCityId', () => {
  it('accepts positive integers written with digits', () => {
    expect(parseCityId('605')).toBe(605);
    expect(parseCityId('1')).toBe(1);
    expect(parseCityId(12)).toBe(12);
    expect(parseCityId('2147483647')).toBe(2_147_483_647);
  });

  it.each([
    ['0'],
    ['-1'],
    ['+605'],
    ['605.0'],
    ['6e2'],
    [' 605'],
    ['605 '],
    ['0605'],
    ['0x25D'],
    [''],
    ['abc'],
    ['2147483648'],
    [String(Number.MAX_SAFE_INTEGER)],
  ])('refuses %j', (raw) => {
    expect(parseCityId(raw)).toBeNull();
  });

  it('refuses non-integer, non-positive and non-string values', () => {
    for (const raw of [0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, null, undefined, {}, ['605'], true]) {
      expect(parseCityId(raw)).toBeNull();
    }
  });
});

describe('resolveCityId (route guard)', () => {
  it('prefers the path parameter', () => {
    expect(resolveCityId({ pathCity: '1', queryCityId: '2' })).toBe(1);
  });

  it('falls back to the query cityId', () => {
    expect(resolveCityId({ queryCityId: '2' })).toBe(2);
    expect(resolveCityId({ pathCity: undefined, queryCityId: '2' })).toBe(2);
  });

  it('skips an invalid path value to the query', () => {
    expect(resolveCityId({ pathCity: 'abc', queryCityId: '2' })).toBe(2);
  });

  it('defaults to 605', () => {
    expect(resolveCityId({})).toBe(605);
    expect(resolveCityId({ queryCityId: null })).toBe(605);
    expect(resolveCityId({ pathCity: 'x', queryCityId: '-3' })).toBe(605);
  });
});

describe('readStoredCityId', () => {
  it('reads the stored id', () => {
    expect(readStoredCityId(memoryStorage({ cityId: '330' }))).toBe(330);
  });

  it('is 0 when absent or invalid', () => {
    expect(readStoredCityId(memoryStorage())).toBe(0);
    expect(readStoredCityId(memoryStorage({ cityId: 'undefined' }))).toBe(0);
    expect(readStoredCityId(memoryStorage({ cityId: '0' }))).toBe(0);
  });

  it('is 0 when storage access throws', () => {
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readStoredCityId(storage)).toBe(0);
  });
});

describe('switchCity', () => {
  it('clears the district and subway caches before storing the city', () => {
    const storage = memoryStorage({ cityId: '605', cityDistrictlist: '[]', districtAndSubwayList: '[]', other: 'x' });
    switchCity(storage, 330);
    expect(storage.calls).toEqual(['remove:cityDistrictlist', 'remove:districtAndSubwayList', 'set:cityId']);
    expect(storage.data.get('cityId')).toBe('330');
    expect(storage.data.has('cityDistrictlist')).toBe(false);
    expect(storage.data.has('districtAndSubwayList')).toBe(false);
    expect(storage.data.get('other')).toBe('x');
    expect(readStoredCityId(storage)).toBe(330);
  });

  it('refuses an invalid city id without touching storage', () => {
    const storage = memoryStorage({ cityDistrictlist: '[]' });
    const spy = vi.spyOn(storage, 'removeItem');
    expect(() => switchCity(storage, 0)).toThrow(DeveloperError);
    expect(() => switchCity(storage, 1.5)).toThrow(DeveloperError);
    expect(spy).not.toHaveBeenCalled();
    expect(storage.data.get('cityDistrictlist')).toBe('[]');
  });
});
