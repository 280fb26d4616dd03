// 纠错/举报 (issue 17): what is reported and the reasons offered, a user's report (through the posting guard: ban,
// cool-down, rate limit, sensitive words, masked contacts), its ticket number, and the user's tickets. A report of a
// post puts the post in the moderation queue (flagged). The same user reporting the same target while their ticket
// is open gets that ticket back, not a second one.
import { randomInt } from 'node:crypto';
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  INFORM_DESCRIPTION_MAX,
  INFORM_IMAGES_MAX,
  INFORM_MESSAGES,
  INFORM_REASONS,
  INFORM_REASONS_BY_TARGET,
  INFORM_STATUS_LABELS,
  informVerb,
  isPostTarget,
  maskPhone,
  type InformReason,
  type InformStatus,
  type InformTarget,
  type InformTargetBody,
  type InformTicket,
} from '@fjt/domain';
import type { PostingGuard } from '../community/guard.ts';
import { ownedImages } from '../uploads/service.ts';
import { findTarget, POST_TABLES } from './targets.ts';

export interface InformSubmit {
  targetType: InformTarget;
  targetId: number;
  reason: InformReason;
  description: string;
  images: string[];
  contact?: string | undefined;
}

/** A ticket row as the queries below select it. */
export interface TicketRow {
  id: number;
  ticketNo: string;
  userId: number;
  targetType: InformTarget;
  targetId: number;
  reason: InformReason;
  description: string;
  images: string[];
  contact: string | null;
  status: InformStatus;
  resolution: string | null;
  createdAt: string;
  handledAt: string | null;
  handledBy: number | null;
}

export const TICKET_COLUMNS = sql`t.id::int AS id, t.ticket_no AS "ticketNo", t.user_id AS "userId",
  t.target_type AS "targetType", t.target_id::int AS "targetId", t.reason, t.description, t.images, t.contact,
  t.status, t.resolution, ${isoText('t.created_at')} AS "createdAt", ${isoText('t.handled_at')} AS "handledAt",
  t.handled_by AS "handledBy"`;

/** The ticket as its reporter (or staff) sees it: contact masked, the target's summary (null once it is gone). */
export async function ticketView(db: Database, row: TicketRow): Promise<InformTicket> {
  const target = await findTarget(db, row.targetType, row.targetId, { includeHidden: true });
  return {
    id: row.id,
    ticketNo: row.ticketNo,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    reasonText: INFORM_REASONS[row.reason] ?? row.reason,
    description: row.description,
    images: row.images ?? [],
    contact: row.contact ? maskPhone(row.contact) : null,
    status: row.status,
    statusText: INFORM_STATUS_LABELS[row.status] ?? row.status,
    resolution: row.resolution,
    createdAt: row.createdAt,
    handledAt: row.handledAt,
    target: target?.summary ?? null,
  };
}

/** 'JC' + the date in China + 6 random digits. */
export function newTicketNo(now: number): string {
  const day = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `JC${day}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function createInformService(deps: { db: Database; guard: PostingGuard; now?: () => number }) {
  const { db, guard, now = Date.now } = deps;
  const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Database));

  async function openTicketOf(q: Database, userId: number, targetType: InformTarget, targetId: number) {
    const [row] = await queryRows<TicketRow>(
      q,
      sql`SELECT ${TICKET_COLUMNS} FROM inform_ticket t
           WHERE t.user_id = ${userId} AND t.target_type = ${targetType} AND t.target_id = ${targetId}
             AND t.status = 'open' ORDER BY t.id LIMIT 1`,
    );
    return row ?? null;
  }

  return {
    async target(targetType: InformTarget, targetId: number): Promise<InformTargetBody> {
      const found = await findTarget(db, targetType, targetId);
      if (!found) throw ApiError.notFound(INFORM_MESSAGES.targetGone);
      return {
        target: found.summary,
        verb: informVerb(targetType),
        reasons: INFORM_REASONS_BY_TARGET[targetType].map((key) => ({ key, label: INFORM_REASONS[key] })),
        descriptionMax: INFORM_DESCRIPTION_MAX,
        imagesMax: INFORM_IMAGES_MAX,
      };
    },

    async submit(userId: number, input: InformSubmit): Promise<{ ticket: InformTicket; existing: boolean }> {
      if (!INFORM_REASONS_BY_TARGET[input.targetType].includes(input.reason)) {
        throw ApiError.badRequest(INFORM_MESSAGES.reasonNotOffered);
      }
      const target = await findTarget(db, input.targetType, input.targetId);
      if (!target) throw ApiError.notFound(INFORM_MESSAGES.targetGone);
      const open = await openTicketOf(db, userId, input.targetType, input.targetId);
      if (open) return { ticket: await ticketView(db, open), existing: true };

      const checked = await guard.check(userId, 'inform', { description: input.description });
      try {
        await ownedImages(db, userId, input.images);
        const [account] = await queryRows<{ phone: string }>(db, sql`SELECT phone FROM users WHERE id = ${userId}`);
        const contact = input.contact ? input.contact : (account?.phone ?? null);
        const result = await inTransaction(async (tx) => {
          // one report at a time per user and target: a double tap finds the first one's ticket
          await tx.execute(
            sql`SELECT pg_advisory_xact_lock(${userId}, hashtext(${`${input.targetType}:${input.targetId}`}))`,
          );
          const again = await openTicketOf(tx, userId, input.targetType, input.targetId);
          if (again) return { row: again, existing: true };
          let row: TicketRow | undefined;
          for (let attempt = 0; !row; attempt += 1) {
            const ticketNo = newTicketNo(now());
            const rows = await queryRows<TicketRow>(
              tx,
              sql`INSERT INTO inform_ticket AS t (ticket_no, user_id, target_type, target_id, reason, description,
                                                  images, contact)
                  VALUES (${ticketNo}, ${userId}, ${input.targetType}, ${input.targetId}, ${input.reason},
                          ${checked.texts.description}, ${JSON.stringify(input.images)}::jsonb, ${contact})
                  ON CONFLICT (ticket_no) DO NOTHING
                  RETURNING ${TICKET_COLUMNS}`,
            );
            row = rows[0];
            if (!row && attempt >= 5) throw new Error('inform: no free ticket number');
          }
          if (isPostTarget(input.targetType)) {
            const table = sql.raw(POST_TABLES[input.targetType as keyof typeof POST_TABLES]);
            await tx.execute(sql`UPDATE ${table} SET flagged = true WHERE id = ${input.targetId}`);
          }
          return { row, existing: false };
        });
        if (result.existing) await guard.giveBack(userId);
        return { ticket: await ticketView(db, result.row), existing: result.existing };
      } catch (error) {
        await guard.giveBack(userId);
        throw error;
      }
    },

    async mine(userId: number, ticketNo?: string): Promise<{ list: InformTicket[] }> {
      const rows = await queryRows<TicketRow>(
        db,
        sql`SELECT ${TICKET_COLUMNS} FROM inform_ticket t WHERE t.user_id = ${userId}
            ${ticketNo ? sql`AND t.ticket_no = ${ticketNo}` : sql``}
            ORDER BY t.id DESC LIMIT 50`,
      );
      if (ticketNo && rows.length === 0) throw ApiError.notFound(INFORM_MESSAGES.ticketNotFound);
      return { list: await Promise.all(rows.map((r) => ticketView(db, r))) };
    },
  };
}

export type InformService = ReturnType<typeof createInformService>;
