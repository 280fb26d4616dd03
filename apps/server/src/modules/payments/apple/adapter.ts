// The Apple IAP adapter (issue 12; research/payments.md §3): the app buys in StoreKit 2 with the order's UUID as
// appAccountToken and hands the page the transaction's JWS, which the page POSTs to customer/pay/apple/confirm;
// App Store Server Notifications V2 arrive at customer/pay/notify/apple. Every JWS goes through Apple's own
// SignedDataVerifier (x5c chain to the configured root, Apple's marker OIDs, dates at signedDate, ES256
// signature, bundle id, environment); in PAY_MODE=sandbox the root is the sandbox's (keys.ts), in production
// Apple Root CA G3. Never LOCAL_TESTING or XCODE: those skip verification. Lookups (query) call the App Store
// Server API with an ES256 bearer JWT through the injected HttpClient.
import { createPrivateKey, randomUUID, type KeyObject } from 'node:crypto';
import {
  Environment,
  NotificationTypeV2,
  SignedDataVerifier,
  Type,
  VerificationException,
  VerificationStatus,
  type JWSTransactionDecodedPayload,
  type ResponseBodyV2DecodedPayload,
} from '@apple/app-store-server-library';
import type {
  HttpClient,
  IncomingNotification,
  PaymentProvider,
  ProviderOrder,
  ProviderReply,
  ProviderTrade,
  TradeRef,
  VerifiedNotification,
  VerifyResult,
} from '../provider.ts';
import type { ProductKind } from '@fjt/domain';
import { signEs256, type AppStoreApiKey } from './keys.ts';

/** The App Store Server API hosts (research/payments.md §3); the sandbox gateway stands in for them locally. */
export const APP_STORE_API_PRODUCTION = 'https://api.storekit.itunes.apple.com';
export const APP_STORE_API_SANDBOX = 'https://api.storekit-sandbox.itunes.apple.com';
/** The bundle id the sandbox and tests use when none is configured. */
export const APPLE_SANDBOX_BUNDLE_ID = 'com.fangjiatong.app';
export const APPLE_REFUND_MESSAGE = 'Apple 订单须由用户向 Apple 申请退款';

/** Our StoreKit product ids: 'com.fangjiatong.' + the catalogue code, lower case, '_' → '.' (VIP_MONTH → com.fangjiatong.vip.month). */
export function appleProductId(productCode: string): string {
  return `com.fangjiatong.${productCode.toLowerCase().replace(/_/g, '.')}`;
}

/**
 * The StoreKit product an order is paid with. VIP cards are products of their own; the report mall, deal data and
 * activities sell thousands of items that the App Store cannot list one by one, so they are consumables by price
 * tier: 'com.fangjiatong.{kind}.tier{price in 分}' (a 9.90 report → com.fangjiatong.report.tier990). The order
 * (found by appAccountToken) says what was bought; the tier's price must be the order's amount.
 */
export function appleOrderProductId(kind: ProductKind, productCode: string, amountFen: number): string {
  return kind === 'vip' ? appleProductId(productCode) : `com.fangjiatong.${kind}.tier${amountFen}`;
}

const TIER_PRODUCT = /^com\.fangjiatong\.(report|trade|activity)\.tier([1-9]\d{0,6})$/;
/** The kind and price of a price-tier product id, or null. */
export function appleTierOf(productId: string): { kind: Exclude<ProductKind, 'vip'>; priceFen: number } | null {
  const match = TIER_PRODUCT.exec(productId);
  return match ? { kind: match[1] as Exclude<ProductKind, 'vip'>, priceFen: Number(match[2]) } : null;
}

/** The catalogue code of one of our StoreKit product ids (the inverse of appleProductId), or null. */
export function appleProductCodeOf(productId: string): string | null {
  const match = /^com\.fangjiatong\.([a-z0-9_.]{2,32})$/.exec(productId);
  if (!match || match[1]!.includes('_')) return null;
  return match[1]!.toUpperCase().replace(/\./g, '_');
}

