// 业主认证 and 卖房报价 (issue 16, PAGES.md §3.7, §3.11): an owner's SMS-checked declaration for a room of an estate,
// the expected price passed to the estate's agents as a 'sell' lead through the leads service (its consent, dedupe,
// cap and dispatch, in the same transaction as the quote: both or neither), and the agent's listing-price advice
// with its audit row and the owner's message-centre notice (one transaction).
import { createHash } from 'node:crypto';
import type { Database } from '@fjt/db';
import {
  ApiError,
  LEAD_MESSAGES,
  OWNER_QUOTE_MESSAGES,
  maskPhone,
  wanToYuan,
  yuanToWan,
  type ContactPreference,
  type OpsOwnerQuote,
  type OwnerAuthBody,
  type OwnerAuthInput,
  type OwnerQuote,
  type OwnerQuoteInput,
  type OwnerQuoteListBody,
  type OwnerSmsBody,
  type OwnerStatusBody,
  type QuoteAdviceInput,
  type QuoteTimeline,
} from '@fjt/domain';
import type { AccountsService } from '../accounts/service.ts';
import type { LeadsService } from '../leads/service.ts';
import { recordAudit } from '../staff/audit.ts';
import { createOwnerQuotesRepo, type QuoteRow } from './repo.ts';

/** The Idempotency-Key route name of 卖房报价's leads. */
export const OWNER_QUOTE_ROUTE = 'owner-quote';
/** The message-centre kind of an agent's advice. */
export const ADVICE_MESSAGE_KIND = 'quote_advice';
export const RECORD_NOT_FOUND = '估价记录不存在';

export interface OwnerUser {
  id: number;
  phone: string;
}

const roomOf = (r: { building: string; unit: string | null; room: string }) =>
  [r.building, r.unit, r.room].filter((p): p is string => !!p).join(' ');

export function ownerView(r: QuoteRow): OwnerQuote {
  return {
    id: r.id,
    estateId: r.estateId,
    estateName: r.estateName,
    cityId: r.cityId,
    recordId: r.recordId,
    room: roomOf(r),
    expectedPrice: r.expectedPrice,
    timeline: r.timeline as QuoteTimeline,
    contactPreference: r.contactPreference as ContactPreference,
    note: r.note,
    leadId: r.leadId,
    advice:
      r.advicePrice === null || r.advisedAt === null
        ? null
        : { price: r.advicePrice, note: r.adviceNote, agentName: r.agentName, at: r.advisedAt },
    createdAt: r.createdAt,
  };
}

/** The agent's view: the room masked to its 楼栋. */
export function opsView(r: QuoteRow): OpsOwnerQuote {
  const { room: _room, recordId: _recordId, ...rest } = ownerView(r);
  return { ...rest, building: r.building };
}

