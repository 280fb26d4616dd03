// 双11 (issue 18, PAGES.md §3.13): the sale items of the double11 activity's config are products of the catalogue's
// kind 'activity' — on sale only while the activity runs (an ended sale's code → 商品不存在或已下架), at the
// config's price, bought through the generic checkout (/common/order). The order freezes what the item stands for
// (orders.grants); once paid it gives that: a VIP card's days through the VIP fulfilment, or a report's entitlement
// through the report fulfilment. The coupons of the config are claimed once per user, phone and device per template
// (activity_claim), then granted by grantCoupon in the same transaction.
import { queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  CAMPAIGN_MESSAGES,
  COUPON_MESSAGES,
  PRODUCT_MESSAGES,
  couponFaceText,
  double11Config,
  saleItemGrant,
  type CouponView,
  type Double11Config,
  type Double11ItemsBody,
  type Double11StateBody,
  type SaleCouponView,
  type SaleItem,
} from '@fjt/domain';
import type { CatalogueEntry, ProductSource } from '../payments/catalogue.ts';
import type { Fulfilment, OrderRow } from '../payments/service.ts';
import { ownsReport } from '../mall/products.ts';
import { couponViewOf, grantCoupon } from '../coupons/service.ts';
import type { Activities } from '../activities/service.ts';
import { claimBlockOf, claimViolationOf, insertClaim, lockClaimDevice, phoneOfUser } from './claims.ts';

const DOUBLE11 = 'double11';

interface ActivityState {
  config: Double11Config;
  running: boolean;
}

/** The double11 activity's config (parsed; an invalid config sells nothing) and whether it runs now; null when absent. */
async function double11Of(activities: Activities, db: Database): Promise<ActivityState | null> {
  const row = await activities.get(DOUBLE11, db).catch((error: unknown) => {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  });
  if (!row) return null;
  const parsed = double11Config.safeParse(row.config);
  return {
    config: parsed.success ? parsed.data : { items: [], coupons: [] },
    running: activities.statusOf(row) === 'running',
  };
}

