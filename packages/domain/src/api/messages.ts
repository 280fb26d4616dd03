// Payloads of the message centre (issue 11, PAGES.md §3.9): NEW GET message/list, NEW GET message/unread-count,
// NEW POST message/read and NEW POST message/message-center/estate-subscribe/mute. The messages are written by the
// price-change alert job (packages/dataset/src/alerts.ts).
import { z } from 'zod';
import { MAX_ID, idParam, pageParams } from './params.ts';

export const MESSAGE_PAGE_SIZE = 20;
/** deal | price_cut | monthly_avg (alerts); later issues add their own kinds. */
export const MESSAGE_KINDS = ['deal', 'price_cut', 'monthly_avg'] as const;

export const messageListQuery = z.object({ page: pageParams(MESSAGE_PAGE_SIZE).page });

export const messageItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  estateId: z.number().int().nullable(),
  title: z.string(),
  content: z.string(),
  /** Same-origin path the message opens. */
  link: z.string().nullable(),
  createdAt: z.string(),
  unread: z.boolean(),
  /** The estate's subscription is muted (不再提醒); null: no subscription any more or no estate. */
  muted: z.boolean().nullable(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const messageListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  unread: z.number().int(),
  list: z.array(messageItem),
});
export type MessageList = z.infer<typeof messageListBody>;

export const unreadCountBody = z.object({ count: z.number().int() });

/** At most one page at a time, or everything. */
export const MAX_READ_IDS = 100;
const messageId = z.union([z.number(), z.string()], { error: '消息 id 格式不正确' }).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^[1-9]\d{0,15}$/.test(v) ? Number(v) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > Number.MAX_SAFE_INTEGER) {
    ctx.addIssue({ code: 'custom', message: '消息 id 格式不正确' });
    return z.NEVER;
  }
  return n;
});
export const messageReadInput = z
  .object({
    ids: z
      .array(messageId, { error: 'ids 应为消息 id 列表' })
      .min(1, { message: 'ids 不能为空' })
      .max(MAX_READ_IDS, { message: `一次最多标记 ${MAX_READ_IDS} 条` })
      .optional(),
    all: z.literal(true, { error: 'all 只能为 true' }).optional(),
  })
  .refine((b) => (b.ids === undefined) !== (b.all === undefined), { message: '请指定 ids 或 all 之一' });
export const messageReadBody = z.object({ updated: z.number().int(), unread: z.number().int() });

export const estateMuteInput = z.object({
  estateId: idParam('estateId', '小区 id 格式不正确'),
  muted: z.boolean({ error: 'muted 应为 true 或 false' }),
});
export const estateMuteBody = z.object({ estateId: z.number().int().max(MAX_ID), muted: z.boolean() });
