// Membership (issue 12, first increment): the card catalogue, a user's VIP status (periods stacked end to end),
// the purchase history, granting days (from an order, a code or staff — once per source, in the caller's
// transaction) and single-use exchange codes (only their hash is stored; made in batches, shown once).
import { createHash, randomInt } from 'node:crypto';
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  DAY_MS,
  EXCHANGE_CODE_ALPHABET,
  EXCHANGE_CODE_EXPIRED,
  EXCHANGE_CODE_LENGTH,
  EXCHANGE_CODE_UNKNOWN,
  GRANT_USER_UNKNOWN,
  nextVipPeriod,
  normaliseExchangeCode,
  vipStatusOf,
  type MemberCard,
  type MemberStatus,
  type VipPeriod,
} from '@fjt/domain';
import { recordAudit } from '../staff/audit.ts';

const yuan = (fen: number) => Math.round(fen) / 100;
const hashCode = (code: string) =>
  createHash('sha256')
    .update(`exchange:${normaliseExchangeCode(code)}`)
    .digest('hex');

/** activity: a campaign's free days (新人会员), source_ref the claim. */
export type VipSource = 'order' | 'code' | 'grant' | 'activity';
const SOURCE_LABELS: Record<VipSource, string> = { order: '购买', code: '兑换码', grant: '赠送', activity: '活动领取' };

export const MEMBER_RIGHTS = [
  { title: '全部成交价', description: '小区每一套成交的成交价与成交日期，不再打码' },
  { title: '成交数据导出', description: '成交记录与在售房源导出为表格' },
  { title: '小区周报', description: '订阅小区每周的挂牌、调价与成交' },
  { title: '不限次估价', description: '按面积、楼层、朝向、装修估算房屋价值' },
];

