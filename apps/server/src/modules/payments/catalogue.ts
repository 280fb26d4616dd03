// The one product catalogue (issue 12; packages/domain/src/api/products.ts): every kind of product registers a
// source that finds its products by code, with the price the order is made at. Orders never take an amount from
// the client; the checkout pages show what common/product answers.
import { queryRows, sql, type Database } from '@fjt/db';
import { ApiError, PRODUCT_MESSAGES, type ProductKind, type ProductView } from '@fjt/domain';

export interface CatalogueEntry {
  kind: ProductKind;
  code: string;
  title: string;
  subtitle: string;
  /** The price, in 分. */
  amountFen: number;
  originFen: number | null;
  lines: string[];
  /** The product's own page (same-origin path), or null. */
  href: string | null;
  /** What an order of it gives, frozen on the order when it is made (an activity item's card or report). */
  grants?: Record<string, unknown>;
}

export interface ProductSource {
  kind: ProductKind;
  /** The product on sale under this code, or null (unknown, or taken off sale). */
  find(db: Database, code: string): Promise<CatalogueEntry | null>;
  /** Refuses a purchase this user may not make (already owns it, …) by throwing an ApiError; runs in the order's transaction. */
  canBuy?(tx: Database, userId: number, entry: CatalogueEntry): Promise<void>;
}

export interface Catalogue {
  /** The product under this code, of this kind when one is given; 404 PRODUCT_MESSAGES.unknown otherwise. */
  get(db: Database, code: string, kind?: ProductKind): Promise<CatalogueEntry>;
  canBuy(tx: Database, userId: number, entry: CatalogueEntry): Promise<void>;
}

export function createCatalogue(sources: readonly ProductSource[]): Catalogue {
  const byKind = new Map<ProductKind, ProductSource>();
  for (const source of sources) {
    if (byKind.has(source.kind)) throw new Error(`two product sources for ${source.kind}`);
    byKind.set(source.kind, source);
  }
  return {
    async get(db, code, kind) {
      const candidates = kind ? [byKind.get(kind)] : [...byKind.values()];
      for (const source of candidates) {
        const entry = source ? await source.find(db, code) : null;
        if (entry) return entry;
      }
      throw ApiError.notFound(PRODUCT_MESSAGES.unknown);
    },
    async canBuy(tx, userId, entry) {
      await byKind.get(entry.kind)?.canBuy?.(tx, userId, entry);
    },
  };
}

const yuan = (fen: number) => Math.round(fen) / 100;

export function productViewOf(e: CatalogueEntry): ProductView {
  return {
    code: e.code,
    kind: e.kind,
    title: e.title,
    subtitle: e.subtitle,
    amount: yuan(e.amountFen),
    originAmount: e.originFen === null ? null : yuan(e.originFen),
    lines: e.lines,
    href: e.href,
  };
}

/** VIP cards (member_cards): the card's days; anyone may buy again (periods stack). */
export const vipProducts: ProductSource = {
  kind: 'vip',
  async find(db, code) {
    const [card] = await queryRows<{
      code: string;
      name: string;
      days: number;
      price: number;
      originPrice: number | null;
      rights: string[];
    }>(
      db,
      sql`SELECT code, name, days, price, origin_price AS "originPrice", rights FROM member_cards
          WHERE code = ${code} AND active`,
    );
    if (!card) return null;
    return {
      kind: 'vip',
      code: card.code,
      title: `房价通会员 ${card.name}`,
      subtitle: `${card.days}天会员，可叠加`,
      amountFen: card.price,
      originFen: card.originPrice,
      lines: card.rights,
      href: '/profile/buynewvip',
    };
  },
};
