import { describe, expect, it } from 'vitest';
import {
  cityReturnPath,
  groupByInitial,
  matchCity,
  nearestCity,
  parseRecentCities,
  pushRecentCity,
  type PickableCity,
} from './city-picker.ts';

const city = (
  id: number,
  name: string,
  pinyin: string,
  initials: string,
  lng: number | null = null,
  lat: number | null = null,
): PickableCity => ({
  id,
  name,
  pinyin,
  initials,
  lng,
  lat,
});
const hangzhou = city(605, '杭州', 'hangzhou', 'hz', 120.2, 30.27);
const chongqing = city(1301, '重庆', 'chongqing', 'cq', 106.55, 29.56);
const xian = city(1501, '西安', 'xian', 'xa', 108.94, 34.34);
const xiamen = city(801, '厦门', 'xiamen', 'xm', 118.09, 24.48);

describe('city picker', () => {
  it('matches 汉字, full pinyin prefixes and initials, ignoring case and spaces', () => {
    expect(matchCity(hangzhou, '杭')).toBe(true);
    expect(matchCity(hangzhou, 'Hang')).toBe(true);
    expect(matchCity(hangzhou, 'hz')).toBe(true);
    expect(matchCity(chongqing, 'chong qing')).toBe(true);
    expect(matchCity(chongqing, 'zhong')).toBe(false);
    expect(matchCity(xiamen, 'xm')).toBe(true);
    expect(matchCity(xian, 'xm')).toBe(false);
    expect(matchCity(xian, '')).toBe(true);
  });

  it('groups cities A–Z by the first letter of their pinyin', () => {
    expect(
      groupByInitial([xian, hangzhou, chongqing, xiamen]).map((g) => [g.letter, g.cities.map((c) => c.name)]),
    ).toEqual([
      ['C', ['重庆']],
      ['H', ['杭州']],
      ['X', ['厦门', '西安']],
    ]);
  });

  it('keeps at most 6 recent cities, newest first, without duplicates', () => {
    let recent: number[] = [];
    for (const id of [1, 2, 3, 4, 5, 6, 7, 3]) recent = pushRecentCity(recent, id);
    expect(recent).toEqual([3, 7, 6, 5, 4, 2]);
    expect(parseRecentCities('[605,"101",-1,"x"]')).toEqual([605, 101]);
    expect(parseRecentCities('not json')).toEqual([]);
  });

  it('locates the nearest served city, and none when far from all of them', () => {
    expect(nearestCity([hangzhou, chongqing, xian], { lng: 120.1, lat: 30.3 })?.id).toBe(605);
    expect(nearestCity([hangzhou, chongqing], { lng: 87.6, lat: 43.8 })).toBeNull(); // 乌鲁木齐
    expect(nearestCity([city(1, '无坐标', 'x', 'x')], { lng: 120, lat: 30 })).toBeNull();
  });

  it('returns to the referring page under the new city', () => {
    expect(cityReturnPath('/605/search?kw=xixi', 101)).toBe('/101/search?kw=xixi');
    expect(cityReturnPath('/605', 101)).toBe('/101');
    expect(cityReturnPath('/quotation?cityId=605', 101)).toBe('/quotation?cityId=101');
    expect(cityReturnPath('/aboutus', 101)).toBe('/aboutus?cityId=101');
    expect(cityReturnPath('/citylist', 101)).toBe('/101');
    expect(cityReturnPath(null, 101)).toBe('/101');
    expect(cityReturnPath('https://evil.example/x', 101)).toBe('/101');
    expect(cityReturnPath('//evil.example/x', 101)).toBe('/101');
    // Issue 10: the picker built '//evil.example/x' from this one.
    expect(cityReturnPath('/.//evil.example/x', 101)).toBe('/101');
    expect(cityReturnPath('/\\evil.example', 101)).toBe('/101');
    expect(cityReturnPath('/\t/evil.example', 101)).toBe('/101');
  });
});
