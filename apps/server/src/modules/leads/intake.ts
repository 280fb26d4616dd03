// Batched lead intake (issue 14, ADR 0022). Submissions that arrive while a batch is being written wait and go
// together as the next batch: an idle server writes each at once, a busy one writes many per transaction. A batch
// locks its phones and keys, reads what it needs in one statement, decides every submission in arrival order in
// memory (each decision sees the ones before it, exactly as one transaction per submission would), then writes
// with one multi-row INSERT per table. A submission that cannot be taken (unknown estate, a replayed key with
// another body) fails alone; if the batch's transaction itself fails, each submission is retried on its own so only
// the one at fault sees an error.
import { createHash } from 'node:crypto';
import type { Database } from '@fjt/db';
import {
  AGENT_CONTACTS_PER_DAY,
  ApiError,
  LEAD_CLAIM_MINUTES,
  LEAD_CONSENT_VERSION,
  LEAD_DEDUPE_HOURS,
  LEAD_MESSAGES,
  LEAD_SLA_HOURS,
  type SaveRealPriceBody,
} from '@fjt/domain';
import {
  createIntakeRepo,
  type IdempotencyRef,
  type IntakeSnapshot,
  type NewConsent,
  type NewEvent,
  type NewIdempotency,
  type NewLead,
  type PhoneAgent,
  type RecentLead,
} from './intake-repo.ts';
import type { AgentCandidate } from './repo.ts';
import { allowedAgents, pickAgent, shanghaiDayStart, type IntakeRequest } from './rules.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The most submissions one transaction takes; the rest wait for the next. */
export const INTAKE_BATCH_MAX = 64;

/** A validated submission waiting for its batch. */
export interface IntakeItem {
  req: IntakeRequest;
  mobile: string;
  /** When it arrived (the clock its dedupe window, cap day and timers count from). */
  at: number;
  /** Its Idempotency-Key, scoped, with the hash of what it sent. */
  idempotency: (IdempotencyRef & { bodyHash: string }) | null;
}

export function intakeItem(req: IntakeRequest, mobile: string, at: number): IntakeItem {
  const key = req.idempotencyKey;
  return {
    req,
    mobile,
    at,
    idempotency:
      key === undefined
        ? null
        : {
            scope: req.user ? `user:${req.user.id}` : `mobile:${mobile}`,
            route: req.route,
            key,
            bodyHash: createHash('sha256')
              .update(JSON.stringify({ mobile, body: req.body }))
              .digest('hex'),
          },
  };
}

export type Outcome = { body: SaveRealPriceBody } | { error: ApiError };

/** What a batch writes once its decisions are taken; lead ids below zero are placeholders until ids are taken. */
interface Plan {
  consents: Omit<NewConsent, 'id'>[];
  leads: (Omit<NewLead, 'id' | 'consentId'> & { consent: number })[];
  events: NewEvent[];
  keys: (NewIdempotency & { response: SaveRealPriceBody })[];
  outcomes: Outcome[];
}

const refKey = (k: IdempotencyRef) => `${k.scope}\u0000${k.route}\u0000${k.key}`;
const sameTarget = (a: { estateId: number | null; cityId: number }, b: { estateId: number | null; cityId: number }) =>
  a.estateId === b.estateId && (a.estateId !== null || a.cityId === b.cityId);

/**
 * Every decision of a batch, in arrival order, on the snapshot read under the batch's locks: the same rules as
 * one submission at a time (dedupe within 24 h, an agent never given twice for one estate, at most
 * AGENT_CONTACTS_PER_DAY agents a day, weighted round robin), each seeing what the ones before it decided.
 */
