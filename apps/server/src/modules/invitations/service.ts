// 邀请好友 (issue 18): a user's permanent code, the invitee's claim (the hub's get-coupon and the campaigns' receive
// share this service; they differ in page and variant only) and the inviter's rewards.
//
// Abuse rules, in the claim's transaction: a phone is invited once ever (invitation_phone_idx; a deleted account's
// phone is kept as its SHA-256, still matched); no inviting oneself; only a new user (an account made within
// NEW_USER_WINDOW_MS of the claim, with no paid order) counts; a device (fjt_did) the inviter used or an earlier
// invitee of any inviter used is recorded as refused (no coupon, no reward); at most `dailyCap` invitations per
// inviter per Beijing day. Rewards: VIP days once the invitee's verified login is done (at the claim — it needs a
// SMS login — or, for a variant with rewardOn 'nextLogin', the next login: the login hook), a coupon after the
// invitee's first paid order (the payments afterGrant hook). Each is once per (source, source_ref), so a hook that
// runs twice gives nothing twice.
import { randomInt } from 'node:crypto';
import { z } from 'zod';
import { queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  chinaDay,
  couponTemplate,
  INVITATION_CODE_ALPHABET,
  INVITATION_MESSAGES,
  INVITATION_STATUS_LABELS,
  maskPhone,
  type CouponTemplate,
  type InvitationClaimBody,
  type InvitationInfoBody,
  type InvitationStatus,
} from '@fjt/domain';
import type { Activities } from '../activities/service.ts';
import { phoneHash } from '../accounts/repo.ts';
import { COUPON_COLUMNS, couponRowOf, couponViewOf, grantCoupon, type CouponRow } from '../coupons/service.ts';
import type { OrderRow } from '../payments/service.ts';
import { insertEventRows } from '../tracking/event-buffer.ts';
import { eventRows } from '../tracking/events.ts';

/** A claim counts only for an account made this recently (the sign-up on the claim page). */
const NEW_USER_WINDOW_MS = 30 * 60_000;

const DEFAULT_INVITEE_COUPON: CouponTemplate = {
  template: 'INVITE_NEW',
  title: '新人专享会员券',
  kind: 'amount',
  amountFen: 1000,
  minFen: 0,
  productKinds: ['vip'],
  validDays: 30,
};
const DEFAULT_PAID_REWARD: CouponTemplate = {
  template: 'INVITE_PAID',
  title: '邀请奖励券',
  kind: 'amount',
  amountFen: 2000,
  minFen: 3000,
  productKinds: [],
  validDays: 60,
};

/** The activity's config; each field that is missing or invalid falls back to its default. */
const invitationConfig = z.object({
  inviteeCoupon: couponTemplate.catch(DEFAULT_INVITEE_COUPON),
  paidReward: couponTemplate.catch(DEFAULT_PAID_REWARD),
  loginVipDays: z.number().int().min(0).max(365).catch(7),
  dailyCap: z.number().int().min(0).max(1000).catch(20),
  /** claim: the claim's own SMS login is the verified login; nextLogin: the invitee's next login (the APP's). */
  rewardOn: z.enum(['claim', 'nextLogin']).catch('claim'),
});
type InvitationConfig = z.infer<typeof invitationConfig>;

const invitationConfigOf = (config: Record<string, unknown>): InvitationConfig => invitationConfig.parse(config);

const drawCode = () =>
  Array.from({ length: 6 }, () => INVITATION_CODE_ALPHABET[randomInt(0, INVITATION_CODE_ALPHABET.length)]).join('');

/** The start of the Beijing day holding `t`. */
const beijingDayStart = (t: Date) => new Date(`${chinaDay(t)}T00:00:00+08:00`);

interface InvitationRow {
  id: number;
  inviterId: number;
  inviteePhone: string;
  inviteeUserId: number | null;
  variant: string;
  status: InvitationStatus;
  refuseReason: string | null;
  createdAt: string;
}
const INVITATION_COLUMNS = sql`id::int AS id, inviter_id AS "inviterId", invitee_phone AS "inviteePhone",
  invitee_user_id AS "inviteeUserId", variant, status, refuse_reason AS "refuseReason", created_at AS "createdAt"`;

type GrantDays = (tx: Database, g: { userId: number; days: number; source: 'grant'; ref: string }) => Promise<boolean>;

