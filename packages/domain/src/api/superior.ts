// Payloads of 达人 (issue 14, spec §4, §6, §7, PAGES.md §3.11 /{city}/pubBySuperior/{id?}): GET
// question-answer/query-user-label (my super label), GET estate-dispatch/superior/private and privateNew (a
// super-user's resale estate and new-house project picks in a city, with the 达人's header), and NEW POST
// estate-dispatch/superior/pick and unpick (a super-user adds or removes a pick).
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { idParam, pageParams, textParam } from './params.ts';
import { collectEstateRow } from './subscriptions.ts';

/** Picks per page of private / privateNew. */
export const SUPERIOR_PAGE_SIZE = 20;
/** At most this many picks of each kind per super-user. */
export const MAX_SUPERIOR_PICKS = 50;
export const SUPERIOR_REASON_MAX = 200;

/** resale: an estate (二手房); new: a new-house project (新房). */
export const SUPERIOR_PICK_KINDS = ['resale', 'new'] as const;
export type SuperiorPickKind = (typeof SUPERIOR_PICK_KINDS)[number];

export const NO_SUPER_LABEL = '暂无权限';
export const SUPERIOR_NOT_FOUND = '达人不存在';
export const SUPERIOR_PICK_LIMIT = `每类最多推荐${MAX_SUPERIOR_PICKS}个`;
export const UNKNOWN_PICK_TARGET: Record<SuperiorPickKind, string> = { resale: '小区不存在', new: '楼盘不存在' };

/** GET question-answer/query-user-label: my label, null without one. */
export const userLabelBody = z.object({ label: z.union([z.literal(1), z.literal(2)]).nullable() });
export type UserLabelBody = z.infer<typeof userLabelBody>;

const pickKind = z.enum(SUPERIOR_PICK_KINDS, {
  error: (issue) => (issue.input === undefined ? 'kind 不能为空' : 'kind 只能是 resale 或 new'),
});
const pickTarget = {
  kind: pickKind,
  targetId: idParam('targetId', '目标 id 格式不正确'),
};

export const superiorPickInput = z.object({
  ...pickTarget,
  reason: textParam('reason', {
    max: SUPERIOR_REASON_MAX,
    emptyMessage: '请填写推荐理由',
    maxMessage: `推荐理由最多${SUPERIOR_REASON_MAX}个字`,
  }),
});
export type SuperiorPickInput = z.infer<typeof superiorPickInput>;
export const superiorUnpickInput = z.object(pickTarget);
export type SuperiorUnpickInput = z.infer<typeof superiorUnpickInput>;

/** After pick / unpick: whether it is picked now, and how many of that kind the super-user has. */
export const superiorPickState = z.object({ picked: z.boolean(), count: z.number().int() });
export type SuperiorPickState = z.infer<typeof superiorPickState>;

/** private / privateNew: superiorId absent = me (login required). */
export const superiorListQuery = z.object({
  superiorId: idParam('superiorId', '达人 id 格式不正确').optional(),
  cityId: cityIdParam,
  page: pageParams(SUPERIOR_PAGE_SIZE).page,
});
export type SuperiorListQuery = z.infer<typeof superiorListQuery>;

/** The 达人's card on top of both lists. */
export const superiorHeader = z.object({
  userId: z.number().int(),
  nickname: z.string().nullable(),
  /** A key of the built-in avatar set; null: the default one. */
  avatar: z.string().nullable(),
  label: z.union([z.literal(1), z.literal(2)]),
  /** Picks in this city: resale estates and new-house projects. */
  resaleCount: z.number().int(),
  newCount: z.number().int(),
  /** Users following the 达人 (subscriptions of type author). */
  followerCount: z.number().int(),
  /** Whether the viewer follows the 达人: false for a visitor and on the 达人's own page. */
  followed: z.boolean(),
  /** The viewer is the 达人 (my page). */
  mine: z.boolean(),
});
export type SuperiorHeader = z.infer<typeof superiorHeader>;

const picked = { reason: z.string(), /** 'YYYY-MM-DD' (China time). */ pickedAt: z.string() };

/** A resale pick: the estate as the estate cards of 订阅与收藏 show it, with the reason and date. */
export const superiorEstatePick = collectEstateRow
  .omit({ recordId: true, muted: true, createdAt: true })
  .extend(picked);
export type SuperiorEstatePick = z.infer<typeof superiorEstatePick>;

/** A new-house pick: the project's name, where, status and 参考均价 (元/㎡), with the reason and date. */
export const superiorProjectPick = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  saleStatus: z.string(),
  avgPrice: z.number().nullable(),
  ...picked,
});
export type SuperiorProjectPick = z.infer<typeof superiorProjectPick>;

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    superior: superiorHeader,
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    list: z.array(row),
  });
export const superiorEstateList = pageOf(superiorEstatePick);
export type SuperiorEstateList = z.infer<typeof superiorEstateList>;
export const superiorProjectList = pageOf(superiorProjectPick);
export type SuperiorProjectList = z.infer<typeof superiorProjectList>;
