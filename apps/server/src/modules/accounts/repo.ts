// SQL of the accounts: users, sessions (looked up by the token's hash), SMS challenges and the sandbox outbox.
// Every time is passed in (the service's clock), so tests can move it.
import { createHash } from 'node:crypto';
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import { safeRedirectPath } from '@fjt/domain';

/**
 * What a deleted account's phone becomes where a rule must still recognise it (an invitee's phone, a campaign
 * claim's): its SHA-256, so "once per phone" holds without the number.
 */
export const phoneHash = (phone: string) => `sha256:${createHash('sha256').update(phone).digest('hex')}`;

export interface SessionRow {
  userId: number;
  phone: string;
  nickname: string | null;
  avatar: string | null;
  kind: string;
  /** last_seen_at is more than a day old: extend the session. */
  stale: boolean;
}

export interface ChallengeRow {
  id: number;
  codeHash: string;
  wrongTries: number;
}

const iso = (d: Date) => d.toISOString();

export function createAccountsRepo(db: Database) {
  return {
    async writeOutbox(m: { phone: string; template: string; code: string | null; params: string }) {
      await db.execute(
        sql`INSERT INTO sms_outbox (phone, template, code, params) VALUES (${m.phone}, ${m.template}, ${m.code}, ${m.params})`,
      );
    },

    async outbox(phone: string | undefined, limit: number) {
      const rows = await queryRows<{
        phone: string;
        template: string;
        code: string | null;
        createdAt: string;
        params: string;
      }>(
        db,
        sql`SELECT phone, template, code, ${isoText('created_at')} AS "createdAt", params FROM sms_outbox
            ${phone ? sql`WHERE phone = ${phone}` : sql``} ORDER BY id DESC LIMIT ${limit}`,
      );
      // the short link an alert SMS carries (issue 18), for the sandbox page to open
      return rows.map(({ params, ...row }) => ({ ...row, link: linkParam(params) }));
    },

    async createChallenge(phone: string, codeHash: string, expiresAt: Date) {
      await db.execute(
        sql`INSERT INTO sms_challenges (phone, code_hash, expires_at) VALUES (${phone}, ${codeHash}, ${iso(expiresAt)}::timestamptz)`,
      );
    },

    /** The phone's latest code that is unused and not expired. */
    async liveChallenge(phone: string, now: Date): Promise<ChallengeRow | null> {
      const [row] = await queryRows<ChallengeRow>(
        db,
        sql`SELECT id::int AS id, code_hash AS "codeHash", wrong_tries AS "wrongTries" FROM sms_challenges
            WHERE phone = ${phone} AND used_at IS NULL AND expires_at > ${iso(now)}::timestamptz
            ORDER BY id DESC LIMIT 1`,
      );
      return row ?? null;
    },

    /** Counts a wrong try (at most `max`); the new count. */
    async wrongTry(id: number, max: number): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`UPDATE sms_challenges SET wrong_tries = wrong_tries + 1 WHERE id = ${id} AND wrong_tries < ${max}
            RETURNING wrong_tries AS n`,
      );
      return row?.n ?? max;
    },

    /** Uses the code once: false when another request used it first or it was voided meanwhile. */
    async useChallenge(id: number, maxWrong: number, now: Date): Promise<boolean> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`UPDATE sms_challenges SET used_at = ${iso(now)}::timestamptz
            WHERE id = ${id} AND used_at IS NULL AND wrong_tries < ${maxWrong} RETURNING id::int AS id`,
      );
      return rows.length === 1;
    },

    /** The user of a phone, created on its first login. */
    async userOfPhone(phone: string, now: Date) {
      const [row] = await queryRows<{ id: number; phone: string; nickname: string | null; avatar: string | null }>(
        db,
        sql`INSERT INTO users (phone, created_at) VALUES (${phone}, ${iso(now)}::timestamptz)
            ON CONFLICT (phone) DO UPDATE SET phone = EXCLUDED.phone
            RETURNING id, phone, nickname, avatar`,
      );
      return row!;
    },

    async createSession(s: { tokenHash: string; userId: number; kind: string; now: Date; expiresAt: Date }) {
      await db.execute(
        sql`INSERT INTO sessions (token_hash, user_id, kind, created_at, last_seen_at, expires_at)
            VALUES (${s.tokenHash}, ${s.userId}, ${s.kind}, ${iso(s.now)}::timestamptz, ${iso(s.now)}::timestamptz,
                    ${iso(s.expiresAt)}::timestamptz)`,
      );
    },

    /** The live session of a token hash with its user; null for unknown, expired, revoked or deleted. */
    async session(tokenHash: string, now: Date): Promise<SessionRow | null> {
      const [row] = await queryRows<SessionRow>(
        db,
        sql`SELECT s.user_id AS "userId", u.phone, u.nickname, u.avatar, s.kind,
                   s.last_seen_at < ${iso(now)}::timestamptz - interval '1 day' AS stale
            FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > ${iso(now)}::timestamptz
              AND u.deleted_at IS NULL`,
      );
      return row ?? null;
    },

    async extendSession(tokenHash: string, now: Date, expiresAt: Date) {
      await db.execute(
        sql`UPDATE sessions SET last_seen_at = ${iso(now)}::timestamptz, expires_at = ${iso(expiresAt)}::timestamptz
            WHERE token_hash = ${tokenHash} AND revoked_at IS NULL`,
      );
    },

    async revokeSession(tokenHash: string, now: Date) {
      await db.execute(
        sql`UPDATE sessions SET revoked_at = ${iso(now)}::timestamptz WHERE token_hash = ${tokenHash} AND revoked_at IS NULL`,
      );
    },

    async exportOf(userId: number) {
      const [user] = await queryRows<{
        id: number;
        phone: string;
        nickname: string | null;
        avatar: string | null;
        createdAt: string;
      }>(
        db,
        sql`SELECT id, phone, nickname, avatar, ${isoText('created_at')} AS "createdAt" FROM users WHERE id = ${userId}`,
      );
      if (!user) return null;
      const sessions = await queryRows<{
        kind: string;
        createdAt: string;
        lastSeenAt: string;
        expiresAt: string;
        revokedAt: string | null;
      }>(
        db,
        sql`SELECT kind, ${isoText('created_at')} AS "createdAt", ${isoText('last_seen_at')} AS "lastSeenAt",
                   ${isoText('expires_at')} AS "expiresAt", ${isoText('revoked_at')} AS "revokedAt"
            FROM sessions WHERE user_id = ${userId} ORDER BY created_at DESC`,
      );
      const smsMessages = await queryRows<{ template: string; createdAt: string }>(
        db,
        sql`SELECT template, ${isoText('created_at')} AS "createdAt" FROM sms_outbox WHERE phone = ${user.phone}
            ORDER BY id DESC`,
      );
      const subscriptions = await queryRows<{
        targetType: string;
        targetId: number;
        muted: boolean;
        createdAt: string;
      }>(
        db,
        sql`SELECT target_type AS "targetType", target_id AS "targetId", muted, ${isoText('created_at')} AS "createdAt"
            FROM subscriptions WHERE user_id = ${userId} ORDER BY id`,
      );
      const favorites = await queryRows<{ targetType: string; targetId: number; createdAt: string }>(
        db,
        sql`SELECT target_type AS "targetType", target_id AS "targetId", ${isoText('created_at')} AS "createdAt"
            FROM favorites WHERE user_id = ${userId} ORDER BY id`,
      );
      const messages = await queryRows<{
        kind: string;
        title: string;
        content: string;
        createdAt: string;
        readAt: string | null;
      }>(
        db,
        sql`SELECT kind, title, content, ${isoText('created_at')} AS "createdAt", ${isoText('read_at')} AS "readAt"
            FROM messages WHERE user_id = ${userId} ORDER BY id`,
      );
      const staffRoles = await queryRows<{ role: string; grantedAt: string }>(
        db,
        sql`SELECT role, ${isoText('granted_at')} AS "grantedAt" FROM staff_roles WHERE user_id = ${userId} ORDER BY role`,
      );
      return { user, sessions, smsMessages, subscriptions, favorites, messages, staffRoles };
    },

    async updateProfile(userId: number, changes: { nickname?: string | undefined; avatar?: string | undefined }) {
      const [row] = await queryRows<{ id: number; phone: string; nickname: string | null; avatar: string | null }>(
        db,
        sql`UPDATE users SET
              nickname = ${changes.nickname === undefined ? sql`nickname` : changes.nickname},
              avatar = ${changes.avatar === undefined ? sql`avatar` : changes.avatar}
            WHERE id = ${userId} AND deleted_at IS NULL
            RETURNING id, phone, nickname, avatar`,
      );
      return row ?? null;
    },

    /** One transaction: all of it or nothing. */
    async deleteAccount(userId: number, now: Date) {
      await db.transaction(async (tx) => {
        const [user] = await queryRows<{ phone: string }>(
          tx,
          sql`SELECT phone FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`,
        );
        if (!user) return;
        await tx.execute(sql`DELETE FROM sessions WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM subscriptions WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM favorites WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM messages WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM staff_roles WHERE user_id = ${userId}`);
        // the support chat (issue 15): their conversations with every message in them, and the images they uploaded
        await tx.execute(
          sql`DELETE FROM chat_message WHERE conversation_id IN (SELECT id FROM chat_conversation WHERE user_id = ${userId})`,
        );
        await tx.execute(sql`DELETE FROM chat_conversation WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM chat_image WHERE user_id = ${userId}`);
        await tx.execute(
          sql`DELETE FROM sms_challenges WHERE phone = ${user.phone} OR phone LIKE ('%:' || ${user.phone})`,
        );
        await tx.execute(sql`DELETE FROM sms_outbox WHERE phone = ${user.phone}`);
        // issue 18 tracking: their events, their attributed channel and privacy choice; the device's channel marks
        // stay (they count visits) without the user
        await tx.execute(sql`DELETE FROM ubt_event WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM user_channel WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM tracking_opt_out WHERE user_id = ${userId}`);
        await tx.execute(sql`UPDATE channel_mark SET user_id = NULL WHERE user_id = ${userId}`);
        // issue 18: an invitee's phone and a campaign claim's are kept only as their SHA-256 (the once-per-phone
        // rules still match it); their invitation code goes, so nobody can claim through a deleted account
        const hashed = phoneHash(user.phone);
        await tx.execute(sql`UPDATE invitation SET invitee_phone = ${hashed} WHERE invitee_phone = ${user.phone}`);
        await tx.execute(sql`UPDATE activity_claim SET phone = ${hashed} WHERE phone = ${user.phone}`);
        await tx.execute(sql`DELETE FROM invitation_code WHERE user_id = ${userId}`);
        // the unique phone column keeps a placeholder no real number can equal
        await tx.execute(
          sql`UPDATE users SET phone = ${`deleted:${userId}`}, nickname = NULL, avatar = NULL,
                     deleted_at = ${iso(now)}::timestamptz WHERE id = ${userId}`,
        );
      });
    },

    /** The counts of the profile page. */
    async summary(userId: number) {
      const [row] = await queryRows<{
        subscriptions: number;
        favorites: number;
        unreadMessages: number;
        roles: string[] | null;
      }>(
        db,
        sql`SELECT
              (SELECT count(*)::int FROM subscriptions WHERE user_id = ${userId}) AS subscriptions,
              (SELECT count(*)::int FROM favorites WHERE user_id = ${userId}) AS favorites,
              (SELECT count(*)::int FROM messages WHERE user_id = ${userId} AND read_at IS NULL) AS "unreadMessages",
              (SELECT array_agg(role ORDER BY role) FROM staff_roles WHERE user_id = ${userId}) AS roles`,
      );
      return { ...row!, roles: row?.roles ?? [] };
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;

/** params.link of a sandbox SMS when it is a path of this site, else null. */
function linkParam(params: string): string | null {
  try {
    return safeRedirectPath((JSON.parse(params) as { link?: unknown }).link, '') || null;
  } catch {
    return null;
  }
}
