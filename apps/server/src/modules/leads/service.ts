// The lead path (issue 14): a buyer's demand becomes one lead per estate, each passed to one agent serving it
// (weighted round robin by rating), under the consent the buyer gave; the daily cap of agents a phone is passed to,
// the 24-hour dedupe, the Idempotency-Key, the claim deadline after which a lead moves on, '不再联系我', the
// agents' console, and the virtual numbers between buyer and agent. Every decision about one phone is taken under
// that phone's lock in one transaction, so concurrent submissions cannot pass the cap or duplicate a lead; intake
// takes the submissions of a moment together (intake.ts).
import type { Database } from '@fjt/db';
import {
  AGENT_CONTACTS_PER_DAY,
  ApiError,
  IDEMPOTENCY_KEY_ERROR,
  IDEMPOTENCY_KEY_PATTERN,
  LEAD_CLAIM_MINUTES,
  LEAD_MESSAGES,
  VIRTUAL_NUMBER_MINUTES,
  maskPhone,
  type AgentCallBody,
  type LeadConsentState,
  type LeadConsentWithdrawBody,
  type OpsLead,
  type OpsLeadCapsBody,
  type OpsLeadListBody,
  type OpsLeadsQuery,
  type SaveRealPriceBody,
  type LEAD_OUTCOMES,
} from '@fjt/domain';
import { recordAudit } from '../staff/audit.ts';
import { batchRunner, createIntakeQueue, intakeItem, runBatch } from './intake.ts';
import { createLeadsRepo, type BindingRow, type LeadRow } from './repo.ts';
import { allowedAgents, pickAgent, shanghaiDate, shanghaiDayStart, type IntakeRequest } from './rules.ts';

const MINUTE = 60_000;
/** How often the app looks for leads past their claim deadline. */
export const LEAD_REASSIGN_JOB_MS = 60_000;
/** How many due leads one run of the reassignment job moves at most (the next run takes the rest). */
const REASSIGN_BATCH = 200;
/** The sandbox's pool: 170 numbers (a virtual operators' range), never anyone's own phone. */
export const SANDBOX_NUMBER_POOL = { prefix: '1700000', size: 10_000 } as const;

export { pickAgent, shanghaiDayStart, type IntakeRequest };

type Tx = Database;

export interface LeadsOptions {
  db: Database;
  now: () => number;
  /**
   * Where virtual numbers come from: the sandbox pool (outside production, the SMS sandbox's gate); null: no
   * telephony provider is integrated yet, so no number is handed out (503) rather than one that reaches nobody.
   */
  telephony: 'sandbox' | null;
}

