// Accounts (issue 11): users signed in by phone + SMS code, their sessions, and the SMS the sandbox gateway
// "sends". A session token is 256 random bits handed to the client once; only its SHA-256 is stored, so a copy of
// this table signs nobody in. A code is stored hashed as well, with its tries and its single use.
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    nickname: text('nickname'),
    /** A key of the built-in avatar set; null: the default one. */
    avatar: text('avatar'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** Set when the account is deleted (personal data erased, the row kept for anonymised orders). */
    deletedAt: at('deleted_at'),
  },
  (t) => [uniqueIndex('users_phone_idx').on(t.phone)],
);

/** kind: web (cookie) | app (token header of the native app). */
export const sessions = pgTable(
  'sessions',
  {
    /** hex SHA-256 of the token. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** What the sandbox SMS gateway wrote instead of sending (read by /dev/sms and dev/sms-outbox). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    template: text('template').notNull(),
    /** The code of a login message; null for other templates. */
    code: text('code'),
    /** The template parameters as sent (JSON text). */
    params: text('params').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.id)],
);

/** One login code sent to a phone: valid until expires_at, used once, void after 5 wrong tries. */
export const smsChallenges = pgTable(
  'sms_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    /** hex SHA-256 of phone:code. */
    codeHash: text('code_hash').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    wrongTries: smallint('wrong_tries').notNull().default(0),
  },
  (t) => [index('sms_challenges_phone_idx').on(t.phone, t.id)],
);

/**
 * 订阅 (issue 11): a user follows an estate, plate, new-house project, author or column. A muted subscription
 * stays listed but gets no price-change messages.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** estate | plate | project | author | column. */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    muted: boolean('muted').notNull().default(false),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_target_idx').on(t.userId, t.targetType, t.targetId),
    index('subscriptions_target_idx').on(t.targetType, t.targetId),
  ],
);

/** 收藏: a user keeps an estate or a listing. */
export const favorites = pgTable(
  'favorites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** estate | listing. */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favorites_user_target_idx').on(t.userId, t.targetType, t.targetId)],
);

/**
 * 消息: what the price-change alert job (and later issues) tell a user. dedupe_key makes a rerun of the job write
 * nothing twice (e.g. deal:123, cut:45:2, month:2026-10).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** deal | price_cut | monthly_avg (alerts); later issues add their own kinds. */
    kind: text('kind').notNull(),
    estateId: integer('estate_id'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Same-origin path the message opens. */
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
  },
  (t) => [
    uniqueIndex('messages_user_dedupe_idx').on(t.userId, t.dedupeKey),
    index('messages_user_id_idx').on(t.userId, t.id),
  ],
);

/** Where a background job got to (the alert job's last deal, last price change, last month seen). */
export const jobState = pgTable('job_state', {
  name: text('name').primaryKey(),
  state: jsonb('state').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** Staff roles: ops | support | agent | moderator. Granted by `npm run ops -- staff add`. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: integer('user_id').notNull(),
    role: text('role').notNull(),
    grantedAt: at('granted_at').notNull().defaultNow(),
    /** The staff user who granted it; null for the command line. */
    grantedBy: integer('granted_by'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Every staff action and money movement (append only). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The staff user; null for the system or the command line. */
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** What changed (JSON). */
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_actor_idx').on(t.actorId, t.id), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);
