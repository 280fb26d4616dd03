// The report mall's reads (PAGES.md §3.10; spec §7 Trading): the cities with products, the product counts, the
// city overview (from the market service), the promotion, the news (the content module's 行情解读 videos), the
// product list and detail, and a user's purchased reports with their PDF's state.
import { queryPage, queryRows, sql, type Database } from '@fjt/db';
import {
  REPORT_CATEGORIES,
  type CityViewBody,
  type MallProductCard,
  type NewsItem,
  type ProductDetailBody,
  type ProductListBody,
  type ProductListQuery,
  type PromotionBody,
  type PurchasedItem,
  type ReportCategory,
  type Services,
  type SpuCountBody,
  type TradingCity,
} from '@fjt/domain';
import { reportPagePath, reportTarget, type ReportFileRow, type ReportFiles } from './files.ts';

const yuan = (fen: number | null) => (fen === null ? null : Math.round(fen) / 100);

const CARD = sql`p.code, p.category, p.title, p.subtitle, p.coverage, p.update_cycle AS "updateCycle",
  p.price_fen AS "priceFen", p.origin_fen AS "originFen", p.sold_count AS "soldCount"`;

interface CardRow {
  code: string;
  category: ReportCategory;
  title: string;
  subtitle: string;
  coverage: string;
  updateCycle: string;
  priceFen: number;
  originFen: number | null;
  soldCount: number;
}

const cardOf = (r: CardRow): MallProductCard => ({
  code: r.code,
  category: r.category,
  title: r.title,
  subtitle: r.subtitle,
  coverage: r.coverage,
  updateCycle: r.updateCycle,
  amount: yuan(r.priceFen)!,
  originAmount: yuan(r.originFen),
  soldCount: r.soldCount,
});

const fileOf = (f: ReportFileRow | undefined) =>
  f ? { status: f.status, edition: f.edition, bytes: f.bytes, error: f.error } : null;

