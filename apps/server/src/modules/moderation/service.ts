// The moderation console (issue 17): report tickets (open ones oldest first, handled ones newest first), the queue of
// flagged posts and the hidden ones, and what staff do about them — hide / restore / keep a post, ban / unban its
// author, resolve a ticket by applying a correction to the data (delist a listing or rental, set its price, set an
// estate's fact) or reject it. Each action runs in one transaction with its audit row (and data_correction row, and
// the reporters' message-centre notices); a change to market data then tells the data caches.
import { isoText, queryPage, queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  ESTATE_CORRECTION_FIELDS,
  INFORM_MESSAGES,
  INFORM_REASONS,
  INFORM_TARGET_LABELS,
  MODERATION_PAGE_SIZE,
  informVerb,
  isCleanText,
  isPostTarget,
  maskPhone,
  type EstateCorrectionField,
  type InformReason,
  type InformTarget,
  type ModeratedKind,
  type ModerationPostRow,
  type ModerationPostsBody,
  type ModerationTicketRow,
  type ModerationTicketsBody,
  type ResolveAction,
} from '@fjt/domain';
import { recordAudit } from '../staff/audit.ts';
import { recomputeReviewSummary } from '../reviews/summary.ts';
import { changedBy } from '../reviews/service.ts';
import { qaChangedBy } from '../qa/service.ts';
import { findTarget, POST_TABLES, type TargetRow } from '../inform/targets.ts';
import { TICKET_COLUMNS, ticketView, type TicketRow } from '../inform/service.ts';

export interface Actor {
  userId: number;
  ip?: string | null;
}

/** Which market data changed (the data caches of these cities are dropped). */
export type DataKind = 'listings' | 'rentals' | 'estates';
export type DataChangedHook = (kind: DataKind, cityIds: number[]) => Promise<void>;

const DAY = 86_400_000;
const CHINA_DATE = sql.raw(`(now() AT TIME ZONE 'Asia/Shanghai')::date`);

/** The actions that apply to a ticket's target and reason. */
export function actionsFor(targetType: InformTarget, reason: InformReason): ResolveAction[] {
  if (isPostTarget(targetType)) return ['hide_post', 'none'];
  if (targetType === 'listing' || targetType === 'rental') {
    const list: ResolveAction[] = [];
    if (reason === 'sold_or_stale' || reason === 'fake_listing') list.push('delist');
    list.push('price');
    if (!list.includes('delist')) list.push('delist');
    return [...list, 'none'];
  }
  if (targetType === 'estate') return ['estate_field', 'none'];
  return ['none'];
}

/** A typed value for an estate field, or 400. */
function estateValue(
  field: string | undefined,
  value: unknown,
): { field: EstateCorrectionField; value: number | string } {
  if (!field || !(field in ESTATE_CORRECTION_FIELDS)) throw ApiError.badRequest(INFORM_MESSAGES.fieldUnknown);
  const rule = ESTATE_CORRECTION_FIELDS[field as EstateCorrectionField];
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (rule.kind === 'text') {
    if (text.length < rule.min || text.length > rule.max || !isCleanText(text) || /[<>]/.test(text)) {
      throw ApiError.badRequest(INFORM_MESSAGES.valueInvalid);
    }
    return { field: field as EstateCorrectionField, value: text };
  }
  const n = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n) || n < rule.min || n > rule.max || (rule.kind === 'int' && !Number.isInteger(n))) {
    throw ApiError.badRequest(INFORM_MESSAGES.valueInvalid);
  }
  return { field: field as EstateCorrectionField, value: n };
}

function priceValue(value: unknown, min: number, max: number): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const n = /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(n) || n < min || n > max) throw ApiError.badRequest(INFORM_MESSAGES.valueInvalid);
  return n;
}

/** Forget the cached answers (pages and API reads) whose URL passes `test` (the public response cache). */
export type PostChangedHook = (test: (url: string) => boolean) => void;

