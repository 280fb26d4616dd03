// SQL of the article endpoints: a column's page for a city (its own articles and those of every city), one article
// read with its count raised in the same statement, the estates it names with their page's figures, and related
// articles. A 行情 card's figure is read from price_series as it stands, so it never disagrees with the series.
import { queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';
import { percentChange, type ArticleCard, type ArticleColumn } from '@fjt/domain';
import { estateFiguresColumns, estateFiguresJoins, withEstateMom } from '../../../lib/estate-figures.ts';

interface CardSqlRow extends Omit<ArticleCard, 'figure'> {
  figureAvg: number | null;
  figurePrevious: number | null;
}

const CARD_COLUMNS = sql`a.id::int AS id, a.kind, a."column", a.city_id AS "cityId", a.month, a.title, a.summary, a.cover,
  a.author, to_char(a.published_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS "publishedAt",
  a.read_count AS "readCount", cur.listing_avg AS "figureAvg", prev.listing_avg AS "figurePrevious"`;

/** The series row of a 行情 write-up's place and month, and the month before (nothing for other articles). */
const FIGURE_JOINS = sql`
  LEFT JOIN price_series cur ON a.kind = 'market'
    AND cur.level = CASE WHEN a.district_id IS NULL THEN 'city' ELSE 'district' END
    AND cur.target_id = coalesce(a.district_id, a.city_id) AND cur.month = to_date(a.month || '-01', 'YYYY-MM-DD')
  LEFT JOIN price_series prev ON a.kind = 'market' AND prev.level = cur.level AND prev.target_id = cur.target_id
    AND prev.month = (cur.month - interval '1 month')::date`;

/** A city's articles of a column: its own and those of every city. */
const inCity = (cityId: number, column: ArticleColumn) =>
  sql`a.status = 'visible' AND a."column" = ${column} AND (a.city_id IS NULL OR a.city_id = ${cityId})`;

// newest first; of one month's write-ups the city's before its districts'
const ORDER = sql`a.published_at DESC, a.district_id NULLS FIRST, a.id DESC`;

export function toCard({ figureAvg, figurePrevious, ...row }: CardSqlRow): ArticleCard {
  return {
    ...row,
    figure:
      row.kind === 'market'
        ? { label: '挂牌均价', value: figureAvg, change: percentChange(figurePrevious, figureAvg) }
        : null,
  };
}

export interface ArticleRow extends CardSqlRow {
  html: string;
  estateIds: number[];
  districtId: number | null;
}

export function createArticlesRepo(db: Database) {
  return {
    async page(cityId: number, column: ArticleColumn, page: number, size: number) {
      const { total, rows } = await queryPage<CardSqlRow>(db, {
        select: CARD_COLUMNS,
        from: sql`FROM article a ${FIGURE_JOINS} WHERE ${inCity(cityId, column)}`,
        orderBy: ORDER,
        page,
        size,
      });
      return { total, list: rows.map(toCard) };
    },

    /** The article, its read count raised by one in the same statement; null when unknown or not visible. */
    async read(id: number): Promise<ArticleRow | null> {
      const [row] = await queryRows<ArticleRow>(
        db,
        sql`WITH counted AS (
              UPDATE article SET read_count = read_count + 1 WHERE id = ${id} AND status = 'visible' RETURNING *)
            SELECT ${CARD_COLUMNS}, a.html, a.estate_ids AS "estateIds", a.district_id AS "districtId"
            FROM counted a ${FIGURE_JOINS}`,
      );
      return row ?? null;
    },

    /** Newest others of the column in the same city scope (a write-up: its city's). */
    async related(article: { id: number; column: ArticleColumn; cityId: number | null }, cityId: number, n: number) {
      const rows = await queryRows<CardSqlRow>(
        db,
        sql`SELECT ${CARD_COLUMNS} FROM article a ${FIGURE_JOINS}
            WHERE ${inCity(article.cityId ?? cityId, article.column)} AND a.id <> ${article.id}
            ORDER BY ${ORDER} LIMIT ${n}`,
      );
      return rows.map(toCard);
    },

    /** The estates named, in the article's order, with their page's figures; unknown ids are left out. */
    async estates(ids: number[]) {
      if (ids.length === 0) return [];
      const list: SQL = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await queryRows<Parameters<typeof withEstateMom>[0]>(
        db,
        sql`SELECT ${estateFiguresColumns} FROM (SELECT unnest(ARRAY[${list}]::int[]) AS target_id) s
            ${estateFiguresJoins}`,
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const { month: _month, ...figures } = withEstateMom(row);
        return [figures];
      });
    },
  };
}

export type ArticlesRepo = ReturnType<typeof createArticlesRepo>;
