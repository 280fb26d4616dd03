// The loan tools' answers (issue 16): the rates in force today (China time), and the 购房信用评估 — scored in the
// domain (credit.ts), stored per user, shown only to its owner.
import {
  ApiError,
  CREDIT_MESSAGES,
  chinaDay,
  evaluateCredit,
  loanRatesOn,
  lprOn,
  type CreditEvaluation,
  type CreditForm,
  type CreditResultBody,
  type CreditSubmitInput,
  type LoanRatesBody,
} from '@fjt/domain';
import type { LoansRepo } from './repo.ts';

export interface LoansService {
  rates(asOf?: string): LoanRatesBody;
  submitCredit(userId: number, input: CreditSubmitInput): Promise<CreditResultBody>;
  credit(userId: number, id: number): Promise<CreditResultBody>;
  markConsulted(userId: number, id: number): Promise<{ id: number; consulted: boolean }>;
}

export function createLoansService(repo: LoansRepo, { now = () => new Date() } = {}): LoansService {
  const owned = async (userId: number, id: number) => {
    const row = await repo.credit(id);
    if (!row) throw ApiError.notFound(CREDIT_MESSAGES.notFound);
    if (row.userId !== userId) throw ApiError.forbidden(CREDIT_MESSAGES.forbidden);
    return row;
  };
  return {
    rates: (asOf) => loanRatesOn(asOf ?? chinaDay(now())),

    async submitCredit(userId, { form, answers }) {
      const evaluation = evaluateCredit(form, answers, lprOn(chinaDay(now())));
      const saved = await repo.insertCredit({
        userId,
        form,
        answers,
        score: evaluation.score,
        loanCapacity: evaluation.loanCapacity,
        detail: evaluation,
        createdAt: now(),
      });
      return { ...evaluation, id: saved.id, createdAt: saved.createdAt.toISOString(), form, consulted: false };
    },

    async credit(userId, id) {
      const row = await owned(userId, id);
      return {
        ...(row.detail as CreditEvaluation),
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        form: row.form as CreditForm,
        consulted: row.consulted,
      };
    },

    async markConsulted(userId, id) {
      await owned(userId, id);
      await repo.markConsulted(id);
      return { id, consulted: true };
    },
  };
}
