// The provider registry (issue 12): which PaymentProvider serves each pay platform, by PAY_MODE.
//   sandbox: every provider's real adapter pointed at the embedded gateway (/__sandbox/{name}) with keys made at
//            start-up, and the gateway's SandboxProviders (mounted by registerSandbox);
//   live:    adapters configured from the environment (a provider without its settings is not offered);
//   off:     none (get-support-pay-pattern answers an empty list: 支付方式异常，当前不支持任何支付方式.).
// WeChat Pay and Apple plug in here: add their adapter (live and sandbox) and their SandboxProvider below.
import type { ProviderName } from '@fjt/domain';
import type { Env } from '../../env.ts';
import type { HttpClient, PaymentProvider } from './provider.ts';
import type { SandboxProvider } from './sandbox/types.ts';
import { SANDBOX_PREFIX } from './sandbox/core.ts';
import { createAlipayProvider } from './alipay/adapter.ts';
import { createAlipaySandbox } from './alipay/sandbox.ts';
import { sharedAlipaySandboxKeys } from './alipay/keys.ts';
import { createWechatProvider, createWechatSandboxPair, wechatConfigFromEnv, type WechatEnv } from './wechat/index.ts';
import type { WechatOauth } from './wechat/oauth.ts';
import { appleProductId } from './apple/adapter.ts';
import { createAppleSandboxSetup, type AppleCatalogue } from './apple/setup.ts';

export type PayMode = 'sandbox' | 'live' | 'off';
export type Providers = Partial<Record<ProviderName, PaymentProvider>>;

export interface PaymentSetup {
  providers: Providers;
  /** Mounted under /__sandbox in PAY_MODE=sandbox only. */
  sandboxProviders: SandboxProvider[];
  /** The official-account sign-in that gives a JSAPI payer's openid; null when WeChat JSAPI is not set up. */
  wechatOauth: WechatOauth | null;
}

/** The StoreKit product id of a catalogue item: VIP_MONTH → com.fangjiatong.vip.month. */
export const appleProductIdOf: (productCode: string) => string = appleProductId;

export type PaymentEnv = Partial<
  Pick<Env, 'ALIPAY_APP_ID' | 'ALIPAY_SELLER_ID' | 'ALIPAY_APP_PRIVATE_KEY' | 'ALIPAY_PUBLIC_KEY' | 'ALIPAY_GATEWAY'>
> &
  WechatEnv;

export async function createPaymentSetup(options: {
  mode: PayMode;
  env: PaymentEnv;
  http: HttpClient;
  publicOrigin: string;
  /** The providers' clock: the sandbox's virtual clock in sandbox mode (notification timestamps), else real time. */
  now: () => number;
  /** What the App Store sells (product code → title, price, kind); Apple is offered only with it. */
  appleCatalogue?: AppleCatalogue;
}): Promise<PaymentSetup> {
  const { mode, env, http, publicOrigin, now } = options;
  const providers: Providers = {};
  const sandboxProviders: SandboxProvider[] = [];
  let wechatOauth: WechatOauth | null = null;
  if (mode === 'sandbox') {
    const alipayKeys = sharedAlipaySandboxKeys();
    providers.alipay = createAlipayProvider({
      appId: alipayKeys.appId,
      sellerId: alipayKeys.sellerId,
      appPrivateKey: alipayKeys.app.privateKey,
      alipayPublicKey: alipayKeys.alipay.publicKey,
      gateway: `${publicOrigin}${SANDBOX_PREFIX}/alipay/gateway.do`,
      http,
      now,
    });
    sandboxProviders.push(createAlipaySandbox(alipayKeys));
    const wechat = createWechatSandboxPair({ http, publicOrigin, now });
    providers.wechat = wechat.provider;
    wechatOauth = wechat.oauth;
    sandboxProviders.push(wechat.sandbox);
    if (options.appleCatalogue) {
      const apple = await createAppleSandboxSetup({
        publicOrigin,
        http,
        now,
        catalogue: options.appleCatalogue,
        sandboxPrefix: SANDBOX_PREFIX,
      });
      providers.apple = apple.provider;
      sandboxProviders.push(apple.sandbox);
    }
  } else if (mode === 'live') {
    if (env.ALIPAY_APP_ID && env.ALIPAY_SELLER_ID && env.ALIPAY_APP_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY) {
      providers.alipay = createAlipayProvider({
        appId: env.ALIPAY_APP_ID,
        sellerId: env.ALIPAY_SELLER_ID,
        appPrivateKey: env.ALIPAY_APP_PRIVATE_KEY,
        alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
        gateway: env.ALIPAY_GATEWAY ?? 'https://openapi.alipay.com/gateway.do',
        http,
        now,
      });
    }
    const wechat = wechatConfigFromEnv(env, { http, now });
    if (wechat) providers.wechat = createWechatProvider(wechat);
  }
  return { providers, sandboxProviders, wechatOauth };
}
