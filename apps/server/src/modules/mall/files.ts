// Report PDFs (issue 12: "rendered as PDF from the existing report pages"): one report_files row per product and
// data edition (the city's newest month, 'YYYY-MM'), rendered by a small in-process queue — one at a time, retried
// on failure, on demand when a download finds none. The renderer is injected: Chromium printing this server's own
// report page (renderer.ts) in the app, a stub in the tests. A renderer that cannot run at all (no Chromium) fails
// the file at once with a clear Chinese message; the owner's 重新生成 puts it back in the queue. Each render gets a
// fresh print pass for its page (print-pass.ts, ADR 0013): a bought report prints its member-only rows in full.
import { createHash } from 'node:crypto';
import { queryRows, sql, type Database } from '@fjt/db';
import { MALL_MESSAGES, type ReportCategory, type ReportFileStatus } from '@fjt/domain';
import type { PrintPasses } from './print-pass.ts';

export interface ReportRenderer {
  /**
   * The PDF of this same-origin page path; `pass`, when given, is sent with that page's request only (header
   * PRINT_PASS_HEADER) so the page is rendered as a member sees it.
   */
  render(path: string, pass?: string): Promise<Uint8Array>;
}

/** Thrown by a renderer that cannot work on this machine (no browser): no retry helps until someone fixes it. */
export class RendererUnavailable extends Error {}

export interface ReportFileRow {
  productCode: string;
  edition: string;
  status: ReportFileStatus;
  bytes: number | null;
  error: string | null;
  attempts: number;
}

export interface ProductTarget {
  code: string;
  title: string;
  category: ReportCategory;
  cityId: number;
  targetId: number | null;
  /** The data month of the current edition, null before any data. */
  edition: string | null;
}

/** The page a report is printed from (and the detail page's free sample). */
export function reportPagePath(p: Pick<ProductTarget, 'category' | 'cityId' | 'targetId'>): string {
  switch (p.category) {
    case 'city':
      return `/${p.cityId}/city-report`;
    case 'district':
      return `/quotation/detail?level=district&id=${p.targetId}`;
    case 'estate':
      return `/${p.cityId}/house-report?estateId=${p.targetId}`;
    case 'custom':
      return `/quotation?cityId=${p.cityId}`;
  }
}

/** The report product under this code with its current edition, or null (unknown or not a report). */
export async function reportTarget(db: Database, code: string): Promise<ProductTarget | null> {
  const [row] = await queryRows<ProductTarget>(
    db,
    sql`SELECT p.code, p.title, p.category, p.city_id AS "cityId", p.target_id AS "targetId",
          (SELECT to_char(max(s.month), 'YYYY-MM') FROM price_series s WHERE s.level = 'city' AND s.target_id = p.city_id)
            AS edition
        FROM mall_products p WHERE p.code = ${code} AND p.kind = 'report'`,
  );
  return row ?? null;
}

const ROW = sql`product_code AS "productCode", edition, status, bytes, error, attempts`;

