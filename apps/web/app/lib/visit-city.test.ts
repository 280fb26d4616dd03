import { describe, expect, it } from 'vitest';
import { DEFAULT_CITY_ID } from '@fjt/domain';
import { chooseCity } from './visit-city.ts';

const CITIES = [605, 289, 2];

describe('the city of a page without /{city} (spec §3)', () => {
  it('takes ?cityId when it is one of our cities', () => {
    expect(chooseCity(289, 2, CITIES)).toBe(289);
  });
  it('else the stored city, when we have it', () => {
    expect(chooseCity(null, 2, CITIES)).toBe(2);
    expect(chooseCity(999, 2, CITIES)).toBe(2);
  });
  it('else the default city', () => {
    expect(chooseCity(null, 0, CITIES)).toBe(DEFAULT_CITY_ID);
    expect(chooseCity(999, 777, CITIES)).toBe(DEFAULT_CITY_ID);
  });
});