/** The codes of the items whose grant exists (an active card, an active report), in one query. */
async function itemsOnSale(db: Database, items: readonly SaleItem[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const grants = items.map((i) => ({ code: i.code, ...i.grants }));
  const rows = await queryRows<{ code: string }>(
    db,
    sql`SELECT g.code FROM jsonb_to_recordset(${JSON.stringify(grants)}::jsonb)
          AS g(code text, kind text, "cardCode" text, "productCode" text)
        WHERE (g.kind = 'vip' AND EXISTS (SELECT 1 FROM member_cards WHERE code = g."cardCode" AND active))
           OR (g.kind = 'report' AND EXISTS (SELECT 1 FROM mall_products
                                             WHERE code = g."productCode" AND kind = 'report' AND active))`,
  );
  return new Set(rows.map((r) => r.code));
}

function entryOf(item: SaleItem): CatalogueEntry {
  return {
    kind: 'activity',
    code: item.code,
    title: item.title,
    subtitle: item.subtitle,
    amountFen: item.priceFen,
    originFen: item.originFen,
    lines: item.lines,
    href: '/activity/double11',
    grants: item.grants,
  };
}

/** The catalogue's kind 'activity': the items of a RUNNING double11. */
export function double11Products({ activities }: { activities: Activities }): ProductSource {
  return {
    kind: 'activity',
    async find(db, code) {
      const state = await double11Of(activities, db);
      if (!state?.running) return null;
      const item = state.config.items.find((i) => i.code === code);
      if (!item || !(await itemsOnSale(db, [item])).has(item.code)) return null;
      return entryOf(item);
    },
    async canBuy(tx, userId, entry) {
      const grants = saleItemGrant.safeParse(entry.grants);
      if (grants.success && grants.data.kind === 'report' && (await ownsReport(tx, userId, grants.data.productCode)))
        throw ApiError.conflict(PRODUCT_MESSAGES.owned);
    },
  };
}

/**
 * What a paid activity order gives: the grant frozen on the order when it was made (orders.grants), whatever the
 * sale's config says now — it was sold so. A VIP card's days through the VIP fulfilment (once per order, source
 * 'order', as a card bought at full price), or the report through the report fulfilment as if the report had been
 * bought. A refund takes back the same.
 */
export function double11Fulfilment(deps: { vip: Fulfilment; report: Fulfilment }): Fulfilment {
  /** The order as an order of what it stands for (a card's, a report's product code). */
  function asGranted(order: OrderRow): { fulfilment: Fulfilment; order: OrderRow } {
    const grants = saleItemGrant.safeParse(order.grants);
    if (!grants.success) throw new Error(`activity order ${order.orderNo} has no valid grants`);
    return grants.data.kind === 'vip'
      ? { fulfilment: deps.vip, order: { ...order, productCode: grants.data.cardCode } }
      : { fulfilment: deps.report, order: { ...order, productCode: grants.data.productCode } };
  }
  return {
    async grant(tx, order) {
      const granted = asGranted(order);
      await granted.fulfilment.grant(tx, granted.order);
    },
    async revoke(tx, order) {
      const granted = asGranted(order);
      await granted.fulfilment.revoke(tx, granted.order);
    },
  };
}

const KIND_NAMES: Record<string, string> = { vip: '会员', report: '报告', trade: '成交数据', activity: '活动商品' };

function couponOfferOf(t: Double11Config['coupons'][number]): SaleCouponView {
  return {
    template: t.template,
    title: t.title,
    face: couponFaceText(t),
    kind: t.kind,
    amount: t.kind === 'amount' ? (t.amountFen ?? 0) / 100 : null,
    discountPct: t.kind === 'discount' ? (t.discountPct ?? null) : null,
    minAmount: t.minFen / 100,
    validDays: t.validDays,
    scope: t.productKinds.length ? `${t.productKinds.map((k) => KIND_NAMES[k] ?? k).join('、')}可用` : '全场通用',
  };
}

const CLAIM_REFUSALS = {
  user: COUPON_MESSAGES.alreadyClaimed,
  phone: CAMPAIGN_MESSAGES.couponPhoneClaimed,
  device: CAMPAIGN_MESSAGES.couponDeviceClaimed,
} as const;

export function createDouble11(db: Database, deps: { activities: Activities; now: () => number }) {
  return {
    /** GET activity/double11/items: what is on sale and the coupons (empty once the sale has ended). */
    async items(): Promise<Double11ItemsBody> {
      const state = await double11Of(deps.activities, db);
      if (!state?.running) return { items: [], coupons: [] };
      const onSale = await itemsOnSale(db, state.config.items);
      const items = [];
      for (const item of state.config.items) {
        if (!onSale.has(item.code)) continue;
        items.push({
          code: item.code,
          title: item.title,
          subtitle: item.subtitle,
          badge: item.badge,
          price: item.priceFen / 100,
          originPrice: item.originFen === null ? null : item.originFen / 100,
          lines: item.lines,
          grants: item.grants.kind,
        });
      }
      return { items, coupons: state.config.coupons.map(couponOfferOf) };
    },

    /** GET activity/double11/state: the templates this user has claimed. */
    async state(userId: number): Promise<Double11StateBody> {
      const rows = await queryRows<{ template: string; couponNo: string | null }>(
        db,
        sql`SELECT c.item AS template, k.coupon_no AS "couponNo" FROM activity_claim c
            LEFT JOIN coupon k ON k.source = 'activity' AND k.source_ref = ${`${DOUBLE11}:`} || c.item || ':' || c.user_id
            WHERE c.activity_code = ${DOUBLE11} AND c.user_id = ${userId} ORDER BY c.id`,
      );
      return { claimed: rows };
    },

    /** POST activity/double11/claim: once per user, phone and device per template, in one transaction. */
    async claim(userId: number, template: string, deviceId: string | null): Promise<{ coupon: CouponView }> {
      try {
        return await db.transaction(async (tx) => {
          const activity = await deps.activities.requireRunning(DOUBLE11, tx);
          const parsed = double11Config.safeParse(activity.config);
          const offer = parsed.success ? parsed.data.coupons.find((c) => c.template === template) : undefined;
          if (!offer) throw ApiError.notFound(CAMPAIGN_MESSAGES.couponUnknown);
          const user = await phoneOfUser(tx, userId);
          if (!user) throw ApiError.unauthorized();
          const who = { userId, phone: user.phone, deviceId };
          await lockClaimDevice(tx, DOUBLE11, template, deviceId);
          const block = await claimBlockOf(tx, DOUBLE11, template, who);
          if (block) throw ApiError.conflict(CLAIM_REFUSALS[block]);
          await insertClaim(tx, DOUBLE11, template, who);
          const at = new Date(deps.now());
          const coupon = await grantCoupon(tx, {
            userId,
            template: offer,
            source: 'activity',
            sourceRef: `${DOUBLE11}:${template}:${userId}`,
            now: at,
          });
          if (!coupon) throw ApiError.conflict(COUPON_MESSAGES.alreadyClaimed);
          return { coupon: couponViewOf(coupon, at) };
        });
      } catch (error) {
        const violated = claimViolationOf(error);
        if (violated) throw ApiError.conflict(CLAIM_REFUSALS[violated]);
        throw error;
      }
    },
  };
}

export type Double11 = ReturnType<typeof createDouble11>;
