// SQL of the content endpoints: the video feed (video joined with its estate and agent), and the figures a
// video's scenes need as of its month — series rows, the unit types on sale, deals by room count, neighbours.
import { queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';
import type { ContentListInput, VideoCard, VideoKind } from '@fjt/domain';

const CARD_COLUMNS = sql`v.id, v.city_id AS "cityId", v.estate_id AS "estateId", e.name AS "estateName",
  d.name AS "districtName", p.name AS "plateName", v.kind, v.title, v.duration_sec AS "durationSec",
  to_char(v.published_at, 'YYYY-MM-DD') AS "publishedAt", v.play_count AS "playCount", v.like_count AS "likeCount",
  CASE WHEN a.id IS NULL THEN NULL ELSE json_build_object('id', a.id, 'name', a.name, 'company', a.company) END AS agent`;
const CARD_FROM = sql`video v JOIN estate e ON e.id = v.estate_id JOIN district d ON d.id = e.district_id
  JOIN plate p ON p.id = e.plate_id LEFT JOIN agent a ON a.id = v.agent_id`;

const ORDER: Record<ContentListInput['sort'], SQL> = {
  hot: sql`v.play_count DESC, v.id`,
  new: sql`v.published_at DESC, v.id DESC`,
};

export interface VideoRow extends VideoCard {
  layout: { rooms: number; halls: number; baths: number; area: number } | null;
}

export interface SeriesPoint {
  month: string;
  listingAvg: number | null;
  listingCount: number;
  dealAvg: number | null;
  dealCount: number;
  premium: number | null;
}

export function createContentRepo(db: Database) {
  return {
    async estateHead(estateId: number) {
      const [row] = await queryRows<{
        id: number;
        cityId: number;
        name: string;
        districtName: string;
        plateName: string;
      }>(
        db,
        sql`SELECT e.id, e.city_id AS "cityId", e.name, d.name AS "districtName", p.name AS "plateName"
            FROM estate e JOIN district d ON d.id = e.district_id JOIN plate p ON p.id = e.plate_id
            WHERE e.id = ${estateId}`,
      );
      return row ?? null;
    },

    videoPage(query: {
      cityId: number;
      estateId?: number;
      kind?: VideoKind;
      sort: ContentListInput['sort'];
      page: number;
      size: number;
    }) {
      const where = [sql`v.city_id = ${query.cityId}`];
      if (query.estateId !== undefined) where.push(sql`v.estate_id = ${query.estateId}`);
      if (query.kind) where.push(sql`v.kind = ${query.kind}`);
      return queryPage<VideoCard>(db, {
        select: CARD_COLUMNS,
        from: sql`FROM ${CARD_FROM} WHERE ${sql.join(where, sql` AND `)}`,
        orderBy: ORDER[query.sort],
        page: query.page,
        size: query.size,
      });
    },

    async video(id: number): Promise<VideoRow | null> {
      const [row] = await queryRows<VideoRow>(
        db,
        sql`SELECT ${CARD_COLUMNS}, v.layout FROM ${CARD_FROM} WHERE v.id = ${id}`,
      );
      return row ?? null;
    },

    async addPlay(id: number): Promise<number | null> {
      const [row] = await queryRows<{ playCount: number }>(
        db,
        sql`UPDATE video SET play_count = play_count + 1 WHERE id = ${id} RETURNING play_count AS "playCount"`,
      );
      return row?.playCount ?? null;
    },

    async playCount(id: number): Promise<number | null> {
      const [row] = await queryRows<{ playCount: number }>(
        db,
        sql`SELECT play_count AS "playCount" FROM video WHERE id = ${id}`,
      );
      return row?.playCount ?? null;
    },

    /** Newest month of the city's series, 'YYYY-MM'. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    /** Series rows of one target for the months from..to ('YYYY-MM'), oldest first. */
    series(level: 'estate' | 'plate' | 'district' | 'city', targetId: number, from: string, to: string) {
      return queryRows<SeriesPoint>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month, listing_avg AS "listingAvg", listing_count AS "listingCount",
                   deal_avg AS "dealAvg", deal_count AS "dealCount", premium
            FROM price_series
            WHERE level = ${level} AND target_id = ${targetId}
              AND month BETWEEN ${`${from}-01`}::date AND ${`${to}-01`}::date
            ORDER BY month`,
      );
    },

    /** Listings on sale at the end of `day`, by room count (5 = five or more). */
    listingsByRooms(estateId: number, day: string) {
      return queryRows<{ rooms: number; count: number; unitAvg: number; totalAvg: number }>(
        db,
        sql`SELECT LEAST(rooms, 5)::int AS rooms, count(*)::int AS count,
                   round(avg(unit_price))::int AS "unitAvg", round(avg(total_price))::int AS "totalAvg"
            FROM listing
            WHERE estate_id = ${estateId} AND listed_at <= ${day}::date
              AND (ended_at IS NULL OR ended_at > ${day}::date)
            GROUP BY 1 ORDER BY 1`,
      );
    },

    /** Deals of the estate with `rooms` rooms in the 12 months to `day`. */
    async dealsOfRooms(estateId: number, rooms: number, day: string) {
      const [row] = await queryRows<{ count: number; unitAvg: number | null; bargainPct: number | null }>(
        db,
        sql`SELECT count(*)::int AS count, round(avg(unit_price))::int AS "unitAvg",
                   round(avg(bargain_pct)::numeric, 1)::float8 AS "bargainPct"
            FROM deal
            WHERE estate_id = ${estateId} AND LEAST(rooms, 5) = ${rooms}
              AND deal_date > ${day}::date - interval '12 months' AND deal_date <= ${day}::date`,
      );
      return row ?? { count: 0, unitAvg: null, bargainPct: null };
    },

    /** Average 成交周期 (days) of the estate's deals in the month. */
    async cycleDays(estateId: number, month: string) {
      const [row] = await queryRows<{ days: number | null }>(
        db,
        sql`SELECT round(avg(cycle_days))::int AS days FROM deal
            WHERE estate_id = ${estateId} AND deal_date >= ${`${month}-01`}::date
              AND deal_date < ${`${month}-01`}::date + interval '1 month'`,
      );
      return row?.days ?? null;
    },

    /** The nearest other estates of the city within radiusM, with their 挂牌均价 of the month. */
    neighbours(
      estate: { id: number; cityId: number; lng: number; lat: number },
      radiusM: number,
      month: string,
      limit: number,
    ) {
      // A bounding box on degrees first (1° latitude ≈ 111 km), then the exact distance.
      const dLat = radiusM / 111_000;
      const cos = Math.cos((estate.lat * Math.PI) / 180);
      const dLng = dLat / cos;
      const distance2 = sql`(e.lat - ${estate.lat}) ^ 2 + ((e.lng - ${estate.lng}) * ${cos}) ^ 2`;
      return queryRows<{ name: string; lng: number; lat: number; listingAvg: number | null }>(
        db,
        sql`SELECT e.name, e.lng, e.lat, s.listing_avg AS "listingAvg"
            FROM estate e
            LEFT JOIN price_series s ON s.level = 'estate' AND s.target_id = e.id AND s.month = ${`${month}-01`}::date
            WHERE e.city_id = ${estate.cityId} AND e.id <> ${estate.id}
              AND e.lat BETWEEN ${estate.lat - dLat} AND ${estate.lat + dLat}
              AND e.lng BETWEEN ${estate.lng - dLng} AND ${estate.lng + dLng}
              AND ${distance2} <= ${dLat * dLat}
            ORDER BY ${distance2}, e.id
            LIMIT ${limit}`,
      );
    },

    async station(estateId: number) {
      const [row] = await queryRows<{ name: string; lng: number; lat: number }>(
        db,
        sql`SELECT s.name, s.lng, s.lat FROM estate e JOIN metro_station s ON s.id = e.nearest_station_id
            WHERE e.id = ${estateId}`,
      );
      return row ?? null;
    },
  };
}
export type ContentRepo = ReturnType<typeof createContentRepo>;