export function planBatch(items: readonly IntakeItem[], snap: IntakeSnapshot): Plan {
  const cityOf = new Map(snap.estates.map((e) => [e.id, e.cityId]));
  const cities = new Set(snap.cities);
  const recent = snap.recent.map((l) => ({ ...l, services: [...l.services] }));
  const history: PhoneAgent[] = [...snap.history];
  const load = new Map(snap.load.map((l) => [l.agentId, l.load]));
  const stored = new Map(snap.stored.map((s) => [refKey(s), s]));
  const servingOf = (t: { estateId: number | null; cityId: number }) =>
    snap.serving.filter((s) => (t.estateId === null ? s.cityId === t.cityId : s.estateId === t.estateId));
  const plan: Plan = { consents: [], leads: [], events: [], keys: [], outcomes: [] };

  for (const item of items) {
    const { req, mobile, at, idempotency } = item;
    const before = idempotency ? stored.get(refKey(idempotency)) : undefined;
    if (before) {
      plan.outcomes.push(
        before.bodyHash !== idempotency!.bodyHash || before.response === null
          ? { error: ApiError.conflict(LEAD_MESSAGES.idempotencyConflict) }
          : { body: before.response as SaveRealPriceBody },
      );
      continue;
    }
    const estateIds = [...new Set(req.estateIds)];
    if (estateIds.some((id) => !cityOf.has(id))) {
      plan.outcomes.push({ error: ApiError.notFound(LEAD_MESSAGES.estateNotFound) });
      continue;
    }
    const targets = estateIds.map((id) => ({ estateId: id as number | null, cityId: cityOf.get(id)! }));
    if (targets.length === 0) {
      if (req.cityId === undefined || !cities.has(req.cityId)) {
        plan.outcomes.push({ error: ApiError.notFound(LEAD_MESSAGES.cityNotFound) });
        continue;
      }
      targets.push({ estateId: null, cityId: req.cityId });
    }

    const dedupeSince = at - LEAD_DEDUPE_HOURS * HOUR;
    const dayStart = shanghaiDayStart(at).getTime();
    const todayOf = () => new Set(history.filter((h) => h.mobile === mobile && h.at >= dayStart).map((h) => h.agentId));
    /** The phone's newest live lead of this target (held by the chosen agent, when one is chosen). */
    const recentOf = (target: { estateId: number | null; cityId: number }) =>
      recent
        .filter(
          (l) =>
            l.mobile === mobile &&
            sameTarget(l, target) &&
            (req.agentId === undefined || l.agentId === req.agentId) &&
            l.createdAt > dedupeSince,
        )
        .reduce<RecentLead | null>((a, l) => (a === null || l.createdAt > a.createdAt ? l : a), null);
    // the one agent asked for cannot have it: nothing is kept (the consent neither)
    if (req.agentId !== undefined) {
      const today = todayOf();
      const capped = today.size >= AGENT_CONTACTS_PER_DAY && !today.has(req.agentId);
      if (capped && targets.some((t) => recentOf(t) === null)) {
        plan.outcomes.push({ error: ApiError.tooMany(LEAD_MESSAGES.agentCapped) });
        continue;
      }
    }

    const consent = plan.consents.length;
    plan.consents.push({
      mobile,
      userId: req.user?.id ?? null,
      textVersion: req.consentVersion ?? LEAD_CONSENT_VERSION,
      ip: req.ip,
      page: req.page ?? null,
      at,
    });
    const body: SaveRealPriceBody = { leadIds: [], cappedEstateIds: [] };
    for (const target of targets) {
      const existing = recentOf(target);
      if (existing) {
        // another service for the same estate joins the lead: its agent sees it, nobody else is given the phone
        if (!existing.services.includes(req.serviceType)) {
          existing.services.push(req.serviceType);
          plan.events.push({ leadId: existing.id, at, kind: 'service', data: { serviceType: req.serviceType } });
        }
        body.leadIds.push(existing.id);
        continue;
      }
      const had = new Set(history.filter((h) => h.mobile === mobile && sameTarget(h, target)).map((h) => h.agentId));
      const fresh: AgentCandidate[] = servingOf(target)
        .filter((s) => !had.has(s.id))
        .map((s) => ({ id: s.id, rating: s.rating, load: load.get(s.id) ?? 0 }));
      let agentId: number | null = req.agentId ?? null;
      if (agentId === null && fresh.length > 0) {
        const chosen = pickAgent(allowedAgents(fresh, todayOf()));
        if (!chosen) {
          if (target.estateId !== null) body.cappedEstateIds.push(target.estateId);
          continue;
        }
        agentId = chosen.id;
      }
      const id = -1 - plan.leads.length;
      plan.leads.push({
        userId: req.user?.id ?? null,
        mobile,
        ...target,
        source: req.source,
        serviceType: req.serviceType,
        agentId,
        // nobody serves it yet: the job looks again after the same wait; a chosen agent keeps its lead
        claimDueAt: req.agentId === undefined ? at + LEAD_CLAIM_MINUTES * MINUTE : null,
        slaDueAt: at + LEAD_SLA_HOURS * HOUR,
        consent,
        brief: req.brief ?? null,
        at,
      });
      recent.push({
        id,
        mobile,
        agentId,
        ...target,
        serviceType: req.serviceType,
        services: [req.serviceType],
        createdAt: at,
      });
      if (agentId !== null) {
        plan.events.push({ leadId: id, at, kind: 'assigned', data: { agentId } });
        history.push({ mobile, ...target, agentId, at });
        load.set(agentId, (load.get(agentId) ?? 0) + 1);
      }
      body.leadIds.push(id);
    }
    if (idempotency) {
      plan.keys.push({ ...idempotency, response: body, at });
      stored.set(refKey(idempotency), { ...idempotency, response: body });
    }
    plan.outcomes.push({ body });
  }
  return plan;
}

