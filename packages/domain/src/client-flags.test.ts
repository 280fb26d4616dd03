import { describe, it, expect } from 'vitest';
import { APP_UA_TOKEN, DEFAULT_APP_VERSION, detectClient } from './client-flags.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_APP = `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${APP_UA_TOKEN}/12.8.0`;
const ANDROID_WECHAT =
  'Mozilla/5.0 (Linux; Android 13; V2055A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const ANDROID_APP = `Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 ${APP_UA_TOKEN}/11.0.2`;
const IPAD_APP = `Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 ${APP_UA_TOKEN}/12.10.3`;

describe('detectClient', () => {
  it('uses the spec defaults', () => {
    expect(DEFAULT_APP_VERSION).toBe('h5');
    expect(APP_UA_TOKEN).toBe('FangJiaTong');
  });

  it('treats a plain mobile browser as h5', () => {
    expect(detectClient(IPHONE_SAFARI)).toEqual({
      isApp: false,
      isIos: true,
      isAndroid: false,
      isWeixin: false,
      appVersion: 'h5',
    });
  });

  it('reads the app version from the user agent token', () => {
    expect(detectClient(IPHONE_APP)).toEqual({
      isApp: true,
      isIos: true,
      isAndroid: false,
      isWeixin: false,
      appVersion: '12.8.0',
    });
    expect(detectClient(ANDROID_APP)).toMatchObject({
      isApp: true,
      isAndroid: true,
      isIos: false,
      appVersion: '11.0.2',
    });
    expect(detectClient(IPAD_APP)).toMatchObject({ isApp: true, isIos: true, appVersion: '12.10.3' });
  });

  it('detects the WeChat in-app browser on Android', () => {
    expect(detectClient(ANDROID_WECHAT)).toEqual({
      isApp: false,
      isIos: false,
      isAndroid: true,
      isWeixin: true,
      appVersion: 'h5',
    });
  });

  it('detects iPod as iOS', () => {
    expect(detectClient('Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)').isIos).toBe(true);
  });

  it('falls back to the currentVersion cookie when the UA has no token', () => {
    expect(detectClient(IPHONE_SAFARI, '12.6.0')).toMatchObject({ isApp: true, appVersion: '12.6.0' });
  });

  it('prefers the UA token over the cookie', () => {
    expect(detectClient(IPHONE_APP, '10.0.0').appVersion).toBe('12.8.0');
  });

  it('ignores a cookie that is not a version string', () => {
    for (const c of ['h5', '', 'abc', '12.', '.12', '12.x', null, undefined]) {
      expect(detectClient(IPHONE_SAFARI, c)).toMatchObject({ isApp: false, appVersion: 'h5' });
    }
  });

  it('ignores a token without a version', () => {
    expect(detectClient(`Mozilla/5.0 ${APP_UA_TOKEN}/`).isApp).toBe(false);
  });

  it('handles a missing user agent', () => {
    expect(detectClient(undefined)).toEqual({
      isApp: false,
      isIos: false,
      isAndroid: false,
      isWeixin: false,
      appVersion: 'h5',
    });
    expect(detectClient(null, '12.9.0')).toMatchObject({ isApp: true, appVersion: '12.9.0' });
  });
});
