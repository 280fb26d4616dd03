// Content shown around the market data (PAGES.md §3.8). So far the estate videos of /{city}/house-video:
// short agent-presented videos whose scenes are drawn from the estate's own figures as of the month the video
// was published (apps/server/src/modules/content builds them), so a video never contradicts the data under it.
import { date, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import type { Layout } from './market.ts';

/** 看房视频. kind: tour 小区实拍 | layout 户型讲解 | around 周边配套 | market 行情解读. */
export const video = pgTable(
  'video',
  {
    id: integer('id').primaryKey(),
    cityId: integer('city_id').notNull(),
    estateId: integer('estate_id').notNull(),
    /** The agent who presents it (one who serves the estate). */
    agentId: integer('agent_id'),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** The unit type a layout video explains; null for the other kinds. */
    layout: jsonb('layout').$type<Layout>(),
    durationSec: smallint('duration_sec').notNull(),
    publishedAt: date('published_at', { mode: 'string' }).notNull(),
    playCount: integer('play_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
  },
  (t) => [
    index('video_city_published_idx').on(t.cityId, t.publishedAt),
    index('video_city_plays_idx').on(t.cityId, t.playCount),
    index('video_estate_idx').on(t.estateId),
  ],
);
