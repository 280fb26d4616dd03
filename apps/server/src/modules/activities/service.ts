// The activity engine (issue 18, PAGES.md §3.13): NEW GET activity/info?code reads the `activity` table; every
// campaign's endpoints call requireRunning(code) first, so an ended (or disabled) activity refuses with
// '活动已结束' and its page shows the ended state. Ops manage rows with `npm run ops -- activity …` (cli.ts); each
// change writes an audit row.
import { queryRows, sql, type Database } from '@fjt/db';
import {
  ACTIVITY_MESSAGES,
  ApiError,
  activityStatus,
  type ActivityKind,
  type ActivityStatus,
  type ActivityView,
} from '@fjt/domain';
import { recordAudit } from '../staff/audit.ts';
import { ACTIVITY_DEFAULTS, type ActivityDefault } from './defaults.ts';

export interface ActivityRow {
  code: string;
  kind: ActivityKind;
  title: string;
  subtitle: string;
  startsAt: Date;
  endsAt: Date | null;
  rules: string[];
  config: Record<string, unknown>;
  disabled: boolean;
}

const COLUMNS = sql`code, kind, title, subtitle, starts_at AS "startsAt", ends_at AS "endsAt", rules, config, disabled`;

export interface ActivityChange {
  startsAt?: Date;
  /** null: permanent. */
  endsAt?: Date | null;
  disabled?: boolean;
  title?: string;
  subtitle?: string;
  rules?: string[];
  config?: Record<string, unknown>;
}

export function createActivities(db: Database, { now = Date.now }: { now?: () => number } = {}) {
  const toDate = (v: Date | string | null) => (v === null ? null : new Date(v));
  async function find(tx: Database, code: string, lock = false): Promise<ActivityRow | null> {
    const [row] = await queryRows<ActivityRow>(
      tx,
      sql`SELECT ${COLUMNS} FROM activity WHERE code = ${code} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    return row ? { ...row, startsAt: new Date(row.startsAt), endsAt: toDate(row.endsAt) } : null;
  }

  function viewOf(a: ActivityRow): ActivityView {
    return {
      code: a.code,
      kind: a.kind,
      title: a.title,
      subtitle: a.subtitle,
      startsAt: a.startsAt.toISOString(),
      endsAt: a.endsAt ? a.endsAt.toISOString() : null,
      status: activityStatus(a, now()),
      rules: a.rules,
      serverTime: new Date(now()).toISOString(),
    };
  }

  return {
    viewOf,
    statusOf: (a: ActivityRow): ActivityStatus => activityStatus(a, now()),

    /** The activity or 404 活动不存在. */
    async get(code: string, tx: Database = db): Promise<ActivityRow> {
      const row = await find(tx, code);
      if (!row) throw ApiError.notFound(ACTIVITY_MESSAGES.unknown);
      return row;
    },

    /** GET activity/info. */
    async info(code: string): Promise<{ activity: ActivityView }> {
      const row = await find(db, code);
      if (!row) throw ApiError.notFound(ACTIVITY_MESSAGES.unknown);
      return { activity: viewOf(row) };
    },

    /**
     * The running activity, or 409 活动已结束 / 活动尚未开始 (404 when unknown). Pass the write's transaction so the
     * check and the claim it guards commit together.
     */
    async requireRunning(code: string, tx: Database = db): Promise<ActivityRow> {
      const row = await find(tx, code);
      if (!row) throw ApiError.notFound(ACTIVITY_MESSAGES.unknown);
      const status = activityStatus(row, now());
      if (status === 'ended') throw ApiError.conflict(ACTIVITY_MESSAGES.ended);
      if (status === 'upcoming') throw ApiError.conflict(ACTIVITY_MESSAGES.notStarted);
      return row;
    },

    async list(): Promise<ActivityView[]> {
      const rows = await queryRows<ActivityRow>(db, sql`SELECT ${COLUMNS} FROM activity ORDER BY code`);
      return rows.map((r) => viewOf({ ...r, startsAt: new Date(r.startsAt), endsAt: toDate(r.endsAt) }));
    },

    /** Changes an activity (ops CLI, sandbox); one audit row per change, in the same transaction. */
    async update(code: string, change: ActivityChange, actorId: number | null): Promise<ActivityView> {
      return db.transaction(async (tx) => {
        const before = await find(tx, code, true);
        if (!before) throw ApiError.notFound(ACTIVITY_MESSAGES.unknown);
        const after: ActivityRow = {
          ...before,
          ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)),
        };
        if (after.endsAt && after.endsAt.getTime() <= after.startsAt.getTime())
          throw ApiError.badRequest('结束时间须晚于开始时间');
        await tx.execute(
          sql`UPDATE activity SET title = ${after.title}, subtitle = ${after.subtitle},
                starts_at = ${after.startsAt.toISOString()}::timestamptz,
                ends_at = ${after.endsAt ? after.endsAt.toISOString() : null}::timestamptz,
                disabled = ${after.disabled}, rules = ${JSON.stringify(after.rules)}::jsonb,
                config = ${JSON.stringify(after.config)}::jsonb, updated_at = now()
              WHERE code = ${code}`,
        );
        await recordAudit(tx, {
          actorId,
          action: 'activity.update',
          targetType: 'activity',
          targetId: code,
          detail: { change },
        });
        return viewOf(after);
      });
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;

/** Writes the default activities that are missing (never overwrites). Returns how many were written. */
export async function ensureActivities(
  db: Database,
  { now = Date.now, defaults = ACTIVITY_DEFAULTS }: { now?: () => number; defaults?: readonly ActivityDefault[] } = {},
): Promise<number> {
  let written = 0;
  const start = new Date(now());
  for (const d of defaults) {
    const end = d.runDays === null ? null : new Date(start.getTime() + d.runDays * 86_400_000);
    const rows = await queryRows<{ code: string }>(
      db,
      sql`INSERT INTO activity (code, kind, title, subtitle, starts_at, ends_at, rules, config)
          VALUES (${d.code}, ${d.kind}, ${d.title}, ${d.subtitle}, ${start.toISOString()}::timestamptz,
                  ${end ? end.toISOString() : null}::timestamptz, ${JSON.stringify(d.rules)}::jsonb,
                  ${JSON.stringify(d.config)}::jsonb)
          ON CONFLICT (code) DO NOTHING RETURNING code`,
    );
    written += rows.length;
  }
  return written;
}
