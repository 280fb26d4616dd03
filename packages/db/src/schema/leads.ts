// The lead path (issue 14): a buyer's demand passed on to an agent serving the estate, the consent it was given
// under, the Idempotency-Key of the form's POST, every step an agent takes (lead_event), which staff user is which
// agent, and the virtual numbers (with their call log) that stand between buyer and agent: neither ever sees the
// other's real number.
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * 线索: one estate (or, for a loan without estate, one city) asked about by one phone. status (domain LEAD_STATUSES):
 * open → claimed → contacted | no-answer | invalid | deal; withdrawn when the phone says 不再联系我.
 */
export const lead = pgTable(
  'lead',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id'),
    mobile: text('mobile').notNull(),
    cityId: integer('city_id').notNull(),
    estateId: integer('estate_id'),
    source: text('source').notNull(),
    serviceType: text('service_type').notNull(),
    status: text('status').notNull().default('open'),
    /** null: no agent serves the estate (yet); the reassignment job retries. */
    agentId: integer('agent_id'),
    assignedAt: at('assigned_at'),
    /** assigned_at + LEAD_CLAIM_MINUTES: past it, an open lead moves to the next agent. */
    claimDueAt: at('claim_due_at'),
    /** created_at + LEAD_SLA_HOURS (spec §9's 24-hour pledge). */
    slaDueAt: at('sla_due_at').notNull(),
    claimedAt: at('claimed_at'),
    closedAt: at('closed_at'),
    consentId: integer('consent_id').notNull(),
    createdAt: at('created_at').notNull(),
    /** The buyer's brief of a 委托找房 lead (domain LeadBrief); null for the other sources. */
    brief: jsonb('brief'),
  },
  (t) => [
    // dedupe and the per-estate rule: a phone's leads of an estate, newest first
    index('lead_mobile_idx').on(t.mobile, t.estateId, t.createdAt),
    // an agent's console
    index('lead_agent_idx').on(t.agentId, t.createdAt),
    // the reassignment job: open leads by claim deadline
    index('lead_open_idx').on(t.status, t.claimDueAt),
  ],
);

/** What the user agreed to when sending a demand (LEAD_CONSENT_VERSION, where, from which address); withdrawable. */
export const leadConsent = pgTable(
  'lead_consent',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    userId: integer('user_id'),
    textVersion: text('text_version').notNull(),
    ip: text('ip'),
    page: text('page'),
    createdAt: at('created_at').notNull(),
    withdrawnAt: at('withdrawn_at'),
  },
  (t) => [index('lead_consent_mobile_idx').on(t.mobile)],
);

/**
 * The Idempotency-Key of a lead POST, per scope (`user:<id>` signed in, `mobile:<phone>` for a visitor): the same
 * key with the same body hash answers `response` again.
 */
export const leadIdempotency = pgTable(
  'lead_idempotency',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    bodyHash: text('body_hash').notNull(),
    response: jsonb('response'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.route, t.key] })],
);

/** Everything that happened to a lead: kind assigned | reassigned | claimed | call | outcome | note | withdrawn |
 * service (another service asked for on the same lead within the dedupe window). */
export const leadEvent = pgTable(
  'lead_event',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: integer('lead_id').notNull(),
    at: at('at').notNull(),
    /** The staff user; null for the system (dispatch, reassignment) or the buyer (withdrawal). */
    actorId: integer('actor_id'),
    kind: text('kind').notNull(),
    data: jsonb('data'),
  },
  (t) => [index('lead_event_lead_idx').on(t.leadId, t.at)],
);

/** Which staff user (role agent) is which agent of the `agent` table. */
export const staffAgent = pgTable(
  'staff_agent',
  {
    userId: integer('user_id').primaryKey(),
    agentId: integer('agent_id').notNull(),
  },
  (t) => [uniqueIndex('staff_agent_agent_idx').on(t.agentId)],
);

/**
 * A virtual number from the sandbox pool bound to (buyer, agent) until expires_at: calls through it reach the other
 * side; the binding never reveals either real number. One number serves one live binding at a time.
 */
export const virtualNumberBinding = pgTable(
  'virtual_number_binding',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    virtualNumber: text('virtual_number').notNull(),
    userId: integer('user_id'),
    mobile: text('mobile').notNull(),
    agentId: integer('agent_id').notNull(),
    leadId: integer('lead_id'),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('vnb_pair_idx').on(t.mobile, t.agentId, t.expiresAt),
    index('vnb_number_idx').on(t.virtualNumber, t.expiresAt),
  ],
);

/** Calls connected through a binding (the telephony sandbox writes them). status: connected | refused. */
export const callLog = pgTable(
  'call_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bindingId: integer('binding_id').notNull(),
    at: at('at').notNull(),
    durationS: integer('duration_s').notNull().default(0),
    status: text('status').notNull(),
  },
  (t) => [index('call_log_binding_idx').on(t.bindingId)],
);
