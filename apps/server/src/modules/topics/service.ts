// Issue 18 topic slice: 专题房源 (activity/house-list), 高端盘 (activity/premier) and the SMS short-link resolver
// (msglink/resolve, in msglinks.ts). Topics are filters of house/listing/search (HOUSE_TOPICS in the domain), so a topic agrees with
// the 在售二手房 filter of the same name; 高端盘 is the top tenth of the rankings' own 均价 ranking of estates.
import { queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  HOUSE_TOPICS,
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

/** What the premier page shows beside a ranking row: the estate's district and its 成交均价, this month and the last. */
interface PremierExtra {
  id: number;
  districtName: string;
  dealAvg: number | null;
  previousDealAvg: number | null;
}

/** Asks the rankings for every ranked estate (the 均价 ranking has no cap of its own here; its cache keeps the list). */
const WHOLE_RANKING = 100_000;

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
      // the rankings' 均价 ranking of estates (rank/list?rank=price&type=estate): the same month, rows, order and
      // MoM as the 排行榜 pages, from the market service's cache
      const ranking = await services.market.rankList({
        cityId: query.cityId,
        rank: 'price',
        type: 'estate',
        size: WHOLE_RANKING,
      });
      const ranked = ranking?.list ?? [];
      const total = premierCount(ranked.length);
      const empty = { cityId: query.cityId, cityName: name, page: query.page, size: query.size };
      if (!ranking?.month || total === 0) {
        return { ...empty, month: null, rankedCount: 0, threshold: null, total: 0, list: [] };
      }
      const offset = (query.page - 1) * query.size;
      const rows = ranked.slice(offset, Math.min(offset + query.size, total));
      const month = `${ranking.month}-01`;
      const extras =
        rows.length === 0
          ? []
          : await queryRows<PremierExtra>(
              db,
              sql`SELECT e.id, d.name AS "districtName", ps.deal_avg AS "dealAvg", prev.deal_avg AS "previousDealAvg"
                  FROM estate e
                  JOIN district d ON d.id = e.district_id
                  LEFT JOIN price_series ps ON ps.level = 'estate' AND ps.target_id = e.id AND ps.month = ${month}::date
                  LEFT JOIN price_series prev ON prev.level = 'estate' AND prev.target_id = e.id
                                             AND prev.month = (${month}::date - interval '1 month')::date
                  WHERE e.id = ANY(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`,
            );
      const extraOf = new Map(extras.map((x) => [x.id, x]));
      return {
        ...empty,
        month: ranking.month,
        rankedCount: ranked.length,
        threshold: ranked[total - 1]!.listingAvg,
        total,
        list: rows.map((r) => {
          const extra = extraOf.get(r.id);
          return {
            rank: r.rank,
            id: r.id,
            cityId: query.cityId,
            name: r.name,
            districtName: extra?.districtName ?? '',
            plateName: r.parentName ?? '',
            buildYear: r.buildYear,
            listingAvg: r.listingAvg ?? 0,
            listingCount: r.onSaleCount,
            listingMom: r.listingMom,
            dealAvg: extra?.dealAvg ?? null,
            dealMom: percentChange(extra?.previousDealAvg, extra?.dealAvg),
          };
        }),
      };
    },
  };
}

export type Topics = ReturnType<typeof createTopics>;
