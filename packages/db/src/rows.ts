// Raw SQL through Drizzle answers `{ rows }` on both drivers, but the shared PgDatabase type cannot say so.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * One page of a list and how many rows match in all — the count and the page share the FROM/WHERE part so
 * they cannot disagree. `from` starts at FROM; `select` is the column list; both run at once.
 */
export async function queryPage<Row>(
  db: Database,
  query: { select: SQL; from: SQL; orderBy: SQL; page: number; size: number },
  /** How the two queries run: queryRows by default, or a batcher's rows (batch.ts). */
  run: <R>(query: SQL) => Promise<R[]> = (q) => queryRows(db, q),
): Promise<{ total: number; rows: Row[] }> {
  const [count, rows] = await Promise.all([
    run<{ total: number }>(sql`SELECT count(*)::int AS total ${query.from}`),
    run<Row>(
      sql`SELECT ${query.select} ${query.from} ORDER BY ${query.orderBy}
          LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`,
    ),
  ]);
  return { total: count[0]?.total ?? 0, rows };
}

/**
 * A timestamptz column as ISO-8601 UTC text ('2026-11-28T04:44:17Z'; with milliseconds when `ms`), so rows carry
 * the same string on PGlite and PostgreSQL. `column` is SQL text written in code, never input.
 */
export const isoText = (column: string, { ms = false }: { ms?: boolean } = {}) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS${ms ? '.MS' : ''}"Z"')`);