export function createInvitations(deps: {
  db: Database;
  activities: Activities;
  grantDays: GrantDays;
  publicOrigin: string;
  now: () => number;
}) {
  const { db, activities } = deps;
  /** The activity whose period and config an invitation of `variant` follows ('' is the hub: 'invitation'). */
  const activityOf = (variant: string) => variant || 'invitation';

  async function codeOf(userId: number): Promise<string> {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const [existing] = await queryRows<{ code: string }>(
        db,
        sql`SELECT code FROM invitation_code WHERE user_id = ${userId}`,
      );
      if (existing) return existing.code;
      try {
        await db.execute(
          sql`INSERT INTO invitation_code (user_id, code) VALUES (${userId}, ${drawCode()})
              ON CONFLICT (user_id) DO NOTHING`,
        );
      } catch (error) {
        // the same code drawn for someone else: draw again
        if (!/invitation_code_code_idx|unique|duplicate/i.test(String((error as Error).message))) throw error;
      }
    }
    throw new Error('could not allocate an invitation code');
  }

  /** VIP days for the inviter of `inv`, once (vip_periods source 'grant', ref invitation:<id>). */
  async function rewardLogin(tx: Database, inv: InvitationRow, at: Date) {
    const config = invitationConfigOf((await activities.get(activityOf(inv.variant), tx)).config);
    if (config.loginVipDays > 0) {
      await deps.grantDays(tx, {
        userId: inv.inviterId,
        days: config.loginVipDays,
        source: 'grant',
        ref: `invitation:${inv.id}`,
      });
    }
    await tx.execute(
      sql`UPDATE invitation SET status = 'rewarded', rewarded_at = ${at.toISOString()}::timestamptz
          WHERE id = ${inv.id} AND status = 'claimed'`,
    );
  }

  /** Whether `deviceId` was used by the inviter (their tracked visits, channel marks) or by an earlier invitee. */
  async function deviceReused(tx: Database, inviterId: number, deviceId: string): Promise<boolean> {
    const [row] = await queryRows<{ used: boolean }>(
      tx,
      sql`SELECT (EXISTS (SELECT 1 FROM invitation WHERE device_id = ${deviceId})
               OR EXISTS (SELECT 1 FROM ubt_event WHERE device_id = ${deviceId} AND user_id = ${inviterId})
               OR EXISTS (SELECT 1 FROM channel_mark WHERE device_id = ${deviceId} AND user_id = ${inviterId})
               OR EXISTS (SELECT 1 FROM user_channel WHERE device_id = ${deviceId} AND user_id = ${inviterId})) AS used`,
    );
    return Boolean(row?.used);
  }

  return {
    /**
     * GET invitation/info: my code and share link, the people I invited (masked), my rewards. Notes the device
     * the inviter uses (a tracked view of the hub; `trackedDevice` is null when the browser refuses tracking, and
     * nothing is noted for a user who opted out), so an invitee on it earns nothing.
     */
    async info(userId: number, trackedDevice: string | null): Promise<InvitationInfoBody> {
      const code = await codeOf(userId);
      const t = new Date(deps.now());
      // written at once, not through the events buffer: the invitee check may come right after (the INSERT leaves
      // out a user who opted out)
      if (trackedDevice) {
        await insertEventRows(
          db,
          eventRows(
            [{ type: 'view', page: 'invitation', spm: '', at: t.getTime() }],
            { deviceId: trackedDevice, userId },
            t.getTime(),
          ),
        );
      }
      const [counts] = await queryRows<InvitationInfoBody['counts']>(
        db,
        sql`SELECT count(*) FILTER (WHERE status <> 'refused')::int AS invited,
                   count(*) FILTER (WHERE status = 'rewarded')::int AS rewarded,
                   count(*) FILTER (WHERE status = 'refused')::int AS refused
            FROM invitation WHERE inviter_id = ${userId}`,
      );
      const rows = await queryRows<InvitationRow>(
        db,
        sql`SELECT ${INVITATION_COLUMNS} FROM invitation WHERE inviter_id = ${userId} ORDER BY created_at DESC, id DESC
            LIMIT 200`,
      );
      const coupons = await queryRows<CouponRow>(
        db,
        sql`SELECT ${COUPON_COLUMNS} FROM coupon WHERE user_id = ${userId} AND source = 'invitation'
            ORDER BY created_at DESC, id DESC LIMIT 100`,
      );
      const [days] = await queryRows<{ days: number }>(
        db,
        sql`SELECT coalesce(sum(days), 0)::int AS days FROM vip_periods
            WHERE user_id = ${userId} AND source = 'grant' AND source_ref LIKE 'invitation:%'`,
      );
      const config = invitationConfigOf((await activities.get('invitation')).config);
      return {
        code,
        shareLink: `${deps.publicOrigin}/invitation/getcoupon?code=${code}`,
        counts: counts ?? { invited: 0, rewarded: 0, refused: 0 },
        list: rows.map((r) => ({
          phone: r.inviteePhone.startsWith('sha256:') ? '已注销用户' : maskPhone(r.inviteePhone),
          status: r.status,
          statusText: INVITATION_STATUS_LABELS[r.status],
          reason: r.refuseReason,
          createdAt: new Date(r.createdAt).toISOString(),
        })),
        rewards: { vipDays: days?.days ?? 0, coupons: coupons.map((c) => couponViewOf(couponRowOf(c), t)) },
        dailyCap: config.dailyCap,
      };
    },

    /** POST invitation/get-coupon (variant '') and invitation/receive (its variant): the invitee claims. */
    async claim(input: {
      userId: number;
      code: string;
      deviceId: string | null;
      variant: '' | 'invitation' | 'invitation2';
    }): Promise<InvitationClaimBody> {
      if (!input.deviceId) throw ApiError.badRequest(INVITATION_MESSAGES.noDevice);
      const deviceId = input.deviceId;
      const t = new Date(deps.now());
      return db.transaction(async (tx) => {
        const activity = await activities.requireRunning(activityOf(input.variant), tx);
        const config = invitationConfigOf(activity.config);
        const [owner] = await queryRows<{ userId: number }>(
          tx,
          sql`SELECT c.user_id AS "userId" FROM invitation_code c
              JOIN users u ON u.id = c.user_id AND u.deleted_at IS NULL WHERE c.code = ${input.code}`,
        );
        if (!owner) throw ApiError.notFound(INVITATION_MESSAGES.unknown);
        if (owner.userId === input.userId) throw ApiError.badRequest(INVITATION_MESSAGES.self);
        // one claim at a time per inviter: the daily count below is the one this claim adds to
        await tx.execute(sql`SELECT user_id FROM invitation_code WHERE user_id = ${owner.userId} FOR UPDATE`);
        const [invitee] = await queryRows<{ phone: string; createdAt: string; paid: number }>(
          tx,
          sql`SELECT phone, created_at AS "createdAt",
                     (SELECT count(*)::int FROM orders WHERE user_id = users.id
                        AND status IN ('PAID', 'REFUNDING', 'REFUNDED')) AS paid
              FROM users WHERE id = ${input.userId} AND deleted_at IS NULL`,
        );
        if (!invitee) throw ApiError.unauthorized();
        const [seen] = await queryRows<{ id: number }>(
          tx,
          sql`SELECT id::int AS id FROM invitation WHERE invitee_phone IN (${invitee.phone}, ${phoneHash(invitee.phone)})`,
        );
        if (seen) throw ApiError.conflict(INVITATION_MESSAGES.phoneInvited);
        if (invitee.paid > 0 || t.getTime() - new Date(invitee.createdAt).getTime() > NEW_USER_WINDOW_MS) {
          throw ApiError.conflict(INVITATION_MESSAGES.notNew);
        }
        const [today] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM invitation WHERE inviter_id = ${owner.userId} AND status <> 'refused'
                AND created_at >= ${beijingDayStart(t).toISOString()}::timestamptz`,
        );
        if ((today?.n ?? 0) >= config.dailyCap) throw ApiError.tooMany(INVITATION_MESSAGES.dailyCap);

        const reused = await deviceReused(tx, owner.userId, deviceId);
        const [inv] = await queryRows<InvitationRow>(
          tx,
          sql`INSERT INTO invitation (inviter_id, invitee_phone, invitee_user_id, device_id, variant, status,
                                      refuse_reason, created_at)
              VALUES (${owner.userId}, ${invitee.phone}, ${input.userId}, ${deviceId}, ${input.variant},
                      ${reused ? 'refused' : 'claimed'}, ${reused ? INVITATION_MESSAGES.deviceReused : null},
                      ${t.toISOString()}::timestamptz)
              ON CONFLICT (invitee_phone) DO NOTHING
              RETURNING ${INVITATION_COLUMNS}`,
        );
        if (!inv) throw ApiError.conflict(INVITATION_MESSAGES.phoneInvited);
        if (reused) return { status: 'refused', message: INVITATION_MESSAGES.deviceReused, coupon: null };
        const coupon = await grantCoupon(tx, {
          userId: input.userId,
          template: config.inviteeCoupon,
          source: 'invitee',
          sourceRef: String(inv.id),
          now: t,
        });
        let status: InvitationStatus = 'claimed';
        if (config.rewardOn === 'claim') {
          await rewardLogin(tx, inv, t);
          status = 'rewarded';
        }
        return {
          status,
          message: `领取成功，${config.inviteeCoupon.title}已放入您的账户`,
          coupon: coupon ? couponViewOf(coupon, t) : null,
        };
      });
    },

    /** The login hook: an invitee's verified login after their claim rewards the inviter (once). */
    async afterLogin(event: { userId: number; at: Date }): Promise<void> {
      await db.transaction(async (tx) => {
        const rows = await queryRows<InvitationRow>(
          tx,
          sql`SELECT ${INVITATION_COLUMNS} FROM invitation WHERE invitee_user_id = ${event.userId} AND status = 'claimed'
              FOR UPDATE`,
        );
        for (const inv of rows) await rewardLogin(tx, inv, event.at);
      });
    },

    /** The payments afterGrant hook: the invitee's first paid order gives the inviter a coupon (once). */
    async afterPaid(tx: Database, order: OrderRow): Promise<void> {
      const [inv] = await queryRows<InvitationRow>(
        tx,
        sql`SELECT ${INVITATION_COLUMNS} FROM invitation WHERE invitee_user_id = ${order.userId} AND status <> 'refused'`,
      );
      if (!inv) return;
      const [earlier] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${order.userId} AND order_no <> ${order.orderNo}
              AND paid_at IS NOT NULL`,
      );
      if ((earlier?.n ?? 0) > 0) return;
      const config = invitationConfigOf((await activities.get(activityOf(inv.variant), tx)).config);
      await grantCoupon(tx, {
        userId: inv.inviterId,
        template: config.paidReward,
        source: 'invitation',
        sourceRef: `paid:${inv.id}`,
        now: new Date(deps.now()),
      });
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
