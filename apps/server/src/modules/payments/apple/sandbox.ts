// The Apple side of the sandbox gateway (issue 12; research/payments.md §3 and §6), mounted under /__sandbox/apple
// in PAY_MODE=sandbox. It plays the App Store: StoreKit purchases that answer a signed transaction JWS (ES256, x5c
// = [leaf, intermediate, root] of keys.ts), the App Store Server API's transaction lookup (bearer JWT checked), and
// App Store Server Notifications V2 (signedPayload) delivered by the shared notifier with Apple's retry table.
//   POST /purchase {productId, appAccountToken, outTradeNo?, tamper?, notify?} → {signedTransaction}
//   GET  /inApps/v1/transactions/{transactionId}   (Authorization: Bearer <ES256 JWT>) → {signedTransactionInfo}
//   GET  /products/{productId}                      → what the App Store sells it as (the StoreKit sheet shows it)
//   GET  /storekit.js                               → window.fjtStoreKit.purchase({productId, appAccountToken})
// Apple never learns our order numbers: a purchase is filed under outTradeNo when the caller gives it (tests),
// otherwise under its appAccountToken (the order's UUID), and the control routes name the trade by that key.
import { createHash, randomInt, verify as verifySignature } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { Environment, NotificationTypeV2, RevocationReason, Type } from '@apple/app-store-server-library';
import { ORDER_NO_PATTERN, ORDER_TIMEOUT_MS } from '@fjt/domain';
import type {
  NotifyOptions,
  SandboxContext,
  SandboxNotification,
  SandboxProvider,
  SandboxTrade,
  Tamper,
  TradeEvent,
} from '../sandbox/types.ts';
import { TAMPERS } from '../sandbox/types.ts';
import { signEs256, type AppleSandboxKeys, type AppleSigningChain } from './keys.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Apple resends a notification our server refused at 1, 12, 24, 48 and 72 h (research/payments.md §3, P2). */
export const APPLE_RETRY_SCHEDULE_MS: readonly number[] = [1 * HOUR, 12 * HOUR, 24 * HOUR, 48 * HOUR, 72 * HOUR];
export const APPLE_NOTIFY_PATH = '/rabbit/v1/customer/pay/notify/apple';
/** The 'amount' tamper's product: validly signed, but not one we sell (and a price of ¥0.01). */
export const APPLE_TAMPERED_PRODUCT_ID = 'com.fangjiatong.tampered';
/** China mainland storefront. */
const STOREFRONT = { storefront: 'CHN', storefrontId: '143465' } as const;

export type AppleProductType = Type.CONSUMABLE | Type.NON_RENEWING_SUBSCRIPTION;
export interface AppleSandboxProduct {
  title: string;
  priceFen: number;
  type: AppleProductType;
}

export interface AppleSandboxConfig {
  keys: AppleSandboxKeys;
  bundleId: string;
  /** StoreKit product id → what the App Store sells it as: a table, or a look-up in our catalogue. */
  products:
    | Readonly<Record<string, AppleSandboxProduct>>
    | ((productId: string) => AppleSandboxProduct | null | undefined | Promise<AppleSandboxProduct | null | undefined>);
  /** Where App Store Server Notifications go (the URL set in App Store Connect); PUBLIC_ORIGIN is put before it. */
  notifyPath?: string;
}

export interface AppleTransactionOptions {
  tamper?: Tamper | undefined;
  /** The JWS's signedDate (virtual-clock ms). */
  signedDate: number;
}

export interface AppleSandbox extends SandboxProvider {
  readonly name: 'apple';
  /** The trade's transaction as Apple signs it (what /purchase and the lookup answer). */
  signedTransaction(trade: SandboxTrade, options: AppleTransactionOptions): string;
  /** A V2 notification of any type for a trade (buildNotification uses it; tests use it for REFUND_REVERSED). */
  notification(
    trade: SandboxTrade,
    notificationType: NotificationTypeV2,
    options: AppleTransactionOptions & { revoked: boolean },
  ): SandboxNotification;
}

