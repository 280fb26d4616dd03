// The one audit helper (issue 11): every staff action and every money movement writes its row through
// recordAudit, inside the transaction of the change itself, so a failed change leaves no row and a failed row
// leaves no change. The log is append only: nothing here updates or deletes.
import { isoText, queryPage, queryRows, sql, type Database } from '@fjt/db';
import type { AuditListBody, AuditQuery } from '@fjt/domain';

export interface AuditRecord {
  /** The staff user; null for the system or the command line. */
  actorId: number | null;
  /** Dotted verb, e.g. staff.grant, order.refund. */
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  /** What changed (stored as JSON). */
  detail?: unknown;
  ip?: string | null;
}

/** Writes one audit row; pass the transaction (`tx`) of the change so both commit or neither does. */
export async function recordAudit(db: Database, entry: AuditRecord): Promise<number> {
  const detail = entry.detail === undefined ? null : JSON.stringify(entry.detail);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO audit_log (actor_id, action, target_type, target_id, detail, ip)
        VALUES (${entry.actorId}, ${entry.action}, ${entry.targetType ?? null},
                ${entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId)},
                ${detail}::jsonb, ${entry.ip ?? null})
        RETURNING id::int AS id`,
  );
  return row!.id;
}


/** The log newest first, one page, optionally one actor's or one action's rows; actors masked. */
export async function listAudit(db: Database, query: AuditQuery): Promise<AuditListBody> {
  const where = [sql`TRUE`];
  if (query.actorId !== undefined) where.push(sql`l.actor_id = ${query.actorId}`);
  if (query.action !== undefined) where.push(sql`l.action = ${query.action}`);
  const { total, rows } = await queryPage<AuditListBody['list'][number]>(db, {
    select: sql`l.id::int AS id, l.actor_id AS "actorId",
                CASE WHEN a.phone IS NULL THEN NULL ELSE left(a.phone, 3) || '****' || substr(a.phone, 8) END AS actor,
                l.action, l.target_type AS "targetType", l.target_id AS "targetId", l.detail, l.ip,
                ${isoText('l.created_at')} AS "createdAt"`,
    from: sql`FROM audit_log l LEFT JOIN users a ON a.id = l.actor_id WHERE ${sql.join(where, sql` AND `)}`,
    orderBy: sql`l.id DESC`,
    page: query.page,
    size: query.size,
  });
  return { total, list: rows };
}
