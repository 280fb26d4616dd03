// SQL of batched lead intake (issue 14, ADR 0022): a batch of submissions costs a fixed handful of statements
// whatever its size — one to lock every phone and Idempotency-Key it touches, one to read everything the decisions
// need, one to take ids, one multi-row INSERT per table. Every function takes the transaction it runs in.
import { queryRows, sql, type Database, type SQL } from '@fjt/db';
import { LEAD_LOCK_SPACE, agentLoad } from './repo.ts';

/** Namespace of the Idempotency-Key advisory locks ('idem' read as a 32-bit integer). */
const KEY_LOCK_SPACE = 0x6964656d;

const iso = (t: number) => new Date(t).toISOString();
/** Rows as one JSON parameter: one bind however many rows (json_to_recordset unpacks them). */
const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::json`;
/** A list as one parameter, a PostgreSQL array: `col = ANY(${textArray(xs)})` keeps the column's index in use. */
const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((v) => `"${v.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`}::text[]`;
const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
/** Milliseconds since the epoch of a timestamptz column, exact in JSON. */
const MS = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);

export interface IdempotencyRef {
  scope: string;
  route: string;
  key: string;
}

/** A lead of one of the batch's phones, not withdrawn, recent enough to dedupe against. */
export interface RecentLead {
  id: number;
  mobile: string;
  agentId: number | null;
  estateId: number | null;
  cityId: number;
  serviceType: string;
  /** Every service asked for on it: its own, then those joined later ('service' events). */
  services: string[];
  createdAt: number;
}

/** An agent a phone was passed to, for an estate (or an estate-less city lead), at a time. */
export interface PhoneAgent {
  mobile: string;
  estateId: number | null;
  cityId: number;
  agentId: number;
  at: number;
}

/** An agent serving an estate, or (estateId null) any agent of a city for estate-less leads. */
export interface ServingAgent {
  estateId: number | null;
  cityId: number | null;
  id: number;
  rating: number;
}

export interface IntakeSnapshot {
  estates: { id: number; cityId: number }[];
  cities: number[];
  recent: RecentLead[];
  history: PhoneAgent[];
  serving: ServingAgent[];
  /** Leads each serving agent holds now (the round robin's count). */
  load: { agentId: number; load: number }[];
  stored: (IdempotencyRef & { bodyHash: string; response: unknown })[];
}

export interface NewConsent {
  id: number;
  mobile: string;
  userId: number | null;
  textVersion: string;
  ip: string | null;
  page: string | null;
  at: number;
}

export interface NewLead {
  id: number;
  userId: number | null;
  mobile: string;
  cityId: number;
  estateId: number | null;
  source: string;
  serviceType: string;
  agentId: number | null;
  /** null: a chosen agent keeps its lead (never moved on). */
  claimDueAt: number | null;
  slaDueAt: number;
  consentId: number;
  brief: unknown;
  at: number;
}

export interface NewEvent {
  leadId: number;
  at: number;
  kind: string;
  data: unknown;
}

export interface NewIdempotency extends IdempotencyRef {
  bodyHash: string;
  response: unknown;
  at: number;
}

const insertConsents = (rows: readonly NewConsent[]) =>
  sql`INSERT INTO lead_consent (id, mobile, user_id, text_version, ip, page, created_at)
        SELECT id, mobile, user_id, text_version, ip, page, to_timestamp(at / 1000.0)
        FROM json_to_recordset(${json(rows.map((c) => ({ id: c.id, mobile: c.mobile, user_id: c.userId, text_version: c.textVersion, ip: c.ip, page: c.page, at: c.at })))})
          AS x(id bigint, mobile text, user_id int, text_version text, ip text, page text, at float8)`;

