// Issue 18 topic slice: 专题房源 (activity/house-list), 高端盘 (activity/premier) and the SMS short-link resolver
// (msglink/resolve, in msglinks.ts). Topics are filters of house/listing/search (HOUSE_TOPICS in the domain), so a topic agrees with
// the 在售二手房 filter of the same name; 高端盘 ranks estates by the same price_series 挂牌均价 as the rankings.
import { queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  HOUSE_TOPICS,
  MIN_LISTING_SAMPLE,
  PREMIER_SHARE,
  TOPIC_MESSAGES,
  enabledTopics,
  listingSearchQuery,
  percentChange,
  type HouseListBody,
  type HouseListQuery,
  type HouseTopicId,
  type HouseTopicView,
  type PremierBody,
  type PremierQuery,
  type Services,
} from '@fjt/domain';
import type { Activities } from '../activities/service.ts';

const topicView = (id: HouseTopicId): HouseTopicView => ({
  id,
  name: HOUSE_TOPICS[id].name,
  intro: HOUSE_TOPICS[id].intro,
});

interface PremierRow {
  rank: number;
  id: number;
  cityId: number;
  name: string;
  districtName: string;
  plateName: string;
  buildYear: number | null;
  listingAvg: number;
  listingCount: number;
  previousAvg: number | null;
  previousCount: number;
  dealAvg: number | null;
  previousDealAvg: number | null;
}

/** How many of `ranked` estates are 高端盘: the top tenth, rounded up (one as soon as there is one). */
export const premierCount = (ranked: number) => Math.ceil(ranked * PREMIER_SHARE);

export function createTopics(deps: { db: Database; services: Services; activities: Activities }) {
  const { db, services, activities } = deps;

  async function cityName(cityId: number): Promise<string> {
    const city = await services.geo.getCity(cityId);
    if (!city) throw ApiError.notFound('城市不存在');
    return city.name;
  }

  return {
    async houseList(query: HouseListQuery): Promise<HouseListBody> {
      const activity = await activities.requireRunning('houselist');
      const on = enabledTopics(activity.config);
      const topicId = query.topicId ?? on[0];
      if (!topicId || !on.includes(topicId)) throw ApiError.notFound(TOPIC_MESSAGES.off);
      const name = await cityName(query.cityId);
      const topic = HOUSE_TOPICS[topicId];
      const result = await services.listings.search(
        listingSearchQuery.parse({
          cityId: query.cityId,
          ...('label' in topic ? { label: topic.label } : {}),
          ...('price' in topic ? { price: topic.price } : {}),
          order: topic.order,
          page: query.page,
          size: query.size,
        }),
      );
      if (!result) throw ApiError.notFound('城市不存在');
      return {
        topic: topicView(topicId),
        topics: on.map(topicView),
        cityId: query.cityId,
        cityName: name,
        total: result.total,
        page: result.page,
        size: result.size,
        list: result.list,
      };
    },

    async premier(query: PremierQuery): Promise<PremierBody> {
      await activities.requireRunning('premier');
      const name = await cityName(query.cityId);
      const minSample = MIN_LISTING_SAMPLE.estate;
      // the city's newest month with an estate average, and how many estates have one on enough listings
      const [head] = await queryRows<{ month: string | null; ranked: number }>(
        db,
        sql`WITH latest AS (
              SELECT max(month) AS m FROM price_series
              WHERE level = 'estate' AND city_id = ${query.cityId} AND listing_avg IS NOT NULL
            )
            SELECT to_char(latest.m, 'YYYY-MM-DD') AS month,
                   (SELECT count(*)::int FROM price_series ps
                    WHERE ps.level = 'estate' AND ps.city_id = ${query.cityId} AND ps.month = latest.m
                      AND ps.listing_avg IS NOT NULL AND ps.listing_count >= ${minSample}) AS ranked
            FROM latest`,
      );
      const month = head?.month ?? null;
      const ranked = month ? head!.ranked : 0;
      const total = premierCount(ranked);
      const empty = { cityId: query.cityId, cityName: name, page: query.page, size: query.size };
      if (!month || total === 0) return { ...empty, month: null, rankedCount: 0, threshold: null, total: 0, list: [] };
      const offset = (query.page - 1) * query.size;
      const limit = Math.max(0, Math.min(query.size, total - offset));
      const rows =
        limit === 0
          ? []
          : await queryRows<PremierRow>(
              db,
              sql`SELECT r.rank::int AS rank, e.id, e.city_id AS "cityId", e.name, d.name AS "districtName",
                         p.name AS "plateName", e.build_year AS "buildYear", r.listing_avg AS "listingAvg",
                         r.listing_count AS "listingCount", prev.listing_avg AS "previousAvg",
                         coalesce(prev.listing_count, 0)::int AS "previousCount", r.deal_avg AS "dealAvg",
                         prev.deal_avg AS "previousDealAvg"
                  FROM (
                    SELECT ps.target_id, ps.listing_avg, ps.listing_count, ps.deal_avg,
                           row_number() OVER (ORDER BY ps.listing_avg DESC, ps.target_id) AS rank
                    FROM price_series ps
                    WHERE ps.level = 'estate' AND ps.city_id = ${query.cityId} AND ps.month = ${month}::date
                      AND ps.listing_avg IS NOT NULL AND ps.listing_count >= ${minSample}
                  ) r
                  JOIN estate e ON e.id = r.target_id
                  JOIN district d ON d.id = e.district_id
                  JOIN plate p ON p.id = e.plate_id
                  LEFT JOIN price_series prev ON prev.level = 'estate' AND prev.target_id = r.target_id
                                             AND prev.month = (${month}::date - interval '1 month')::date
                  WHERE r.rank > ${offset} AND r.rank <= ${offset + limit}
                  ORDER BY r.rank`,
            );
      const [last] = await queryRows<{ threshold: number }>(
        db,
        sql`SELECT listing_avg AS threshold FROM price_series
            WHERE level = 'estate' AND city_id = ${query.cityId} AND month = ${month}::date
              AND listing_avg IS NOT NULL AND listing_count >= ${minSample}
            ORDER BY listing_avg DESC, target_id OFFSET ${total - 1} LIMIT 1`,
      );
      return {
        ...empty,
        month: month.slice(0, 7),
        rankedCount: ranked,
        threshold: last?.threshold ?? null,
        total,
        list: rows.map((r) => ({
          rank: r.rank,
          id: r.id,
          cityId: r.cityId,
          name: r.name,
          districtName: r.districtName,
          plateName: r.plateName,
          buildYear: r.buildYear,
          listingAvg: r.listingAvg,
          listingCount: r.listingCount,
          // a change only against a month with an average of the same standing (as the rankings)
          listingMom: r.previousCount >= minSample ? percentChange(r.previousAvg, r.listingAvg) : null,
          dealAvg: r.dealAvg,
          dealMom: percentChange(r.previousDealAvg, r.dealAvg),
        })),
      };
    },
  };
}

export type Topics = ReturnType<typeof createTopics>;
