// First-party tracking (issue 18, PAGES.md §3.14 /spm-demo, spec §7 "tracking events are sent on views and clicks"):
// NEW POST ubt/api/events (a batch of views and taps, sent with navigator.sendBeacon), NEW GET/POST user/privacy
// (the '个性化推荐与统计' switch of /profile/info), NEW GET ops/funnel (channel → visit → login → order per day) and the
// spm position code a.b.c.d every tagged tap target carries (a = site, b = page, c = block, d = position).
import { z } from 'zod';
import { isPlausibleDay } from '../months.ts';
import { channelCodeParam } from './activities.ts';
import { dayParam } from './params.ts';

export const TRACKING_MESSAGES = {
  tooMany: '上报过于频繁',
  batch: '每批最多50条事件',
  empty: '事件不能为空',
  spm: 'spm 格式不正确',
  page: 'page 格式不正确',
  props: 'props 最多8个字段，值为短文本或数字',
  body: '上报内容格式不正确',
  day: '日期格式不正确，例如 2026-11-01',
  range: '开始日期不能晚于结束日期',
  rangeTooLong: '查询范围最多92天',
  opsOnly: '仅运营人员可以查看渠道漏斗',
} as const;

/** The site part of every spm code. */
export const SPM_SITE = 'fjt';
/** a.b.c.d: letters, digits and '-' in each part (route ids have '-' and a few capitals), 1–32 characters each. */
export const SPM_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}(\.[A-Za-z0-9][A-Za-z0-9-]{0,31}){3}$/;
/** A route id or a path (/estate/12), at most 128 characters. */
export const EVENT_PAGE_PATTERN = /^[A-Za-z0-9/_.-]{1,128}$/;
export const MAX_EVENTS_PER_BATCH = 50;
/** The largest body POST ubt/api/events reads; more is refused before parsing. */
export const MAX_EVENTS_BODY_BYTES = 32 * 1024;
export const MAX_EVENT_PROPS = 8;
export const MAX_EVENT_PROP_TEXT = 64;
/** How far a client's clock may be from the server's before `at` is clamped. */
export const EVENT_CLOCK_SKEW_MS = 86_400_000;

/** The spm code of a tap target on page `page` (route id): fjt.<page>.<block>.<index>. */
export function spmCode(page: string, block: string, index: number | string = 0): string {
  return `${SPM_SITE}.${page}.${block}.${index}`;
}

const propValue = z.union([z.string().max(MAX_EVENT_PROP_TEXT), z.number().finite(), z.boolean()]);
export const trackingEvent = z.object({
  type: z.enum(['view', 'click']),
  page: z.string().regex(EVENT_PAGE_PATTERN, { message: TRACKING_MESSAGES.page }),
  spm: z.union([z.literal(''), z.string().regex(SPM_PATTERN, { message: TRACKING_MESSAGES.spm })]).default(''),
  /** The client's clock (ms since epoch); the server clamps it to its own ± 1 day. */
  at: z.number().int().nonnegative(),
  props: z
    .record(z.string().regex(/^[A-Za-z0-9_]{1,32}$/), propValue)
    .refine((p) => Object.keys(p).length <= MAX_EVENT_PROPS, { message: TRACKING_MESSAGES.props })
    .optional(),
});
export type TrackingEvent = z.infer<typeof trackingEvent>;
export const trackingEventsInput = z.object({
  events: z
    .array(trackingEvent)
    .min(1, { message: TRACKING_MESSAGES.empty })
    .max(MAX_EVENTS_PER_BATCH, { message: TRACKING_MESSAGES.batch }),
});
export type TrackingEventsInput = z.infer<typeof trackingEventsInput>;
/**
 * accepted: events taken for storage (written within a second). dropped: events not stored, with the reason: 'dnt'
 * (Do-Not-Track / Global Privacy Control header: answered before the body is read, so dropped is 0), 'opted_out' (the
 * signed-in user turned tracking off). A flood is refused outright: 429 '上报过于频繁'.
 */
export const trackingEventsBody = z.object({
  accepted: z.number().int(),
  dropped: z.number().int(),
  reason: z.enum(['dnt', 'opted_out']).nullable(),
});
export type TrackingEventsBody = z.infer<typeof trackingEventsBody>;

// --- NEW GET/POST user/privacy ---------------------------------------------------------------------------------------
export const privacyBody = z.object({ tracking: z.boolean() });
export type PrivacyBody = z.infer<typeof privacyBody>;
export const privacyInput = z.object({ tracking: z.boolean({ message: 'tracking 须为 true 或 false' }) });
/** The visitor's choice in this browser (localStorage), '0' = off. */
export const TRACKING_STORAGE_KEY = 'fjt_tracking';

// --- NEW GET ops/funnel?from&to&channel ------------------------------------------------------------------------------
export const FUNNEL_MAX_DAYS = 92;
const bothDays = (q: { from: unknown; to: unknown }) =>
  typeof q.from === 'string' && typeof q.to === 'string' && isPlausibleDay(q.from) && isPlausibleDay(q.to);
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
export const funnelQuery = z
  .object({
    from: dayParam('from', TRACKING_MESSAGES.day),
    to: dayParam('to', TRACKING_MESSAGES.day),
    channel: channelCodeParam.optional(),
  })
  // (each day's own message alone when a day is malformed)
  .refine((q) => !bothDays(q) || q.from <= q.to, { message: TRACKING_MESSAGES.range })
  .refine((q) => !bothDays(q) || q.from > q.to || dayNumber(q.to) - dayNumber(q.from) < FUNNEL_MAX_DAYS, {
    message: TRACKING_MESSAGES.rangeTooLong,
  });
export type FunnelQuery = z.infer<typeof funnelQuery>;
export const funnelRow = z.object({
  day: z.string(),
  channel: z.string(),
  /** Distinct devices with a channel mark that day. */
  visits: z.number().int(),
  /** Users attributed to the channel that day (their first login after the mark). */
  logins: z.number().int(),
  /** PAID orders that day of users of the channel, and their amount. */
  orders: z.number().int(),
  amountFen: z.number().int(),
});
export type FunnelRow = z.infer<typeof funnelRow>;
export const funnelBody = z.object({
  from: z.string(),
  to: z.string(),
  /** Every channel seen in the range (the filter's choices). */
  channels: z.array(z.string()),
  rows: z.array(funnelRow),
  totals: z.object({
    visits: z.number().int(),
    logins: z.number().int(),
    orders: z.number().int(),
    amountFen: z.number().int(),
  }),
});
export type FunnelBody = z.infer<typeof funnelBody>;

// --- sandbox GET dev/ubt/recent?deviceId ----------------------------------------------------------------------------
export const ubtRecentRow = z.object({
  type: z.string(),
  page: z.string(),
  spm: z.string(),
  month: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  channelCode: z.string().nullable(),
});
export const ubtRecentBody = z.object({ list: z.array(ubtRecentRow) });
export type UbtRecentBody = z.infer<typeof ubtRecentBody>;
