// The deal-data product (issue 12; PAGES.md §3.10 /trade*): deal-data packages (mall_products kind 'trade'; sold
// through the one catalogue by modules/mall/products.ts tradeProducts), the permit a paid order gives (mall_entitlements, a period of duration_days per order
// that follows the user's latest unrevoked period of the same city, like VIP periods), and what the permit opens:
// the city's deal rows unmasked (request.dealViewer → dealsUnlocked) and the city's deals as CSV. Every deal row
// leaves through presentDealRow under dealMasked, like everywhere else.
import { queryRows, sql, type Database } from '@fjt/db';
import {
  DEAL_FREE_ROWS,
  TRADE_EXPORT_COLUMNS,
  TRADE_SAMPLE_ROWS,
  addMonths,
  csvField,
  dealsUnlocked,
  floorLabel,
  monthEndDay,
  percentChange,
  roomLabel,
  type DealViewer,
  type TradeDetailBody,
  type TradeOverview,
  type TradePackage,
  type TradePurchase,
  type TradeShowBody,
  type VipAuthorBody,
} from '@fjt/domain';
import type { DealSqlRow } from '../estates/repo.ts';
import { dealMasked, presentDealRow } from '../estates/service.ts';
import type { Fulfilment } from '../payments/service.ts';

const DAY_MS = 86_400_000;
const yuan = (fen: number) => Math.round(fen) / 100;

/** The columns of a deal row (presentDealRow's DealSqlRow). */
const DEAL_COLUMNS = sql`d.id, to_char(d.deal_date, 'YYYY-MM-DD') AS "dealDate", d.rooms, d.halls,
  round(d.area::numeric, 2)::float8 AS area, d.floor, d.total_floors AS "totalFloors", d.orientation,
  d.total_price AS "totalPrice", d.unit_price AS "unitPrice", d.list_total_price AS "listTotalPrice",
  round(d.bargain_pct::numeric, 1)::float8 AS "bargainPct", d.cycle_days AS "cycleDays", d.source`;

interface ProductRow {
  id: number;
  code: string;
  cityId: number;
  title: string;
  subtitle: string;
  contents: string[];
  coverage: string;
  updateCycle: string;
  priceFen: number;
  originFen: number | null;
  durationDays: number;
  soldCount: number;
}
const PRODUCT_COLUMNS = sql`id::int AS id, code, city_id AS "cityId", title, subtitle, contents, coverage,
  update_cycle AS "updateCycle", price_fen AS "priceFen", origin_fen AS "originFen", duration_days AS "durationDays",
  sold_count AS "soldCount"`;
/** On sale: active, and a deal-data package has its days. */
const ON_SALE = sql`kind = 'trade' AND active AND duration_days > 0`;

function packageOf(row: ProductRow): TradePackage {
  return {
    productId: row.id,
    productCode: row.code,
    cityId: row.cityId,
    title: row.title,
    subtitle: row.subtitle,
    fields: row.contents,
    coverage: row.coverage,
    updateCycle: row.updateCycle,
    durationDays: row.durationDays,
    price: yuan(row.priceFen),
    originPrice: row.originFen === null ? null : yuan(row.originFen),
    soldCount: row.soldCount,
  };
}

export interface TradeDeps {
  now: () => number;
  /** The city's name, null for an unknown city (the geo service). */
  cityName: (cityId: number) => Promise<string | null>;
}