/**
 * One batch in one transaction: locks, one read, the decisions, the ids, one statement of INSERTs. Exported for a
 * caller that must write its own rows in the same transaction as the lead (LeadsService.intakeWithin).
 */
export async function runBatch(tx: Database, items: readonly IntakeItem[]): Promise<Outcome[]> {
  const repo = createIntakeRepo();
  const mobiles = [...new Set(items.map((i) => i.mobile))].sort();
  const keys = items.flatMap((i) => (i.idempotency ? [i.idempotency] : []));
  await repo.lockAll(tx, mobiles, keys);
  const snap = await repo.snapshot(tx, {
    estateIds: [...new Set(items.flatMap((i) => i.req.estateIds))],
    cityIds: [...new Set(items.flatMap((i) => (i.req.cityId === undefined ? [] : [i.req.cityId])))],
    mobiles,
    since: Math.min(...items.map((i) => i.at)) - LEAD_DEDUPE_HOURS * HOUR,
    now: Math.max(...items.map((i) => i.at)),
    keys,
  });
  const plan = planBatch(items, snap);
  const taken = await repo.allocateIds(tx, plan.consents.length, plan.leads.length);
  // placeholder lead ids (below zero) become the ids taken
  const id = (n: number) => (n < 0 ? taken.leads[-1 - n]! : n);
  const resolved = (b: SaveRealPriceBody): SaveRealPriceBody => ({ ...b, leadIds: b.leadIds.map(id) });
  await repo.write(tx, {
    consents: plan.consents.map((c, i) => ({ ...c, id: taken.consents[i]! })),
    leads: plan.leads.map(({ consent, ...l }, i) => ({
      ...l,
      id: taken.leads[i]!,
      consentId: taken.consents[consent]!,
    })),
    events: plan.events.map((e) => ({ ...e, leadId: id(e.leadId) })),
    keys: plan.keys.map((k) => ({ ...k, response: resolved(k.response) })),
  });
  return plan.outcomes.map((o) => ('body' in o ? { body: resolved(o.body) } : o));
}

/** One batch in its own transaction of `db`. */
export const batchRunner =
  (db: Database) =>
  (items: readonly IntakeItem[]): Promise<Outcome[]> =>
    db.transaction((tx) => runBatch(tx as unknown as Database, items));

/**
 * The intake queue: submit() resolves with the submission's answer once its batch committed. One batch runs at a
 * time; what arrives meanwhile is the next batch (at most INTAKE_BATCH_MAX each). `run` writes one batch.
 */
export function createIntakeQueue(run: (items: readonly IntakeItem[]) => Promise<Outcome[]>) {
  let waiting: { item: IntakeItem; resolve: (b: SaveRealPriceBody) => void; reject: (e: unknown) => void }[] = [];
  let running = false;

  async function drain() {
    try {
      while (waiting.length > 0) {
        const batch = waiting.slice(0, INTAKE_BATCH_MAX);
        waiting = waiting.slice(batch.length);
        let outcomes: (Outcome | { failure: unknown })[];
        try {
          outcomes = await run(batch.map((w) => w.item));
        } catch (failure) {
          if (batch.length === 1) outcomes = [{ failure }];
          else {
            // the batch's transaction failed as a whole: each alone, so only the one at fault sees it
            outcomes = [];
            for (const w of batch)
              outcomes.push(
                await run([w.item]).then(
                  (o) => o[0]!,
                  (f: unknown) => ({ failure: f }),
                ),
              );
          }
        }
        batch.forEach((w, i) => {
          const o = outcomes[i]!;
          if ('body' in o) w.resolve(o.body);
          else w.reject('error' in o ? o.error : o.failure);
        });
      }
    } finally {
      running = false;
    }
  }

  return {
    submit(item: IntakeItem): Promise<SaveRealPriceBody> {
      return new Promise((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        // after this turn's continuations, so submissions of the same moment share the first batch
        if (!running) {
          running = true;
          setImmediate(() => void drain());
        }
      });
    },
  };
}