/** The product types we sell in the App Store: VIP cards are non-renewing subscriptions, reports and data consumables. */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set([Type.CONSUMABLE, Type.NON_RENEWING_SUBSCRIPTION]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AppleAdapterConfig {
  /** DER root certificates the chains must end in (Apple Root CA G3 in production, the sandbox root locally). */
  rootCertificates: Buffer[];
  bundleId: string;
  /** Required by the library in production; omitted in the sandbox. */
  appAppleId?: number;
  environment: Environment.SANDBOX | Environment.PRODUCTION;
  /**
   * Our StoreKit products: catalogue code → product id, or a check of a product id (the catalogue, asked when a
   * transaction arrives). A transaction for any other product is refused.
   */
  productIds: Readonly<Record<string, string>> | ((productId: string) => boolean | Promise<boolean>);
  /** App Store Server API base URL: APP_STORE_API_*, or `${PUBLIC_ORIGIN}/__sandbox/apple` in the sandbox. */
  apiBaseUrl: string;
  apiKey: AppStoreApiKey;
  http: HttpClient;
  now?: () => number;
  /** Sandbox only: the same-origin script that plays StoreKit in a browser ('/__sandbox/apple/storekit.js'). */
  storeKitScript?: string | null;
}

export interface AppleAdapter extends PaymentProvider {
  readonly name: 'apple';
  verifySignedTransaction(jws: string): Promise<VerifyResult>;
  /** The bearer JWT of an App Store Server API call (exported for the sandbox tests). */
  apiToken(): string;
}

/** Apple's prices are in milliunits of `currency`; 分 only for CNY (another storefront's price says nothing in 分). */
function amountFenOf(transaction: JWSTransactionDecodedPayload): number | null {
  if (typeof transaction.price !== 'number') return null;
  if (transaction.currency !== undefined && transaction.currency !== 'CNY') return null;
  return Math.round(transaction.price / 10);
}

function failure(error: unknown): string {
  if (error instanceof VerificationException) {
    const name = VerificationStatus[error.status] ?? String(error.status);
    return `apple: JWS verification failed (${name})`;
  }
  return `apple: JWS verification failed (${error instanceof Error ? error.message : String(error)})`;
}

export function createAppleAdapter(config: AppleAdapterConfig): AppleAdapter {
  if (config.environment !== Environment.SANDBOX && config.environment !== Environment.PRODUCTION) {
    // LOCAL_TESTING and XCODE make SignedDataVerifier skip every check.
    throw new Error('Apple adapter: environment must be Sandbox or Production');
  }
  if (config.rootCertificates.length === 0) throw new Error('Apple adapter: no root certificate');
  const now = config.now ?? Date.now;
  const verifier = new SignedDataVerifier(
    config.rootCertificates,
    false,
    config.environment,
    config.bundleId,
    config.appAppleId,
  );
  const productIds = config.productIds;
  const listed: ReadonlySet<string> | null =
    typeof productIds === 'function' ? null : new Set(Object.values(productIds));
  const isOurs = async (productId: string): Promise<boolean> =>
    listed ? listed.has(productId) : typeof productIds === 'function' ? await productIds(productId) : false;
  const apiKey: KeyObject = createPrivateKey(config.apiKey.privateKeyPem);
  const apiBase = config.apiBaseUrl.replace(/\/+$/, '');

  /** Our own checks on a verified transaction (research/payments.md §3 "Then our own checks"). */
  async function checkTransaction(
    transaction: JWSTransactionDecodedPayload,
    { revoked }: { revoked: 'refuse' | 'allow' },
  ): Promise<string | null> {
    if (!transaction.transactionId) return 'apple: transaction without transactionId';
    if (!transaction.productId || !(await isOurs(transaction.productId))) {
      return `apple: productId ${transaction.productId ?? '(none)'} is not in our catalogue`;
    }
    if (!transaction.type || !ACCEPTED_TYPES.has(transaction.type)) {
      return `apple: product type ${transaction.type ?? '(none)'} is not sold here`;
    }
    if (revoked === 'refuse' && transaction.revocationDate !== undefined) return 'apple: transaction revoked';
    return null;
  }

  function notificationOf(
    transaction: JWSTransactionDecodedPayload,
    notifyId: string,
    event: VerifiedNotification['event'],
    payload: unknown,
  ): VerifiedNotification {
    return {
      provider: 'apple',
      notifyId,
      outTradeNo: null,
      appAccountToken: transaction.appAccountToken ?? null,
      providerTxnId: transaction.transactionId!,
      event,
      amountFen: amountFenOf(transaction),
      productId: transaction.productId ?? null,
      payload,
    };
  }

  function apiToken(): string {
    const iat = Math.floor(now() / 1000);
    return signEs256(
      { kid: config.apiKey.keyId, typ: 'JWT' },
      { iss: config.apiKey.issuerId, iat, exp: iat + 5 * 60, aud: 'appstoreconnect-v1', bid: config.bundleId },
      apiKey,
    );
  }

  async function verifySignedTransaction(jws: string): Promise<VerifyResult> {
    let transaction: JWSTransactionDecodedPayload;
    try {
      transaction = await verifier.verifyAndDecodeTransaction(jws);
    } catch (error) {
      return { ok: false, reason: failure(error) };
    }
    const problem = await checkTransaction(transaction, { revoked: 'refuse' });
    if (problem) return { ok: false, reason: problem };
    return {
      ok: true,
      notification: notificationOf(transaction, `txn:${transaction.transactionId}`, 'PAID', { transaction }),
    };
  }

  async function verifyNotification(incoming: IncomingNotification): Promise<VerifyResult> {
    let signedPayload: unknown = (incoming.body as { signedPayload?: unknown } | null | undefined)?.signedPayload;
    if (signedPayload === undefined) {
      try {
        signedPayload = (JSON.parse(incoming.rawBody) as { signedPayload?: unknown }).signedPayload;
      } catch {
        return { ok: false, reason: 'apple: body is not JSON' };
      }
    }
    if (typeof signedPayload !== 'string' || signedPayload.length === 0) {
      return { ok: false, reason: 'apple: no signedPayload' };
    }
    let decoded: ResponseBodyV2DecodedPayload;
    try {
      decoded = await verifier.verifyAndDecodeNotification(signedPayload);
    } catch (error) {
      return { ok: false, reason: failure(error) };
    }
    const notifyId = decoded.notificationUUID;
    if (!notifyId) return { ok: false, reason: 'apple: notification without notificationUUID' };
    const event: VerifiedNotification['event'] =
      decoded.notificationType === NotificationTypeV2.ONE_TIME_CHARGE
        ? 'PAID'
        : decoded.notificationType === NotificationTypeV2.REFUND
          ? 'REFUNDED'
          : decoded.notificationType === NotificationTypeV2.REFUND_REVERSED
            ? 'REFUND_REVERSED'
            : 'IGNORED';
    const signedTransactionInfo = decoded.data?.signedTransactionInfo;
    if (!signedTransactionInfo) {
      if (event !== 'IGNORED') return { ok: false, reason: `apple: ${decoded.notificationType} without a transaction` };
      // TEST and the like: acknowledged, nothing to do.
      return {
        ok: true,
        notification: {
          provider: 'apple',
          notifyId,
          outTradeNo: null,
          appAccountToken: null,
          providerTxnId: '',
          event,
          amountFen: null,
          payload: { notification: decoded },
        },
      };
    }
    // The transaction inside is a JWS of its own, verified the same way.
    let transaction: JWSTransactionDecodedPayload;
    try {
      transaction = await verifier.verifyAndDecodeTransaction(signedTransactionInfo);
    } catch (error) {
      return { ok: false, reason: failure(error) };
    }
    // A REFUND carries the revoked transaction; a late ONE_TIME_CHARGE may too (its REFUND follows and revokes).
    const problem = await checkTransaction(transaction, { revoked: 'allow' });
    if (problem) return { ok: false, reason: problem };
    return {
      ok: true,
      notification: notificationOf(transaction, notifyId, event, { notification: decoded, transaction }),
    };
  }

  async function query(ref: TradeRef): Promise<ProviderTrade> {
    // Apple is asked by transaction id; before the app has sent one there is nothing to ask about.
    if (!ref.providerTxnId) return { state: 'NOTPAY', providerTxnId: null, amountFen: null, paidAt: null };
    const response = await config.http({
      method: 'GET',
      url: `${apiBase}/inApps/v1/transactions/${encodeURIComponent(ref.providerTxnId)}`,
      headers: { authorization: `Bearer ${apiToken()}`, accept: 'application/json', 'x-request-id': randomUUID() },
    });
    // 4040010 TransactionIdNotFoundError: Apple has no such transaction.
    if (response.status === 404) return { state: 'NOTPAY', providerTxnId: null, amountFen: null, paidAt: null };
    if (response.status !== 200) throw new Error(`apple: transaction lookup answered ${response.status}`);
    let signedTransactionInfo: unknown;
    try {
      signedTransactionInfo = (JSON.parse(response.body) as { signedTransactionInfo?: unknown }).signedTransactionInfo;
    } catch {
      throw new Error('apple: transaction lookup answered no JSON');
    }
    if (typeof signedTransactionInfo !== 'string')
      throw new Error('apple: transaction lookup without signedTransactionInfo');
    const result = await verifySignedTransactionAllowingRevoked(signedTransactionInfo);
    if (!result.ok) throw new Error(result.reason);
    const transaction = result.transaction;
    if (ref.appAccountToken && transaction.appAccountToken !== ref.appAccountToken) {
      throw new Error('apple: looked-up transaction belongs to another order');
    }
    return {
      state: transaction.revocationDate !== undefined ? 'REFUNDED' : 'PAID',
      providerTxnId: transaction.transactionId!,
      amountFen: amountFenOf(transaction),
      paidAt: transaction.purchaseDate !== undefined ? new Date(transaction.purchaseDate).toISOString() : null,
    };
  }

  async function verifySignedTransactionAllowingRevoked(
    jws: string,
  ): Promise<{ ok: true; transaction: JWSTransactionDecodedPayload } | { ok: false; reason: string }> {
    let transaction: JWSTransactionDecodedPayload;
    try {
      transaction = await verifier.verifyAndDecodeTransaction(jws);
    } catch (error) {
      return { ok: false, reason: failure(error) };
    }
    const problem = await checkTransaction(transaction, { revoked: 'allow' });
    return problem ? { ok: false, reason: problem } : { ok: true, transaction };
  }

  return {
    name: 'apple',
    async createPayment(order: ProviderOrder) {
      // No provider call: the app buys in StoreKit and sends us the signed transaction.
      const productId = order.appleProductId;
      if (!productId || !(await isOurs(productId))) {
        throw new Error(`apple: no StoreKit product for order ${order.outTradeNo}`);
      }
      if (!order.appAccountToken || !UUID.test(order.appAccountToken)) {
        throw new Error(`apple: order ${order.outTradeNo} has no UUID appAccountToken`);
      }
      return {
        kind: 'apple' as const,
        productId,
        appAccountToken: order.appAccountToken,
        storeKitScript: config.storeKitScript ?? null,
      };
    },
    query,
    async close() {
      // Nothing to close: an unfinished StoreKit purchase leaves no trade at Apple.
    },
    async refund() {
      return { ok: false, message: APPLE_REFUND_MESSAGE };
    },
    verifyNotification,
    verifySignedTransaction,
    apiToken,
    replyAccepted(): ProviderReply {
      return { status: 200, body: null };
    },
    replyRejected(): ProviderReply {
      // Apple retries on 40x/50x (1, 12, 24, 48, 72 h).
      return { status: 400, body: null };
    },
  };
}