export function createMembershipService(db: Database, deps: { now: () => number }) {
  const now = () => new Date(deps.now());

  async function periodsOf(tx: Database, userId: number): Promise<VipPeriod[]> {
    return queryRows<VipPeriod>(
      tx,
      sql`SELECT ${isoText('starts_at')} AS "startsAt", ${isoText('ends_at')} AS "endsAt" FROM vip_periods WHERE user_id = ${userId}`,
    );
  }

  function statusOf(periods: VipPeriod[], at: Date): MemberStatus {
    const { isVip, expiresAt } = vipStatusOf(periods, at);
    const daysLeft = expiresAt ? Math.ceil((Date.parse(expiresAt) - at.getTime()) / DAY_MS) : 0;
    return { isVip, expiresAt, daysLeft };
  }

  /**
   * Adds `days` after the membership still running. Once per (source, ref): a second grant of the same order or
   * code gives nothing and answers false. Run it in the transaction of what pays for it.
   */
  async function grantDays(
    tx: Database,
    g: { userId: number; days: number; source: VipSource; ref: string; cardCode?: string | null },
  ): Promise<boolean> {
    // one grant at a time per user: the periods read below are the ones the new one follows
    await tx.execute(sql`SELECT id FROM users WHERE id = ${g.userId} FOR UPDATE`);
    const { startsAt, endsAt } = nextVipPeriod(await periodsOf(tx, g.userId), g.days, now());
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO vip_periods (user_id, starts_at, ends_at, days, source, source_ref, card_code)
          VALUES (${g.userId}, ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, ${g.days},
                  ${g.source}, ${g.ref}, ${g.cardCode ?? null})
          ON CONFLICT (source, source_ref) DO NOTHING RETURNING id`,
    );
    return rows.length > 0;
  }

  return {
    grantDays,

    async cards(): Promise<MemberCard[]> {
      const rows = await queryRows<{
        id: number;
        code: string;
        name: string;
        days: number;
        price: number;
        originPrice: number;
        rights: string[];
      }>(
        db,
        sql`SELECT id, code, name, days, price, origin_price AS "originPrice", rights FROM member_cards
            WHERE active ORDER BY sort, id`,
      );
      return rows.map((r) => ({
        ...r,
        price: yuan(r.price),
        originPrice: yuan(r.originPrice),
        perDay: Math.round(r.price / r.days) / 100,
      }));
    },

    /**
     * Whether the user is a member now (a period covers this instant): the per-request check of member-only
     * data. One EXISTS over vip_periods_user_idx (user_id, ends_at); the same rule as status().isVip.
     */
    async isMember(userId: number): Promise<boolean> {
      const at = now().toISOString();
      const [row] = await queryRows<{ member: boolean }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM vip_periods WHERE user_id = ${userId} AND ends_at > ${at}::timestamptz
                             AND starts_at <= ${at}::timestamptz) AS member`,
      );
      return row?.member === true;
    },

    async status(userId: number): Promise<MemberStatus> {
      return statusOf(await periodsOf(db, userId), now());
    },

    async history(userId: number) {
      const rows = await queryRows<{
        source: VipSource;
        cardName: string | null;
        days: number;
        startsAt: string;
        endsAt: string;
        createdAt: string;
      }>(
        db,
        sql`SELECT p.source, c.name AS "cardName", p.days, ${isoText('p.starts_at')} AS "startsAt",
                   ${isoText('p.ends_at')} AS "endsAt", ${isoText('p.created_at')} AS "createdAt"
            FROM vip_periods p LEFT JOIN member_cards c ON c.code = p.card_code
            WHERE p.user_id = ${userId} ORDER BY p.id DESC`,
      );
      return rows.map((r) => ({ ...r, sourceLabel: SOURCE_LABELS[r.source] }));
    },

    /** Redeems a code for its days: single use even under racing requests (a conditional update). */
    async redeem(userId: number, code: string): Promise<{ days: number; status: MemberStatus }> {
      const t = now();
      const days = await db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: number; days: number; expired: boolean }>(
          tx,
          sql`UPDATE exchange_codes SET redeemed_by = ${userId}, redeemed_at = ${t.toISOString()}::timestamptz
              WHERE code_hash = ${hashCode(code)} AND redeemed_at IS NULL
              RETURNING id, days, expires_at <= ${t.toISOString()}::timestamptz AS expired`,
        );
        if (!row) throw ApiError.badRequest(EXCHANGE_CODE_UNKNOWN);
        if (row.expired) throw ApiError.badRequest(EXCHANGE_CODE_EXPIRED); // rolls the use back
        await grantDays(tx, { userId, days: row.days, source: 'code', ref: String(row.id) });
        return row.days;
      });
      return { days, status: await this.status(userId) };
    },

    /**
     * Staff gives a user `days` of membership (compensation, a partner's user): audited, once per `ref` — the
     * caller's request id, so a retried command grants nothing twice.
     */
    async grantByStaff(g: {
      phone: string;
      days: number;
      reason: string;
      ref: string;
      actorId: number | null;
      ip?: string | null;
    }) {
      return db.transaction(async (tx) => {
        const [user] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM users WHERE phone = ${g.phone}`);
        if (!user) throw ApiError.notFound(GRANT_USER_UNKNOWN);
        const granted = await grantDays(tx, { userId: user.id, days: g.days, source: 'grant', ref: g.ref });
        if (granted) {
          await recordAudit(tx, {
            actorId: g.actorId,
            action: 'membership.grant',
            targetType: 'user',
            targetId: user.id,
            detail: { days: g.days, reason: g.reason, ref: g.ref },
            ip: g.ip ?? null,
          });
        }
        return { userId: user.id, granted };
      });
    },

    /** Makes `count` codes of `days` each, valid `validDays`; returns them (the only time they are seen). */
    async createCodes(c: {
      count: number;
      days: number;
      validDays: number;
      actorId: number | null;
      ip?: string | null;
    }) {
      const batch = `B${now().toISOString().slice(0, 10).replaceAll('-', '')}-${randomInt(0, 1e6).toString().padStart(6, '0')}`;
      const expiresAt = new Date(now().getTime() + c.validDays * DAY_MS).toISOString();
      const codes = Array.from({ length: c.count }, () =>
        Array.from(
          { length: EXCHANGE_CODE_LENGTH },
          () => EXCHANGE_CODE_ALPHABET[randomInt(0, EXCHANGE_CODE_ALPHABET.length)],
        ).join(''),
      );
      await db.transaction(async (tx) => {
        for (const code of codes) {
          await tx.execute(
            sql`INSERT INTO exchange_codes (code_hash, days, created_by, batch, expires_at)
                VALUES (${hashCode(code)}, ${c.days}, ${c.actorId}, ${batch}, ${expiresAt}::timestamptz)`,
          );
        }
        await recordAudit(tx, {
          actorId: c.actorId,
          action: 'codes.create',
          targetType: 'exchange_codes',
          targetId: batch,
          detail: { count: c.count, days: c.days, expiresAt },
          ip: c.ip ?? null,
        });
      });
      return { batch, expiresAt, codes: codes.map((k) => k.match(/.{4}/g)!.join('-')) };
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
