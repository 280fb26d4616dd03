// Bulk loading. Rows are encoded once in PostgreSQL's COPY text format (which is also what the content
// hash is computed over), then loaded with COPY FROM '/dev/blob' on PGlite, or as multi-row INSERTs of
// quoted literals on PostgreSQL. Column order comes from the Drizzle table, so rows are plain objects keyed
// by the schema's property names.
import { createHash, type Hash } from 'node:crypto';
import { getTableColumns, getTableName, type DatabaseHandle } from '@fjt/db';
import type { PgTable } from 'drizzle-orm/pg-core';

interface ColumnInfo {
  key: string;
  name: string;
  kind: 'array' | 'json' | 'bool' | 'plain';
}

function columnsOf(table: PgTable): ColumnInfo[] {
  return Object.entries(getTableColumns(table))
    .filter(([, c]) => !(c as { generatedIdentity?: unknown }).generatedIdentity)
    .map(([key, c]) => ({
      key,
      name: c.name,
      kind: c.columnType === 'PgArray' ? 'array' : c.columnType === 'PgJsonb' ? 'json' : c.columnType === 'PgBoolean' ? 'bool' : 'plain',
    }));
}

function escapeCopy(s: string): string {
  // eslint-disable-next-line no-control-regex
  return /[\\\t\n\r]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s;
}

function arrayLiteral(items: readonly unknown[]): string {
  return `{${items.map((v) => `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** The value as PostgreSQL's text input form, or null. */
function textValue(col: ColumnInfo, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  switch (col.kind) {
    case 'array':
      return arrayLiteral(v as unknown[]);
    case 'json':
      return JSON.stringify(v);
    case 'bool':
      return v ? 't' : 'f';
    default:
      return String(v);
  }
}

export interface LoaderStats {
  rows: Record<string, number>;
}

/**
 * Buffers rows per table and flushes them in large batches. `hash` covers every row in insertion order,
 * so two runs with the same seed give the same digest whatever the driver.
 */
export class BulkLoader {
  private readonly buffers = new Map<PgTable, { cols: ColumnInfo[]; parts: string[]; size: number; rows: number }>();
  private readonly hash: Hash = createHash('sha256');
  readonly stats: LoaderStats = { rows: {} };

  constructor(
    private readonly handle: DatabaseHandle | null,
    private readonly flushBytes = 24 * 1024 * 1024,
  ) {}

  async add<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
    let buf = this.buffers.get(table);
    if (!buf) {
      buf = { cols: columnsOf(table), parts: [], size: 0, rows: 0 };
      this.buffers.set(table, buf);
    }
    const name = getTableName(table);
    for (const row of rows) {
      const r = row as Record<string, unknown>;
      let line = '';
      for (let i = 0; i < buf.cols.length; i++) {
        const c = buf.cols[i]!;
        const t = textValue(c, r[c.key]);
        line += (i ? '\t' : '') + (t === null ? '\\N' : escapeCopy(t));
      }
      line += '\n';
      buf.parts.push(line);
      buf.size += line.length;
      buf.rows++;
    }
    this.stats.rows[name] = (this.stats.rows[name] ?? 0) + rows.length;
    if (buf.size >= this.flushBytes) await this.flushTable(table);
  }

  async flush(): Promise<void> {
    for (const table of this.buffers.keys()) await this.flushTable(table);
  }

  /** Hex sha256 over everything added so far (call after the last flush). */
  digest(): string {
    return this.hash.copy().digest('hex');
  }

  private async flushTable(table: PgTable): Promise<void> {
    const buf = this.buffers.get(table);
    if (!buf || buf.rows === 0) return;
    const name = getTableName(table);
    const text = buf.parts.join('');
    this.hash.update(`${name}\n`);
    this.hash.update(text);
    buf.parts = [];
    buf.size = 0;
    buf.rows = 0;
    if (!this.handle) return;
    const colList = buf.cols.map((c) => `"${c.name}"`).join(', ');
    if (this.handle.driver === 'pglite') {
      const client = (this.handle.db as unknown as { $client: PgliteLike }).$client;
      await client.query(`COPY "${name}" (${colList}) FROM '/dev/blob'`, [], { blob: new Blob([text]) });
      return;
    }
    // PostgreSQL: multi-row INSERTs of literals, parsed back from the COPY text.
    const lines = text.split('\n');
    lines.pop();
    const CHUNK = 2000;
    for (let i = 0; i < lines.length; i += CHUNK) {
      const values = lines
        .slice(i, i + CHUNK)
        .map((line) => `(${line.split('\t').map(copyFieldToLiteral).join(',')})`)
        .join(',\n');
      await this.handle.sql.exec(`INSERT INTO "${name}" (${colList}) VALUES ${values}`);
    }
  }
}

interface PgliteLike {
  query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

function copyFieldToLiteral(field: string): string {
  if (field === '\\N') return 'NULL';
  const raw = field.replace(/\\(.)/g, (_, ch: string) => (ch === 't' ? '\t' : ch === 'n' ? '\n' : ch === 'r' ? '\r' : ch));
  return `'${raw.replace(/'/g, "''")}'`;
}