const insertLeads = (rows: readonly NewLead[]) =>
  sql`INSERT INTO lead (id, user_id, mobile, city_id, estate_id, source, service_type, status, agent_id,
                          assigned_at, claim_due_at, sla_due_at, consent_id, created_at, brief)
        SELECT id, user_id, mobile, city_id, estate_id, source, service_type, 'open', agent_id,
               CASE WHEN agent_id IS NULL THEN NULL ELSE to_timestamp(at / 1000.0) END,
               to_timestamp(claim_due_at / 1000.0), to_timestamp(sla_due_at / 1000.0), consent_id,
               to_timestamp(at / 1000.0), brief
        FROM json_to_recordset(${json(
          rows.map((l) => ({
            id: l.id,
            user_id: l.userId,
            mobile: l.mobile,
            city_id: l.cityId,
            estate_id: l.estateId,
            source: l.source,
            service_type: l.serviceType,
            agent_id: l.agentId,
            claim_due_at: l.claimDueAt,
            sla_due_at: l.slaDueAt,
            consent_id: l.consentId,
            at: l.at,
            brief: l.brief,
          })),
        )}) AS x(id bigint, user_id int, mobile text, city_id int, estate_id int, source text, service_type text,
                 agent_id int, claim_due_at float8, sla_due_at float8, consent_id int, at float8, brief jsonb)`;

const insertEvents = (rows: readonly NewEvent[]) =>
  sql`INSERT INTO lead_event (lead_id, at, actor_id, kind, data)
        SELECT lead_id, to_timestamp(at / 1000.0), NULL, kind, data
        FROM json_to_recordset(${json(rows.map((e) => ({ lead_id: e.leadId, at: e.at, kind: e.kind, data: e.data })))})
          AS x(lead_id int, at float8, kind text, data jsonb)`;

const insertIdempotency = (rows: readonly NewIdempotency[]) =>
  sql`INSERT INTO lead_idempotency (scope, route, key, body_hash, response, created_at)
        SELECT scope, route, key, body_hash, response, to_timestamp(at / 1000.0)
        FROM json_to_recordset(${json(rows.map((k) => ({ scope: k.scope, route: k.route, key: k.key, body_hash: k.bodyHash, response: k.response, at: k.at })))})
          AS x(scope text, route text, key text, body_hash text, response jsonb, at float8)`;