export function createLeadsService({ db, now, telephony }: LeadsOptions) {
  const repo = createLeadsRepo(db);
  const intakeQueue = createIntakeQueue(batchRunner(db));
  const inTransaction = <T>(work: (tx: Tx) => Promise<T>) => db.transaction((tx) => work(tx as unknown as Database));

  /**
   * Passes one estate (or estate-less city) of a phone to an agent: never one the phone already had there, and once
   * the phone has reached its daily cap of agents only one of those it has today. 'capped': nobody allowed.
   */
  async function chooseAgent(
    tx: Tx,
    target: { mobile: string; estateId: number | null; cityId: number },
    at: number,
  ): Promise<{ agentId: number } | 'capped' | 'none'> {
    const serving = await repo.candidates(tx, target, at);
    const had = await repo.agentsOfPhoneAtEstate(tx, target.mobile, target.estateId, target.cityId);
    const fresh = serving.filter((c) => !had.has(c.id));
    if (fresh.length === 0) return 'none';
    const today = await repo.agentsOfPhoneSince(tx, target.mobile, shanghaiDayStart(at));
    const chosen = pickAgent(allowedAgents(fresh, today));
    return chosen ? { agentId: chosen.id } : 'capped';
  }

  /** A virtual number for (buyer, agent): the live binding again, else a free number of the pool. */
  async function bindingFor(
    tx: Tx,
    pair: { userId: number | null; mobile: string; agentId: number; leadId: number | null },
    at: number,
  ): Promise<BindingRow> {
    if (telephony === null) throw new ApiError(503, 503, LEAD_MESSAGES.telephonyOff);
    const t = new Date(at);
    await repo.lockPool(tx);
    const live = await repo.liveBinding(tx, pair.mobile, pair.agentId, t);
    if (live) return live;
    const agentPhone = await repo.staffPhoneOfAgent(tx, pair.agentId);
    const avoid = [pair.mobile, ...(agentPhone ? [agentPhone] : [])];
    const number = await repo.freeNumber(tx, SANDBOX_NUMBER_POOL, t, avoid);
    if (!number) throw ApiError.tooMany(LEAD_MESSAGES.numbersExhausted);
    return repo.insertBinding(
      tx,
      { ...pair, virtualNumber: number },
      t,
      new Date(at + VIRTUAL_NUMBER_MINUTES * MINUTE),
    );
  }

  const bindingBody = (b: BindingRow): AgentCallBody => ({
    virtualNumber: b.virtualNumber,
    expiresAt: new Date(b.expiresAt).toISOString(),
  });

  const masked = <T extends { mobile: string }>(row: T): T => ({ ...row, mobile: maskPhone(row.mobile) });

  /** A submission's phone (the account's when left out) and key checked, as an intake item of now. */
  function checkedItem(req: IntakeRequest) {
    const mobile = req.mobile ?? req.user?.phone;
    if (!mobile) throw ApiError.badRequest('请填写正确格式的手机号');
    const key = req.idempotencyKey;
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw ApiError.badRequest(IDEMPOTENCY_KEY_ERROR);
    return intakeItem(req, mobile, now());
  }

  return {
    /**
     * POST estate-dispatch/save-real-price and loan/consult/phone: consent, dedupe, cap and dispatch in one
     * transaction; with an Idempotency-Key the first answer is kept and answered again for the same body.
     */
    async intake(req: IntakeRequest): Promise<SaveRealPriceBody> {
      return intakeQueue.submit(checkedItem(req));
    },

    /**
     * The same intake (consent, dedupe, cap, dispatch, Idempotency-Key) inside the caller's transaction `tx`, for a
     * caller whose own rows must commit with the lead or not at all (卖房报价's owner_quote). Not batched: it runs
     * alone, under the same phone and key locks as the queue's batches, held until the caller commits.
     */
    async intakeWithin(tx: Database, req: IntakeRequest): Promise<SaveRealPriceBody> {
      const [outcome] = await runBatch(tx, [checkedItem(req)]);
      if (!outcome) throw new Error('intake answered nothing');
      if ('error' in outcome) throw outcome.error;
      return outcome.body;
    },

    /**
     * Moves every open lead whose claim deadline passed to the next agent (under the same rules as dispatch); a
     * lead nobody else may take stays with its agent and is not looked at again. The count moved.
     */
    async reassignDue(at: number = now()): Promise<number> {
      const t = new Date(at);
      const due = await repo.dueLeads(db, t, REASSIGN_BATCH);
      let moved = 0;
      for (const candidate of due) {
        moved += await inTransaction(async (tx) => {
          await repo.lockPhone(tx, candidate.mobile);
          const lead = await repo.lockLead(tx, candidate.id);
          // claimed, withdrawn or moved (another instance's run) since the list was read
          if (!lead || lead.status !== 'open' || lead.claimDueAt === null) return 0;
          if (new Date(lead.claimDueAt).getTime() > at) return 0;
          const choice = await chooseAgent(tx, lead, at);
          if (choice === 'capped' || choice === 'none') {
            // an agent keeps it (no deadline any more); an unserved lead is looked at again later
            await repo.assign(
              tx,
              lead.id,
              lead.agentId,
              t,
              lead.agentId === null ? new Date(at + LEAD_CLAIM_MINUTES * MINUTE) : null,
            );
            return 0;
          }
          await repo.assign(tx, lead.id, choice.agentId, t, new Date(at + LEAD_CLAIM_MINUTES * MINUTE));
          await repo.insertEvent(tx, {
            leadId: lead.id,
            at: t,
            actorId: null,
            kind: lead.agentId === null ? 'assigned' : 'reassigned',
            data: { agentId: choice.agentId, from: lead.agentId },
          });
          return 1;
        });
      }
      return moved;
    },

    async consentState(phone: string): Promise<LeadConsentState> {
      return repo.consentState(phone);
    },

    /** '不再联系我': every consent of the phone withdrawn, every open or claimed lead of it closed as withdrawn. */
    async withdrawConsent(user: { id: number; phone: string }): Promise<LeadConsentWithdrawBody> {
      const t = new Date(now());
      return inTransaction(async (tx) => {
        await repo.lockPhone(tx, user.phone);
        const withdrawnConsents = await repo.withdrawConsents(tx, user.phone, t);
        const leadIds = await repo.withdrawLeads(tx, user.phone, t);
        for (const leadId of leadIds)
          await repo.insertEvent(tx, { leadId, at: t, actorId: null, kind: 'withdrawn', data: { userId: user.id } });
        return { withdrawnConsents, withdrawnLeads: leadIds.length };
      });
    },

    /** POST agent/call/get: the buyer's virtual number for an agent. */
    async callAgent(user: { id: number; phone: string }, agentId: number): Promise<AgentCallBody> {
      const at = now();
      return inTransaction(async (tx) => {
        if (!(await repo.agentExists(tx, agentId))) throw ApiError.notFound(LEAD_MESSAGES.agentNotFound);
        return bindingBody(await bindingFor(tx, { userId: user.id, mobile: user.phone, agentId, leadId: null }, at));
      });
    },

    /**
     * The telephony sandbox: a call from `from` to a virtual number reaches the binding's other side and is logged;
     * an expired binding refuses (the refusal is logged too), an unknown caller is refused.
     */
    async connectCall(input: { virtualNumber: string; from: string; durationS?: number | undefined }) {
      const at = now();
      const t = new Date(at);
      const refusal = await inTransaction(async (tx) => {
        const binding = await repo.bindingOfNumber(tx, input.virtualNumber, t);
        if (!binding) return ApiError.notFound(LEAD_MESSAGES.bindingNotFound);
        if (!binding.live) {
          await repo.insertCall(tx, { bindingId: binding.id, at: t, durationS: 0, status: 'refused' });
          return new ApiError(410, 410, LEAD_MESSAGES.bindingExpired);
        }
        return binding;
      });
      if (refusal instanceof ApiError) throw refusal;
      const binding = refusal;
      return inTransaction(async (tx) => {
        const agentPhone = await repo.staffPhoneOfAgent(tx, binding.agentId);
        let to: string;
        if (input.from === binding.mobile) to = agentPhone ?? '';
        else if (agentPhone !== null && input.from === agentPhone) to = binding.mobile;
        else throw ApiError.forbidden(LEAD_MESSAGES.callerUnknown);
        const durationS = input.durationS ?? 0;
        const callId = await repo.insertCall(tx, { bindingId: binding.id, at: t, durationS, status: 'connected' });
        if (binding.leadId !== null)
          await repo.insertEvent(tx, {
            leadId: binding.leadId,
            at: t,
            actorId: null,
            kind: 'call',
            data: { bindingId: binding.id, callId, durationS },
          });
        return { callId, status: 'connected' as const, to: to ? maskPhone(to) : '经纪人' };
      });
    },

    /** The agent a staff user acts as, or null (not linked). */
    agentOfStaff: (userId: number) => repo.agentOfStaff(userId),

    async listLeads(query: OpsLeadsQuery, agentId: number | null): Promise<OpsLeadListBody> {
      const { total, rows } = await repo.listLeads(query, agentId);
      return { total, list: rows.map(masked) };
    },

    async capsOf(agentId: number | null): Promise<OpsLeadCapsBody> {
      const at = now();
      const since = shanghaiDayStart(at);
      const rows = await repo.capsSince(agentId, since);
      return {
        day: shanghaiDate(at),
        limit: AGENT_CONTACTS_PER_DAY,
        list: rows.map((r) => ({
          mobile: maskPhone(r.mobile),
          agents: r.agents,
          capped: r.agents >= AGENT_CONTACTS_PER_DAY,
        })),
      };
    },

    /**
     * One console action on one lead by its agent, with its lead_event and audit row in one transaction. Another
     * agent's lead is refused (403); an unknown one is 404.
     */
    async act(
      actor: { userId: number; agentId: number; ip: string | null },
      leadId: number,
      action:
        | { kind: 'claim' }
        | { kind: 'outcome'; outcome: (typeof LEAD_OUTCOMES)[number]; note?: string | undefined }
        | { kind: 'note'; note: string }
        | { kind: 'call' },
    ): Promise<{ lead: OpsLead; call?: AgentCallBody }> {
      const at = now();
      const t = new Date(at);
      return inTransaction(async (tx) => {
        const lead: LeadRow | null = await repo.lockLead(tx, leadId);
        if (!lead) throw ApiError.notFound(LEAD_MESSAGES.leadNotFound);
        if (lead.agentId !== actor.agentId) throw ApiError.forbidden(LEAD_MESSAGES.notYourLead);
        const closed = ['withdrawn', 'invalid', 'deal'].includes(lead.status);
        let call: AgentCallBody | undefined;
        let detail: Record<string, unknown> = {};
        if (action.kind === 'claim') {
          if (closed) throw ApiError.conflict(LEAD_MESSAGES.leadClosed);
          if (lead.status === 'open') {
            await repo.setStatus(tx, lead.id, 'claimed', t, { claimed: true });
            await repo.insertEvent(tx, { leadId: lead.id, at: t, actorId: actor.userId, kind: 'claimed' });
          }
        } else if (action.kind === 'outcome') {
          if (closed) throw ApiError.conflict(LEAD_MESSAGES.leadClosed);
          if (lead.status === 'open') throw ApiError.conflict(LEAD_MESSAGES.claimFirst);
          const final = action.outcome === 'invalid' || action.outcome === 'deal';
          await repo.setStatus(tx, lead.id, action.outcome, t, { closed: final });
          detail = { outcome: action.outcome, ...(action.note ? { note: action.note } : {}) };
          await repo.insertEvent(tx, { leadId: lead.id, at: t, actorId: actor.userId, kind: 'outcome', data: detail });
        } else if (action.kind === 'note') {
          if (lead.status === 'withdrawn') throw ApiError.conflict(LEAD_MESSAGES.leadClosed);
          detail = { note: action.note };
          await repo.insertEvent(tx, { leadId: lead.id, at: t, actorId: actor.userId, kind: 'note', data: detail });
        } else {
          if (closed) throw ApiError.conflict(LEAD_MESSAGES.leadClosed);
          if (lead.status === 'open') throw ApiError.conflict(LEAD_MESSAGES.claimFirst);
          const binding = await bindingFor(
            tx,
            { userId: lead.userId, mobile: lead.mobile, agentId: actor.agentId, leadId: lead.id },
            at,
          );
          call = bindingBody(binding);
          detail = { bindingId: binding.id };
          await repo.insertEvent(tx, { leadId: lead.id, at: t, actorId: actor.userId, kind: 'call', data: detail });
        }
        await recordAudit(tx, {
          actorId: actor.userId,
          action: `lead.${action.kind}`,
          targetType: 'lead',
          targetId: lead.id,
          detail: { agentId: actor.agentId, ...detail },
          ip: actor.ip,
        });
        const view = await repo.leadView(tx, lead.id);
        return { lead: masked(view!), ...(call ? { call } : {}) };
      });
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