const purchaseBody = z.object({
  productId: z.string().min(1).max(128),
  appAccountToken: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  outTradeNo: z.string().regex(ORDER_NO_PATTERN).optional(),
  /** Tampers the returned signedTransaction (the confirm path's tests). */
  tamper: z.enum(TAMPERS as [Tamper, ...Tamper[]]).optional(),
  /** Passed to the notifier for the ONE_TIME_CHARGE notification. */
  notify: z
    .object({
      delayMs: z.number().int().min(0).optional(),
      duplicates: z.number().int().min(0).max(1000).optional(),
      tamper: z.enum(TAMPERS as [Tamper, ...Tamper[]]).optional(),
      reorder: z.boolean().optional(),
    })
    .optional(),
});

const STOREKIT_SCRIPT = readFileSync(new URL('./storekit.js', import.meta.url), 'utf8');

/** Apple's API error bodies ({errorCode, errorMessage}). */
function apiError(reply: FastifyReply, status: number, errorCode: number, errorMessage: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ errorCode, errorMessage });
}

/** A UUID-shaped id derived from a string: the same event's copies share it (Apple dedupes by notificationUUID). */
function uuidOf(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Corrupts a compact JWS's signature (the 'sign' tamper): same header and payload, a signature that fails. */
function corruptSignature(jws: string): string {
  const [header, payload, signature] = jws.split('.') as [string, string, string];
  const bytes = Buffer.from(signature, 'base64url');
  bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x01;
  bytes[0] = bytes[0]! ^ 0x80;
  return `${header}.${payload}.${bytes.toString('base64url')}`;
}

export function createAppleSandbox(config: AppleSandboxConfig): AppleSandbox {
  const { keys, bundleId } = config;
  const notifyPath = config.notifyPath ?? APPLE_NOTIFY_PATH;
  const issuedTransactionIds = new Set<string>();
  let context: SandboxContext | undefined;
  const clockNow = () => context?.clock.now() ?? Date.now();

  function newTransactionId(): string {
    for (;;) {
      const id = `2000001${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
      if (!issuedTransactionIds.has(id)) {
        issuedTransactionIds.add(id);
        return id;
      }
    }
  }

  /** Product types by id, remembered at purchase (the notifications and lookups are built synchronously). */
  const productTypes = new Map<string, AppleProductType>();
  async function productOf(productId: string): Promise<AppleSandboxProduct | null> {
    const products = config.products;
    const product =
      typeof products === 'function'
        ? await products(productId)
        : Object.prototype.hasOwnProperty.call(products, productId)
          ? products[productId]
          : undefined;
    if (product) productTypes.set(productId, product.type);
    return product ?? null;
  }

  function chainFor(tamper: Tamper | undefined): AppleSigningChain {
    return tamper === 'serial' ? keys.untrusted : keys.trusted;
  }

  /** signedDate outside the leaf's validity (the 'timestamp' tamper): the chain check at signedDate fails. */
  function signedDateFor(tamper: Tamper | undefined, signedDate: number): number {
    return tamper === 'timestamp' ? keys.trusted.leafNotBefore.getTime() - 2 * DAY : signedDate;
  }

  function sign(payload: unknown, tamper: Tamper | undefined): string {
    const chain = chainFor(tamper);
    const jws = signEs256({ x5c: chain.x5c }, payload, chain.leafKey);
    return tamper === 'sign' ? corruptSignature(jws) : jws;
  }

  /** JWSTransactionDecodedPayload as Apple signs it for a one-time purchase. */
  function transactionPayload(trade: SandboxTrade, options: AppleTransactionOptions & { revoked: boolean }) {
    const purchaseDate = trade.paidAt ?? trade.createdAt;
    const amount = options.tamper === 'amount';
    return {
      transactionId: trade.providerTxnId,
      originalTransactionId: trade.providerTxnId,
      bundleId,
      productId: amount ? APPLE_TAMPERED_PRODUCT_ID : trade.extra.productId,
      purchaseDate,
      originalPurchaseDate: purchaseDate,
      quantity: 1,
      type: productTypes.get(trade.extra.productId ?? '') ?? Type.CONSUMABLE,
      appAccountToken: trade.extra.appAccountToken,
      inAppOwnershipType: 'PURCHASED',
      signedDate: signedDateFor(options.tamper, options.signedDate),
      environment: Environment.SANDBOX,
      transactionReason: 'PURCHASE',
      ...STOREFRONT,
      // Milliunits of the currency: ¥30.00 → 30000.
      price: amount ? 10 : trade.amountFen * 10,
      currency: 'CNY',
      ...(options.revoked
        ? {
            revocationDate: trade.refundedAt ?? options.signedDate,
            revocationReason: RevocationReason.REFUNDED_FOR_OTHER_REASON,
          }
        : {}),
    };
  }

  function signedTransaction(trade: SandboxTrade, options: AppleTransactionOptions): string {
    const payload = transactionPayload(trade, { ...options, revoked: trade.state === 'REFUNDED' });
    return sign(payload, options.tamper);
  }

  function notification(
    trade: SandboxTrade,
    notificationType: NotificationTypeV2,
    options: AppleTransactionOptions & { revoked: boolean },
  ): SandboxNotification {
    const { tamper } = options;
    const notificationUUID = uuidOf(`${bundleId}:${trade.providerTxnId}:${notificationType}:${tamper ?? ''}`);
    // The transaction inside is signed on its own; the tampers that break a chain or a date break both.
    // ('sign' corrupts the outer signature only, 'amount' changes the transaction only.)
    const signedTransactionInfo = sign(transactionPayload(trade, options), tamper === 'sign' ? undefined : tamper);
    const payload = {
      notificationType,
      notificationUUID,
      data: {
        bundleId,
        environment: Environment.SANDBOX,
        signedTransactionInfo,
      },
      version: '2.0',
      signedDate: signedDateFor(tamper, options.signedDate),
    };
    const body = JSON.stringify({ signedPayload: sign(payload, tamper) });
    return {
      notifyId: notificationUUID,
      contentType: 'application/json',
      headers: { 'content-type': 'application/json' },
      body,
    };
  }

  function buildNotification(trade: SandboxTrade, event: TradeEvent, tamper?: Tamper): SandboxNotification | null {
    switch (event) {
      case 'PAID':
        return notification(trade, NotificationTypeV2.ONE_TIME_CHARGE, {
          tamper,
          signedDate: trade.paidAt ?? clockNow(),
          revoked: false,
        });
      case 'REFUNDED':
        return notification(trade, NotificationTypeV2.REFUND, {
          tamper,
          signedDate: trade.refundedAt ?? clockNow(),
          revoked: true,
        });
      case 'CLOSED':
        // Apple has no such notification: a cancelled StoreKit sheet creates no transaction.
        return null;
    }
  }

  /** The App Store Server API's bearer check: ES256 by our API key, kid, iss, aud, bid, iat/exp (≤ 60 min). */
  function bearerValid(authorization: string | undefined, now: number): boolean {
    const match = /^Bearer ([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
    if (!match) return false;
    const [, headerPart, payloadPart, signaturePart] = match as unknown as [string, string, string, string];
    try {
      const header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8')) as Record<string, unknown>;
      const payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (header.alg !== 'ES256' || header.typ !== 'JWT' || header.kid !== keys.api.keyId) return false;
      const signatureOk = verifySignature(
        'sha256',
        Buffer.from(`${headerPart}.${payloadPart}`),
        { key: keys.apiPublicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signaturePart, 'base64url'),
      );
      if (!signatureOk) return false;
      const { iss, iat, exp, aud, bid } = payload;
      if (iss !== keys.api.issuerId || aud !== 'appstoreconnect-v1' || bid !== bundleId) return false;
      if (typeof iat !== 'number' || typeof exp !== 'number') return false;
      if (exp - iat > 60 * 60 || exp * 1000 <= now || iat * 1000 > now + 60_000) return false;
      return true;
    } catch {
      return false;
    }
  }

  const routes =
    (ctx: SandboxContext): FastifyPluginAsync =>
    async (app) => {
      context = ctx;

      app.get('/storekit.js', async (_request, reply) =>
        reply
          .header('content-type', 'application/javascript; charset=utf-8')
          .header('cache-control', 'no-cache')
          .send(STOREKIT_SCRIPT),
      );

      app.get<{ Params: { productId: string } }>('/products/:productId', async (request, reply) => {
        const { productId } = request.params;
        const product = productId.length <= 128 ? await productOf(productId) : null;
        if (!product) return apiError(reply, 404, 4040003, 'Product not found.');
        return reply.header('cache-control', 'no-store').send({
          productId,
          title: product.title,
          priceFen: product.priceFen,
          displayPrice: `¥${(product.priceFen / 100).toFixed(2)}`,
          type: product.type,
        });
      });

      app.post('/purchase', async (request, reply) => {
        const parsed = purchaseBody.safeParse(request.body);
        if (!parsed.success) return apiError(reply, 400, 4000000, 'Invalid request.');
        const { productId, appAccountToken, outTradeNo, tamper, notify } = parsed.data;
        const product = await productOf(productId);
        if (!product) return apiError(reply, 400, 4000023, 'Invalid product id.');
        const key = outTradeNo ?? appAccountToken;
        const now = ctx.clock.now();
        const existing = ctx.trades.get('apple', key);
        if (
          existing &&
          (existing.extra.productId !== productId || existing.extra.appAccountToken !== appAccountToken)
        ) {
          return apiError(reply, 409, 4090000, 'Another purchase is filed under this order.');
        }
        if (!existing) {
          const transactionId = newTransactionId();
          ctx.trades.upsert({
            provider: 'apple',
            outTradeNo: key,
            providerTxnId: transactionId,
            amountFen: product.priceFen,
            subject: product.title,
            notifyUrl: `${ctx.publicOrigin}${notifyPath}`,
            returnUrl: '',
            expiresAt: now + ORDER_TIMEOUT_MS,
            extra: { productId, appAccountToken, transactionId, bundleId },
          });
        }
        const trade = ctx.trades.get('apple', key)!;
        if (trade.state === 'NOTPAY') {
          const options: NotifyOptions = {};
          if (notify?.delayMs !== undefined) options.delayMs = notify.delayMs;
          if (notify?.duplicates !== undefined) options.duplicates = notify.duplicates;
          if (notify?.tamper !== undefined) options.tamper = notify.tamper;
          if (notify?.reorder !== undefined) options.reorder = notify.reorder;
          if (!ctx.settle('apple', key, 'PAID', options)) {
            return apiError(reply, 409, 4090001, 'The purchase could not be completed.');
          }
        } else if (trade.state !== 'PAID') {
          // A purchase of a closed or refunded trade: the same token buys nothing twice.
          return apiError(reply, 409, 4090001, 'The purchase could not be completed.');
        }
        const paid = ctx.trades.get('apple', key)!;
        return reply
          .header('cache-control', 'no-store')
          .send({ signedTransaction: signedTransaction(paid, { tamper, signedDate: now }) });
      });

      app.get<{ Params: { transactionId: string } }>(
        '/inApps/v1/transactions/:transactionId',
        async (request, reply) => {
          const now = ctx.clock.now();
          if (!bearerValid(request.headers.authorization, now)) {
            // Apple answers 401 with no body when the JWT is missing, expired or not ours.
            return reply.code(401).header('cache-control', 'no-store').send('');
          }
          const { transactionId } = request.params;
          const trade = /^\d{1,20}$/.test(transactionId)
            ? ctx.trades.byExtra('apple', 'transactionId', transactionId)
            : undefined;
          if (!trade || (trade.state !== 'PAID' && trade.state !== 'REFUNDED')) {
            return apiError(reply, 404, 4040010, 'Transaction id not found.');
          }
          return reply
            .header('cache-control', 'no-store')
            .send({ signedTransactionInfo: signedTransaction(trade, { signedDate: now }) });
        },
      );
    };

  return {
    name: 'apple',
    retryScheduleMs: APPLE_RETRY_SCHEDULE_MS,
    buildNotification,
    accepted: (reply) => reply.status >= 200 && reply.status <= 206,
    routes,
    signedTransaction,
    notification,
  };
}
