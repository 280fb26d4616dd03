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
      kind:
        c.columnType === 'PgArray'
          ? 'array'
          : c.columnType === 'PgJsonb'
            ? 'json'
            : c.columnType === 'PgBoolean'
              ? 'bool'
              : 'plain',
    }));
}

function escapeCopy(s: string): string {
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : s;
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
      // timestamps (the community seed's dates); the market tables give dates as strings
      if (v instanceof Date) return v.toISOString();
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

  private readonly write: ChunkWriter | null;

  /** `target`: a database to COPY into, a writer that takes the encoded chunks, or null (hash only). */
  constructor(
    target: DatabaseHandle | ChunkWriter | null,
    private readonly flushBytes = 8 * 1024 * 1024,
  ) {
    this.write = target === null ? null : typeof target === 'function' ? target : copyWriter(target);
  }

  async add<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): Promise<void> {
    let buf = this.buffers.get(table);
    if (!buf) {
      buf = { cols: columnsOf(table), parts: [], size: 0, rows: 0 };
      this.buffers.set(table, buf);
    }
    const name = getTableName(table);
    const cols = buf.cols;
    const fields: string[] = new Array<string>(cols.length);
    for (const row of rows) {
      const r = row as Record<string, unknown>;
      for (let i = 0; i < cols.length; i++) {
        const c = cols[i]!;
        const v = r[c.key];
        if (v === null || v === undefined) fields[i] = '\\N';
        else if (typeof v === 'number') fields[i] = String(v);
        else {
          const t = textValue(c, v);
          fields[i] = t === null ? '\\N' : escapeCopy(t);
        }
      }
      // join() gives a flat string (no rope of small pieces for the GC to chase)
      const line = fields.join('\t');
      buf.parts.push(line);
      buf.size += line.length + 1;
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
    const text = buf.parts.join('\n') + '\n';
    this.hash.update(`${name}\n`);
    this.hash.update(text);
    buf.parts = [];
    buf.size = 0;
    buf.rows = 0;
    if (this.write) await this.write(name, buf.cols.map((c) => `"${c.name}"`).join(', '), text);
  }
}

/** Receives one encoded chunk: the table, its quoted column list, and rows in COPY text format. */
export type ChunkWriter = (table: string, columns: string, text: string | Uint8Array) => Promise<void>;

/** Writes chunks into a database: COPY on PGlite, multi-row INSERTs on PostgreSQL. */
export function copyWriter(handle: DatabaseHandle): ChunkWriter {
  return async (name, colList, data) => {
    if (handle.driver === 'pglite') {
      const client = (handle.db as unknown as { $client: PgliteLike }).$client;
      await client.query(`COPY "${name}" (${colList}) FROM '/dev/blob'`, [], { blob: new Blob([data as BlobPart]) });
      return;
    }
    // PostgreSQL: multi-row INSERTs of literals, parsed back from the COPY text.
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
    const lines = text.split('\n');
    lines.pop();
    const CHUNK = 2000;
    for (let i = 0; i < lines.length; i += CHUNK) {
      const values = lines
        .slice(i, i + CHUNK)
        .map((line) => `(${line.split('\t').map(copyFieldToLiteral).join(',')})`)
        .join(',\n');
      await handle.sql.exec(`INSERT INTO "${name}" (${colList}) VALUES ${values}`);
    }
  };
}

interface PgliteLike {
  query(sql: string, params: unknown[], options: { blob: Blob }): Promise<unknown>;
}

function copyFieldToLiteral(field: string): string {
  if (field === '\\N') return 'NULL';
  const raw = field.replace(/\\(.)/g, (_, ch: string) =>
    ch === 't' ? '\t' : ch === 'n' ? '\n' : ch === 'r' ? '\r' : ch,
  );
  return `'${raw.replace(/'/g, "''")}'`;
}
