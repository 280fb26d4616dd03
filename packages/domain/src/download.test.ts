import { describe, it, expect, vi } from 'vitest';
import type { ClientFlags } from './client-flags.ts';
import { nativeLink } from './deep-links.ts';
import {
  APK_FALLBACK_MS,
  APK_URL,
  APP_NAME,
  DOWNLOAD_PAGE,
  OPEN_IN_BROWSER_PAGE,
  planDownload,
  planShare,
  runDownloadPlan,
  UNIVERSAL_LINK,
  type DownloadPlan,
} from './download.ts';
import { DeveloperError } from './errors.ts';
import { detectClient } from './client-flags.ts';

const flags = (over: Partial<ClientFlags>): ClientFlags => ({
  isApp: false,
  isIos: false,
  isAndroid: false,
  isWeixin: false,
  appVersion: 'h5',
  ...over,
});
const iosSafari = flags({ isIos: true });
const iosWechat = flags({ isIos: true, isWeixin: true });
const androidWechat = flags({ isAndroid: true, isWeixin: true });
const androidChrome = flags({ isAndroid: true });
const desktop = flags({});

describe('constants', () => {
  it('match spec §4', () => {
    expect(APP_NAME).toBe('房价通');
    expect(APK_FALLBACK_MS).toBe(1000);
    expect(UNIVERSAL_LINK).toBe('https://app.fangjiatong.cn/open');
    expect(APK_URL).toBe('/download/fangjiatong.apk');
    expect(DOWNLOAD_PAGE).toBe('/download');
    expect(OPEN_IN_BROWSER_PAGE).toBe('/helper2');
  });
});

describe('planDownload', () => {
  const mainTab = nativeLink('mainTab');

  it('sends iOS through the universal link carrying the target (also inside WeChat)', () => {
    const expected = { kind: 'universal-link', url: `${UNIVERSAL_LINK}?target=${encodeURIComponent(mainTab)}` };
    expect(planDownload(iosSafari)).toEqual(expected);
    expect(planDownload(iosWechat)).toEqual(expected);
    const target = nativeLink('houseDetail', { cityId: 605, estateId: 9 });
    expect(planDownload(iosSafari, target)).toEqual({
      kind: 'universal-link',
      url: `${UNIVERSAL_LINK}?target=${encodeURIComponent(target)}`,
    });
  });

  it('sends Android inside WeChat to the open-in-browser guide', () => {
    expect(planDownload(androidWechat)).toEqual({ kind: 'download-page', url: '/helper2' });
  });

  it('tries the scheme elsewhere, with the APK after 1000 ms', () => {
    expect(planDownload(androidChrome)).toEqual({
      kind: 'scheme',
      url: mainTab,
      fallbackUrl: APK_URL,
      fallbackAfterMs: 1000,
    });
    const target = nativeLink('plateDetail', { cityId: 605, plateId: 3 });
    expect(planDownload(desktop, target)).toMatchObject({ kind: 'scheme', url: target });
  });

  it('refuses a target that is not a native link', () => {
    expect(() => planDownload(androidChrome, 'https://evil.example')).toThrow(DeveloperError);
  });
});

describe('planShare', () => {
  it('shows the share guide in WeChat and downloads elsewhere', () => {
    expect(planShare(androidWechat)).toBe('share-guide');
    expect(planShare(iosWechat)).toBe('share-guide');
    expect(planShare(iosSafari)).toBe('download');
    expect(planShare(androidChrome)).toBe('download');
  });
});

describe('runDownloadPlan', () => {
  const makeEnv = (hidden: () => boolean) => ({
    navigate: vi.fn<(url: string) => void>(),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    isHidden: hidden,
  });

  it('navigates straight to universal links and download pages without a fallback', () => {
    vi.useFakeTimers();
    try {
      for (const plan of [planDownload(iosSafari), planDownload(androidWechat)]) {
        const env = makeEnv(() => false);
        runDownloadPlan(plan, env);
        vi.advanceTimersByTime(5000);
        expect(env.navigate.mock.calls).toEqual([[plan.url]]);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('falls back to the APK after exactly 1000 ms when the app did not open', () => {
    vi.useFakeTimers();
    try {
      const plan: DownloadPlan = planDownload(androidChrome);
      const env = makeEnv(() => false);
      runDownloadPlan(plan, env);
      expect(env.navigate.mock.calls).toEqual([[plan.url]]);
      vi.advanceTimersByTime(999);
      expect(env.navigate).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(env.navigate.mock.calls).toEqual([[plan.url], [APK_URL]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('skips the APK when the page got hidden because the app opened', () => {
    vi.useFakeTimers();
    try {
      let hidden = false;
      const env = makeEnv(() => hidden);
      runDownloadPlan(planDownload(androidChrome), env);
      hidden = true;
      vi.advanceTimersByTime(1000);
      expect(env.navigate).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('planDownload from real user agents (spec §4, per platform)', () => {
  const UA = {
    ios: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    android:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    androidWechat:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F30) NetType/WIFI Language/zh_CN',
    desktop:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  };
  it('iOS → universal link', () => {
    expect(planDownload(detectClient(UA.ios)).kind).toBe('universal-link');
  });
  it('Android → scheme, then the APK after 1 s', () => {
    expect(planDownload(detectClient(UA.android))).toMatchObject({
      kind: 'scheme',
      fallbackUrl: APK_URL,
      fallbackAfterMs: 1000,
    });
  });
  it('Android in WeChat → /helper2', () => {
    expect(planDownload(detectClient(UA.androidWechat))).toEqual({ kind: 'download-page', url: '/helper2' });
  });
  it('desktop → scheme, then the APK', () => {
    expect(planDownload(detectClient(UA.desktop)).kind).toBe('scheme');
  });
});
