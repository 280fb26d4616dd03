// SQL of the lead path (issue 14): leads and their events, consents, the Idempotency-Key of a lead POST, the agents
// a lead may go to, virtual number bindings and their calls. Every function takes the transaction it runs in.
import { isoText, queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';
import { LEAD_LOAD_DAYS, type OpsLead, type OpsLeadsQuery } from '@fjt/domain';

const iso = (t: Date) => t.toISOString();

const HOUR = 3_600_000;

/**
 * The round robin's count for an agent: the leads it was given within LEAD_LOAD_DAYS of `now` (a range of the
 * lead_agent_idx index, so the count stays bounded however many leads pile up over the years).
 */
export const agentLoad = (agentId: SQL, now: number) =>
  sql`(SELECT count(*)::int FROM lead l WHERE l.agent_id = ${agentId}
       AND l.created_at > ${iso(new Date(now - LEAD_LOAD_DAYS * 24 * HOUR))}::timestamptz)`;

/** Namespace of the per-phone advisory locks (any constant; 'lead' read as a 32-bit integer). */
export const LEAD_LOCK_SPACE = 0x6c656164;
/** Namespace of the virtual number pool's allocation lock. */
const POOL_LOCK_SPACE = 0x766e756d;

export interface LeadRow {
  id: number;
  userId: number | null;
  mobile: string;
  cityId: number;
  estateId: number | null;
  serviceType: string;
  status: string;
  agentId: number | null;
  claimDueAt: Date | null;
}

export interface AgentCandidate {
  id: number;
  rating: number;
  /** Leads the agent holds now: the round robin's count. */
  load: number;
}

export interface BindingRow {
  id: number;
  virtualNumber: string;
  userId: number | null;
  mobile: string;
  agentId: number;
  leadId: number | null;
  expiresAt: Date;
  live: boolean;
}

export function createLeadsRepo(db: Database) {
  return {
    /**
     * Serialises everything that decides about one phone (dedupe, the daily cap, the agents it already has) until
     * the transaction ends: on PostgreSQL concurrent submissions of one phone queue here; PGlite runs one
     * transaction at a time anyway.
     */
    async lockPhone(tx: Database, mobile: string): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LEAD_LOCK_SPACE}, hashtext(${mobile}))`);
    },

    async lockPool(tx: Database): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${POOL_LOCK_SPACE}, 0)`);
    },

    async agentExists(tx: Database, agentId: number): Promise<boolean> {
      return (await queryRows(tx, sql`SELECT 1 FROM agent WHERE id = ${agentId}`)).length === 1;
    },

    /** Every agent this phone was ever given for this estate (or estate-less city lead). */
    async agentsOfPhoneAtEstate(
      tx: Database,
      mobile: string,
      estateId: number | null,
      cityId: number,
    ): Promise<Set<number>> {
      const rows = await queryRows<{ agentId: number }>(
        tx,
        sql`SELECT DISTINCT (e.data->>'agentId')::int AS "agentId"
            FROM lead_event e JOIN lead l ON l.id = e.lead_id
            WHERE l.mobile = ${mobile} AND l.estate_id IS NOT DISTINCT FROM ${estateId}
              AND (l.estate_id IS NOT NULL OR l.city_id = ${cityId})
              AND e.kind IN ('assigned', 'reassigned')`,
      );
      return new Set(rows.map((r) => r.agentId));
    },

    /** Distinct agents this phone was passed to since `since` (the daily cap). */
    async agentsOfPhoneSince(tx: Database, mobile: string, since: Date): Promise<Set<number>> {
      const rows = await queryRows<{ agentId: number }>(
        tx,
        sql`SELECT DISTINCT (e.data->>'agentId')::int AS "agentId"
            FROM lead_event e JOIN lead l ON l.id = e.lead_id
            WHERE l.mobile = ${mobile} AND e.kind IN ('assigned', 'reassigned') AND e.at >= ${iso(since)}::timestamptz`,
      );
      return new Set(rows.map((r) => r.agentId));
    },

    /** Agents serving an estate, or (estate-less) a city, with their load (the leads given them lately). */
    async candidates(
      tx: Database,
      target: { estateId: number | null; cityId: number },
      now: number,
    ): Promise<AgentCandidate[]> {
      const serving =
        target.estateId === null
          ? sql`SELECT a.id, a.rating FROM agent a WHERE a.city_id = ${target.cityId}`
          : sql`SELECT a.id, a.rating FROM agent a JOIN agent_estate ae ON ae.agent_id = a.id
                WHERE ae.estate_id = ${target.estateId}`;
      return queryRows<AgentCandidate>(
        tx,
        sql`SELECT s.id, s.rating::float8 AS rating, ${agentLoad(sql`s.id`, now)} AS load
            FROM (${serving}) s ORDER BY s.id`,
      );
    },

    async insertEvent(
      tx: Database,
      e: { leadId: number; at: Date; actorId: number | null; kind: string; data?: unknown },
    ): Promise<void> {
      await tx.execute(
        sql`INSERT INTO lead_event (lead_id, at, actor_id, kind, data)
            VALUES (${e.leadId}, ${iso(e.at)}::timestamptz, ${e.actorId}, ${e.kind},
                    ${e.data === undefined ? null : JSON.stringify(e.data)}::jsonb)`,
      );
    },

    /** Open leads whose claim deadline has passed, oldest deadline first (the reassignment job). */
    async dueLeads(tx: Database, now: Date, limit: number): Promise<LeadRow[]> {
      return queryRows<LeadRow>(
        tx,
        sql`SELECT id::int AS id, user_id AS "userId", mobile, city_id AS "cityId", estate_id AS "estateId",
                   service_type AS "serviceType", status, agent_id AS "agentId", claim_due_at AS "claimDueAt"
            FROM lead WHERE status = 'open' AND claim_due_at <= ${iso(now)}::timestamptz
            ORDER BY claim_due_at, id LIMIT ${limit}`,
      );
    },

    /** One lead, locked for the rest of the transaction. */
    async lockLead(tx: Database, id: number): Promise<LeadRow | null> {
      const [row] = await queryRows<LeadRow>(
        tx,
        sql`SELECT id::int AS id, user_id AS "userId", mobile, city_id AS "cityId", estate_id AS "estateId",
                   service_type AS "serviceType", status, agent_id AS "agentId", claim_due_at AS "claimDueAt"
            FROM lead WHERE id = ${id} FOR UPDATE`,
      );
      return row ?? null;
    },

    async assign(tx: Database, id: number, agentId: number | null, at: Date, claimDueAt: Date | null) {
      await tx.execute(
        sql`UPDATE lead SET agent_id = ${agentId}, assigned_at = ${agentId === null ? null : iso(at)}::timestamptz,
                            claim_due_at = ${claimDueAt ? iso(claimDueAt) : null}::timestamptz
            WHERE id = ${id}`,
      );
    },

    async setStatus(
      tx: Database,
      id: number,
      status: string,
      at: Date,
      { claimed = false, closed = false }: { claimed?: boolean; closed?: boolean } = {},
    ) {
      await tx.execute(
        sql`UPDATE lead SET status = ${status}, claim_due_at = NULL,
                            claimed_at = ${claimed ? sql`${iso(at)}::timestamptz` : sql`claimed_at`},
                            closed_at = ${closed ? sql`${iso(at)}::timestamptz` : sql`NULL`}
            WHERE id = ${id}`,
      );
    },

    async withdrawConsents(tx: Database, mobile: string, at: Date): Promise<number> {
      const rows = await queryRows(
        tx,
        sql`UPDATE lead_consent SET withdrawn_at = ${iso(at)}::timestamptz
            WHERE mobile = ${mobile} AND withdrawn_at IS NULL RETURNING id`,
      );
      return rows.length;
    },

    async withdrawLeads(tx: Database, mobile: string, at: Date): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`UPDATE lead SET status = 'withdrawn', closed_at = ${iso(at)}::timestamptz, claim_due_at = NULL
            WHERE mobile = ${mobile} AND status IN ('open', 'claimed') RETURNING id::int AS id`,
      );
      return rows.map((r) => r.id);
    },

    async consentState(mobile: string): Promise<{ active: boolean; openLeads: number }> {
      const [row] = await queryRows<{ active: boolean; openLeads: number }>(
        db,
        sql`SELECT EXISTS (SELECT 1 FROM lead_consent WHERE mobile = ${mobile} AND withdrawn_at IS NULL) AS active,
                   (SELECT count(*)::int FROM lead WHERE mobile = ${mobile} AND status IN ('open', 'claimed'))
                     AS "openLeads"`,
      );
      return row!;
    },

    /** The agent a staff user acts as (staff_agent), or null. */
    async agentOfStaff(userId: number): Promise<number | null> {
      const [row] = await queryRows<{ agentId: number }>(
        db,
        sql`SELECT agent_id AS "agentId" FROM staff_agent WHERE user_id = ${userId}`,
      );
      return row?.agentId ?? null;
    },

    /** The phone of the staff user acting as an agent (the other side of an agent's virtual number), if any. */
    async staffPhoneOfAgent(tx: Database, agentId: number): Promise<string | null> {
      const [row] = await queryRows<{ phone: string }>(
        tx,
        sql`SELECT u.phone FROM staff_agent s JOIN users u ON u.id = s.user_id WHERE s.agent_id = ${agentId}`,
      );
      return row?.phone ?? null;
    },

    /** The console's list: one agent's leads (agentId) or everyone's, newest first, the buyer's phone raw. */
    async listLeads(
      query: OpsLeadsQuery,
      agentId: number | null,
    ): Promise<{ total: number; rows: (Omit<OpsLead, 'mobile'> & { mobile: string })[] }> {
      const where = [sql`TRUE`];
      if (agentId !== null) where.push(sql`l.agent_id = ${agentId}`);
      if (query.status) where.push(sql`l.status = ${query.status}`);
      return queryPage(db, {
        select: sql`${leadColumns}`,
        from: sql`FROM lead l LEFT JOIN estate e ON e.id = l.estate_id LEFT JOIN agent a ON a.id = l.agent_id
                  WHERE ${sql.join(where, sql` AND `)}`,
        orderBy: sql`l.id DESC`,
        page: query.page,
        size: query.size,
      });
    },

    async leadView(tx: Database, id: number): Promise<(Omit<OpsLead, 'mobile'> & { mobile: string }) | null> {
      const [row] = await queryRows<Omit<OpsLead, 'mobile'> & { mobile: string }>(
        tx,
        sql`SELECT ${leadColumns} FROM lead l LEFT JOIN estate e ON e.id = l.estate_id
            LEFT JOIN agent a ON a.id = l.agent_id WHERE l.id = ${id}`,
      );
      return row ?? null;
    },

    /** Per phone among an agent's leads (or all): distinct agents it was passed to since `since`. */
    async capsSince(agentId: number | null, since: Date): Promise<{ mobile: string; agents: number }[]> {
      return queryRows(
        db,
        sql`SELECT l.mobile, count(DISTINCT (e.data->>'agentId'))::int AS agents
            FROM lead l JOIN lead_event e ON e.lead_id = l.id
            WHERE e.kind IN ('assigned', 'reassigned') AND e.at >= ${iso(since)}::timestamptz
              AND l.mobile IN (SELECT mobile FROM lead WHERE ${agentId === null ? sql`TRUE` : sql`agent_id = ${agentId}`}
                               AND created_at >= ${iso(since)}::timestamptz)
            GROUP BY l.mobile ORDER BY agents DESC, l.mobile LIMIT 200`,
      );
    },

    async liveBinding(tx: Database, mobile: string, agentId: number, now: Date): Promise<BindingRow | null> {
      const [row] = await queryRows<BindingRow>(
        tx,
        sql`SELECT ${bindingColumns(now)} FROM virtual_number_binding
            WHERE mobile = ${mobile} AND agent_id = ${agentId} AND expires_at > ${iso(now)}::timestamptz
            ORDER BY expires_at DESC LIMIT 1`,
      );
      return row ?? null;
    },

    /**
     * The first number of the pool no live binding holds, never one of `avoid` (the two real numbers); null when
     * all are taken. Call under lockPool.
     */
    async freeNumber(tx: Database, pool: { prefix: string; size: number }, now: Date, avoid: string[]) {
      const digits = 11 - pool.prefix.length;
      const [row] = await queryRows<{ number: string }>(
        tx,
        sql`SELECT ${pool.prefix} || lpad(n::text, ${digits}, '0') AS number
            FROM generate_series(0, ${pool.size - 1}) n
            WHERE NOT EXISTS (SELECT 1 FROM virtual_number_binding b
                              WHERE b.virtual_number = ${pool.prefix} || lpad(n::text, ${digits}, '0')
                                AND b.expires_at > ${iso(now)}::timestamptz)
              AND (${pool.prefix} || lpad(n::text, ${digits}, '0')) NOT IN (${sql.join(
                [...avoid, ''].map((a) => sql`${a}`),
                sql`, `,
              )})
            ORDER BY n LIMIT 1`,
      );
      return row?.number ?? null;
    },

    async insertBinding(
      tx: Database,
      b: { virtualNumber: string; userId: number | null; mobile: string; agentId: number; leadId: number | null },
      now: Date,
      expiresAt: Date,
    ): Promise<BindingRow> {
      const [row] = await queryRows<BindingRow>(
        tx,
        sql`INSERT INTO virtual_number_binding (virtual_number, user_id, mobile, agent_id, lead_id, expires_at, created_at)
            VALUES (${b.virtualNumber}, ${b.userId}, ${b.mobile}, ${b.agentId}, ${b.leadId},
                    ${iso(expiresAt)}::timestamptz, ${iso(now)}::timestamptz)
            RETURNING ${bindingColumns(now)}`,
      );
      return row!;
    },

    /** The newest binding of a virtual number (live or not). */
    async bindingOfNumber(tx: Database, virtualNumber: string, now: Date): Promise<BindingRow | null> {
      const [row] = await queryRows<BindingRow>(
        tx,
        sql`SELECT ${bindingColumns(now)} FROM virtual_number_binding WHERE virtual_number = ${virtualNumber}
            ORDER BY expires_at DESC, id DESC LIMIT 1`,
      );
      return row ?? null;
    },

    async insertCall(
      tx: Database,
      c: { bindingId: number; at: Date; durationS: number; status: 'connected' | 'refused' },
    ): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO call_log (binding_id, at, duration_s, status)
            VALUES (${c.bindingId}, ${iso(c.at)}::timestamptz, ${c.durationS}, ${c.status}) RETURNING id::int AS id`,
      );
      return row!.id;
    },
  };
}

const leadColumns = sql`l.id::int AS id, l.mobile, l.city_id AS "cityId", l.estate_id AS "estateId",
  e.name AS "estateName", l.source, l.service_type AS "serviceType",
  array_prepend(l.service_type, ARRAY(SELECT ev.data->>'serviceType' FROM lead_event ev
                                      WHERE ev.lead_id = l.id AND ev.kind = 'service' ORDER BY ev.at, ev.id)) AS services,
  l.status, l.agent_id AS "agentId",
  a.name AS "agentName", ${isoText('l.created_at')} AS "createdAt", ${isoText('l.assigned_at')} AS "assignedAt",
  ${isoText('l.claim_due_at')} AS "claimDueAt", ${isoText('l.sla_due_at')} AS "slaDueAt", ${isoText('l.claimed_at')} AS "claimedAt",
  ${isoText('l.closed_at')} AS "closedAt", l.brief`;

const bindingColumns = (now: Date) =>
  sql`id::int AS id, virtual_number AS "virtualNumber", user_id AS "userId", mobile, agent_id AS "agentId",
      lead_id AS "leadId", expires_at AS "expiresAt", expires_at > ${iso(now)}::timestamptz AS live`;

export type LeadsRepo = ReturnType<typeof createLeadsRepo>;
