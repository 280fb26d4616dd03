// Activities, growth and app integration (issue 18; PAGES.md §3.13, §3.14; ADR 0025). One activity table drives
// every campaign page (period, rules, per-activity config); coupons are rows a user holds and an order may use one
// of; invitations tie an inviter's code to an invitee's phone and device and reward once; msglinks are the signed
// short links of SMS alerts, weekly reports and orders; channel marks, the channel a user came from and the
// first-party tracking events are append-only.
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * 活动. kind: sale | trial | invitation | topic | showcase | landing. ends_at null: permanent. disabled: taken down
 * by ops (shows as ended). rules: the lines shown under 活动规则. config: what the activity's page needs (sale items,
 * trial days, coupon templates, topics …), validated by the activity's own module.
 */
export const activity = pgTable('activity', {
  code: text('code').primaryKey(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  startsAt: at('starts_at').notNull(),
  endsAt: at('ends_at'),
  rules: jsonb('rules').$type<string[]>().notNull(),
  config: jsonb('config').$type<Record<string, unknown>>().notNull(),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A once-per-person claim of an activity (新人会员 trial, a 双11 coupon pack …): once per user, once per phone and
 * once per device. device_id: the fjt_did cookie (null when the client sent none; then the user and phone rules
 * still hold).
 */
export const activityClaim = pgTable(
  'activity_claim',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    activityCode: text('activity_code').notNull(),
    /** What was claimed inside the activity ('trial', a coupon template code …). */
    item: text('item').notNull().default(''),
    userId: integer('user_id').notNull(),
    phone: text('phone').notNull(),
    deviceId: text('device_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('activity_claim_user_idx').on(t.activityCode, t.item, t.userId),
    uniqueIndex('activity_claim_phone_idx').on(t.activityCode, t.item, t.phone),
    index('activity_claim_device_idx').on(t.activityCode, t.item, t.deviceId),
  ],
);

/**
 * 优惠券 a user holds. kind: amount (amount_fen off) | discount (pay discount_pct percent of the price, e.g. 80 =
 * 8折). min_fen: the least order amount it applies to. product_kinds: the order kinds it applies to (empty: all).
 * One coupon per order; used_order_no is set in the order's transaction and cleared when the order closes unpaid.
 * (source, source_ref) makes every grant happen once.
 */
export const coupon = pgTable(
  'coupon',
  {
    id: serial('id').primaryKey(),
    /** Shown to the user ('QJ' + 12 digits). */
    couponNo: text('coupon_no').notNull(),
    userId: integer('user_id').notNull(),
    /** The template it was made from (INVITE_NEW, D11_20 …), kept for reports. */
    template: text('template').notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    amountFen: integer('amount_fen'),
    discountPct: smallint('discount_pct'),
    minFen: integer('min_fen').notNull().default(0),
    productKinds: jsonb('product_kinds').$type<string[]>().notNull(),
    /** invitation | invitee | activity | grant. */
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    usedOrderNo: text('used_order_no'),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_no_idx').on(t.couponNo),
    uniqueIndex('coupon_source_idx').on(t.source, t.sourceRef),
    index('coupon_user_idx').on(t.userId, t.validUntil),
    uniqueIndex('coupon_order_idx').on(t.usedOrderNo),
  ],
);

/** A user's permanent invitation code (6 characters of an unambiguous alphabet). */
export const invitationCode = pgTable(
  'invitation_code',
  {
    userId: integer('user_id').primaryKey(),
    code: text('code').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invitation_code_code_idx').on(t.code)],
);

/**
 * One invitee per phone, ever. status: claimed (coupon given to the invitee) | rewarded (the inviter got the reward,
 * after the invitee's verified login or first paid order) | refused (abuse rule: refuse_reason). variant: the
 * activity code it came through (invitation, invitation2, or '' for the hub).
 */
export const invitation = pgTable(
  'invitation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inviterId: integer('inviter_id').notNull(),
    inviteePhone: text('invitee_phone').notNull(),
    inviteeUserId: integer('invitee_user_id'),
    deviceId: text('device_id'),
    variant: text('variant').notNull().default(''),
    status: text('status').notNull(),
    refuseReason: text('refuse_reason'),
    createdAt: at('created_at').notNull().defaultNow(),
    rewardedAt: at('rewarded_at'),
  },
  (t) => [
    uniqueIndex('invitation_phone_idx').on(t.inviteePhone),
    index('invitation_inviter_idx').on(t.inviterId, t.createdAt),
    index('invitation_device_idx').on(t.deviceId),
    // the reward hooks run on every login and every paid order: they look the user up as an invitee
    index('invitation_invitee_user_idx').on(t.inviteeUserId),
  ],
);

/**
 * A signed short link (/activity/msglink?code=…) sent in an SMS alert, a weekly report or an order message. The code
 * is the id and an HMAC over it, so a guessed or altered code is refused before any lookup; expires_at bounds it.
 */
export const msgLink = pgTable(
  'msg_link',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** alert | weekly | order | activity. */
    kind: text('kind').notNull(),
    /** Same-origin path it resolves to. */
    target: text('target').notNull(),
    userId: integer('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    clicks: integer('clicks').notNull().default(0),
    lastClickedAt: at('last_clicked_at'),
  },
  (t) => [index('msg_link_user_idx').on(t.userId)],
);

/** POST ubt/api/channel/mark: a visit that arrived through a channel (download, promotion, ad landing). */
export const channelMark = pgTable(
  'channel_mark',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelCode: text('channel_code').notNull(),
    clientType: text('client_type').notNull(),
    /** The landing page's route id. */
    page: text('page').notNull().default(''),
    deviceId: text('device_id'),
    userId: integer('user_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('channel_mark_device_idx').on(t.deviceId, t.createdAt), index('channel_mark_day_idx').on(t.createdAt)],
);

/** The channel a user is attributed to: the device's latest channel mark before their first login (last touch). */
export const userChannel = pgTable('user_channel', {
  userId: integer('user_id').primaryKey(),
  channelCode: text('channel_code').notNull(),
  deviceId: text('device_id'),
  attributedAt: at('attributed_at').notNull().defaultNow(),
});

/**
 * First-party tracking events (POST ubt/api/events), append-only. month (yyyymm) is the partition key a PostgreSQL
 * deployment may partition by; the embedded database keeps one table. type: view | click. spm: the a.b.c.d
 * position code of a tap ('' for a view).
 */
export const ubtEvent = pgTable(
  'ubt_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    month: integer('month').notNull(),
    at: at('at').notNull(),
    receivedAt: at('received_at').notNull().defaultNow(),
    type: text('type').notNull(),
    page: text('page').notNull(),
    spm: text('spm').notNull().default(''),
    deviceId: text('device_id'),
    userId: integer('user_id'),
    channelCode: text('channel_code'),
    props: jsonb('props').$type<Record<string, string | number | boolean>>(),
  },
  (t) => [index('ubt_event_month_at_idx').on(t.month, t.at), index('ubt_event_device_idx').on(t.deviceId)],
);

/** A signed-in user's 隐私 choice in /profile/info: no tracking events are stored for them. */
export const trackingOptOut = pgTable('tracking_opt_out', {
  userId: integer('user_id').primaryKey(),
  createdAt: at('created_at').notNull().defaultNow(),
});
