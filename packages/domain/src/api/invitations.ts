// 邀请好友 (issue 18; PAGES.md §3.13 /activity/invitation*, §3.14 /invitation*): a user's permanent invitation code,
// the share link built from it, the people they invited and what it earned them. NEW GET invitation/info (login),
// NEW POST invitation/get-coupon {code} (the hub's 领券 page) and NEW POST invitation/receive {code, variant} (the
// campaign pages) — one service behind both; the variants differ in page only.
import { z } from 'zod';
import { couponView } from './coupons.ts';

export const INVITATION_MESSAGES = {
  code: '邀请码格式不正确',
  unknown: '邀请码不存在',
  self: '不能使用自己的邀请码',
  phoneInvited: '该手机号已参与过邀请活动',
  notNew: '仅限新注册用户领取，您已是房价通用户',
  dailyCap: '该邀请人今日邀请人数已达上限，请明天再试',
  noDevice: '无法识别当前设备，请刷新页面后重试',
  variant: '活动编号不正确',
  deviceReused: '该设备已参与过邀请活动，本次邀请不计奖励',
} as const;

/** No 0/O, 1/I/L: read aloud or typed from a poster without confusion. */
export const INVITATION_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const INVITATION_CODE_PATTERN = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}$/;
/** Six characters; lower case is accepted and read as upper case. */
export const invitationCodeParam = z
  .string({ message: INVITATION_MESSAGES.code })
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(INVITATION_CODE_PATTERN, { message: INVITATION_MESSAGES.code }));

/** claimed: the invitee has their coupon; rewarded: the inviter got the reward; refused: an abuse rule. */
export const INVITATION_STATUSES = ['claimed', 'rewarded', 'refused'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export const INVITATION_STATUS_LABELS: Record<InvitationStatus, string> = {
  claimed: '已领券',
  rewarded: '已得奖励',
  refused: '不计奖励',
};
/** The pages an invitation can come through ('' is the /invitation hub). */
export const INVITATION_VARIANTS = ['invitation', 'invitation2'] as const;
export type InvitationVariant = (typeof INVITATION_VARIANTS)[number];

export const invitedView = z.object({
  /** 138****0000. */
  phone: z.string(),
  status: z.enum(INVITATION_STATUSES),
  statusText: z.string(),
  /** Why it earns nothing (refused only). */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type InvitedView = z.infer<typeof invitedView>;

// --- NEW GET invitation/info -----------------------------------------------------------------------------------------
export const invitationInfoBody = z.object({
  code: z.string(),
  /** Absolute: the configured public origin + /invitation/getcoupon?code=… */
  shareLink: z.string(),
  counts: z.object({ invited: z.number().int(), rewarded: z.number().int(), refused: z.number().int() }),
  list: z.array(invitedView),
  rewards: z.object({
    /** VIP days earned by invitations. */
    vipDays: z.number().int(),
    coupons: z.array(couponView),
  }),
  /** Invitations counted per inviter per day. */
  dailyCap: z.number().int(),
});
export type InvitationInfoBody = z.infer<typeof invitationInfoBody>;

// --- NEW POST invitation/get-coupon {code}, NEW POST invitation/receive {code, variant} ------------------------------
export const invitationGetCouponInput = z.object({ code: invitationCodeParam });
export const invitationReceiveInput = z.object({
  code: invitationCodeParam,
  variant: z.enum(INVITATION_VARIANTS, { message: INVITATION_MESSAGES.variant }).default('invitation'),
});
export const invitationClaimBody = z.object({
  status: z.enum(INVITATION_STATUSES),
  /** Shown on the result page. */
  message: z.string(),
  /** The invitee's new-user coupon (null when refused). */
  coupon: couponView.nullable(),
});
export type InvitationClaimBody = z.infer<typeof invitationClaimBody>;
