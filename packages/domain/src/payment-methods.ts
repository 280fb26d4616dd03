// Which payment methods the checkout offers (spec §5 "Payment-method choice").
import type { ClientFlags } from './client-flags.ts';
import { compareVersions, isVersionString, versionAbove, VERSION_GATES } from './version.ts';

export const PAY_PLATFORM = { alipay: 1, wechat: 2, applePay: 3 } as const;
export type PayPlatform = (typeof PAY_PLATFORM)[keyof typeof PAY_PLATFORM];

export const PAY_PLATFORM_NAMES: Readonly<Record<PayPlatform, string>> = {
  [PAY_PLATFORM.alipay]: '支付宝',
  [PAY_PLATFORM.wechat]: '微信支付',
  [PAY_PLATFORM.applePay]: 'Apple Pay',
};

export const PAYMENT_MESSAGES = {
  noneSupported: '支付方式异常，当前不支持任何支付方式.',
  noneInEnvironment: '支付方式异常，当前环境不支持可用支付方式.',
  inAppOnly: '该商品只支持应用内支付方式购买.',
  alipayNeedsUpgrade: '当前版本不支持支付宝支付，请升级APP',
} as const;

export type PaymentMethod = { platform: PayPlatform; name: string; enabled: boolean; subtitle?: string };

export type PaymentChoice =
  { ok: true; methods: PaymentMethod[]; defaultPlatform: PayPlatform } | { ok: false; message: string };

function isPayPlatform(code: number): code is PayPlatform {
  return code === PAY_PLATFORM.alipay || code === PAY_PLATFORM.wechat || code === PAY_PLATFORM.applePay;
}

/**
 * Spec §5 says: "On iOS in the app, version 10.5.0 or above 11.0.1 with the flag on allows only
 * apple pay. Otherwise the message is '该商品只支持应用内支付方式购买.'"
 *
 * Read here as:
 * - "version 10.5.0 or above 11.0.1" means exactly 10.5.0, or strictly above 11.0.1. Reading it as
 *   "≥ 10.5.0" would make the second half redundant; the gap (10.5.0, 11.0.1] is a run of app
 *   builds whose in-app purchase could not be used.
 * - "the flag" is the product's in-app-only flag. When it is on, Apple Pay is the only method the
 *   product may be bought with, so every other client — an iOS app outside those versions, the
 *   Android app, any browser — gets the in-app-only message rather than the ordinary methods.
 *   With the flag off this rule does nothing.
 */
function appleInAppPurchaseUsable(flags: ClientFlags): boolean {
  if (!flags.isApp || !flags.isIos || !isVersionString(flags.appVersion)) return false;
  return (
    compareVersions(flags.appVersion, VERSION_GATES.applePayOnlyMin) === 0 ||
    versionAbove(flags.appVersion, VERSION_GATES.applePayOnlyAbove)
  );
}

function alipayNeedsUpgrade(flags: ClientFlags): boolean {
  return (
    flags.isApp &&
    flags.isIos &&
    versionAbove(flags.appVersion, VERSION_GATES.alipayDisabledAbove) &&
    compareVersions(flags.appVersion, VERSION_GATES.alipayDisabledBelow) < 0
  );
}

function availableHere(platform: PayPlatform, flags: ClientFlags, wechatMerchantEnabled: boolean): boolean {
  switch (platform) {
    case PAY_PLATFORM.alipay:
      // Alipay pages are blocked inside WeChat.
      return !flags.isWeixin;
    case PAY_PLATFORM.wechat:
      return !flags.isApp || wechatMerchantEnabled;
    case PAY_PLATFORM.applePay:
      return flags.isApp && flags.isIos;
  }
}

export function choosePaymentMethods(input: {
  platforms: number[];
  flags: ClientFlags;
  wechatMerchantEnabled: boolean;
  inAppOnlyFlag: boolean;
}): PaymentChoice {
  const { flags } = input;
  if (input.platforms.length === 0) return { ok: false, message: PAYMENT_MESSAGES.noneSupported };

  if (input.inAppOnlyFlag && !appleInAppPurchaseUsable(flags)) {
    return { ok: false, message: PAYMENT_MESSAGES.inAppOnly };
  }

  // Unknown codes from the server are dropped like any method this client cannot use.
  const platforms = [...new Set(input.platforms)]
    .filter(isPayPlatform)
    .filter((p) => (input.inAppOnlyFlag ? p === PAY_PLATFORM.applePay : true))
    .filter((p) => availableHere(p, flags, input.wechatMerchantEnabled));

  const methods: PaymentMethod[] = platforms.map((platform) =>
    platform === PAY_PLATFORM.alipay && alipayNeedsUpgrade(flags)
      ? { platform, name: PAY_PLATFORM_NAMES[platform], enabled: false, subtitle: PAYMENT_MESSAGES.alipayNeedsUpgrade }
      : { platform, name: PAY_PLATFORM_NAMES[platform], enabled: true },
  );

  const defaultMethod = methods.find((m) => m.enabled);
  // A list holding only the disabled Alipay leaves nothing payable, which is the environment case too.
  if (!defaultMethod) return { ok: false, message: PAYMENT_MESSAGES.noneInEnvironment };
  return { ok: true, methods, defaultPlatform: defaultMethod.platform };
}
