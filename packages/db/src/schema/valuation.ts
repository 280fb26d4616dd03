// Valuation and buyer tools (issue 16): a user's stored valuations (estimate/create), an owner's verification and
// the price quotes owners ask agents for (estimate/quotation/*), and the loan-readiness quiz's results
// (activity/credit/submit). The estimate's figures are kept as answered, so a record never changes when later
// deals arrive: 重新估价 makes a new record.
import { bigserial, boolean, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 估价记录: one valuation a signed-in user asked for; listed by /profile/appraisal until deleted. */
export const estimateRecord = pgTable(
  'estimate_record',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    cityId: integer('city_id').notNull(),
    estateId: integer('estate_id').notNull(),
    /** The inputs as given (domain EstimateCreateInput). */
    input: jsonb('input').notNull(),
    /** The answer as given (domain EstimateValueBody). */
    result: jsonb('result').notNull(),
    /** 元, copied from result for the list. */
    totalPrice: integer('total_price').notNull(),
    area: real('area').notNull(),
    asOf: text('as_of').notNull(),
    createdAt: at('created_at').notNull(),
    /** Set by POST app/estate/evaluation/delete; a deleted record is gone for its owner too. */
    deletedAt: at('deleted_at'),
  },
  (t) => [index('estimate_record_user_idx').on(t.userId, t.createdAt)],
);

/**
 * 业主认证: a user declared, after an SMS code to their own phone, that they own a room of an estate. One row per
 * declaration; the newest for (user, estate) is the one that counts.
 */
export const ownerVerification = pgTable(
  'owner_verification',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    estateId: integer('estate_id').notNull(),
    /** 楼栋 / 单元 / 门牌 as typed. */
    building: text('building').notNull(),
    unit: text('unit'),
    room: text('room').notNull(),
    /** The declaration text's version the owner agreed to. */
    declarationVersion: text('declaration_version').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('owner_verification_user_idx').on(t.userId, t.estateId, t.createdAt)],
);

/** 卖房报价: an owner's expected price sent to the estate's agents (as a lead); an agent answers with advice. */
export const ownerQuote = pgTable(
  'owner_quote',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    verificationId: integer('verification_id').notNull(),
    estateId: integer('estate_id').notNull(),
    /** The valuation the owner came from, when there was one. */
    recordId: integer('record_id'),
    /** 元 */
    expectedPrice: integer('expected_price').notNull(),
    timeline: text('timeline').notNull(),
    contactPreference: text('contact_preference').notNull(),
    /** The lead the quote was passed on as (leads issue); null until dispatched. */
    leadId: integer('lead_id'),
    /** The agent's listing-price advice: 元, a note, who and when. */
    advicePrice: integer('advice_price'),
    adviceNote: text('advice_note'),
    advisedBy: integer('advised_by'),
    advisedAt: at('advised_at'),
    /** Anything else the form or the advice carries (domain types of the quote). */
    detail: jsonb('detail'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('owner_quote_user_idx').on(t.userId, t.createdAt), index('owner_quote_lead_idx').on(t.leadId)],
);

/** 购房信用评估: one submitted loan-readiness quiz (form, answers) and what it scored. */
export const creditEvaluation = pgTable(
  'credit_evaluation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** The form (income, debts, 公积金) and the answers, as submitted. */
    form: jsonb('form').notNull(),
    answers: jsonb('answers').notNull(),
    score: integer('score').notNull(),
    /** 元: the estimated loan capacity. */
    loanCapacity: integer('loan_capacity').notNull(),
    /** The scoring's explanation per answer, as shown. */
    detail: jsonb('detail').notNull(),
    /** Whether the user asked for a loan consultation from the result. */
    consulted: boolean('consulted').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('credit_evaluation_user_idx').on(t.userId, t.createdAt)],
);
