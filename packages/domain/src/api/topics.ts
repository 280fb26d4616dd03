// Issue 18 topic slice (PAGES.md §3.13): NEW activity/house-list (专题房源: listings of a topic computed from the
// data), NEW activity/premier (高端盘: the city's top price decile of estates) and NEW msglink/resolve (the SMS short
// link behind /activity/msglink?code).
import { z } from 'zod';
import { pageParams, textParam } from './params.ts';
import { cityIdParam } from './geo.ts';
import { listingCard, type ListingSearchQuery } from './listings.ts';
import type { ListingLabel } from './condition.ts';

// --- 专题房源 ----------------------------------------------------------------------------------------------------------
/**
 * A topic is a fixed filter over the city's listings on sale, the same vocabulary as house/listing/search (so a
 * topic's count agrees with the 在售二手房 filter of the same name): 降价房 = the asking price is below the first
 * one (listing_price_change moved it down), 满五唯一 = 满五 and the owner's only home, 近地铁 = the estate within
 * NEAR_METRO_M of a station, 新上房源 = listed in the 30 days to the data's newest day, 低总价 = 总价 under 200万.
 * Which of them a campaign shows is the activity's config.topics (all of them when absent).
 */
export interface HouseTopic {
  name: string;
  intro: string;
  label?: ListingLabel;
  price?: string;
  order: ListingSearchQuery['order'];
}
export const HOUSE_TOPICS = {
  priceCut: {
    name: '降价房',
    intro: '业主降价出售，挂牌价低于首次挂牌价的在售房源',
    label: 'priceCut',
    order: 'default',
  },
  fiveOnly: {
    name: '满五唯一',
    intro: '房本满五年且是业主名下唯一住房，税费更省',
    label: 'fiveOnly',
    order: 'default',
  },
  nearMetro: { name: '近地铁', intro: '小区距地铁站1公里以内，通勤更方便', label: 'nearMetro', order: 'default' },
  newListing: {
    name: '新上房源',
    intro: '近30天新挂牌的房源，最新的在前',
    label: 'newListing',
    order: 'listedAt_desc',
  },
  lowTotal: { name: '低总价', intro: '总价200万以内的房源，总价低的在前', price: '0-200', order: 'totalPrice_asc' },
} as const satisfies Record<string, HouseTopic>;
export type HouseTopicId = keyof typeof HOUSE_TOPICS;
export const HOUSE_TOPIC_IDS = Object.keys(HOUSE_TOPICS) as [HouseTopicId, ...HouseTopicId[]];
export const TOPIC_MESSAGES = {
  unknown: '专题不存在',
  off: '该专题暂未开放',
} as const;

/** The topics an activity config turns on, in the order given; all of them without a valid list. */
export function enabledTopics(config: Record<string, unknown> | null | undefined): HouseTopicId[] {
  const asked = config?.topics;
  if (!Array.isArray(asked)) return [...HOUSE_TOPIC_IDS];
  const on = asked.filter((t): t is HouseTopicId => typeof t === 'string' && t in HOUSE_TOPICS);
  return [...new Set(on)];
}

/** 降价 of a listing: 元 and % of the first asking price (one decimal); null when it was not cut. */
export function priceCut(l: { totalPrice: number; initialTotalPrice: number }): { yuan: number; pct: number } | null {
  if (!(l.totalPrice < l.initialTotalPrice) || l.initialTotalPrice <= 0) return null;
  const yuan = l.initialTotalPrice - l.totalPrice;
  return { yuan, pct: Math.round((yuan * 1000) / l.initialTotalPrice) / 10 };
}

export const houseListQuery = z.object({
  /** Absent: the campaign's first topic. */
  topicId: z.enum(HOUSE_TOPIC_IDS, { error: TOPIC_MESSAGES.unknown }).optional(),
  cityId: cityIdParam,
  ...pageParams(20, { maxPage: 200 }),
});
export type HouseListQuery = z.infer<typeof houseListQuery>;

export const houseTopicView = z.object({ id: z.enum(HOUSE_TOPIC_IDS), name: z.string(), intro: z.string() });
export type HouseTopicView = z.infer<typeof houseTopicView>;
export const houseListBody = z.object({
  topic: houseTopicView,
  /** The topics the campaign shows (its tabs). */
  topics: z.array(houseTopicView),
  cityId: z.number().int(),
  cityName: z.string(),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(listingCard),
});
export type HouseListBody = z.infer<typeof houseListBody>;

// --- 高端盘 -----------------------------------------------------------------------------------------------------------
/** 高端盘 is the top tenth (rounded up) of the city's estates ranked by 挂牌均价 of its newest month. */
export const PREMIER_SHARE = 0.1;
/** How many estates the showcase shows before 查看全部. */
export const PREMIER_SHOWCASE = 6;
export const premierQuery = z.object({ cityId: cityIdParam, ...pageParams(20, { maxPage: 100 }) });
export type PremierQuery = z.infer<typeof premierQuery>;
export const premierEstate = z.object({
  rank: z.number().int(),
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  buildYear: z.number().int().nullable(),
  /** 挂牌均价 元/㎡ of the month, its MoM % (null without a comparable month before) and 成交均价. */
  listingAvg: z.number().int(),
  listingMom: z.number().nullable(),
  listingCount: z.number().int(),
  dealAvg: z.number().int().nullable(),
  dealMom: z.number().nullable(),
});
export type PremierEstate = z.infer<typeof premierEstate>;
export const premierBody = z.object({
  cityId: z.number().int(),
  cityName: z.string(),
  /** 'YYYY-MM'; null when the city has no estate price yet. */
  month: z.string().nullable(),
  /** Estates ranked (enough listings for an average) and how many of them are 高端盘. */
  rankedCount: z.number().int(),
  /** The lowest 挂牌均价 in the decile. */
  threshold: z.number().int().nullable(),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(premierEstate),
});
export type PremierBody = z.infer<typeof premierBody>;

// --- SMS short links --------------------------------------------------------------------------------------------------
export const MSGLINK_MESSAGES = {
  invalid: '链接无效，请检查短信中的链接是否完整',
  expired: '链接已过期',
} as const;
/** A code: the msg_link id in base62 followed by a signature; anything else is refused before a lookup. */
export const MSGLINK_CODE_PATTERN = /^[0-9A-Za-z]{1,11}[0-9A-Za-z_-]{11}$/;
export const msgLinkResolveQuery = z.object({
  code: textParam('code', { max: 40 }).refine((c) => MSGLINK_CODE_PATTERN.test(c), {
    message: MSGLINK_MESSAGES.invalid,
  }),
});
export const msgLinkResolveBody = z.object({ target: z.string() });
export type MsgLinkResolveBody = z.infer<typeof msgLinkResolveBody>;
/** The page an SMS opens. */
export const msgLinkPath = (code: string) => `/activity/msglink?code=${code}`;
export const MSGLINK_ERROR_PATH = '/activity/msglink/error';
export const MSGLINK_ERRORS = ['invalid', 'expired'] as const;
export type MsgLinkError = (typeof MSGLINK_ERRORS)[number];
/** What resolving a code gives: the target, or why not (the error page's ?reason). */
export type MsgLinkResolution = { target: string } | { error: MsgLinkError };
export interface MsgLinksService {
  /** Checks the signature before any lookup; counts a click on a live link. */
  resolve(code: string): Promise<MsgLinkResolution>;
}
