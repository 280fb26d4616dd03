// WeChat Pay v3 for the orders core (issue 12): the adapter (createWechatProvider), the sandbox playing WeChat
// (createWechatSandbox), and the two ways to configure them:
//   - PAY_MODE=sandbox: createWechatSandboxPair({http, publicOrigin, now}) makes fresh keys, the sandbox provider for
//     registerSandbox, and the adapter pointed at PUBLIC_ORIGIN/__sandbox/wechat;
//   - production: wechatConfigFromEnv(process.env) reads the merchant's WECHAT_* settings.
import { z } from 'zod';
import type { HttpClient, PaymentProvider } from '../provider.ts';
import { WECHAT_PRODUCTION_BASE_URL, createWechatProvider, type WechatProviderConfig } from './adapter.ts';
import { generateWechatKeys, sharedWechatKeys, type WechatKeys } from './keys.ts';
import {
  WECHAT_BRIDGE_SCRIPT_PATH,
  WECHAT_SANDBOX_PREFIX,
  createWechatSandbox,
  type WechatSandbox,
} from './sandbox.ts';
import { createWechatOauth, type WechatOauth } from './oauth.ts';

export {
  WECHAT_PRODUCTION_BASE_URL,
  WechatPayError,
  createWechatProvider,
  type WechatProviderConfig,
} from './adapter.ts';
export {
  generateWechatKeys,
  type WechatKeys,
  type WechatMerchantKeys,
  type WechatOauthKeys,
  type WechatPlatformKeys,
} from './keys.ts';
export {
  WECHAT_OAUTH_AUTHORIZE_URL,
  WECHAT_SNS_API_BASE_URL,
  createWechatOauth,
  type WechatOauth,
  type WechatOauthConfig,
} from './oauth.ts';
export {
  WECHAT_BRIDGE_SCRIPT_PATH,
  WECHAT_RETRY_SCHEDULE_MS,
  WECHAT_SANDBOX_PREFIX,
  createWechatSandbox,
  type WechatSandbox,
} from './sandbox.ts';

export interface WechatSandboxPair {
  keys: WechatKeys;
  /** Register with the sandbox core (mounted under /__sandbox/wechat). */
  sandbox: WechatSandbox;
  /** The PaymentProvider the orders core uses for 'wechat'. */
  provider: PaymentProvider;
  /** The payer's openid for JSAPI (official-account OAuth against the sandbox). */
  oauth: WechatOauth;
}

/**
 * PAY_MODE=sandbox. `now` is the adapter's clock for the ±5 min notification timestamp check: give it the sandbox's
 * virtual clock (the sandbox signs with that clock), so that retries hours later on the virtual clock still verify.
 */
export function createWechatSandboxPair(options: {
  http: HttpClient;
  publicOrigin: string;
  now?: () => number;
  keys?: WechatKeys;
}): WechatSandboxPair {
  const keys = options.keys ?? sharedWechatKeys();
  const sandbox = createWechatSandbox(keys.platform, { oauth: keys.oauth });
  const provider = createWechatProvider({
    ...keys.merchant,
    baseUrl: `${options.publicOrigin}${WECHAT_SANDBOX_PREFIX}`,
    http: options.http,
    ...(options.now ? { now: options.now } : {}),
    bridgeScript: WECHAT_BRIDGE_SCRIPT_PATH,
  });
  const oauth = createWechatOauth({
    ...keys.oauth,
    authorizeUrl: `${options.publicOrigin}${WECHAT_SANDBOX_PREFIX}/connect/oauth2/authorize`,
    apiBaseUrl: `${options.publicOrigin}${WECHAT_SANDBOX_PREFIX}`,
    http: options.http,
  });
  return { keys, sandbox, provider, oauth };
}

/** PEM from the environment: real newlines, or '\n' escapes (one-line variables). */
const pem = (label: string) =>
  z
    .string()
    .transform((v) => v.replace(/\\n/g, '\n').trim())
    .refine((v) => v.includes(`-----BEGIN ${label}-----`), { message: `must be a ${label} PEM` });

const wechatEnvSchema = z.object({
  WECHAT_APPID: z.string().regex(/^wx[0-9a-f]{16}$/i, { message: 'must be a wx… appid' }),
  WECHAT_MCHID: z.string().regex(/^\d{8,12}$/, { message: 'must be the merchant number' }),
  /** apiclient_key.pem (PKCS#8). */
  WECHAT_MERCHANT_PRIVATE_KEY: pem('PRIVATE KEY'),
  /** The merchant API certificate's serial number. */
  WECHAT_MERCHANT_SERIAL: z.string().regex(/^[0-9A-Fa-f]{8,64}$/),
  /** The 微信支付公钥 (SPKI PEM) and its id PUB_KEY_ID_…, or a platform certificate's public key and serial. */
  WECHAT_PLATFORM_PUBLIC_KEY: pem('PUBLIC KEY'),
  WECHAT_PLATFORM_SERIAL: z.string().min(8).max(64),
  WECHAT_APIV3_KEY: z.string().length(32),
  WECHAT_API_BASE_URL: z.string().url().default(WECHAT_PRODUCTION_BASE_URL),
});

export type WechatEnv = Partial<Record<keyof z.input<typeof wechatEnvSchema>, string | undefined>>;

/**
 * Production configuration from WECHAT_* variables: null when WECHAT_MCHID is unset (WeChat Pay not offered);
 * throws naming the bad or missing variables when it is set but incomplete.
 */
export function wechatConfigFromEnv(
  source: WechatEnv,
  deps: { http: HttpClient; now?: () => number },
): WechatProviderConfig | null {
  if (!source.WECHAT_MCHID) return null;
  const parsed = wechatEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid WeChat Pay environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    appid: env.WECHAT_APPID,
    mchid: env.WECHAT_MCHID,
    merchantPrivateKey: env.WECHAT_MERCHANT_PRIVATE_KEY,
    merchantSerial: env.WECHAT_MERCHANT_SERIAL,
    platformPublicKeys: { [env.WECHAT_PLATFORM_SERIAL]: env.WECHAT_PLATFORM_PUBLIC_KEY },
    apiV3Key: env.WECHAT_APIV3_KEY,
    baseUrl: env.WECHAT_API_BASE_URL.replace(/\/+$/, ''),
    http: deps.http,
    ...(deps.now ? { now: deps.now } : {}),
    bridgeScript: null,
  };
}
