// How the payments registry gets Apple (issue 12): in PAY_MODE=sandbox the real adapter pointed at the embedded
// App Store (/__sandbox/apple) with keys made at start-up and the sandbox provider that plays it; in PAY_MODE=live
// the adapter with Apple's root, the app's bundle id and the App Store Connect API key from the environment.
// Products: VIP cards are StoreKit products of their own, appleProductId(catalogue code), and the catalogue (a
// look-up the core supplies) says which exist and what they cost; reports, deal data and activities are price-tier
// consumables (appleOrderProductId), their order found by appAccountToken and its amount checked against the tier.
import { readFileSync } from 'node:fs';
import { Environment, Type } from '@apple/app-store-server-library';
import { queryRows, sql, type Database } from '@fjt/db';
import type { ProductKind } from '@fjt/domain';
import type { HttpClient } from '../provider.ts';
import {
  APP_STORE_API_PRODUCTION,
  APP_STORE_API_SANDBOX,
  APPLE_SANDBOX_BUNDLE_ID,
  appleProductCodeOf,
  appleTierOf,
  createAppleAdapter,
  type AppleAdapter,
} from './adapter.ts';
import { createAppleSandboxKeys, type AppleSandboxKeys, type AppStoreApiKey } from './keys.ts';
import { createAppleSandbox, type AppleSandbox, type AppleSandboxProduct } from './sandbox.ts';

/** One catalogue item as the App Store sells it. */
export interface AppleCatalogueItem {
  title: string;
  priceFen: number;
  kind: ProductKind;
}
/** The core's catalogue look-up by product code (VIP_MONTH, …); null when there is no such product on sale. */
export type AppleCatalogue = (productCode: string) => AppleCatalogueItem | null | Promise<AppleCatalogueItem | null>;

/**
 * The catalogue the App Store sells from: the VIP cards on sale (member_cards). The report mall, deal-data
 * packages and activities add their products here when they are sold in the iOS app.
 */
export function appleCatalogueOf(db: Database): AppleCatalogue {
  return async (productCode) => {
    const [card] = await queryRows<{ name: string; price: number }>(
      db,
      sql`SELECT name, price FROM member_cards WHERE code = ${productCode} AND active`,
    );
    return card ? { title: card.name, priceFen: card.price, kind: 'vip' } : null;
  };
}

/** VIP cards are non-renewing subscriptions in the App Store; reports, deal data and activities consumables. */
export function appleProductType(kind: ProductKind): AppleSandboxProduct['type'] {
  return kind === 'vip' ? Type.NON_RENEWING_SUBSCRIPTION : Type.CONSUMABLE;
}

const TIER_TITLES: Readonly<Record<Exclude<ProductKind, 'vip'>, string>> = {
  report: '房价通报告',
  trade: '房价通成交数据',
  activity: '房价通活动商品',
};

async function lookUp(catalogue: AppleCatalogue, productId: string): Promise<AppleCatalogueItem | null> {
  const tier = appleTierOf(productId);
  if (tier) return { title: `${TIER_TITLES[tier.kind]} ¥${(tier.priceFen / 100).toFixed(2)}`, ...tier };
  const code = appleProductCodeOf(productId);
  return code ? await catalogue(code) : null;
}

export interface AppleSandboxSetup {
  provider: AppleAdapter;
  sandbox: AppleSandbox;
  keys: AppleSandboxKeys;
}

/**
 * The sandbox pair. `now` must be the sandbox's virtual clock (the same one SandboxContext.clock reads): the
 * lookup bearer's iat/exp are checked against it, and the certificates are made valid around its start.
 */
