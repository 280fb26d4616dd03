// The write buffer of POST ubt/api/events (issue 18): accepted events wait here and are written together, one
// multi-row INSERT every second or as soon as `maxRows` are waiting, and on the app's close (so a shutdown or a test
// loses nothing accepted). At thousands of events a second this is one statement a second instead of one per request.
// Each row's channel (the device's latest channel mark) is looked up in the same statement, and a row of a user who
// opted out or deleted the account since the request was accepted is left out there (the request checked once; this
// closes the gap of up to a second). A failed write is logged and its rows dropped: tracking never takes the app down,
// and a bad batch is not retried for ever.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@fjt/db';
import { sql } from '@fjt/db';

/** One event as stored in ubt_event (its channel is looked up when written). */
export interface EventRow {
  month: number;
  /** ISO instant. */
  at: string;
  type: string;
  page: string;
  spm: string;
  deviceId: string | null;
  userId: number | null;
  props: Record<string, unknown> | null;
}

export interface EventBuffer {
  /** Queues rows; written within `flushMs`, or at once when `maxRows` are waiting. */
  add(rows: readonly EventRow[]): void;
  /** Writes what is waiting now (tests call it before reading ubt_event; the sandbox's dev/ubt/recent too). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (the app's onClose). */
  close(): Promise<void>;
}

export const EVENT_FLUSH_MS = 1000;
export const EVENT_FLUSH_ROWS = 500;

/** One INSERT for all `rows`, in their order. */
export async function insertEventRows(db: Database, rows: readonly EventRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`INSERT INTO ubt_event (month, at, type, page, spm, device_id, user_id, channel_code, props)
        SELECT v.month, v.at, v.type, v.page, v.spm, v."deviceId", v."userId", mark.channel_code, v.props
          FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
                 AS (month int, at timestamptz, type text, page text, spm text, "deviceId" text, "userId" int, props jsonb))
               WITH ORDINALITY AS v(month, at, type, page, spm, "deviceId", "userId", props, n)
          LEFT JOIN LATERAL (
            SELECT m.channel_code FROM channel_mark m WHERE m.device_id = v."deviceId"
             ORDER BY m.created_at DESC, m.id DESC LIMIT 1
          ) mark ON true
         WHERE v."userId" IS NULL
            OR (NOT EXISTS (SELECT 1 FROM tracking_opt_out o WHERE o.user_id = v."userId")
                AND EXISTS (SELECT 1 FROM users u WHERE u.id = v."userId" AND u.deleted_at IS NULL))
         ORDER BY v.n`,
  );
}

export function createEventBuffer({
  db,
  log,
  flushMs = EVENT_FLUSH_MS,
  maxRows = EVENT_FLUSH_ROWS,
}: {
  db: Database;
  log: Pick<FastifyBaseLogger, 'error'>;
  flushMs?: number;
  maxRows?: number;
}): EventBuffer {
  let waiting: EventRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  /** The last write queued: writes run one at a time, in order (a slow database never has several INSERTs of
   * this buffer at once); flush() and close() wait for it. */
  let tail: Promise<void> = Promise.resolve();

  const write = (rows: EventRow[]) => {
    tail = tail
      .then(() => insertEventRows(db, rows))
      .catch((error: unknown) =>
        log.error({ err: error, rows: rows.length }, 'tracking events: write failed, dropped'),
      );
    return tail;
  };
  const takeWaiting = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = waiting;
    waiting = [];
    return rows;
  };
  const flush = async () => {
    const rows = takeWaiting();
    if (rows.length > 0) void write(rows);
    await tail;
  };

  return {
    add(rows) {
      if (rows.length === 0) return;
      waiting.push(...rows);
      if (waiting.length >= maxRows) void write(takeWaiting());
      else if (!timer) {
        timer = setTimeout(() => void write(takeWaiting()), flushMs);
        // a timer alone never keeps the process running; close() writes what is left
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