export function createTradeService(db: Database, deps: TradeDeps) {
  const nowIso = () => new Date(deps.now()).toISOString();

  async function product(by: { productId?: number | undefined; productCode?: string | undefined }) {
    const where = by.productId !== undefined ? sql`id = ${by.productId}` : sql`code = ${by.productCode ?? ''}`;
    const [row] = await queryRows<ProductRow>(
      db,
      sql`SELECT ${PRODUCT_COLUMNS} FROM mall_products WHERE ${where} AND ${ON_SALE}`,
    );
    return row ?? null;
  }

  /** Live permits: city → the end of the access (periods that follow one another without a gap counted together). */
  async function livePermits(userId: number, cityId?: number): Promise<Map<number, string>> {
    const at = nowIso();
    const rows = await queryRows<{ cityId: number; startsAt: string; endsAt: string }>(
      db,
      sql`SELECT city_id AS "cityId", to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startsAt",
                 to_char(ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "endsAt"
          FROM mall_entitlements
          WHERE user_id = ${userId} AND kind = 'trade' AND revoked_at IS NULL AND ends_at > ${at}::timestamptz
            ${cityId === undefined ? sql`` : sql`AND city_id = ${cityId}`}
          ORDER BY city_id, starts_at`,
    );
    const live = new Map<number, string>();
    const t = Date.parse(at);
    for (const row of rows) {
      const end = live.get(row.cityId);
      if (end !== undefined) {
        // a period starting by the end of the access so far extends it
        if (Date.parse(row.startsAt) <= Date.parse(end) && row.endsAt > end) live.set(row.cityId, row.endsAt);
      } else if (Date.parse(row.startsAt) <= t) {
        live.set(row.cityId, row.endsAt);
      }
    }
    return live;
  }

  /** The city's newest published month ('YYYY-MM'), as the deal pages use it. */
  async function latestMonth(cityId: number): Promise<string | null> {
    const [row] = await queryRows<{ month: string | null }>(
      db,
      sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
    );
    return row?.month ?? null;
  }

  async function overview(cityId: number): Promise<TradeOverview> {
    const month = await latestMonth(cityId);
    if (!month) {
      return {
        month: null,
        dealCount: 0,
        netsignCount: 0,
        countMom: null,
        dealAvg: null,
        avgMom: null,
        dealCount12: 0,
      };
    }
    const rows = await queryRows<{ month: string; dealCount: number; netsignCount: number; dealAvg: number | null }>(
      db,
      sql`SELECT to_char(deal_date, 'YYYY-MM') AS month, count(*)::int AS "dealCount",
                 (count(*) FILTER (WHERE source = 'netsign'))::int AS "netsignCount",
                 round(sum(total_price)::numeric / nullif(sum(area), 0)::numeric)::int AS "dealAvg"
          FROM deal
          WHERE city_id = ${cityId} AND deal_date >= ${`${addMonths(month, -1)}-01`}::date
            AND deal_date <= ${monthEndDay(month)}::date
          GROUP BY 1`,
    );
    const [year] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM deal WHERE city_id = ${cityId}
            AND deal_date >= ${`${addMonths(month, -11)}-01`}::date AND deal_date <= ${monthEndDay(month)}::date`,
    );
    const current = rows.find((r) => r.month === month);
    const before = rows.find((r) => r.month === addMonths(month, -1));
    return {
      month,
      dealCount: current?.dealCount ?? 0,
      netsignCount: current?.netsignCount ?? 0,
      countMom: percentChange(before?.dealCount, current?.dealCount ?? 0),
      dealAvg: current?.dealAvg ?? null,
      avgMom: percentChange(before?.dealAvg, current?.dealAvg),
      dealCount12: year?.n ?? 0,
    };
  }

  /**
   * Recent deals of the city that lie past their estate's free rows (what a permit opens), newest first, each with
   * its place in its estate's history for dealMasked: rows newer than the window's start are all in the window, so a
   * row's number there is its number in the whole history.
   */
  async function sample(cityId: number, viewer: DealViewer) {
    const month = (await latestMonth(cityId)) ?? null;
    if (!month) return [];
    const rows = await queryRows<
      DealSqlRow & { estateId: number; estateName: string; districtName: string; position: number }
    >(
      db,
      sql`SELECT s.*, e.name AS "estateName", di.name AS "districtName" FROM (
            SELECT ${DEAL_COLUMNS}, d.estate_id AS "estateId", d.district_id,
                   (row_number() OVER (PARTITION BY d.estate_id ORDER BY d.deal_date DESC, d.id DESC) - 1)::int AS position
            FROM deal d WHERE d.city_id = ${cityId} AND d.deal_date >= ${`${addMonths(month, -2)}-01`}::date
          ) s
          JOIN estate e ON e.id = s."estateId" JOIN district di ON di.id = s.district_id
          WHERE s.position >= ${DEAL_FREE_ROWS}
          ORDER BY s."dealDate" DESC, s.id DESC LIMIT ${TRADE_SAMPLE_ROWS}`,
    );
    return rows.map((row) => ({
      ...presentDealRow(row, dealMasked(row.position, viewer, cityId)),
      estateId: row.estateId,
      estateName: row.estateName,
      districtName: row.districtName,
    }));
  }

  /**
   * A paid order: a period of the package's days for its city, after the user's latest unrevoked period of that city
   * (or now), once per order (UNIQUE order_no); sold_count + 1. A refund ends the access (revoked_at).
   */
  const fulfilment: Fulfilment = {
    async grant(tx, order) {
      const [row] = await queryRows<{ cityId: number; durationDays: number | null }>(
        tx,
        sql`SELECT city_id AS "cityId", duration_days AS "durationDays" FROM mall_products
            WHERE code = ${order.productCode} AND kind = 'trade'`,
      );
      if (!row || !row.durationDays)
        throw new Error(`trade product ${order.productCode} of order ${order.orderNo} is gone`);
      // one grant at a time per user: the periods read below are the ones the new one follows
      await tx.execute(sql`SELECT id FROM users WHERE id = ${order.userId} FOR UPDATE`);
      const [last] = await queryRows<{ endsAt: string | null }>(
        tx,
        sql`SELECT max(ends_at)::text AS "endsAt" FROM mall_entitlements
            WHERE user_id = ${order.userId} AND kind = 'trade' AND city_id = ${row.cityId} AND revoked_at IS NULL`,
      );
      const now = deps.now();
      const start = Math.max(now, last?.endsAt ? Date.parse(last.endsAt) : 0);
      const end = start + row.durationDays * DAY_MS;
      const inserted = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO mall_entitlements (user_id, order_no, product_code, kind, city_id, starts_at, ends_at)
            VALUES (${order.userId}, ${order.orderNo}, ${order.productCode}, 'trade', ${row.cityId},
                    ${new Date(start).toISOString()}::timestamptz, ${new Date(end).toISOString()}::timestamptz)
            ON CONFLICT (order_no) DO NOTHING RETURNING id`,
      );
      if (inserted.length > 0) {
        await tx.execute(sql`UPDATE mall_products SET sold_count = sold_count + 1 WHERE code = ${order.productCode}`);
      }
    },
    async revoke(tx, order) {
      await tx.execute(
        sql`UPDATE mall_entitlements SET revoked_at = ${nowIso()}::timestamptz
            WHERE order_no = ${order.orderNo} AND kind = 'trade' AND revoked_at IS NULL`,
      );
    },
  };

  return {
    fulfilment,
    overview,

    /** The cities of the user's live permits: what request.dealViewer adds to membership. */
    async permittedCities(userId: number): Promise<number[]> {
      return [...(await livePermits(userId)).keys()];
    },

    /** trading/vipAuthor: the permit for `cityId` (any city when absent). */
    async permit(userId: number | null, cityId?: number): Promise<VipAuthorBody> {
      if (userId === null) return { isTradePremit: false, expiresAt: null, cityIds: [] };
      const live = await livePermits(userId);
      const cityIds = [...live.keys()];
      const ends = cityId === undefined ? [...live.values()] : [live.get(cityId)].filter((e) => e !== undefined);
      const expiresAt = ends.length > 0 ? ends.reduce((a, b) => (a > b ? a : b)) : null;
      return { isTradePremit: expiresAt !== null, expiresAt, cityIds };
    },

    /** trading/trade-show: the city's packages and its deal overview; null for an unknown city. */
    async show(cityId: number): Promise<TradeShowBody | null> {
      const cityName = await deps.cityName(cityId);
      if (cityName === null) return null;
      const rows = await queryRows<ProductRow>(
        db,
        sql`SELECT ${PRODUCT_COLUMNS} FROM mall_products WHERE city_id = ${cityId} AND ${ON_SALE}
            ORDER BY sort, id`,
      );
      return { cityId, cityName, overview: await overview(cityId), packages: rows.map(packageOf) };
    },

    /** trading/trade-detail: a package, its city's overview and sample rows as `viewer` sees them; null when unknown. */
    async detail(
      by: { productId?: number | undefined; productCode?: string | undefined },
      viewer: DealViewer,
    ): Promise<TradeDetailBody | null> {
      const row = await product(by);
      if (!row) return null;
      const cityName = (await deps.cityName(row.cityId)) ?? '';
      const [ov, rows] = await Promise.all([overview(row.cityId), sample(row.cityId, viewer)]);
      return {
        product: packageOf(row),
        cityName,
        overview: ov,
        sample: rows,
        unlocked: dealsUnlocked(viewer, row.cityId),
      };
    },

    /** NEW trade/purchased: the user's permits, newest first. */
    async purchased(userId: number): Promise<TradePurchase[]> {
      const rows = await queryRows<{
        orderNo: string;
        productCode: string;
        productId: number | null;
        title: string | null;
        cityId: number;
        startsAt: string;
        endsAt: string | null;
        revoked: boolean;
      }>(
        db,
        sql`SELECT m.order_no AS "orderNo", m.product_code AS "productCode", p.id::int AS "productId", p.title,
                   m.city_id AS "cityId",
                   to_char(m.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "startsAt",
                   to_char(m.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "endsAt",
                   m.revoked_at IS NOT NULL AS revoked
            FROM mall_entitlements m LEFT JOIN mall_products p ON p.code = m.product_code
            WHERE m.user_id = ${userId} AND m.kind = 'trade'
            ORDER BY m.starts_at DESC, m.id DESC LIMIT 200`,
      );
      const t = deps.now();
      const names = new Map<number, string>();
      for (const id of new Set(rows.map((r) => r.cityId))) names.set(id, (await deps.cityName(id)) ?? '');
      return rows.map((r) => ({
        orderNo: r.orderNo,
        productCode: r.productCode,
        productId: r.productId,
        title: r.title ?? r.productCode,
        cityId: r.cityId,
        cityName: names.get(r.cityId) ?? '',
        startsAt: r.startsAt,
        endsAt: r.endsAt,
        state: r.revoked
          ? 'refunded'
          : r.endsAt !== null && Date.parse(r.endsAt) <= t
            ? 'ended'
            : Date.parse(r.startsAt) > t
              ? 'pending'
              : 'live',
      }));
    },

    /**
     * NEW trade/export: the city's deals of its newest `months` published months as CSV lines (a BOM first), read
     * a month at a time, newest first; every row through presentDealRow, unmasked — the caller checked the viewer.
     * null for an unknown city.
     */
    async exportCsv(
      cityId: number,
      months: number,
    ): Promise<{ cityName: string; month: string | null; lines: AsyncIterable<string> } | null> {
      const cityName = await deps.cityName(cityId);
      if (cityName === null) return null;
      const latest = await latestMonth(cityId);
      async function* lines(): AsyncGenerator<string> {
        yield `\uFEFF${TRADE_EXPORT_COLUMNS.join(',')}\r\n`;
        if (!latest) return;
        for (let i = 0; i < months; i += 1) {
          const month = addMonths(latest, -i);
          const rows = await queryRows<DealSqlRow & { district: string; plate: string; estate: string }>(
            db,
            sql`SELECT ${DEAL_COLUMNS}, di.name AS district, pl.name AS plate, e.name AS estate
                FROM deal d JOIN estate e ON e.id = d.estate_id JOIN district di ON di.id = d.district_id
                  JOIN plate pl ON pl.id = d.plate_id
                WHERE d.city_id = ${cityId} AND d.deal_date >= ${`${month}-01`}::date
                  AND d.deal_date <= ${monthEndDay(month)}::date
                ORDER BY d.deal_date DESC, d.id DESC`,
          );
          let chunk = '';
          for (const row of rows) {
            const deal = presentDealRow(row, false);
            chunk +=
              [
                deal.dealDate,
                row.district,
                row.plate,
                row.estate,
                roomLabel(deal.rooms, deal.halls),
                deal.area,
                floorLabel(deal.floor, deal.totalFloors),
                deal.orientation,
                deal.totalPrice,
                deal.unitPrice,
                deal.listTotalPrice,
                deal.bargainPct,
                deal.cycleDays,
                deal.source,
              ]
                .map(csvField)
                .join(',') + '\r\n';
          }
          if (chunk) yield chunk;
        }
      }
      return { cityName, month: latest, lines: lines() };
    },
  };
}

export type TradeService = ReturnType<typeof createTradeService>;
