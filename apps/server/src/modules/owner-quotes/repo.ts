// SQL of 业主认证 and 卖房报价 (issue 16): owner_verification, owner_quote (migration 0016), the message-centre notice
// of an agent's advice. Every function takes the database or the transaction it runs in; every read of a user's
// rows is scoped by the caller (the service checks whose a row is).
import { queryRows, sql, type Database } from '@fjt/db';

const iso = (d: Date) => d.toISOString();
const TS = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);

export interface VerificationRow {
  id: number;
  userId: number;
  estateId: number;
  building: string;
  unit: string | null;
  room: string;
}

export interface QuoteRow {
  id: number;
  userId: number;
  estateId: number;
  estateName: string;
  cityId: number;
  recordId: number | null;
  building: string;
  unit: string | null;
  room: string;
  expectedPrice: number;
  timeline: string;
  contactPreference: string;
  note: string | null;
  leadId: number | null;
  advicePrice: number | null;
  adviceNote: string | null;
  advisedBy: number | null;
  agentName: string | null;
  advisedAt: string | null;
  createdAt: string;
}

const QUOTE_SELECT = sql`
  SELECT q.id::int AS id, q.user_id AS "userId", q.estate_id AS "estateId", e.name AS "estateName",
         e.city_id AS "cityId", q.record_id AS "recordId", v.building, v.unit, v.room,
         q.expected_price AS "expectedPrice", q.timeline, q.contact_preference AS "contactPreference",
         q.detail->>'note' AS note, q.lead_id AS "leadId", q.advice_price AS "advicePrice",
         q.advice_note AS "adviceNote", q.advised_by AS "advisedBy", a.name AS "agentName",
         ${TS('q.advised_at')} AS "advisedAt", ${TS('q.created_at')} AS "createdAt"
  FROM owner_quote q
  JOIN estate e ON e.id = q.estate_id
  JOIN owner_verification v ON v.id = q.verification_id
  LEFT JOIN agent a ON a.id = q.advised_by`;