export function createMallService(deps: { db: Database; services: Services; files: ReportFiles }) {
  const { db, services, files } = deps;

  async function cityExists(cityId: number) {
    return (await services.geo.getCity(cityId)) !== null;
  }

  return {
    /** trading/city-list: every city, with its reports and deal packages on sale (cities with none last). */
    async cityList(): Promise<{ list: TradingCity[] }> {
      const [cities, counts] = await Promise.all([
        services.geo.listCities(),
        queryRows<{ cityId: number; reports: number; trades: number }>(
          db,
          sql`SELECT city_id AS "cityId", count(*) FILTER (WHERE kind = 'report')::int AS reports,
                count(*) FILTER (WHERE kind = 'trade')::int AS trades
              FROM mall_products WHERE active GROUP BY city_id`,
        ),
      ]);
      const byCity = new Map(counts.map((c) => [c.cityId, c]));
      const list = cities.map((c) => ({
        cityId: c.id,
        cityName: c.name,
        pinyin: c.pinyin,
        isHot: c.isHot,
        reportCount: byCity.get(c.id)?.reports ?? 0,
        tradeCount: byCity.get(c.id)?.trades ?? 0,
      }));
      return { list: [...list.filter((c) => c.reportCount > 0), ...list.filter((c) => c.reportCount === 0)] };
    },

    /** trading/spu-count: reports on sale by category, and deal packages; null for an unknown city. */
    async spuCount(cityId: number): Promise<SpuCountBody | null> {
      if (!(await cityExists(cityId))) return null;
      const rows = await queryRows<{ kind: string; category: string; n: number }>(
        db,
        sql`SELECT kind, category, count(*)::int AS n FROM mall_products WHERE active AND city_id = ${cityId}
            GROUP BY kind, category`,
      );
      const categories = { city: 0, district: 0, estate: 0, custom: 0 };
      let trade = 0;
      for (const r of rows) {
        if (r.kind === 'trade') trade += r.n;
        else if ((REPORT_CATEGORIES as readonly string[]).includes(r.category))
          categories[r.category as ReportCategory] = r.n;
      }
      const total = categories.city + categories.district + categories.estate + categories.custom;
      return { cityId, total, categories, trade };
    },

    /** trading/cityView: the newest month's 成交套数 and 成交均价 with their MoM (market/city-overview's figures). */
    async cityView(cityId: number): Promise<CityViewBody | null> {
      const overview = await services.market.cityOverview(cityId);
      if (!overview) return null;
      const months = await queryRows<{ dealCount: number }>(
        db,
        sql`SELECT deal_count AS "dealCount" FROM price_series WHERE level = 'city' AND target_id = ${cityId}
            ORDER BY month DESC LIMIT 2`,
      );
      const [now, before] = months;
      const countMom =
        now && before && before.dealCount > 0
          ? Math.round(((now.dealCount - before.dealCount) / before.dealCount) * 1000) / 10
          : null;
      return {
        cityId,
        cityName: overview.cityName,
        month: overview.month,
        dealCount: overview.dealCount,
        dealAvg: overview.dealAvg,
        dealMom: overview.dealMom,
        countMom,
        listingAvg: overview.listingAvg,
      };
    },

    /** trading/city/promotion: the city's reports with the deepest discount (ties: catalogue order). */
    async promotion(cityId: number): Promise<PromotionBody | null> {
      if (!(await cityExists(cityId))) return null;
      const rows = await queryRows<CardRow>(
        db,
        sql`SELECT ${CARD} FROM mall_products p
            WHERE p.active AND p.kind = 'report' AND p.city_id = ${cityId} AND p.origin_fen > p.price_fen
              AND p.category IN ('city', 'custom', 'district')
            ORDER BY (p.origin_fen - p.price_fen)::float / p.origin_fen DESC, p.sort LIMIT 3`,
      );
      return {
        title: '限时特惠',
        list: rows.map((r) => ({
          ...cardOf(r),
          tag: `${Math.max(1, Math.round((r.priceFen / (r.originFen ?? r.priceFen)) * 100) / 10)}折`,
        })),
      };
    },

    /** trading/newsView: the city's newest 行情解读 (the content module's market videos). */
    async news(cityId: number): Promise<{ list: NewsItem[] } | null> {
      const body = await services.content.list({
        cityId,
        type: 'video',
        kind: 'market',
        sort: 'new',
        page: 1,
        size: 5,
      });
      if (!body) return null;
      return {
        list: body.list.map((v) => ({
          id: v.id,
          title: v.title,
          publishedAt: v.publishedAt,
          source: `${v.districtName} · ${v.estateName}`,
          href: `/${v.cityId}/house-video?vid=${v.id}`,
        })),
      };
    },

    /** NEW market/product/list: a city's reports on sale, one category or all, in catalogue order. */
    async list(q: ProductListQuery): Promise<ProductListBody | null> {
      if (!(await cityExists(q.cityId))) return null;
      const page = await queryPage<CardRow>(db, {
        select: CARD,
        from: sql`FROM mall_products p WHERE p.active AND p.kind = 'report' AND p.city_id = ${q.cityId}
          ${q.category ? sql`AND p.category = ${q.category}` : sql``}`,
        orderBy: sql`p.sort, p.id`,
        page: q.page,
        size: q.size,
      });
      return { total: page.total, page: q.page, size: q.size, list: page.rows.map(cardOf) };
    },

    /** NEW market/product/detail: one report on sale; owned for the signed-in user; null when unknown. */
    async detail(code: string, userId: number | null): Promise<ProductDetailBody | null> {
      const [row] = await queryRows<CardRow & { contents: string[]; cityId: number }>(
        db,
        sql`SELECT ${CARD}, p.contents, p.city_id AS "cityId" FROM mall_products p
            WHERE p.code = ${code} AND p.kind = 'report' AND p.active`,
      );
      if (!row) return null;
      const [target, city, owned] = await Promise.all([
        reportTarget(db, code),
        services.geo.getCity(row.cityId),
        userId === null ? Promise.resolve(false) : this.owns(userId, code),
      ]);
      return {
        product: {
          ...cardOf(row),
          cityId: row.cityId,
          cityName: city?.name ?? '',
          contents: row.contents,
          edition: target?.edition ?? null,
          sampleHref: reportPagePath(target ?? { category: row.category, cityId: row.cityId, targetId: null }),
        },
        owned,
      };
    },

    async owns(userId: number, code: string): Promise<boolean> {
      const rows = await queryRows<{ one: number }>(
        db,
        sql`SELECT 1 AS one FROM mall_entitlements WHERE user_id = ${userId} AND product_code = ${code}
            AND kind = 'report' AND revoked_at IS NULL LIMIT 1`,
      );
      return rows.length > 0;
    },

    /** NEW market/purchased: the user's reports (refunded ones left out), newest first, with the PDF's state. */
    async purchased(userId: number): Promise<{ list: PurchasedItem[] }> {
      const rows = await queryRows<CardRow & { orderNo: string; boughtAt: string }>(
        db,
        sql`SELECT ${CARD}, e.order_no AS "orderNo",
              to_char(e.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "boughtAt"
            FROM mall_entitlements e JOIN mall_products p ON p.code = e.product_code
            WHERE e.user_id = ${userId} AND e.kind = 'report' AND e.revoked_at IS NULL
            ORDER BY e.starts_at DESC, e.id DESC LIMIT 200`,
      );
      const byCode = await files.current(rows.map((r) => r.code));
      // a bought report whose edition has no file yet (a new month): queued now
      for (const r of rows)
        if (!byCode.has(r.code)) await files.request(r.code).then((f) => f && byCode.set(r.code, f));
      return {
        list: rows.map((r) => ({
          orderNo: r.orderNo,
          boughtAt: r.boughtAt,
          product: cardOf(r),
          file: fileOf(byCode.get(r.code)),
        })),
      };
    },
  };
}

export type MallService = ReturnType<typeof createMallService>;
