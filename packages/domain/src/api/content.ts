// Payloads of the content endpoints (PAGES.md §3.8). POST content/list (spec §7) with type video feeds
// /{city}/house-video; NEW content/video/detail gives one video's scenes and NEW POST content/video/play
// counts a play. A video's scenes are drawn from the estate's figures of the last complete month before it was
// published. With type policy / market / guide (an article column) it feeds /{city}/home-list/more-article, and
// NEW content/article gives one article (sanitised HTML, the estates it names, related articles).
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { idParam, pageParams } from './params.ts';

/**
 * 文章专栏 (issue 17): three fixed columns, each followed as subscriptions target_type 'column' with this id (the
 * same column in every city: 行情 lists the chosen city's write-ups).
 */
export const ARTICLE_COLUMNS = {
  policy: { id: 1, name: '政策', title: '政策解读' },
  market: { id: 2, name: '行情', title: '月度行情' },
  guide: { id: 3, name: '攻略', title: '买房攻略' },
} as const;
export type ArticleColumn = keyof typeof ARTICLE_COLUMNS;
export const ARTICLE_COLUMN_CODES = Object.keys(ARTICLE_COLUMNS) as [ArticleColumn, ...ArticleColumn[]];
/** The column of a subscription's target id; null for an id that is no column. */
export function articleColumnById(id: number): ArticleColumn | null {
  return ARTICLE_COLUMN_CODES.find((c) => ARTICLE_COLUMNS[c].id === id) ?? null;
}

/** Content types content/list serves: video, or an article column. */
export const CONTENT_TYPES = ['video', ...ARTICLE_COLUMN_CODES] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
const TYPE_MESSAGE = `type 只能是 ${CONTENT_TYPES.join('、')}`;

export const VIDEO_KINDS = {
  tour: '小区实拍',
  layout: '户型讲解',
  around: '周边配套',
  market: '行情解读',
} as const;
export type VideoKind = keyof typeof VIDEO_KINDS;
const VIDEO_KIND_CODES = Object.keys(VIDEO_KINDS) as [VideoKind, ...VideoKind[]];

export const VIDEO_SORTS = { hot: '最热', new: '最新' } as const;
export type VideoSort = keyof typeof VIDEO_SORTS;
const VIDEO_SORT_CODES = Object.keys(VIDEO_SORTS) as [VideoSort, ...VideoSort[]];

export const VIDEO_PAGE_SIZE = 10;

export const contentListInput = z.object({
  cityId: cityIdParam,
  type: z.literal('video', { message: TYPE_MESSAGE }),
  /** One estate's videos; absent for the city's. */
  estateId: idParam('estateId').optional(),
  kind: z.enum(VIDEO_KIND_CODES, { message: 'kind 只能是 tour、layout、around 或 market' }).optional(),
  sort: z.enum(VIDEO_SORT_CODES, { message: 'sort 只能是 hot 或 new' }).default('hot'),
  ...pageParams(VIDEO_PAGE_SIZE),
});
export type ContentListInput = z.infer<typeof contentListInput>;

export const videoCard = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  kind: z.enum(VIDEO_KIND_CODES),
  title: z.string(),
  durationSec: z.number().int(),
  /** 'YYYY-MM-DD'. */
  publishedAt: z.string(),
  playCount: z.number().int(),
  likeCount: z.number().int(),
  /** The agent who presents the video. */
  agent: z.object({ id: z.number().int(), name: z.string(), company: z.string() }).nullable(),
});
export type VideoCard = z.infer<typeof videoCard>;

export const contentListBody = z.object({
  type: z.literal('video'),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(videoCard),
  /** The estate when the list is one estate's. */
  estate: z
    .object({ id: z.number().int(), name: z.string(), districtName: z.string(), plateName: z.string() })
    .nullable(),
});
export type ContentListBody = z.infer<typeof contentListBody>;

// ---------- content/video/detail ----------

export const videoDetailQuery = z.object({ id: idParam('id') });

const figure = z.object({ label: z.string(), value: z.string() });
const point = z.object({ month: z.string(), value: z.number().nullable() });

/** What a scene draws; every number is the estate's (or its area's) as of the video's month. */
export const sceneVisual = z.discriminatedUnion('type', [
  /** The estate's buildings as a skyline (floors of up to eight of them). */
  z.object({ type: z.literal('skyline'), buildings: z.array(z.object({ name: z.string(), floors: z.number() })) }),
  /** Labelled facts, already formatted ('35%', '2.8元/㎡·月'). */
  z.object({ type: z.literal('figures'), items: z.array(figure) }),
  /** Rings filled to ratio (0–1) with their text. */
  z.object({
    type: z.literal('gauges'),
    items: z.array(z.object({ label: z.string(), ratio: z.number(), text: z.string() })),
  }),
  /** A unit type's schematic plan. */
  z.object({
    type: z.literal('floorplan'),
    rooms: z.number().int(),
    halls: z.number().int(),
    baths: z.number().int(),
    area: z.number(),
  }),
  /** One headline figure and its change, percent (red up, green down). */
  z.object({
    type: z.literal('headline'),
    label: z.string(),
    value: z.string(),
    change: z.number().nullable(),
    note: z.string(),
  }),
  /** Monthly lines: the estate first, then what it is compared with. */
  z.object({
    type: z.literal('trend'),
    unit: z.string(),
    lines: z.array(z.object({ name: z.string(), points: z.array(point) })),
  }),
  /** Bars; the highlighted one is the estate's (or the unit type's). */
  z.object({
    type: z.literal('bars'),
    unit: z.string(),
    items: z.array(z.object({ label: z.string(), value: z.number(), highlight: z.boolean() })),
  }),
  /** The estate at the centre, the nearest station and neighbouring estates, offsets in metres (east, north). */
  z.object({
    type: z.literal('map'),
    radiusM: z.number().int(),
    station: z.object({ name: z.string(), dx: z.number(), dy: z.number(), distanceM: z.number().int() }).nullable(),
    neighbours: z.array(
      z.object({ name: z.string(), dx: z.number(), dy: z.number(), listingAvg: z.number().nullable() }),
    ),
  }),
]);
export type SceneVisual = z.infer<typeof sceneVisual>;

