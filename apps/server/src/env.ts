// Environment, parsed once at start-up; a bad value stops the process with a clear message.
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { chatPeer, isDeployed } from '@fjt/domain';
import { DEV_MSGLINK_SECRET } from '@fjt/dataset';

export { isDeployed };

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().default('./var/db'),
    DATABASE_URL: z.string().url().optional(),
    REDIS_URL: z.string().url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Where the React Router build lives (apps/web/build). */
    WEB_BUILD_DIR: z.string().optional(),
    /** Test-only switches such as ?__error=503; never set in production. */
    APP_TEST_HOOKS: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    /** How long a public page or API answer is served from memory (ADR 0006); 0 turns the cache off. */
    RESPONSE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /**
     * The site's public origin (scheme, host, port), e.g. https://m.fangjiatong.cn. Every absolute URL the app
     * writes (canonical links, share links, redirects) is built from it, never from request headers.
     */
    PUBLIC_ORIGIN: z
      .string()
      .url()
      .transform((v) => new URL(v).origin)
      .optional(),
    /**
     * Addresses (IPs or CIDRs, comma-separated) of the reverse proxies whose X-Forwarded-* headers are believed,
     * e.g. 127.0.0.1 behind the nginx of deploy/. Empty: nobody's are.
     */
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /** Per-IP API requests a minute: reads (GET) and writes (other methods); 0 turns that limit off. */
    RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(0).default(600),
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(0).default(60),
    /** The commission rate a new reseller (/market/proxy) gets, in basis points of the paid amount: 1000 = 10%. */
    PROXY_RATE_BP: z.coerce.number().int().min(0).max(5000).default(1000),
    /** The Chromium that prints the report mall's PDFs (playwright-core drives it); missing → the file fails clearly. */
    CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
    /**
     * Signs the report printer's short-lived print passes (ADR 0013); unset: a random secret per process. Several
     * instances behind one PUBLIC_ORIGIN must share one (the page may be served by another instance than the queue).
     */
    PRINT_PASS_SECRET: z.string().min(32, 'PRINT_PASS_SECRET must be at least 32 characters').optional(),
    /**
     * Signs the SMS short links (/activity/msglink?code, issue 18). Required in a deployment (links must outlive a
     * restart and work on every instance); elsewhere a fixed development secret.
     */
    MSGLINK_SECRET: z.string().min(32, 'MSGLINK_SECRET must be at least 32 characters').optional(),
    /**
     * 1: the price alert job run after a data load (through the import API) also sends one SMS per user with new
     * messages, through the sandbox gateway (the only one so far: nothing is sent in a deployment).
     */
    ALERT_SMS: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    /**
     * Where uploaded images are kept (lib/image-store.ts): file (IMAGE_DIR, default `images` beside DATA_DIR) or
     * memory (lost on restart: tests only). Several machines behind one address need a shared store.
     */
    IMAGE_STORE: z.enum(['file', 'memory']).default('file'),
    IMAGE_DIR: z.string().optional(),
    /** Dataset scale seeded on first start. */
    SEED_SCALE: z.enum(['full', 'small', 'sample']).default('full'),
    /**
     * The SMS gateway: sandbox writes every message to the sms_outbox table (read at /dev/sms) instead of sending
     * it. Unset: none in a deployment (production on a public PUBLIC_ORIGIN: login codes cannot be sent until a
     * real gateway is configured), sandbox everywhere else; sandbox is refused in a deployment.
     */
    SMS_PROVIDER: z.enum(['sandbox', 'none']).optional(),
    /** Login codes one IP may ask for in an hour (login attempts: 5 times that). */
    SMS_IP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /**
     * Payments (issue 12): sandbox mounts the embedded gateway at /__sandbox (Alipay, WeChat Pay, Apple with keys
     * made at start-up; nothing is charged); live talks to the real providers configured below; off offers no
     * payment method. Unset: live in a deployment, sandbox everywhere else; sandbox is refused in a deployment.
     */
    PAY_MODE: z.enum(['sandbox', 'live', 'off']).optional(),
    /** Alipay (PAY_MODE=live): app id, merchant PID (seller_id), app private key and Alipay public key (PEM). */
    ALIPAY_APP_ID: z.string().optional(),
    ALIPAY_SELLER_ID: z.string().optional(),
    ALIPAY_APP_PRIVATE_KEY: z.string().optional(),
    ALIPAY_PUBLIC_KEY: z.string().optional(),
    ALIPAY_GATEWAY: z.string().url().default('https://openapi.alipay.com/gateway.do'),
    /**
     * WeChat Pay v3 (PAY_MODE=live; offered when WECHAT_MCHID is set, then all are required and checked by
     * wechatConfigFromEnv in modules/payments/wechat): appid, merchant number, merchant private key (PEM) and its
     * certificate serial, the platform public key (PEM) and its serial or PUB_KEY_ID_…, the APIv3 key.
     */
    WECHAT_APPID: z.string().optional(),
    WECHAT_MCHID: z.string().optional(),
    WECHAT_MERCHANT_PRIVATE_KEY: z.string().optional(),
    WECHAT_MERCHANT_SERIAL: z.string().optional(),
    WECHAT_PLATFORM_PUBLIC_KEY: z.string().optional(),
    WECHAT_PLATFORM_SERIAL: z.string().optional(),
    WECHAT_APIV3_KEY: z.string().optional(),
    WECHAT_API_BASE_URL: z.string().url().optional(),
    /**
     * Apple IAP (PAY_MODE=live; offered when APPLE_BUNDLE_ID is set, then all are required and checked by
     * appleSettingsFromEnv in modules/payments/apple): the app's bundle id and numeric Apple ID, Production or
     * Sandbox, the Apple root certificates (comma-separated paths to DER files from apple.com/certificateauthority),
     * and the App Store Connect API key (key id, issuer id, the .p8 private key as PEM).
     */
    APPLE_BUNDLE_ID: z.string().optional(),
    APPLE_APP_APPLE_ID: z.coerce.number().int().positive().optional(),
    APPLE_ENVIRONMENT: z.enum(['Production', 'Sandbox']).optional(),
    APPLE_ROOT_CERTIFICATES: z.string().optional(),
    APPLE_API_KEY_ID: z.string().optional(),
    APPLE_API_ISSUER_ID: z.string().optional(),
    APPLE_API_PRIVATE_KEY: z.string().optional(),
    /**
     * /metrics (Prometheus text format) is read from this machine without a token; a scraper elsewhere sends
     * `Authorization: Bearer <METRICS_TOKEN>`. Unset: only this machine may read it.
     */
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /** How long a shutdown (SIGTERM/SIGINT) may take to drain requests and close connections before it exits 1. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
    /**
     * Page render worker threads (ADR 0019): 0 renders pages on the main thread; unset, one per core the process
     * may use in production, none otherwise.
     */
    RENDER_WORKERS: z.coerce.number().int().min(0).max(32).optional(),
    /**
     * The page store (ADR 0026): every estate page made ahead of its first visitor, in idle time, and kept in
     * PAGE_STORE_DIR (default `pages` beside DATA_DIR). 1 on, 0 off; unset, on in production. Needs render workers.
     */
    PAGE_STORE: z.enum(['0', '1']).optional(),
    PAGE_STORE_DIR: z.string().optional(),
    /** The OpenAPI UI at /rabbit/v1/docs: 1 on, 0 off; unset, on outside production. */
    API_DOCS: z.enum(['0', '1']).optional(),
    /** /demo and /spm-demo (PAGES.md §3.15): on outside a deployment unless 0; in a deployment only with 1. */
    DEBUG_PAGES: z.enum(['0', '1']).optional(),
    /**
     * The support centre (PAGES.md §3.12): 1 offers 在线客服 (im/switch answers enable: true), 0 only the WeChat copy
     * and the phone.
     */
    SUPPORT_ENABLED: z
      .enum(['0', '1'])
      .default('1')
      .transform((v) => v === '1'),
    /** The support chat's peer (config/city-peer, im/peer-id): support (our own chat's desk) or agent-<id>. */
    SUPPORT_PEER: chatPeer.default('support'),
    /** Per-city peers over SUPPORT_PEER, comma-separated `cityId=peer` pairs, e.g. `605=support,1=agent-12`. */
    SUPPORT_CITY_PEERS: z
      .string()
      .default('')
      .transform((v, ctx) => {
        const peers: Record<number, string> = {};
        for (const pair of v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [city, peer] = pair.split('=').map((s) => s.trim());
          if (!city || !/^[1-9]\d{0,9}$/.test(city) || !chatPeer.safeParse(peer).success) {
            ctx.addIssue({ code: 'custom', message: `not a cityId=peer pair: "${pair}"` });
            return z.NEVER;
          }
          peers[Number(city)] = peer!;
        }
        return peers;
      }),
    /** The WeChat id 复制微信 copies; unset: none in a deployment (the item is hidden), fangjiatong_kf elsewhere. */
    SUPPORT_WECHAT_NO: z
      .string()
      .regex(/^[A-Za-z][-_A-Za-z0-9]{5,19}$/, 'SUPPORT_WECHAT_NO must be a WeChat id (6–20 letters, digits, - or _)')
      .optional(),
    /** The number 电话 dials; unset: none in a deployment (the item is hidden), 400-000-0000 elsewhere. */
    SUPPORT_PHONE: z
      .string()
      .regex(/^\+?[0-9][0-9-]{4,19}$/, 'SUPPORT_PHONE must be a phone number (digits and -)')
      .optional(),
  })
  .refine((env) => !(isDeployed(env) && env.SMS_PROVIDER === 'sandbox'), {
    message: 'SMS_PROVIDER=sandbox is not allowed in production on a public origin',
    path: ['SMS_PROVIDER'],
  })
  .refine((env) => !(isDeployed(env) && !env.MSGLINK_SECRET), {
    message: 'MSGLINK_SECRET is required in production on a public origin',
    path: ['MSGLINK_SECRET'],
  })
  .refine((env) => !(isDeployed(env) && env.PAY_MODE === 'sandbox'), {
    message: 'PAY_MODE=sandbox is not allowed in production on a public origin',
    path: ['PAY_MODE'],
  })
  .transform((env) => ({
    ...env,
    PAY_MODE: env.PAY_MODE ?? (isDeployed(env) ? ('live' as const) : ('sandbox' as const)),
    SMS_PROVIDER: env.SMS_PROVIDER ?? (isDeployed(env) ? ('none' as const) : ('sandbox' as const)),
    MSGLINK_SECRET: msgLinkSecretOf(env),
    API_DOCS: env.API_DOCS === undefined ? env.NODE_ENV !== 'production' : env.API_DOCS === '1',
    DEBUG_PAGES: env.DEBUG_PAGES === undefined ? !isDeployed(env) : env.DEBUG_PAGES === '1',
    RENDER_WORKERS: env.RENDER_WORKERS ?? (env.NODE_ENV === 'production' ? availableParallelism() : 0),
    PAGE_STORE: env.PAGE_STORE === undefined ? env.NODE_ENV === 'production' : env.PAGE_STORE === '1',
    SUPPORT_WECHAT_NO: env.SUPPORT_WECHAT_NO ?? (isDeployed(env) ? undefined : 'fangjiatong_kf'),
    SUPPORT_PHONE: env.SUPPORT_PHONE ?? (isDeployed(env) ? undefined : '400-000-0000'),
  }));

export type Env = z.infer<typeof envSchema>;

/**
 * The SMS short links' secret: MSGLINK_SECRET, or outside a deployment (where the schema requires it) the fixed
 * development one, so links survive restarts. The one fallback: parseEnv and the app (whose tests leave it out).
 */
export function msgLinkSecretOf(env: { MSGLINK_SECRET?: string | undefined }): string {
  return env.MSGLINK_SECRET ?? DEV_MSGLINK_SECRET;
}

/** The public origin: PUBLIC_ORIGIN, or this machine on PORT when it is not set (development, tests). */
export function publicOrigin(env: Pick<Env, 'PUBLIC_ORIGIN' | 'PORT'>): string {
  return env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
