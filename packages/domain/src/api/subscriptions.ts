// Payloads of 订阅与收藏 (issue 11, PAGES.md §3.9 /profile/collect, spec §7 "Subscriptions" and "User"):
// estate subscriptions (message/message-center/estate-subscribe/check|add|del), the four lists of the collect page
// (user/getsubHouseList, user/getFavorEstateList, user/getSubsAuthorsList, user/getArticleFollowList), following an
// author (subscribe/author), cancelling (subscribe/subs-cancel, subscribe/delete), and NEW favourites
// (user/favor/check|add|del) and plate/project subscriptions (subscribe/check|add).
import { z } from 'zod';
import { idParam, pageParams } from './params.ts';

/** What a subscription can be about (subscriptions.target_type). */
export const SUBSCRIPTION_TARGETS = ['estate', 'plate', 'project', 'author', 'column'] as const;
export type SubscriptionTarget = (typeof SUBSCRIPTION_TARGETS)[number];
/** What a favourite can be about (favorites.target_type). */
export const FAVORITE_TARGETS = ['estate', 'listing'] as const;
export type FavoriteTarget = (typeof FAVORITE_TARGETS)[number];
/**
 * subscribe/add and subscribe/check: the targets without an endpoint of their own. A column is an article column
 * (content.ts ARTICLE_COLUMNS: 1 政策, 2 行情, 3 攻略).
 */
export const SUBSCRIBE_ADD_TARGETS = ['plate', 'project', 'column'] as const;
/** subscribe/check also answers for an author (followed with subscribe/author). */
export const SUBSCRIBE_CHECK_TARGETS = ['plate', 'project', 'author', 'column'] as const;

/** Rows per page of every collect list. */
export const COLLECT_PAGE_SIZE = 20;

const targetType = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === undefined ? 'targetType 不能为空' : `targetType 只能是 ${values.join('、')}`),
  });

export const estateSubscribeQuery = z.object({ estateId: idParam('estateId', '小区 id 格式不正确') });
export const estateSubscribeInput = estateSubscribeQuery;
export const subscriptionState = z.object({ subscribed: z.boolean(), muted: z.boolean() });
export type SubscriptionState = z.infer<typeof subscriptionState>;

export const favoriteState = z.object({ favored: z.boolean() });
export type FavoriteState = z.infer<typeof favoriteState>;

export const collectPageQuery = z.object({ page: pageParams(COLLECT_PAGE_SIZE).page });

/** One estate of 订阅小区 / 收藏小区, with the figures of its page (newest month of its city). */
export const collectEstateRow = z.object({
  /** The subscription's (favourite's) own id, for subscribe/delete. */
  recordId: z.number().int(),
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  /** 'YYYY-MM' of the figures; null before any data. */
  month: z.string().nullable(),
  /** 挂牌均价 元/㎡ of the month and its MoM in percent (percentChange: 1.2 = +1.2%). */
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  /** 成交均价 元/㎡ of the latest month with deals (12 months back at most) and its MoM. */
  dealAvg: z.number().nullable(),
  dealMom: z.number().nullable(),
  muted: z.boolean(),
  createdAt: z.string(),
});
export type CollectEstateRow = z.infer<typeof collectEstateRow>;

/** One author or column followed: the id, and a name when it can be resolved. */
export const collectFollowRow = z.object({
  recordId: z.number().int(),
  targetType: z.enum(['author', 'column']),
  targetId: z.number().int(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
});
export type CollectFollowRow = z.infer<typeof collectFollowRow>;

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ total: z.number().int(), page: z.number().int(), size: z.number().int(), list: z.array(row) });
export const collectEstateList = pageOf(collectEstateRow);
export type CollectEstateList = z.infer<typeof collectEstateList>;
export const collectFollowList = pageOf(collectFollowRow);
export type CollectFollowList = z.infer<typeof collectFollowList>;

export const subscribeAuthorInput = z.object({ authorId: idParam('authorId', '作者 id 格式不正确') });
export const subsCancelInput = z.object({
  targetType: targetType(SUBSCRIPTION_TARGETS),
  targetId: idParam('targetId', '目标 id 格式不正确'),
});
export const subscribeDeleteInput = z.object({
  ids: z
    .array(idParam('ids', 'ids 中的 id 格式不正确'), { error: 'ids 须为 id 数组' })
    .min(1, { error: '请选择要删除的订阅' })
    .max(100, { error: '一次最多删除100条' }),
});
export const subscribeDeleteBody = z.object({ deleted: z.number().int() });

export const subscribeTargetInput = z.object({
  targetType: targetType(SUBSCRIBE_ADD_TARGETS),
  targetId: idParam('targetId', '目标 id 格式不正确'),
});
export const subscribeCheckQuery = z.object({
  targetType: targetType(SUBSCRIBE_CHECK_TARGETS),
  targetId: idParam('targetId', '目标 id 格式不正确'),
});
export const favoriteTargetInput = z.object({
  targetType: targetType(FAVORITE_TARGETS),
  targetId: idParam('targetId', '目标 id 格式不正确'),
});
