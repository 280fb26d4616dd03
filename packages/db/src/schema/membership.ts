// Membership (issue 12, first increment): the VIP card catalogue, the VIP periods a user holds (stacked end to
// end; each from an order, an exchange code or a staff grant, at most once per source), and the single-use
// exchange codes of /promotion/exchange-vip (stored hashed, shown once when made). Prices are fen (分) and come
// from this catalogue only, never from a client.
import {
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

/** 会员卡. */
export const memberCards = pgTable(
  'member_cards',
  {
    id: serial('id').primaryKey(),
    /** The product code orders name (VIP_MONTH …). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    days: integer('days').notNull(),
    /** 分. */
    price: integer('price').notNull(),
    /** 原价 分. */
    originPrice: integer('origin_price').notNull(),
    /** What a member gets, in display order. */
    rights: jsonb('rights').$type<string[]>().notNull(),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('member_cards_code_idx').on(t.code)],
);

/** A stretch of membership. source: order | code | grant; source_ref: the order no, code id or audit id. */
export const vipPeriods = pgTable(
  'vip_periods',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    days: integer('days').notNull(),
    source: text('source').notNull(),
    sourceRef: text('source_ref').notNull(),
    /** The card of an order or a grant; null for a code. */
    cardCode: text('card_code'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    // an order, a code or a grant gives its days once
    uniqueIndex('vip_periods_source_idx').on(t.source, t.sourceRef),
    index('vip_periods_user_idx').on(t.userId, t.endsAt),
  ],
);

/** 兑换码: single use; only the SHA-256 of the normalised code is stored. */
export const exchangeCodes = pgTable(
  'exchange_codes',
  {
    id: serial('id').primaryKey(),
    codeHash: text('code_hash').notNull(),
    days: integer('days').notNull(),
    /** Who made the batch (staff user) or null for the command line. */
    createdBy: integer('created_by'),
    batch: text('batch').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    redeemedBy: integer('redeemed_by'),
    redeemedAt: at('redeemed_at'),
  },
  (t) => [uniqueIndex('exchange_codes_hash_idx').on(t.codeHash), index('exchange_codes_batch_idx').on(t.batch)],
);
