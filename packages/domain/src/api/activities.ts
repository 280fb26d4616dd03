// The activity engine (issue 18, PAGES.md §3.13): every campaign page reads NEW GET activity/info?code (period,
// rules, status) from the `activity` table, managed by `npm run ops -- activity …`; an ended activity shows
// '活动已结束'. Also the device id every once-per-person rule and the tracking use (the fjt_did cookie), and POST
// ubt/api/channel/mark (spec §7: clientType H5, channelCode, an empty mark).
import { z } from 'zod';

export const ACTIVITY_MESSAGES = {
  missing: '缺少活动编号',
  unknown: '活动不存在',
  ended: '活动已结束',
  notStarted: '活动尚未开始',
  channel: '渠道编号格式不正确',
  clientType: '客户端类型不正确',
} as const;

/** Activity codes: lower-case letters, digits and '-', 2–32 characters (double11, freshvip, invitation2 …). */
export const ACTIVITY_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;
export const activityCodeParam = z
  .string({ message: ACTIVITY_MESSAGES.missing })
  .regex(ACTIVITY_CODE_PATTERN, { message: ACTIVITY_MESSAGES.unknown });

export const ACTIVITY_KINDS = ['sale', 'trial', 'invitation', 'topic', 'showcase', 'landing'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_STATUSES = ['upcoming', 'running', 'ended'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const ACTIVITY_STATUS_LABELS: Record<ActivityStatus, string> = {
  upcoming: '即将开始',
  running: '进行中',
  ended: '已结束',
};

/** The status at `now`: disabled or past ends_at → ended; before starts_at → upcoming. */
export function activityStatus(
  a: { startsAt: Date | string; endsAt: Date | string | null; disabled: boolean },
  now: number,
): ActivityStatus {
  if (a.disabled) return 'ended';
  if (a.endsAt !== null && new Date(a.endsAt).getTime() <= now) return 'ended';
  if (new Date(a.startsAt).getTime() > now) return 'upcoming';
  return 'running';
}

// --- NEW GET activity/info?code -------------------------------------------------------------------------------------
export const activityInfoQuery = z.object({ code: activityCodeParam });
export const activityView = z.object({
  code: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  title: z.string(),
  subtitle: z.string(),
  /** ISO times; endsAt null: permanent. */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(ACTIVITY_STATUSES),
  rules: z.array(z.string()),
  /** The server's clock (ISO), so a countdown does not trust the phone's. */
  serverTime: z.string(),
});
export type ActivityView = z.infer<typeof activityView>;
export const activityInfoBody = z.object({ activity: activityView });
export type ActivityInfoBody = z.infer<typeof activityInfoBody>;

// --- The device id ---------------------------------------------------------------------------------------------------
/**
 * A first-party, non-HttpOnly cookie the client sets once (a random UUID, 2 years): the "device" of the
 * once-per-device rules (新人会员, invitations) and of the tracking events. Read on the server with deviceIdOf.
 */
export const DEVICE_COOKIE = 'fjt_did';
export const DEVICE_COOKIE_MAX_AGE_S = 2 * 365 * 86_400;
export const DEVICE_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The device id if it is a well-formed one, else null (never trust it further than that). */
export const parseDeviceId = (v: unknown): string | null =>
  typeof v === 'string' && DEVICE_ID_PATTERN.test(v) ? v : null;

// --- POST ubt/api/channel/mark {clientType, channelCode, mark} -------------------------------------------------------
/** Channel codes: letters, digits, '_' and '-', 1–32 characters (huawei, xiaomi_store, wx-ad-1 …). */
export const CHANNEL_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
export const channelCodeParam = z
  .string({ message: ACTIVITY_MESSAGES.channel })
  .regex(CHANNEL_CODE_PATTERN, { message: ACTIVITY_MESSAGES.channel });
export const CLIENT_TYPES = ['H5', 'IOS', 'ANDROID'] as const;
export const channelMarkInput = z.object({
  clientType: z.enum(CLIENT_TYPES, { error: ACTIVITY_MESSAGES.clientType }),
  channelCode: channelCodeParam,
  /** Spec §7: sent empty; kept for the contract. At most 64 characters. */
  mark: z.string().max(64).optional(),
  /** The landing page's route id (download, promotion, activity-hw-pps …). */
  page: z
    .string()
    .regex(/^[a-z0-9-]{1,48}$/)
    .optional(),
});
export type ChannelMarkInput = z.infer<typeof channelMarkInput>;
export const channelMarkBody = z.object({});
