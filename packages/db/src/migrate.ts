// Applies drizzle-kit's generated SQL migrations in journal order.
// Our own small runner instead of drizzle's migrator because test databases on PostgreSQL live in a
// throw-away schema, and drizzle-kit writes foreign keys as "public"."table": the runner retargets them.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlRunner } from './client.ts';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'drizzle');

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

export interface MigrationResult {
  applied: string[];
}

export async function migrate(sql: SqlRunner, options: { schema?: string } = {}): Promise<MigrationResult> {
  const schema = options.schema ?? 'public';
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as Journal;
  await sql.exec(
    `CREATE TABLE IF NOT EXISTS "${schema}"."__migrations" (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set(
    (await sql.query<{ tag: string }>(`SELECT tag FROM "${schema}"."__migrations"`)).map((r) => r.tag),
  );
  const applied: string[] = [];
  for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
    if (done.has(entry.tag)) continue;
    let text = readFileSync(join(MIGRATIONS_DIR, `${entry.tag}.sql`), 'utf8');
    if (schema !== 'public') text = text.replaceAll('"public".', `"${schema}".`);
    // One transaction per migration: a failed migration leaves nothing half-applied.
    const statements = text
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean);
    await sql.exec(
      [
        'BEGIN',
        ...statements,
        `INSERT INTO "${schema}"."__migrations" (tag) VALUES ('${entry.tag.replaceAll("'", "''")}')`,
        'COMMIT',
      ].join(';\n'),
    );
    applied.push(entry.tag);
  }
  return { applied };
}
