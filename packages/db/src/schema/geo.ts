// Cities the product serves. City id 605 is 杭州, the spec's default city (spec §2, §9).
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const city = pgTable(
  'city',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    pinyin: text('pinyin').notNull(),
    /** 6-digit administrative code (国家统计局 / 民政部). */
    adcode: text('adcode').notNull().unique(),
    province: text('province').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('city_pinyin_idx').on(t.pinyin)],
);
