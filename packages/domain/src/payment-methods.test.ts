import { describe, it, expect } from 'vitest';
import type { ClientFlags } from './client-flags.ts';
import { choosePaymentMethods, PAY_PLATFORM, PAYMENT_MESSAGES } from './payment-methods.ts';

const ALL = [1, 2, 3];
const iosApp = (appVersion: string): ClientFlags => ({
  isApp: true,
  isIos: true,
  isAndroid: false,
  isWeixin: false,
  appVersion,
});
const androidApp: ClientFlags = { isApp: true, isIos: false, isAndroid: true, isWeixin: false, appVersion: '12.0.0' };
const iosSafari: ClientFlags = { isApp: false, isIos: true, isAndroid: false, isWeixin: false, appVersion: 'h5' };
const wechat: ClientFlags = { isApp: false, isIos: false, isAndroid: true, isWeixin: true, appVersion: 'h5' };

const choose = (flags: ClientFlags, over: Partial<Parameters<typeof choosePaymentMethods>[0]> = {}) =>
  choosePaymentMethods({ platforms: ALL, flags, wechatMerchantEnabled: true, inAppOnlyFlag: false, ...over });

const platforms = (result: ReturnType<typeof choosePaymentMethods>) =>
  result.ok ? result.methods.map((m) => m.platform) : result.message;

describe('messages and codes', () => {
  it('are verbatim from spec §3/§5', () => {
    expect(PAY_PLATFORM).toEqual({ alipay: 1, wechat: 2, applePay: 3 });
    expect(PAYMENT_MESSAGES.noneSupported).toBe('支付方式异常，当前不支持任何支付方式.');
    expect(PAYMENT_MESSAGES.noneInEnvironment).toBe('支付方式异常，当前环境不支持可用支付方式.');
    expect(PAYMENT_MESSAGES.inAppOnly).toBe('该商品只支持应用内支付方式购买.');
    expect(PAYMENT_MESSAGES.alipayNeedsUpgrade).toBe('当前版本不支持支付宝支付，请升级APP');
  });
});

