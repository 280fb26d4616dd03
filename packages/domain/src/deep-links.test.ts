import { describe, it, expect } from 'vitest';
import type { ClientFlags } from './client-flags.ts';
import { APP_SCHEME, estateDetailHref, NATIVE_SCREENS, nativeLink, type NativeScreen } from './deep-links.ts';
import { DeveloperError } from './errors.ts';

const browser: ClientFlags = { isApp: false, isIos: false, isAndroid: true, isWeixin: false, appVersion: 'h5' };
const app: ClientFlags = { ...browser, isApp: true, appVersion: '12.8.0' };

describe('nativeLink', () => {
  it('covers every native screen of spec §2', () => {
    expect(Object.keys(NATIVE_SCREENS).sort()).toEqual(
      [
        'newHouseDetail',
        'secondHandDetail',
        'houseDetail',
        'plateDetail',
        'evaluationDetail',
        'mainTab',
        'cityMarket',
        'nearby',
        'purchasePriceQuery',
        'searchResult',
        'recoverVipRights',
        'buyCard',
        'supportChat',
        'supportChatV2',
        'guestLogin',
        'findBargain',
      ].sort(),
    );
  });

  it('gives each screen its own path', () => {
    const paths = Object.values(NATIVE_SCREENS).map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('builds scheme links with the query in declared order', () => {
    expect(APP_SCHEME).toBe('fangjiatong://');
    expect(nativeLink('houseDetail', { estateId: 42, cityId: 605 })).toBe(
      'fangjiatong://house/detail?cityId=605&estateId=42',
    );
    expect(nativeLink('newHouseDetail', { cityId: '605', houseId: '7' })).toBe(
      'fangjiatong://newhouse/detail?cityId=605&houseId=7',
    );
    expect(nativeLink('mainTab')).toBe('fangjiatong://main');
    expect(nativeLink('mainTab', { tab: 'market' })).toBe('fangjiatong://main?tab=market');
    expect(nativeLink('recoverVipRights')).toBe('fangjiatong://vip/recover');
  });

  it('percent-encodes text values', () => {
    expect(nativeLink('searchResult', { keyword: '西溪 诚园&', cityId: 605 })).toBe(
      `fangjiatong://search/result?cityId=605&keyword=${encodeURIComponent('西溪 诚园&')}`,
    );
    expect(
      nativeLink('supportChatV2', { sourceUrl: 'https://m.fangjiatong.cn/605?a=1', sourceTitle: '小区详情' }),
    ).toBe(
      `fangjiatong://support/chat/v2?sourceUrl=${encodeURIComponent('https://m.fangjiatong.cn/605?a=1')}&sourceTitle=${encodeURIComponent('小区详情')}`,
    );
  });

  it.each<[NativeScreen, Record<string, string | number>]>([
    ['houseDetail', { cityId: 605 }],
    ['newHouseDetail', { houseId: 1 }],
    ['secondHandDetail', { cityId: 605 }],
    ['plateDetail', { cityId: 605 }],
    ['evaluationDetail', {}],
    ['searchResult', { cityId: 605 }],
  ])('throws DeveloperError when %s misses a required parameter', (screen, params) => {
    expect(() => nativeLink(screen, params)).toThrow(DeveloperError);
  });

  it.each<[NativeScreen, Record<string, string | number>]>([
    ['houseDetail', { cityId: 605, estateId: 0 }],
    ['houseDetail', { cityId: 605, estateId: -1 }],
    ['houseDetail', { cityId: 605, estateId: 1.5 }],
    ['houseDetail', { cityId: '605x', estateId: 1 }],
    ['houseDetail', { cityId: '', estateId: 1 }],
    ['searchResult', { keyword: '   ' }],
    ['mainTab', { tab: 'settings' }],
    ['guestLogin', { redirect: 'javascript:alert(1)' }],
    ['guestLogin', { redirect: '//evil.example' }],
    ['supportChat', { sourceUrl: 5 }],
  ])('throws DeveloperError for invalid %s params %j', (screen, params) => {
    expect(() => nativeLink(screen, params)).toThrow(DeveloperError);
  });

  it('throws for parameters the screen does not take, and for unknown screens', () => {
    expect(() => nativeLink('houseDetail', { cityId: 605, estateId: 1, estateID: 1 })).toThrow(
      /unknown parameter "estateID"/,
    );
    expect(() => nativeLink('nope' as NativeScreen)).toThrow(DeveloperError);
    expect(() => nativeLink('toString' as NativeScreen)).toThrow(DeveloperError);
  });

  it('accepts same-site and http(s) urls', () => {
    expect(nativeLink('guestLogin', { redirect: '/profile' })).toBe('fangjiatong://login/guest?redirect=%2Fprofile');
    expect(nativeLink('supportChat', { sourceUrl: 'http://x.cn' })).toBe(
      'fangjiatong://support/chat?sourceUrl=http%3A%2F%2Fx.cn',
    );
  });
});

describe('estateDetailHref', () => {
  it('is the web page in the browser', () => {
    expect(estateDetailHref(browser, 605, 42)).toBe('/605/house-detail/42');
    expect(estateDetailHref(browser, 605, '42')).toBe('/605/house-detail/42');
  });

  it('is the native house-detail screen in the app', () => {
    expect(estateDetailHref(app, 605, 42)).toBe('fangjiatong://house/detail?cityId=605&estateId=42');
  });

  it('refuses invalid ids in both environments', () => {
    expect(() => estateDetailHref(browser, 605, '../x')).toThrow(DeveloperError);
    expect(() => estateDetailHref(browser, 0, 1)).toThrow(DeveloperError);
    expect(() => estateDetailHref(app, 605, '')).toThrow(DeveloperError);
  });
});
