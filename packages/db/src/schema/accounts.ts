// Accounts (issue 11): users signed in by phone + SMS code, their sessions, and the SMS the sandbox gateway
// "sends". A session token is 256 random bits handed to the client once; only its SHA-256 is stored, so a copy of
// this table signs nobody in. A code is stored hashed as well, with its tries and its single use.
import {
  bigserial,
  index,
  integer,
  pgTable,
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
