// Payloads of the content endpoints (PAGES.md §3.8). POST content/list (spec §7) with type video feeds
// /{city}/house-video; NEW content/video/detail gives one video's scenes and NEW POST content/video/play
// counts a play. A video's scenes are drawn from the estate's figures of the last complete month before it was
// published.
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { idParam, pageParams } from './params.ts';

/** Content types content/list serves. Articles join with the content issue (PAGES.md §3.8 more-article). */
export const CONTENT_TYPES = ['video'] as const;

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
  type: z.enum(CONTENT_TYPES, { message: 'type 只能是 video' }),
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
  type: z.enum(CONTENT_TYPES),
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