export async function createAppleSandboxSetup(options: {
  publicOrigin: string;
  http: HttpClient;
  now: () => number;
  catalogue: AppleCatalogue;
  /** Where the sandbox gateway is mounted ('/__sandbox'). */
  sandboxPrefix: string;
  bundleId?: string;
}): Promise<AppleSandboxSetup> {
  const bundleId = options.bundleId ?? APPLE_SANDBOX_BUNDLE_ID;
  const keys = await createAppleSandboxKeys({ now: options.now() });
  const base = `${options.publicOrigin}${options.sandboxPrefix}/apple`;
  const provider = createAppleAdapter({
    rootCertificates: [keys.trusted.rootDer],
    bundleId,
    environment: Environment.SANDBOX,
    productIds: async (productId) => (await lookUp(options.catalogue, productId)) !== null,
    apiBaseUrl: base,
    apiKey: keys.api,
    http: options.http,
    now: options.now,
    storeKitScript: `${options.sandboxPrefix}/apple/storekit.js`,
  });
  const sandbox = createAppleSandbox({
    keys,
    bundleId,
    products: async (productId) => {
      const item = await lookUp(options.catalogue, productId);
      return item ? { title: item.title, priceFen: item.priceFen, type: appleProductType(item.kind) } : null;
    },
  });
  return { provider, sandbox, keys };
}

/** Live settings (environment variables the lead adds to env.ts; all required, else Apple is not offered). */
export interface AppleLiveSettings {
  /** DER of Apple Root CA - G3 (and G2 if wanted), from https://www.apple.com/certificateauthority/. */
  rootCertificates: Buffer[];
  bundleId: string;
  /** The app's Apple ID (numeric), required by the library in production. */
  appAppleId: number;
  /** 'Production' for the App Store, 'Sandbox' for TestFlight/sandbox testers. */
  environment: Environment.SANDBOX | Environment.PRODUCTION;
  apiKey: AppStoreApiKey;
}

export function createAppleLiveProvider(
  settings: AppleLiveSettings,
  options: { http: HttpClient; catalogue: AppleCatalogue },
): AppleAdapter {
  return createAppleAdapter({
    rootCertificates: settings.rootCertificates,
    bundleId: settings.bundleId,
    appAppleId: settings.appAppleId,
    environment: settings.environment,
    productIds: async (productId) => (await lookUp(options.catalogue, productId)) !== null,
    apiBaseUrl: settings.environment === Environment.PRODUCTION ? APP_STORE_API_PRODUCTION : APP_STORE_API_SANDBOX,
    apiKey: settings.apiKey,
    http: options.http,
    storeKitScript: null,
  });
}

export type AppleEnv = Partial<
  Record<
    | 'APPLE_BUNDLE_ID'
    | 'APPLE_ENVIRONMENT'
    | 'APPLE_ROOT_CERTIFICATES'
    | 'APPLE_API_KEY_ID'
    | 'APPLE_API_ISSUER_ID'
    | 'APPLE_API_PRIVATE_KEY',
    string
  > & { APPLE_APP_APPLE_ID: number }
>;

/**
 * The live settings from the environment: null when APPLE_BUNDLE_ID is not set (Apple not offered); with it, every
 * other setting is required and a missing or unreadable one stops the start with the setting's name.
 */
export function appleSettingsFromEnv(env: AppleEnv): AppleLiveSettings | null {
  if (!env.APPLE_BUNDLE_ID) return null;
  const missing = (
    [
      'APPLE_APP_APPLE_ID',
      'APPLE_ENVIRONMENT',
      'APPLE_ROOT_CERTIFICATES',
      'APPLE_API_KEY_ID',
      'APPLE_API_ISSUER_ID',
      'APPLE_API_PRIVATE_KEY',
    ] as const
  ).filter((name) => env[name] === undefined || env[name] === '');
  if (missing.length > 0) throw new Error(`Apple IAP: APPLE_BUNDLE_ID is set but ${missing.join(', ')} missing`);
  const rootCertificates = env
    .APPLE_ROOT_CERTIFICATES!.split(',')
    .map((path) => path.trim())
    .filter(Boolean)
    .map((path) => {
      try {
        return readFileSync(path);
      } catch (error) {
        throw new Error(`Apple IAP: cannot read root certificate ${path}: ${(error as Error).message}`);
      }
    });
  return {
    rootCertificates,
    bundleId: env.APPLE_BUNDLE_ID,
    appAppleId: env.APPLE_APP_APPLE_ID!,
    environment: env.APPLE_ENVIRONMENT === 'Production' ? Environment.PRODUCTION : Environment.SANDBOX,
    apiKey: {
      keyId: env.APPLE_API_KEY_ID!,
      issuerId: env.APPLE_API_ISSUER_ID!,
      privateKeyPem: env.APPLE_API_PRIVATE_KEY!.replace(/\\n/g, '\n'),
    },
  };
}