export function createOwnerQuotesService(deps: {
  db: Database;
  now: () => number;
  accounts: Pick<AccountsService, 'sendCode' | 'verifyCode'>;
  leads: Pick<LeadsService, 'intakeWithin' | 'agentOfStaff'>;
}) {
  const { db, accounts, leads } = deps;
  const repo = createOwnerQuotesRepo();
  const inTransaction = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Database));

  async function estateOrFail(tx: Database, estateId: number) {
    const estate = await repo.estate(tx, estateId);
    if (!estate) throw ApiError.notFound(LEAD_MESSAGES.estateNotFound);
    return estate;
  }

  return {
    /** A code to the account's own phone (purpose owner-verify; the limits of login's). */
    async sendCode(user: OwnerUser, estateId: number, ip: string): Promise<OwnerSmsBody> {
      await estateOrFail(db, estateId);
      const sent = await accounts.sendCode(user.phone, ip, 'owner-verify');
      return { mobile: maskPhone(user.phone), ...sent };
    },

    /** Checks the code (used once), then keeps the declaration for the room. */
    async verify(user: OwnerUser, input: OwnerAuthInput, ip: string): Promise<OwnerAuthBody> {
      await estateOrFail(db, input.estateId);
      await accounts.verifyCode(user.phone, input.code, 'owner-verify', ip);
      const verificationId = await repo.insertVerification(db, {
        userId: user.id,
        estateId: input.estateId,
        building: input.building,
        unit: input.unit ? input.unit : null,
        room: input.room,
        declarationVersion: input.declarationVersion,
        at: new Date(deps.now()),
      });
      return { verificationId, estateId: input.estateId };
    },

    async status(user: OwnerUser, estateId: number, recordId: number | undefined): Promise<OwnerStatusBody> {
      await estateOrFail(db, estateId);
      const [v, record] = await Promise.all([
        repo.latestVerification(db, user.id, estateId),
        recordId === undefined ? null : repo.record(db, user.id, recordId),
      ]);
      const own = record && record.estateId === estateId ? record : null;
      return {
        verificationId: v?.id ?? null,
        roomLabel: v ? [v.building, v.unit].filter((p): p is string => !!p).join(' ') : null,
        area: own?.area ?? null,
        estimate: own?.totalPrice ?? null,
      };
    },

    /**
     * The quote and its lead in one transaction. A repeat of the Idempotency-Key with the same body answers the
     * quote it made; with another body, 409 (the leads intake's rule).
     */
    async submit(
      user: OwnerUser,
      input: OwnerQuoteInput,
      request: { ip: string; idempotencyKey: string | undefined },
    ): Promise<OwnerQuote> {
      const at = new Date(deps.now());
      const { page, ...body } = input;
      return inTransaction(async (tx) => {
        await estateOrFail(tx, input.estateId);
        const v = await repo.verification(tx, input.verificationId);
        if (!v || v.userId !== user.id || v.estateId !== input.estateId)
          throw ApiError.forbidden(OWNER_QUOTE_MESSAGES.notVerified);
        if (input.recordId !== undefined) {
          const record = await repo.record(tx, user.id, input.recordId);
          if (!record || record.estateId !== input.estateId) throw ApiError.notFound(RECORD_NOT_FOUND);
        }
        // the lead first: it takes the phone's and the key's locks, held until this transaction commits
        const dispatched = await leads.intakeWithin(tx, {
          route: OWNER_QUOTE_ROUTE,
          user,
          mobile: undefined,
          estateIds: [input.estateId],
          serviceType: 'sell',
          source: 'estimate',
          page,
          ip: request.ip,
          idempotencyKey: request.idempotencyKey,
          body,
        });
        const bodyHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
        if (request.idempotencyKey !== undefined) {
          const before = await repo.quoteOfKey(tx, user.id, request.idempotencyKey);
          if (before) {
            if (before.bodyHash !== bodyHash) throw ApiError.conflict(LEAD_MESSAGES.idempotencyConflict);
            return ownerView((await repo.quote(tx, before.id))!);
          }
        }
        const id = await repo.insertQuote(tx, {
          userId: user.id,
          verificationId: v.id,
          estateId: input.estateId,
          recordId: input.recordId ?? null,
          expectedPrice: wanToYuan(input.expectedPrice),
          timeline: input.timeline,
          contactPreference: input.contactPreference,
          leadId: dispatched.leadIds[0] ?? null,
          detail: {
            note: input.note ? input.note : null,
            ...(request.idempotencyKey === undefined ? {} : { idempotencyKey: request.idempotencyKey, bodyHash }),
            // the phone reached its daily cap of agents: nobody was given it (the owner may try tomorrow)
            capped: dispatched.cappedEstateIds.length > 0,
          },
          at,
        });
        return ownerView((await repo.quote(tx, id))!);
      });
    },

    /** One quote of the user's; another user's is 403. */
    async detail(user: OwnerUser, quoteId: number): Promise<OwnerQuote> {
      const row = await repo.quote(db, quoteId);
      if (!row) throw ApiError.notFound(OWNER_QUOTE_MESSAGES.quoteNotFound);
      if (row.userId !== user.id) throw ApiError.forbidden(OWNER_QUOTE_MESSAGES.notYourQuote);
      return ownerView(row);
    },

    async mine(user: OwnerUser): Promise<OwnerQuoteListBody> {
      return { list: (await repo.listQuotes(db, user.id)).map(ownerView) };
    },

    agentOfStaff: (userId: number) => leads.agentOfStaff(userId),

    /** The quote of a lead for the console: its own agent, or ops (agentId null) for any lead. */
    async quoteOfLead(viewer: { agentId: number | null }, leadId: number): Promise<OpsOwnerQuote> {
      return inTransaction(async (tx) => {
        const agentId = await repo.lockLeadAgent(tx, leadId);
        if (agentId === undefined) throw ApiError.notFound(LEAD_MESSAGES.leadNotFound);
        if (viewer.agentId !== null && agentId !== viewer.agentId) throw ApiError.forbidden(LEAD_MESSAGES.notYourLead);
        const row = await repo.quoteOfLead(tx, leadId);
        if (!row) throw ApiError.notFound(OWNER_QUOTE_MESSAGES.noQuoteOnLead);
        return opsView(row);
      });
    },

    /**
     * 挂牌建议 by the lead's own agent: the advice, its audit row and the owner's notice, in one transaction. A new
     * advice replaces the one before (each is audited and noticed).
     */
    async advise(
      actor: { userId: number; agentId: number; ip: string | null },
      leadId: number,
      input: QuoteAdviceInput,
    ): Promise<OpsOwnerQuote> {
      const at = new Date(deps.now());
      return inTransaction(async (tx) => {
        const agentId = await repo.lockLeadAgent(tx, leadId);
        if (agentId === undefined) throw ApiError.notFound(LEAD_MESSAGES.leadNotFound);
        if (agentId !== actor.agentId) throw ApiError.forbidden(LEAD_MESSAGES.notYourLead);
        const quote = await repo.quoteOfLead(tx, leadId);
        if (!quote) throw ApiError.notFound(OWNER_QUOTE_MESSAGES.noQuoteOnLead);
        const price = wanToYuan(input.price);
        const note = input.note ? input.note : null;
        await repo.setAdvice(tx, { quoteId: quote.id, price, note, agentId: actor.agentId, at });
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'lead.quote-advice',
          targetType: 'lead',
          targetId: leadId,
          detail: { agentId: actor.agentId, quoteId: quote.id, price, ...(note ? { note } : {}) },
          ip: actor.ip,
        });
        const updated = (await repo.quote(tx, quote.id))!;
        await repo.insertMessage(tx, {
          userId: quote.userId,
          kind: ADVICE_MESSAGE_KIND,
          // no estate: the message centre's 不再提醒此小区 is for the price alerts, not for this answer
          estateId: null,
          title: '挂牌建议',
          content:
            `${quote.estateName}：经纪人${updated.agentName ?? ''}建议挂牌价${yuanToWan(price)}万` +
            `（您的期望${yuanToWan(quote.expectedPrice)}万）${note ? `。${note}` : ''}`,
          link: `/estimate/quotation/form?quoteId=${quote.id}`,
          key: `quote-advice:${quote.id}:${at.getTime()}`,
        });
        return opsView(updated);
      });
    },
  };
}

export type OwnerQuotesService = ReturnType<typeof createOwnerQuotesService>;