describe('choosePaymentMethods', () => {
  it('an empty server list means nothing is supported', () => {
    expect(choose(iosSafari, { platforms: [] })).toEqual({
      ok: false,
      message: '支付方式异常，当前不支持任何支付方式.',
    });
    // Checked before the in-app-only rule.
    expect(choose(iosSafari, { platforms: [], inAppOnlyFlag: true })).toEqual({
      ok: false,
      message: '支付方式异常，当前不支持任何支付方式.',
    });
  });

  it('a plain browser gets alipay and wechat with names, alipay first by default', () => {
    expect(choose(iosSafari)).toEqual({
      ok: true,
      methods: [
        { platform: 1, name: '支付宝', enabled: true },
        { platform: 2, name: '微信支付', enabled: true },
      ],
      defaultPlatform: 1,
    });
  });

  it('keeps the server order and drops duplicates and unknown codes', () => {
    const result = choose(iosSafari, { platforms: [2, 9, 1, 2] });
    expect(platforms(result)).toEqual([2, 1]);
    expect(result.ok && result.defaultPlatform).toBe(2);
  });

  it('removes alipay in the WeChat in-app browser', () => {
    const result = choose(wechat);
    expect(platforms(result)).toEqual([2]);
    expect(result.ok && result.defaultPlatform).toBe(2);
  });

  it('reports the environment message when filtering leaves nothing', () => {
    expect(choose(wechat, { platforms: [1] })).toEqual({
      ok: false,
      message: '支付方式异常，当前环境不支持可用支付方式.',
    });
    expect(choose(iosSafari, { platforms: [3] })).toEqual({
      ok: false,
      message: '支付方式异常，当前环境不支持可用支付方式.',
    });
    expect(choose(iosSafari, { platforms: [7] })).toEqual({
      ok: false,
      message: '支付方式异常，当前环境不支持可用支付方式.',
    });
  });

  it('removes apple pay outside the iOS app', () => {
    expect(platforms(choose(iosSafari))).not.toContain(3);
    expect(platforms(choose(androidApp))).not.toContain(3);
    expect(platforms(choose(wechat))).not.toContain(3);
    expect(platforms(choose(iosApp('12.0.0')))).toContain(3);
  });

  it('removes wechat in the app when the merchant flag is off', () => {
    expect(platforms(choose(androidApp, { wechatMerchantEnabled: false }))).toEqual([1]);
    expect(platforms(choose(androidApp, { wechatMerchantEnabled: true }))).toEqual([1, 2]);
  });

  it('ignores the merchant flag outside the app', () => {
    expect(platforms(choose(iosSafari, { wechatMerchantEnabled: false }))).toEqual([1, 2]);
  });

  it('offers everything in a current iOS app', () => {
    expect(platforms(choose(iosApp('12.9.0')))).toEqual([1, 2, 3]);
  });

  describe('in-app-only products', () => {
    it.each(['10.5.0', '10.5', '11.0.2', '11.1.0', '12.10.0'])('iOS app %s offers only apple pay', (v) => {
      expect(choose(iosApp(v), { inAppOnlyFlag: true })).toEqual({
        ok: true,
        methods: [{ platform: 3, name: 'Apple Pay', enabled: true }],
        defaultPlatform: 3,
      });
    });

    it.each(['10.4.9', '10.5.1', '10.9.0', '11.0.0', '11.0.1'])('iOS app %s gets the in-app-only message', (v) => {
      expect(choose(iosApp(v), { inAppOnlyFlag: true })).toEqual({
        ok: false,
        message: '该商品只支持应用内支付方式购买.',
      });
    });

    it('every other client gets the in-app-only message', () => {
      for (const flags of [androidApp, iosSafari, wechat]) {
        expect(choose(flags, { inAppOnlyFlag: true })).toEqual({
          ok: false,
          message: '该商品只支持应用内支付方式购买.',
        });
      }
    });

    it('gives the environment message when the server does not offer apple pay', () => {
      expect(choose(iosApp('12.0.0'), { inAppOnlyFlag: true, platforms: [1, 2] })).toEqual({
        ok: false,
        message: '支付方式异常，当前环境不支持可用支付方式.',
      });
    });

    it('does nothing when the flag is off', () => {
      expect(platforms(choose(iosApp('11.0.0')))).toEqual([1, 2, 3]);
    });
  });

  describe('alipay on old iOS apps', () => {
    it.each(['10.5.1', '11.0.0', '11.1.4'])('iOS app %s shows alipay disabled with the upgrade subtitle', (v) => {
      const result = choose(iosApp(v));
      expect(result.ok && result.methods[0]).toEqual({
        platform: 1,
        name: '支付宝',
        enabled: false,
        subtitle: '当前版本不支持支付宝支付，请升级APP',
      });
      // The first enabled method becomes the default.
      expect(result.ok && result.defaultPlatform).toBe(2);
    });

    it.each(['10.5.0', '10.4.0', '11.1.5', '11.2.0'])('iOS app %s keeps alipay enabled', (v) => {
      const result = choose(iosApp(v));
      expect(result.ok && result.methods[0]).toEqual({ platform: 1, name: '支付宝', enabled: true });
      expect(result.ok && result.defaultPlatform).toBe(1);
    });

    it('does not apply to the Android app', () => {
      const result = choose({ ...androidApp, appVersion: '11.0.0' });
      expect(result.ok && result.methods[0]?.enabled).toBe(true);
    });

    it('defaults to apple pay when wechat is off', () => {
      const result = choose(iosApp('11.0.0'), { wechatMerchantEnabled: false });
      expect(platforms(result)).toEqual([1, 3]);
      expect(result.ok && result.defaultPlatform).toBe(3);
    });

    it('reports the environment message when only the disabled alipay is left', () => {
      expect(choose(iosApp('11.0.0'), { platforms: [1] })).toEqual({
        ok: false,
        message: '支付方式异常，当前环境不支持可用支付方式.',
      });
    });
  });
});