export interface ReportFiles {
  /** The file of the product's current edition (queued when there is none yet); null for an unknown product. */
  request(code: string): Promise<ReportFileRow | null>;
  /** Queues the current edition inside a transaction (a paid order's grant); the queue is kicked after. */
  queueIn(tx: Database, code: string): Promise<void>;
  /** Puts a failed (or stuck) file back in the queue with fresh attempts. */
  regenerate(code: string): Promise<ReportFileRow | null>;
  /** The current edition's rows of these products. */
  current(codes: readonly string[]): Promise<Map<string, ReportFileRow>>;
  /** The ready PDF of the current edition, or the row saying why not. */
  pdf(code: string): Promise<{ row: ReportFileRow; pdf: Uint8Array | null; target: ProductTarget } | null>;
  /** Starts working the queue soon (no-op when it already is). */
  kick(): void;
  /** Works the queue until nothing is pending (tests await it). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export function createReportFiles(deps: {
  db: Database;
  renderer: ReportRenderer;
  /** Signs each render's print pass; without it pages are printed as a visitor sees them. */
  passes?: PrintPasses;
  now: () => number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Tries before a file is marked failed. */
  maxAttempts?: number;
  /** Pause after a failed try. */
  retryDelayMs?: number;
  /** A pending row untouched this long (a crash mid-render) is picked again. */
  sweepMs?: number;
}): ReportFiles {
  const { db, renderer } = deps;
  const maxAttempts = deps.maxAttempts ?? 3;
  const retryDelayMs = deps.retryDelayMs ?? 3000;
  const iso = () => new Date(deps.now()).toISOString();
  let running: Promise<void> | null = null;
  let closed = false;

  async function row(code: string, edition: string): Promise<ReportFileRow | null> {
    const [r] = await queryRows<ReportFileRow>(
      db,
      sql`SELECT ${ROW} FROM report_files WHERE product_code = ${code} AND edition = ${edition}`,
    );
    return r ?? null;
  }

  async function insertPending(tx: Database, code: string, edition: string) {
    await tx.execute(
      sql`INSERT INTO report_files (product_code, edition, status, attempts, updated_at)
          VALUES (${code}, ${edition}, 'pending', 0, ${iso()}::timestamptz)
          ON CONFLICT (product_code, edition) DO NOTHING`,
    );
  }

  async function renderOne(): Promise<boolean> {
    const [next] = await queryRows<ReportFileRow>(
      db,
      sql`SELECT ${ROW} FROM report_files WHERE status = 'pending' AND attempts < ${maxAttempts}
          ORDER BY updated_at, id LIMIT 1`,
    );
    if (!next) return false;
    const target = await reportTarget(db, next.productCode);
    const attempt = next.attempts + 1;
    const mark = (status: ReportFileStatus, error: string | null) =>
      db.execute(
        sql`UPDATE report_files SET status = ${status}, error = ${error}, attempts = ${attempt},
            updated_at = ${iso()}::timestamptz
            WHERE product_code = ${next.productCode} AND edition = ${next.edition}`,
      );
    if (!target) {
      await mark('failed', '商品已下架');
      return true;
    }
    try {
      const path = reportPagePath(target);
      // signed just before the render: the pass lives two minutes at most
      const pdf = await renderer.render(path, deps.passes?.issue(path));
      if (pdf.byteLength < 100 || Buffer.from(pdf.subarray(0, 4)).toString('latin1') !== '%PDF') {
        throw new Error('renderer returned no PDF');
      }
      const sha = createHash('sha256').update(pdf).digest('hex');
      await db.execute(
        sql`UPDATE report_files SET status = 'ready', pdf = ${Buffer.from(pdf)}, bytes = ${pdf.byteLength},
            sha256 = ${sha}, error = NULL, attempts = ${attempt}, updated_at = ${iso()}::timestamptz
            WHERE product_code = ${next.productCode} AND edition = ${next.edition}`,
      );
    } catch (error) {
      const unavailable = error instanceof RendererUnavailable;
      const final = unavailable || attempt >= maxAttempts;
      deps.log?.warn(
        { err: error, productCode: next.productCode, edition: next.edition, attempt },
        'report PDF render failed',
      );
      await mark(final ? 'failed' : 'pending', unavailable ? MALL_MESSAGES.noBrowser : MALL_MESSAGES.failed);
      if (!final && retryDelayMs > 0) await new Promise((r) => setTimeout(r, retryDelayMs));
    }
    return true;
  }

  function drain(): Promise<void> {
    running ??= (async () => {
      try {
        while (!closed && (await renderOne()));
      } catch (error) {
        deps.log?.error({ err: error }, 'report PDF queue failed');
      } finally {
        running = null;
      }
    })();
    return running;
  }

  const sweep = setInterval(() => void drain(), deps.sweepMs ?? 30_000);
  sweep.unref();

  return {
    async request(code) {
      const target = await reportTarget(db, code);
      if (!target?.edition) return null;
      await insertPending(db, code, target.edition);
      const found = await row(code, target.edition);
      if (found?.status === 'pending') this.kick();
      return found;
    },
    async queueIn(tx, code) {
      const target = await reportTarget(tx, code);
      if (!target?.edition) return;
      await insertPending(tx, code, target.edition);
      // after the payment's transaction has committed
      setTimeout(() => this.kick(), 50).unref();
    },
    async regenerate(code) {
      const target = await reportTarget(db, code);
      if (!target?.edition) return null;
      await insertPending(db, code, target.edition);
      await db.execute(
        sql`UPDATE report_files SET status = 'pending', attempts = 0, error = NULL, updated_at = ${iso()}::timestamptz
            WHERE product_code = ${code} AND edition = ${target.edition} AND status <> 'ready'`,
      );
      this.kick();
      return row(code, target.edition);
    },
    async current(codes) {
      const out = new Map<string, ReportFileRow>();
      if (codes.length === 0) return out;
      const rows = await queryRows<ReportFileRow>(
        db,
        sql`SELECT ${ROW} FROM report_files f
            WHERE f.product_code IN (${sql.join(
              codes.map((c) => sql`${c}`),
              sql`, `,
            )}) AND f.edition = (
              SELECT to_char(max(s.month), 'YYYY-MM') FROM price_series s JOIN mall_products p ON p.city_id = s.target_id
              WHERE s.level = 'city' AND p.code = f.product_code)`,
      );
      for (const r of rows) out.set(r.productCode, r);
      return out;
    },
    async pdf(code) {
      const target = await reportTarget(db, code);
      if (!target?.edition) return null;
      const found = await row(code, target.edition);
      if (!found) return null;
      if (found.status !== 'ready') return { row: found, pdf: null, target };
      const [bytes] = await queryRows<{ pdf: Uint8Array }>(
        db,
        sql`SELECT pdf FROM report_files WHERE product_code = ${code} AND edition = ${target.edition}`,
      );
      return { row: found, pdf: bytes?.pdf ?? null, target };
    },
    kick() {
      if (!closed) void drain();
    },
    drain,
    /** Stops taking work and waits for the file being rendered, so nothing touches the database after it closes. */
    async close() {
      closed = true;
      clearInterval(sweep);
      await running;
    },
  };
}
