// Raw SQL through Drizzle answers `{ rows }` on both drivers, but the shared PgDatabase type cannot say so.
import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
