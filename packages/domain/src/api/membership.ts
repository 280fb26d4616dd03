// Membership (issue 12, first increment; PAGES.md §3.10, spec §7): the VIP card catalogue, a user's membership
// (periods stacked end to end), the purchase history and NEW POST promotion/exchange-vip (single-use codes).
import { z } from 'zod';

export const DAY_MS = 24 * 60 * 60 * 1000;

/** A period of membership, ISO times. */
export interface VipPeriod {
  startsAt: string;
  endsAt: string;
}

/**
 * Where a new stretch of `days` starts and ends: at the end of the membership still running, or now when there is
 * none — periods stack, a renewal never eats the days already paid for.
 */
export function nextVipPeriod(
  periods: readonly VipPeriod[],
  days: number,
  now: Date,
): { startsAt: Date; endsAt: Date } {
  let start = now.getTime();
  for (const p of periods) {
    const end = Date.parse(p.endsAt);
    if (end > start) start = end;
  }
  return { startsAt: new Date(start), endsAt: new Date(start + days * DAY_MS) };
}

/** Member now, and until when (the last end of periods reaching now, or null). */
export function vipStatusOf(periods: readonly VipPeriod[], now: Date): { isVip: boolean; expiresAt: string | null } {
  const t = now.getTime();
  let expires: number | null = null;
  for (const p of periods) {
    const end = Date.parse(p.endsAt);
    if (Date.parse(p.startsAt) <= t && end > t) expires = Math.max(expires ?? 0, end);
  }
  if (expires !== null) {
    // periods that follow without a gap extend it
    let extended = true;
    while (extended) {
      extended = false;
      for (const p of periods) {
        const start = Date.parse(p.startsAt);
        const end = Date.parse(p.endsAt);
        if (start <= expires && end > expires) {
          expires = end;
          extended = true;
        }
      }
    }
  }
  return { isVip: expires !== null, expiresAt: expires === null ? null : new Date(expires).toISOString() };
}

export const memberCard = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  days: z.number().int(),
  /** 元, two decimals. */
  price: z.number(),
  originPrice: z.number(),
  /** 元 a day, two decimals. */
  perDay: z.number(),
  rights: z.array(z.string()),
});
export type MemberCard = z.infer<typeof memberCard>;

export const memberCardListBody = z.object({ list: z.array(memberCard) });

export const memberBasisBody = z.object({
  title: z.string(),
  rights: z.array(z.object({ title: z.string(), description: z.string() })),
});

export const memberStatusBody = z.object({
  isVip: z.boolean(),
  /** ISO time, null when not a member. */
  expiresAt: z.string().nullable(),
  /** Whole days left, 0 when not a member. */
  daysLeft: z.number().int(),
});
export type MemberStatus = z.infer<typeof memberStatusBody>;

export const purchaseHistoryBody = z.object({
  list: z.array(
    z.object({
      source: z.enum(['order', 'code', 'grant', 'activity']),
      sourceLabel: z.string(),
      cardName: z.string().nullable(),
      days: z.number().int(),
      startsAt: z.string(),
      endsAt: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** 兑换码: 16 letters and digits (without 0/O/1/I), shown in groups of four; case and dashes are ignored. */
export const EXCHANGE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const EXCHANGE_CODE_LENGTH = 16;
export const EXCHANGE_CODE_FORMAT_ERROR = '兑换码格式不正确，请检查后重新输入';
export function normaliseExchangeCode(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '');
}
export const exchangeVipInput = z.object({
  code: z
    .string({ message: '请输入兑换码' })
    .transform(normaliseExchangeCode)
    .refine((c) => c.length === EXCHANGE_CODE_LENGTH && [...c].every((ch) => EXCHANGE_CODE_ALPHABET.includes(ch)), {
      message: EXCHANGE_CODE_FORMAT_ERROR,
    }),
});
export const exchangeVipBody = z.object({ days: z.number().int(), status: memberStatusBody });
export const EXCHANGE_CODE_UNKNOWN = '兑换码无效或已被使用';
export const EXCHANGE_CODE_EXPIRED = '兑换码已过期';

/** NEW POST ops/codes/create (ops role): a batch of exchange codes. */
export const CODES_OPS_ONLY = '仅运营人员可以生成兑换码';
export const codesCreateInput = z.object({
  count: z
    .number({ message: '数量须为1-500的整数' })
    .int({ message: '数量须为1-500的整数' })
    .min(1, { message: '数量须为1-500的整数' })
    .max(500, { message: '数量须为1-500的整数' }),
  days: z
    .number({ message: '会员天数须为1-3650的整数' })
    .int({ message: '会员天数须为1-3650的整数' })
    .min(1, { message: '会员天数须为1-3650的整数' })
    .max(3650, { message: '会员天数须为1-3650的整数' }),
  validDays: z
    .number({ message: '有效期须为1-3650天' })
    .int({ message: '有效期须为1-3650天' })
    .min(1, { message: '有效期须为1-3650天' })
    .max(3650, { message: '有效期须为1-3650天' }),
});
export const codesCreateBody = z.object({ batch: z.string(), expiresAt: z.string(), codes: z.array(z.string()) });
export type CodesCreateBody = z.infer<typeof codesCreateBody>;

/** Staff grants of VIP days (npm run ops -- grant). */
export const GRANT_USER_UNKNOWN = '该手机号尚未注册';
