// The catalogue's product sources for the report mall (kind 'report') and the deal-data packages (kind 'trade')
// (issue 12; payments/catalogue.ts): both read mall_products by code, on sale only, at the catalogue's price. A
// report is kept for good, so buying one the user already owns is refused; deal-data periods stack, so a package
// may be bought again.
import { queryRows, sql, type Database } from '@fjt/db';
import { ApiError, PRODUCT_MESSAGES } from '@fjt/domain';
import type { CatalogueEntry, ProductSource } from '../payments/catalogue.ts';

interface ProductRow {
  code: string;
  title: string;
  subtitle: string;
  contents: string[];
  coverage: string;
  updateCycle: string;
  priceFen: number;
  originFen: number | null;
  durationDays: number | null;
}

async function findProduct(db: Database, kind: 'report' | 'trade', code: string): Promise<ProductRow | null> {
  const [row] = await queryRows<ProductRow>(
    db,
    sql`SELECT code, title, subtitle, contents, coverage, update_cycle AS "updateCycle", price_fen AS "priceFen",
          origin_fen AS "originFen", duration_days AS "durationDays"
        FROM mall_products WHERE code = ${code} AND kind = ${kind} AND active`,
  );
  return row ?? null;
}

/** Whether this user owns this report (a paid order's entitlement, not refunded). */
export async function ownsReport(db: Database, userId: number, productCode: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM mall_entitlements
        WHERE user_id = ${userId} AND product_code = ${productCode} AND kind = 'report' AND revoked_at IS NULL
        LIMIT 1`,
  );
  return rows.length > 0;
}

/** 报告商城: a report, kept for good once bought. */
export const reportProducts: ProductSource = {
  kind: 'report',
  async find(db, code): Promise<CatalogueEntry | null> {
    const p = await findProduct(db, 'report', code);
    if (!p) return null;
    return {
      kind: 'report',
      code: p.code,
      title: p.title,
      subtitle: `${p.coverage} · ${p.updateCycle}`,
      amountFen: p.priceFen,
      originFen: p.originFen,
      lines: [...p.contents.slice(0, 4), '购买后可在「已购报告」随时下载 PDF'],
      href: `/market/${p.code}`,
    };
  },
  async canBuy(tx, userId, entry) {
    if (await ownsReport(tx, userId, entry.code)) throw ApiError.conflict(PRODUCT_MESSAGES.owned);
  },
};

/** 成交数据: a city's deal rows for a number of days; periods stack, so buying again is allowed. */
export const tradeProducts: ProductSource = {
  kind: 'trade',
  async find(db, code): Promise<CatalogueEntry | null> {
    const p = await findProduct(db, 'trade', code);
    if (!p) return null;
    return {
      kind: 'trade',
      code: p.code,
      title: p.title,
      subtitle: `${p.coverage} · ${p.durationDays ?? 0}天，可叠加`,
      amountFen: p.priceFen,
      originFen: p.originFen,
      lines: [...p.contents],
      href: `/trade/${p.code}`,
    };
  },
};