export function createModerationService(deps: {
  db: Database;
  dataChanged?: DataChangedHook;
  postChanged?: PostChangedHook;
}) {
  const { db, dataChanged = async () => undefined, postChanged } = deps;

  /** A post was hidden or restored: the cached lists and details that showed it (or did not) are stale. */
  async function forgetPost(kind: ModeratedKind, id: number) {
    if (!postChanged) return;
    const [p] = await queryRows<{ cityId: number; estateId: number | null; questionId: number | null }>(
      db,
      kind === 'question'
        ? sql`SELECT city_id AS "cityId", estate_id AS "estateId", id::int AS "questionId" FROM question WHERE id = ${id}`
        : kind === 'answer'
          ? sql`SELECT q.city_id AS "cityId", q.estate_id AS "estateId", q.id::int AS "questionId"
                  FROM answer a JOIN question q ON q.id = a.question_id WHERE a.id = ${id}`
          : kind === 'review'
            ? sql`SELECT city_id AS "cityId", estate_id AS "estateId", NULL AS "questionId" FROM review WHERE id = ${id}`
            : kind === 'review_reply'
              ? sql`SELECT v.city_id AS "cityId", v.estate_id AS "estateId", NULL AS "questionId"
                      FROM review_reply x JOIN review v ON v.id = x.review_id WHERE x.id = ${id}`
              : sql`SELECT city_id AS "cityId", estate_id AS "estateId", NULL AS "questionId"
                      FROM viewing_note WHERE id = ${id}`,
    );
    if (!p) return;
    const target = `/inform/target?targetType=${kind}&targetId=${id}`;
    const views =
      p.questionId !== null
        ? qaChangedBy({ id: p.questionId, cityId: p.cityId, estateId: p.estateId })
        : changedBy({ kind: kind === 'note' ? 'note' : 'review', cityId: p.cityId, estateId: p.estateId! });
    postChanged((url) => views(url) || url.includes(target));
  }
  const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Database));

  async function ticketRowView(q: Database, row: TicketRow, sameTarget?: number): Promise<ModerationTicketRow> {
    // one query after another: inside a transaction they share one connection
    const view = await ticketView(q, row);
    const target = await findTarget(q, row.targetType, row.targetId, { includeHidden: true });
    const who = await queryRows<{ reporter: string | null; handler: string | null }>(
      q,
      sql`SELECT (SELECT phone FROM users WHERE id = ${row.userId}) AS reporter,
                 (SELECT coalesce(nickname, phone) FROM users WHERE id = ${row.handledBy ?? 0}) AS handler`,
    );
    const same =
      sameTarget === undefined
        ? await queryRows<{ n: number }>(
            q,
            sql`SELECT count(*)::int AS n FROM inform_ticket
                 WHERE target_type = ${row.targetType} AND target_id = ${row.targetId} AND status = 'open'`,
          )
        : [{ n: sameTarget }];
    const handler = who[0]?.handler ?? null;
    return {
      ...view,
      reporterId: row.userId,
      reporter: who[0]?.reporter ? maskPhone(who[0].reporter) : null,
      sameTarget: same[0]?.n ?? 0,
      actions: target ? actionsFor(row.targetType, row.reason) : ['none'],
      currentPrice: target?.price ?? null,
      handledBy: handler && /^1\d{10}$/.test(handler) ? maskPhone(handler) : handler,
    };
  }

  async function lockTicket(tx: Database, ticketId: number): Promise<TicketRow> {
    const [row] = await queryRows<TicketRow>(
      tx,
      sql`SELECT ${TICKET_COLUMNS} FROM inform_ticket t WHERE t.id = ${ticketId} FOR UPDATE`,
    );
    if (!row) throw ApiError.notFound(INFORM_MESSAGES.ticketNotFound);
    if (row.status !== 'open') throw ApiError.conflict(INFORM_MESSAGES.ticketHandled);
    return row;
  }

  /** Closes the open tickets on a target (the given one first) and tells each reporter; returns how many. */
  async function closeTickets(
    tx: Database,
    actor: Actor,
    first: TicketRow,
    status: 'resolved' | 'rejected',
    resolution: string,
    allOnTarget: boolean,
  ): Promise<TicketRow[]> {
    const rows = await queryRows<TicketRow>(
      tx,
      sql`UPDATE inform_ticket t SET status = ${status}, resolution = ${resolution}, handled_by = ${actor.userId},
                 handled_at = now()
           WHERE t.status = 'open' AND ${
             allOnTarget
               ? sql`t.target_type = ${first.targetType} AND t.target_id = ${first.targetId}`
               : sql`t.id = ${first.id}`
           }
           RETURNING ${TICKET_COLUMNS}`,
    );
    const verb = informVerb(first.targetType);
    for (const t of rows) {
      await tx.execute(
        sql`INSERT INTO messages (user_id, kind, estate_id, title, content, link, dedupe_key)
            VALUES (${t.userId}, 'inform_result', NULL,
                    ${status === 'resolved' ? `您的${verb}已处理` : `您的${verb}未被采纳`},
                    ${`工单 ${t.ticketNo}（${INFORM_TARGET_LABELS[t.targetType]}·${INFORM_REASONS[t.reason] ?? t.reason}）：${resolution}`},
                    ${`/inform/succee?ticketNo=${t.ticketNo}`}, ${`inform:${t.id}`})
            ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
      );
    }
    return rows;
  }

  /** Sets a post's status and flag and keeps the counts that depend on it; null when it is gone. */
  async function setPost(
    tx: Database,
    kind: ModeratedKind,
    id: number,
    change: { status?: 'visible' | 'hidden'; flagged: boolean },
  ) {
    const table = sql.raw(POST_TABLES[kind]);
    const [before] = await queryRows<{ status: string; flagged: boolean }>(
      tx,
      sql`SELECT status, flagged FROM ${table} WHERE id = ${id} FOR UPDATE`,
    );
    if (!before || before.status === 'deleted') return null;
    const status = change.status ?? before.status;
    await tx.execute(sql`UPDATE ${table} SET status = ${status}, flagged = ${change.flagged} WHERE id = ${id}`);
    if (status !== before.status) {
      if (kind === 'review') {
        const [r] = await queryRows<{ estateId: number }>(
          tx,
          sql`SELECT estate_id AS "estateId" FROM review WHERE id = ${id}`,
        );
        await recomputeReviewSummary(tx, r!.estateId);
      } else if (kind === 'answer') {
        await tx.execute(sql`UPDATE question q SET answer_count =
                               (SELECT count(*)::int FROM answer a WHERE a.question_id = q.id AND a.status = 'visible')
                              WHERE q.id = (SELECT question_id FROM answer WHERE id = ${id})`);
      } else if (kind === 'review_reply') {
        await tx.execute(sql`UPDATE review v SET reply_count =
                               (SELECT count(*)::int FROM review_reply x WHERE x.review_id = v.id AND x.status = 'visible')
                              WHERE v.id = (SELECT review_id FROM review_reply WHERE id = ${id})`);
      }
    }
    return { before, after: { status, flagged: change.flagged } };
  }

  return {
    async tickets(state: 'open' | 'handled', page: number): Promise<ModerationTicketsBody> {
      const { total, rows } = await queryPage<TicketRow>(db, {
        select: TICKET_COLUMNS,
        from: sql`FROM inform_ticket t WHERE ${state === 'open' ? sql`t.status = 'open'` : sql`t.status <> 'open'`}`,
        orderBy: state === 'open' ? sql`t.created_at, t.id` : sql`t.handled_at DESC, t.id DESC`,
        page,
        size: MODERATION_PAGE_SIZE,
      });
      return { total, page, list: await Promise.all(rows.map((r) => ticketRowView(db, r))) };
    },

    async posts(state: 'flagged' | 'hidden', page: number): Promise<ModerationPostsBody> {
      const where = state === 'flagged' ? sql`p.flagged AND p.status <> 'deleted'` : sql`p.status = 'hidden'`;
      const { total, rows } = await queryPage<
        Omit<ModerationPostRow, 'kindLabel' | 'flaggedReason' | 'link' | 'author'> & {
          cityId: number;
          estateId: number | null;
          parentId: number | null;
          reasons: string[] | null;
          phone: string | null;
          nickname: string | null;
        }
      >(db, {
        select: sql`p.kind, p.id, p.title, p.body, p.status, p.flagged, p.user_id AS "authorId",
                    ${isoText('p.created_at')} AS "createdAt", p.city_id AS "cityId", p.estate_id AS "estateId",
                    p.parent_id AS "parentId", u.phone, u.nickname,
                    (b.user_id IS NOT NULL AND (b.until IS NULL OR b.until > now())) AS "authorBanned",
                    (SELECT count(*)::int FROM inform_ticket t
                      WHERE t.target_type = p.kind AND t.target_id = p.id AND t.status = 'open') AS "openReports",
                    (SELECT array_agg(DISTINCT t.reason) FROM inform_ticket t
                      WHERE t.target_type = p.kind AND t.target_id = p.id AND t.status = 'open') AS reasons`,
        from: sql`FROM (
            SELECT 'question' AS kind, q.id::int AS id, q.title, q.body, q.status, q.flagged, q.user_id, q.created_at,
                   q.city_id, q.estate_id, NULL::int AS parent_id FROM question q
            UNION ALL
            SELECT 'answer', a.id::int, NULL, a.body, a.status, a.flagged, a.user_id, a.created_at, q.city_id,
                   q.estate_id, q.id::int FROM answer a JOIN question q ON q.id = a.question_id
            UNION ALL
            SELECT 'review', v.id::int, NULL, v.body, v.status, v.flagged, v.user_id, v.created_at, v.city_id,
                   v.estate_id, NULL FROM review v
            UNION ALL
            SELECT 'review_reply', x.id::int, NULL, x.body, x.status, x.flagged, x.user_id, x.created_at, v.city_id,
                   v.estate_id, v.id::int FROM review_reply x JOIN review v ON v.id = x.review_id
            UNION ALL
            SELECT 'note', n.id::int, n.title, n.body, n.status, n.flagged, n.user_id, n.created_at, n.city_id,
                   n.estate_id, NULL FROM viewing_note n
          ) p
          LEFT JOIN users u ON u.id = p.user_id
          LEFT JOIN user_ban b ON b.user_id = p.user_id
          WHERE ${where}`,
        orderBy: sql`p.created_at, p.kind, p.id`,
        page,
        size: MODERATION_PAGE_SIZE,
      });
      const list = rows.map((r): ModerationPostRow => {
        const kind = r.kind;
        const link =
          kind === 'question'
            ? `/qa-detail/${r.id}`
            : kind === 'answer'
              ? `/qa-detail/${r.parentId}`
              : kind === 'review'
                ? `/${r.cityId}/house-comments/${r.estateId}/${r.id}`
                : kind === 'review_reply'
                  ? `/${r.cityId}/house-comments/${r.estateId}/${r.parentId}`
                  : `/${r.cityId}/house-note/${r.estateId}`;
        const reasons = (r.reasons ?? []).map((k) => INFORM_REASONS[k as InformReason] ?? k);
        return {
          kind,
          id: r.id,
          kindLabel: INFORM_TARGET_LABELS[kind],
          title: r.title,
          body: r.body,
          status: r.status,
          flagged: r.flagged,
          flaggedReason: reasons.length > 0 ? `用户举报：${reasons.join('、')}` : r.flagged ? '敏感词' : '—',
          openReports: r.openReports,
          authorId: r.authorId,
          author: r.nickname ?? (r.phone ? (r.phone.startsWith('seed:') ? '小区居民' : maskPhone(r.phone)) : null),
          authorBanned: r.authorBanned,
          createdAt: r.createdAt,
          link,
        };
      });
      return { total, page, list };
    },

    /** hide: visible → hidden; restore: hidden → visible; keep: stays visible, out of the queue. */
    async moderatePost(
      actor: Actor,
      kind: ModeratedKind,
      id: number,
      action: 'hide' | 'restore' | 'keep',
      reason?: string,
    ) {
      const after = await inTransaction(async (tx) => {
        const [current] = await queryRows<{ status: string }>(
          tx,
          sql`SELECT status FROM ${sql.raw(POST_TABLES[kind])} WHERE id = ${id}`,
        );
        if (!current || current.status === 'deleted') throw ApiError.notFound(INFORM_MESSAGES.postNotFound);
        if ((action === 'restore') !== (current.status === 'hidden')) {
          throw ApiError.conflict(INFORM_MESSAGES.actionNotApplicable);
        }
        const changed = await setPost(tx, kind, id, {
          ...(action === 'keep' ? {} : { status: action === 'hide' ? 'hidden' : 'visible' }),
          flagged: false,
        });
        if (!changed) throw ApiError.notFound(INFORM_MESSAGES.postNotFound);
        let closed: TicketRow[] = [];
        if (action === 'hide') {
          // the reports about it were right: close them, and tell the reporters
          const [first] = await queryRows<TicketRow>(
            tx,
            sql`SELECT ${TICKET_COLUMNS} FROM inform_ticket t
                 WHERE t.target_type = ${kind} AND t.target_id = ${id} AND t.status = 'open' ORDER BY t.id LIMIT 1`,
          );
          if (first) closed = await closeTickets(tx, actor, first, 'resolved', reason ?? '该内容已被隐藏', true);
        }
        await recordAudit(tx, {
          actorId: actor.userId,
          action: `moderation.${action}`,
          targetType: kind,
          targetId: id,
          detail: { ...changed, reason: reason ?? null, tickets: closed.map((t) => t.ticketNo) },
          ip: actor.ip ?? null,
        });
        return changed.after;
      });
      if (action !== 'keep') await forgetPost(kind, id);
      return after;
    },

    async ban(actor: Actor, userId: number, action: 'ban' | 'unban', reason?: string, days?: number) {
      return inTransaction(async (tx) => {
        const [user] = await queryRows<{ id: number; staff: boolean }>(
          tx,
          sql`SELECT u.id, EXISTS (SELECT 1 FROM staff_roles s WHERE s.user_id = u.id) AS staff
                FROM users u WHERE u.id = ${userId}`,
        );
        if (!user) throw ApiError.notFound('用户不存在');
        let until: string | null = null;
        if (action === 'ban') {
          if (user.staff) throw ApiError.badRequest(INFORM_MESSAGES.cannotBanStaff);
          if (!reason) throw ApiError.badRequest('请填写禁言原因');
          const untilDate = days ? new Date(Date.now() + days * DAY) : null;
          until = untilDate?.toISOString() ?? null;
          await tx.execute(
            sql`INSERT INTO user_ban (user_id, reason, banned_by, until)
                VALUES (${userId}, ${reason}, ${actor.userId}, ${until})
                ON CONFLICT (user_id) DO UPDATE SET reason = EXCLUDED.reason, banned_by = EXCLUDED.banned_by,
                  banned_at = now(), until = EXCLUDED.until`,
          );
        } else {
          await tx.execute(sql`DELETE FROM user_ban WHERE user_id = ${userId}`);
        }
        await recordAudit(tx, {
          actorId: actor.userId,
          action: `moderation.${action}`,
          targetType: 'user',
          targetId: userId,
          detail: { reason: reason ?? null, days: days ?? null, until },
          ip: actor.ip ?? null,
        });
        return { banned: action === 'ban', until };
      });
    },

    async resolve(
      actor: Actor,
      input: { ticketId: number; action: ResolveAction; field?: string; value?: string | number; note: string },
    ) {
      const changedData: { kind: DataKind; cityId: number }[] = [];
      const result = await inTransaction(async (tx) => {
        const ticket = await lockTicket(tx, input.ticketId);
        const target: TargetRow | null = await findTarget(tx, ticket.targetType, ticket.targetId, {
          includeHidden: true,
        });
        const allowed = target ? actionsFor(ticket.targetType, ticket.reason) : ['none'];
        if (!allowed.includes(input.action)) throw ApiError.badRequest(INFORM_MESSAGES.actionNotApplicable);
        const corrections: { field: string; oldValue: unknown; newValue: unknown }[] = [];
        const cityId = target?.summary.cityId ?? null;

        if (input.action === 'delist' && target) {
          const rental = ticket.targetType === 'rental';
          const onSale = rental ? 'on_rent' : 'on_sale';
          const off = rental ? 'off' : 'delisted';
          if (target.status === onSale) {
            await tx.execute(
              sql`UPDATE ${sql.raw(rental ? 'rental' : 'listing')} SET status = ${off}, ended_at = ${CHINA_DATE}
                   WHERE id = ${ticket.targetId}`,
            );
            corrections.push({ field: 'status', oldValue: target.status, newValue: off });
            changedData.push({ kind: rental ? 'rentals' : 'listings', cityId: cityId! });
          }
        } else if (input.action === 'price' && target) {
          const area = target.area ?? 1;
          if (ticket.targetType === 'listing') {
            const total = Math.round(priceValue(input.value, 1, 100_000) * 10_000);
            const unit = Math.round(total / area);
            await tx.execute(
              sql`UPDATE listing SET total_price = ${total}, unit_price = ${unit} WHERE id = ${ticket.targetId}`,
            );
            corrections.push({ field: 'total_price', oldValue: target.price, newValue: total });
            changedData.push({ kind: 'listings', cityId: cityId! });
          } else {
            const rent = Math.round(priceValue(input.value, 100, 1_000_000));
            const perSqm = Math.round((rent / area) * 10) / 10;
            await tx.execute(
              sql`UPDATE rental SET monthly_rent = ${rent}, rent_per_sqm = ${perSqm} WHERE id = ${ticket.targetId}`,
            );
            corrections.push({ field: 'monthly_rent', oldValue: target.price, newValue: rent });
            changedData.push({ kind: 'rentals', cityId: cityId! });
          }
        } else if (input.action === 'estate_field' && target) {
          const { field, value } = estateValue(input.field, input.value);
          const column = sql.raw(field);
          const [old] = await queryRows<{ v: unknown }>(
            tx,
            sql`SELECT ${column} AS v FROM estate WHERE id = ${ticket.targetId} FOR UPDATE`,
          );
          await tx.execute(sql`UPDATE estate SET ${column} = ${value} WHERE id = ${ticket.targetId}`);
          corrections.push({ field, oldValue: old?.v ?? null, newValue: value });
          changedData.push({ kind: 'estates', cityId: cityId! });
        } else if (input.action === 'hide_post' && target) {
          const changed = await setPost(tx, ticket.targetType as ModeratedKind, ticket.targetId, {
            status: 'hidden',
            flagged: false,
          });
          if (changed && changed.before.status !== 'hidden') {
            corrections.push({ field: 'status', oldValue: changed.before.status, newValue: 'hidden' });
          }
        }

        for (const c of corrections) {
          await tx.execute(
            sql`INSERT INTO data_correction (ticket_id, target_type, target_id, field, old_value, new_value, applied_by)
                VALUES (${ticket.id}, ${ticket.targetType}, ${ticket.targetId}, ${c.field},
                        ${JSON.stringify(c.oldValue)}::jsonb, ${JSON.stringify(c.newValue)}::jsonb, ${actor.userId})`,
          );
        }
        // a correction (or a hidden post) settles every open report of that target; 'none' only this one
        const closed = await closeTickets(tx, actor, ticket, 'resolved', input.note, input.action !== 'none');
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'inform.resolve',
          targetType: ticket.targetType,
          targetId: ticket.targetId,
          detail: {
            ticketNo: ticket.ticketNo,
            action: input.action,
            corrections,
            tickets: closed.map((t) => t.ticketNo),
          },
          ip: actor.ip ?? null,
        });
        const [after] = await queryRows<TicketRow>(
          tx,
          sql`SELECT ${TICKET_COLUMNS} FROM inform_ticket t WHERE t.id = ${ticket.id}`,
        );
        return { ticket: await ticketRowView(tx, after!, 0), handled: closed.length };
      });
      for (const c of changedData) await dataChanged(c.kind, [c.cityId]);
      if (input.action === 'hide_post') {
        const [t] = await queryRows<{ targetType: ModeratedKind; targetId: number }>(
          db,
          sql`SELECT target_type AS "targetType", target_id::int AS "targetId" FROM inform_ticket WHERE id = ${input.ticketId}`,
        );
        if (t) await forgetPost(t.targetType, t.targetId);
      }
      return result;
    },

    async reject(actor: Actor, ticketId: number, reason: string) {
      return inTransaction(async (tx) => {
        const ticket = await lockTicket(tx, ticketId);
        const closed = await closeTickets(tx, actor, ticket, 'rejected', reason, false);
        // a post reported (and so queued) by this ticket alone leaves the queue when the report is found wrong
        if (isPostTarget(ticket.targetType)) {
          await tx.execute(
            sql`UPDATE ${sql.raw(POST_TABLES[ticket.targetType as ModeratedKind])} SET flagged = false
                 WHERE id = ${ticket.targetId} AND NOT EXISTS (
                   SELECT 1 FROM inform_ticket t WHERE t.target_type = ${ticket.targetType}
                      AND t.target_id = ${ticket.targetId} AND t.status = 'open')`,
          );
        }
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'inform.reject',
          targetType: ticket.targetType,
          targetId: ticket.targetId,
          detail: { ticketNo: ticket.ticketNo, reason },
          ip: actor.ip ?? null,
        });
        const [after] = await queryRows<TicketRow>(
          tx,
          sql`SELECT ${TICKET_COLUMNS} FROM inform_ticket t WHERE t.id = ${ticket.id}`,
        );
        return { ticket: await ticketRowView(tx, after!), handled: closed.length };
      });
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
