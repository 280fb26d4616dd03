// credit_evaluation rows (migration 0016): one per submitted 购房信用评估, read back by its owner.
import { eq, schema, type Database } from '@fjt/db';

export interface CreditRow {
  id: number;
  userId: number;
  form: unknown;
  answers: unknown;
  score: number;
  loanCapacity: number;
  detail: unknown;
  consulted: boolean;
  createdAt: Date;
}

export interface LoansRepo {
  insertCredit(row: Omit<CreditRow, 'id' | 'consulted'>): Promise<{ id: number; createdAt: Date }>;
  credit(id: number): Promise<CreditRow | null>;
  markConsulted(id: number): Promise<void>;
}

export function createLoansRepo(db: Database): LoansRepo {
  const t = schema.creditEvaluation;
  return {
    async insertCredit(row) {
      // one statement: the row is written whole or not at all
      const [saved] = await db
        .insert(t)
        .values({ ...row, consulted: false })
        .returning({ id: t.id, createdAt: t.createdAt });
      return saved!;
    },
    async credit(id) {
      const [row] = await db.select().from(t).where(eq(t.id, id)).limit(1);
      return row ?? null;
    },
    async markConsulted(id) {
      await db.update(t).set({ consulted: true }).where(eq(t.id, id));
    },
  };
}