export const videoScene = z.object({
  title: z.string(),
  /** The presenter's words, shown as subtitles. */
  caption: z.string(),
  /** Start and length within the video, seconds. */
  startSec: z.number(),
  seconds: z.number(),
  visual: sceneVisual,
});
export type VideoScene = z.infer<typeof videoScene>;

export const videoDetailBody = videoCard.extend({
  /** 'YYYY-MM' the figures are of: the month before publication (complete then), at most the newest month. */
  month: z.string().nullable(),
  scenes: z.array(videoScene),
});
export type VideoDetailBody = z.infer<typeof videoDetailBody>;

// ---------- POST content/video/play ----------

export const videoPlayInput = z.object({ id: idParam('id') });
export const videoPlayBody = z.object({ id: z.number().int(), playCount: z.number().int() });
export type VideoPlayBody = z.infer<typeof videoPlayBody>;

// ---------- articles: POST content/list with an article column, content/article ----------

export const ARTICLE_PAGE_SIZE = 20;

export const articleListInput = z.object({
  cityId: cityIdParam,
  type: z.enum(ARTICLE_COLUMN_CODES, { message: TYPE_MESSAGE }),
  ...pageParams(ARTICLE_PAGE_SIZE),
});
export type ArticleListInput = z.infer<typeof articleListInput>;

/**
 * What content/list reads: a video query or an article column's. A type that is neither is refused with the one
 * message naming all of them.
 */
export const contentListRequest = z.discriminatedUnion('type', [contentListInput, articleListInput], {
  error: (issue) => (issue.code === 'invalid_union' ? TYPE_MESSAGE : undefined),
});
export type ContentListRequest = z.infer<typeof contentListRequest>;

/** A 行情 card's headline figure: the month's 挂牌均价 and its MoM in percent (red up, green down). */
export const articleFigure = z.object({
  label: z.string(),
  value: z.number().nullable(),
  change: z.number().nullable(),
});
export type ArticleFigure = z.infer<typeof articleFigure>;

export const articleCard = z.object({
  id: z.number().int(),
  /** editorial: written by the team (Markdown of the repository); market: a monthly write-up of the figures. */
  kind: z.enum(['editorial', 'market']),
  column: z.enum(ARTICLE_COLUMN_CODES),
  /** Null: an article of every city. */
  cityId: z.number().int().nullable(),
  /** 'YYYY-MM' of a 行情 write-up. */
  month: z.string().nullable(),
  title: z.string(),
  summary: z.string(),
  /** An image URL (http(s) or a path of ours), or null: the card shows its column or figure instead. */
  cover: z.string().nullable(),
  author: z.string(),
  /** 'YYYY-MM-DD' (Beijing). */
  publishedAt: z.string(),
  readCount: z.number().int(),
  figure: articleFigure.nullable(),
});
export type ArticleCard = z.infer<typeof articleCard>;

export const articleListBody = z.object({
  type: z.enum(ARTICLE_COLUMN_CODES),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(articleCard),
});
export type ArticleListBody = z.infer<typeof articleListBody>;

export const contentListAnyBody = z.union([contentListBody, articleListBody]);

export const articleDetailQuery = z.object({
  id: idParam('id', '文章 id 格式不正确'),
  /** The city the reader is in: related articles of a nationwide article are that city's. */
  cityId: cityIdParam.optional(),
});
export type ArticleDetailQuery = z.infer<typeof articleDetailQuery>;

/** An estate an article names, with its page's figures (the estate cards of the lists). */
export const articleEstate = z.object({
  id: z.number().int(),
  cityId: z.number().int(),
  name: z.string(),
  districtName: z.string(),
  plateName: z.string(),
  listingAvg: z.number().nullable(),
  listingMom: z.number().nullable(),
  dealAvg: z.number().nullable(),
  dealMom: z.number().nullable(),
});
export type ArticleEstate = z.infer<typeof articleEstate>;

export const articleDetailBody = articleCard.extend({
  /** Sanitised on the server (editorial: rendered Markdown; market: built from escaped figures). */
  html: z.string(),
  estates: z.array(articleEstate),
  /** Newest others of the same column and city scope. */
  related: z.array(articleCard),
});
export type ArticleDetailBody = z.infer<typeof articleDetailBody>;