export function createOwnerQuotesRepo() {
  return {
    async estate(db: Database, estateId: number): Promise<{ id: number; cityId: number; name: string } | null> {
      const [row] = await queryRows<{ id: number; cityId: number; name: string }>(
        db,
        sql`SELECT id, city_id AS "cityId", name FROM estate WHERE id = ${estateId}`,
      );
      return row ?? null;
    },

    async insertVerification(
      tx: Database,
      v: Omit<VerificationRow, 'id'> & { declarationVersion: string; at: Date },
    ): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO owner_verification (user_id, estate_id, building, unit, room, declaration_version, created_at)
            VALUES (${v.userId}, ${v.estateId}, ${v.building}, ${v.unit}, ${v.room}, ${v.declarationVersion},
                    ${iso(v.at)}::timestamptz)
            RETURNING id::int AS id`,
      );
      return row!.id;
    },

    /** The user's newest verification for the estate (the one that counts). */
    async latestVerification(db: Database, userId: number, estateId: number): Promise<VerificationRow | null> {
      const [row] = await queryRows<VerificationRow>(
        db,
        sql`SELECT id::int AS id, user_id AS "userId", estate_id AS "estateId", building, unit, room
            FROM owner_verification WHERE user_id = ${userId} AND estate_id = ${estateId}
            ORDER BY created_at DESC, id DESC LIMIT 1`,
      );
      return row ?? null;
    },

    async verification(db: Database, id: number): Promise<VerificationRow | null> {
      const [row] = await queryRows<VerificationRow>(
        db,
        sql`SELECT id::int AS id, user_id AS "userId", estate_id AS "estateId", building, unit, room
            FROM owner_verification WHERE id = ${id}`,
      );
      return row ?? null;
    },

    /** A valuation record of the user's (not deleted), with its area and total. */
    async record(
      db: Database,
      userId: number,
      recordId: number,
    ): Promise<{ estateId: number; area: number; totalPrice: number } | null> {
      const [row] = await queryRows<{ estateId: number; area: number; totalPrice: number }>(
        db,
        sql`SELECT estate_id AS "estateId", area::float8 AS area, total_price AS "totalPrice" FROM estimate_record
            WHERE id = ${recordId} AND user_id = ${userId} AND deleted_at IS NULL`,
      );
      return row ?? null;
    },

    /** The quote a user already made with this Idempotency-Key (kept in detail), and what it was sent with. */
    async quoteOfKey(tx: Database, userId: number, key: string): Promise<{ id: number; bodyHash: string } | null> {
      const [row] = await queryRows<{ id: number; bodyHash: string }>(
        tx,
        sql`SELECT id::int AS id, detail->>'bodyHash' AS "bodyHash" FROM owner_quote
            WHERE user_id = ${userId} AND detail->>'idempotencyKey' = ${key} LIMIT 1`,
      );
      return row ?? null;
    },

    async insertQuote(
      tx: Database,
      q: {
        userId: number;
        verificationId: number;
        estateId: number;
        recordId: number | null;
        expectedPrice: number;
        timeline: string;
        contactPreference: string;
        leadId: number | null;
        detail: Record<string, unknown>;
        at: Date;
      },
    ): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO owner_quote (user_id, verification_id, estate_id, record_id, expected_price, timeline,
                                     contact_preference, lead_id, detail, created_at)
            VALUES (${q.userId}, ${q.verificationId}, ${q.estateId}, ${q.recordId}, ${q.expectedPrice}, ${q.timeline},
                    ${q.contactPreference}, ${q.leadId}, ${JSON.stringify(q.detail)}::jsonb, ${iso(q.at)}::timestamptz)
            RETURNING id::int AS id`,
      );
      return row!.id;
    },

    async quote(db: Database, id: number): Promise<QuoteRow | null> {
      const [row] = await queryRows<QuoteRow>(db, sql`${QUOTE_SELECT} WHERE q.id = ${id}`);
      return row ?? null;
    },

    /** The user's quotes, newest first (at most 50). */
    listQuotes(db: Database, userId: number): Promise<QuoteRow[]> {
      return queryRows<QuoteRow>(db, sql`${QUOTE_SELECT} WHERE q.user_id = ${userId} ORDER BY q.id DESC LIMIT 50`);
    },

    /** The newest quote passed on as this lead. */
    async quoteOfLead(db: Database, leadId: number): Promise<QuoteRow | null> {
      const [row] = await queryRows<QuoteRow>(
        db,
        sql`${QUOTE_SELECT} WHERE q.lead_id = ${leadId} ORDER BY q.id DESC LIMIT 1`,
      );
      return row ?? null;
    },

    /** The lead's agent, the row locked for the rest of the transaction; undefined: no such lead. */
    async lockLeadAgent(tx: Database, leadId: number): Promise<number | null | undefined> {
      const [row] = await queryRows<{ agentId: number | null }>(
        tx,
        sql`SELECT agent_id AS "agentId" FROM lead WHERE id = ${leadId} FOR UPDATE`,
      );
      return row === undefined ? undefined : row.agentId;
    },

    async setAdvice(
      tx: Database,
      a: { quoteId: number; price: number; note: string | null; agentId: number; at: Date },
    ) {
      await tx.execute(
        sql`UPDATE owner_quote SET advice_price = ${a.price}, advice_note = ${a.note}, advised_by = ${a.agentId},
                                   advised_at = ${iso(a.at)}::timestamptz
            WHERE id = ${a.quoteId}`,
      );
    },

    /** A message-centre notice (the messages table the alert job writes too); a repeat of its key writes nothing. */
    async insertMessage(
      tx: Database,
      m: {
        userId: number;
        kind: string;
        estateId: number | null;
        title: string;
        content: string;
        link: string;
        key: string;
      },
    ) {
      await tx.execute(
        sql`INSERT INTO messages (user_id, kind, estate_id, title, content, link, dedupe_key)
            VALUES (${m.userId}, ${m.kind}, ${m.estateId}, ${m.title}, ${m.content}, ${m.link}, ${m.key})
            ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
      );
    },
  };
}

export type OwnerQuotesRepo = ReturnType<typeof createOwnerQuotesRepo>;