export function createIntakeRepo() {
  return {
    /**
     * Every phone and Idempotency-Key of the batch, locked in one order (phones in the namespace lockPhone uses, so
     * the reassignment job and 不再联系我 queue behind the same locks): concurrent batches of several instances on
     * PostgreSQL wait for each other rather than deadlock.
     */
    async lockAll(tx: Database, mobiles: readonly string[], keys: readonly IdempotencyRef[]): Promise<void> {
      if (mobiles.length + keys.length === 0) return;
      await tx.execute(
        sql`SELECT pg_advisory_xact_lock(s, h) FROM (
              SELECT DISTINCT ${LEAD_LOCK_SPACE}::int AS s, hashtext(m) AS h FROM unnest(${textArray(mobiles)}) m
              UNION
              SELECT DISTINCT ${KEY_LOCK_SPACE}::int, hashtext(k)
              FROM unnest(${textArray(keys.map((k) => `${k.scope}|${k.route}|${k.key}`))}) k
              ORDER BY s, h
            ) ordered`,
      );
    },

    /** In one statement, everything the batch's decisions read (as JSON). */
    async snapshot(
      tx: Database,
      q: {
        estateIds: readonly number[];
        cityIds: readonly number[];
        mobiles: readonly string[];
        since: number;
        /** The batch's clock (its newest submission): the round robin's window ends here. */
        now: number;
        keys: readonly IdempotencyRef[];
      },
    ): Promise<IntakeSnapshot> {
      // each list is one parameter: binding hundreds of them costs more than the lookups
      const estateIds = intArray(q.estateIds);
      const cityIds = intArray(q.cityIds);
      const mobiles = textArray(q.mobiles);
      const keys = sql`json_to_recordset(${JSON.stringify(q.keys.map(({ scope, route, key }) => ({ scope, route, key })))}::json)
                         AS k(scope text, route text, key text)`;
      const agg = (select: SQL) => sql`(SELECT coalesce(json_agg(t), '[]'::json) FROM (${select}) t)`;
      // agents by primary key, one lookup each, and each one's load from its index: the planner would hash-join the
      // whole agent table and scan the lead table instead
      const serving = sql`
        SELECT ae.estate_id AS "estateId", NULL::int AS "cityId", ae.agent_id AS id,
               (SELECT a.rating::float8 FROM agent a WHERE a.id = ae.agent_id) AS rating
        FROM agent_estate ae WHERE ae.estate_id = ANY(${estateIds})
        UNION ALL
        SELECT NULL::int, a.city_id, a.id, a.rating::float8 FROM agent a WHERE a.city_id = ANY(${cityIds})`;
      const [row] = await queryRows<{ r: IntakeSnapshot }>(
        tx,
        sql`WITH serving AS (${serving})
            SELECT json_build_object(
              'estates', ${agg(sql`SELECT id, city_id AS "cityId" FROM estate WHERE id = ANY(${estateIds})`)},
              'cities', (SELECT coalesce(json_agg(id), '[]'::json) FROM city WHERE id = ANY(${cityIds})),
              'recent', ${agg(sql`
                SELECT id::int AS id, mobile, agent_id AS "agentId", estate_id AS "estateId", city_id AS "cityId",
                       service_type AS "serviceType", ${MS('created_at')} AS "createdAt",
                       array_prepend(service_type, ARRAY(
                         SELECT e.data->>'serviceType' FROM lead_event e WHERE e.lead_id = l.id AND e.kind = 'service'
                       )) AS services
                FROM lead l WHERE mobile = ANY(${mobiles}) AND status <> 'withdrawn'
                  AND created_at > ${iso(q.since)}::timestamptz`)},
              'history', ${agg(sql`
                SELECT l.mobile, l.estate_id AS "estateId", l.city_id AS "cityId",
                       (e.data->>'agentId')::int AS "agentId", ${MS('e.at')} AS at
                FROM (SELECT id, mobile, estate_id, city_id FROM lead WHERE mobile = ANY(${mobiles}) OFFSET 0) l
                JOIN lead_event e ON e.lead_id = l.id
                WHERE e.kind IN ('assigned', 'reassigned')`)},
              'serving', ${agg(sql`SELECT * FROM serving ORDER BY id`)},
              'load', ${agg(sql`
                SELECT s.id AS "agentId", ${agentLoad(sql`s.id`, q.now)} AS load
                FROM (SELECT DISTINCT id FROM serving) s`)},
              'stored', ${agg(sql`
                SELECT i.scope, i.route, i.key, i.body_hash AS "bodyHash", i.response
                FROM ${keys} CROSS JOIN LATERAL (
                  -- OFFSET 0 keeps this a lookup of the primary key per key (not a scan of the whole table)
                  SELECT * FROM lead_idempotency i
                  WHERE i.scope = k.scope AND i.route = k.route AND i.key = k.key OFFSET 0
                ) i`)}
            ) AS r`,
      );
      return row!.r;
    },

    /** Ids for the batch's new consents and leads, taken from their sequences in one statement. */
    async allocateIds(tx: Database, consents: number, leads: number): Promise<{ consents: number[]; leads: number[] }> {
      const take = (table: string, n: number) =>
        sql`(SELECT coalesce(json_agg(nextval(pg_get_serial_sequence(${table}, 'id'))::int), '[]'::json)
             FROM generate_series(1, ${n}::int))`;
      const [row] = await queryRows<{ consents: number[]; leads: number[] }>(
        tx,
        sql`SELECT ${take('lead_consent', consents)} AS consents, ${take('lead', leads)} AS leads`,
      );
      return row!;
    },

    /** Everything the batch writes, in one statement (each INSERT but the last a data-modifying WITH). */
    async write(
      tx: Database,
      w: {
        consents: readonly NewConsent[];
        leads: readonly NewLead[];
        events: readonly NewEvent[];
        keys: readonly NewIdempotency[];
      },
    ): Promise<void> {
      const inserts = [
        w.consents.length ? insertConsents(w.consents) : null,
        w.leads.length ? insertLeads(w.leads) : null,
        w.events.length ? insertEvents(w.events) : null,
        w.keys.length ? insertIdempotency(w.keys) : null,
      ].filter((q): q is SQL => q !== null);
      const last = inserts.pop();
      if (!last) return;
      if (inserts.length === 0) return void (await tx.execute(last));
      const before = inserts.map((q, i) => sql`${sql.raw(`w${i}`)} AS (${q})`);
      await tx.execute(sql`WITH ${sql.join(before, sql`, `)} ${last}`);
    },
  };
}

export type IntakeRepo = ReturnType<typeof createIntakeRepo>;
