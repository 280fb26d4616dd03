// SQL of the support chat (issue 15): conversations, messages and read marks, and the few rows a chat needs from
// elsewhere (an agent, the agent a staff user acts as, an estate card's name and price). Every function takes the
// database or transaction it runs in. Storing a message is storeMessage's transaction: the conversation row is locked
// (SELECT … FOR UPDATE), so the messages of one conversation are numbered one at a time, 1, 2, 3 … without gaps.
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import type { ChatConversationState, ChatKind, ChatMessage, ChatRole } from '@fjt/domain';

const TS = (column: string) => isoText(column, { ms: true });

export interface ConversationRow {
  id: number;
  userId: number;
  peer: string;
  agentId: number | null;
  cityId: number | null;
  state: ChatConversationState;
  staffUserId: number | null;
  lastSeq: number;
  userReadSeq: number;
  staffReadSeq: number;
  createdAt: string;
}

const conversationColumns = sql`c.id::int AS id, c.user_id AS "userId", c.peer, c.agent_id AS "agentId",
  c.city_id AS "cityId", c.state, c.staff_user_id AS "staffUserId", c.last_seq AS "lastSeq",
  c.user_read_seq AS "userReadSeq", c.staff_read_seq AS "staffReadSeq", ${TS('c.created_at')} AS "createdAt"`;

const messageColumns = sql`m.conversation_id::int AS "conversationId", m.seq, m.client_id AS "clientId",
  m.sender_id AS "senderId", m.sender_role AS "senderRole", m.sender_name AS "senderName", m.kind, m.text,
  m.image, m.estate, ${TS('m.at')} AS at`;

export interface NewMessage {
  conversationId: number;
  clientId: string | null;
  senderId: number | null;
  senderRole: ChatRole;
  senderName: string;
  kind: ChatKind;
  text: string | null;
  image: ChatMessage['image'];
  estate: ChatMessage['estate'];
}

export type Reader = 'user' | 'staff';

export interface StaffConversationRow extends ConversationRow {
  updatedAt: string;
  waitingSince: string | null;
  closeTag: string | null;
  preview: string | null;
}

export interface ChatImageRow {
  id: number;
  userId: number;
  contentType: string;
  width: number;
  height: number;
}

export function createChatRepo(db: Database) {
  const repo = {
    async conversation(id: number, tx: Database = db): Promise<ConversationRow | null> {
      const [row] = await queryRows<ConversationRow>(
        tx,
        sql`SELECT ${conversationColumns} FROM chat_conversation c WHERE c.id = ${id}`,
      );
      return row ?? null;
    },

    async openConversationOf(userId: number, peer: string, tx: Database = db): Promise<ConversationRow | null> {
      const [row] = await queryRows<ConversationRow>(
        tx,
        sql`SELECT ${conversationColumns} FROM chat_conversation c
            WHERE c.user_id = ${userId} AND c.peer = ${peer} AND c.state <> 'closed'`,
      );
      return row ?? null;
    },

    /**
     * The user's open conversation with the peer, created when there is none. Two tabs opening it at once meet at
     * the partial unique index: one inserts, the other finds that row.
     */
    async openConversation(input: {
      userId: number;
      peer: string;
      agentId: number | null;
      cityId: number | null;
      state: ChatConversationState;
    }): Promise<ConversationRow> {
      const found = await repo.openConversationOf(input.userId, input.peer);
      if (found) return found;
      await db.execute(
        sql`INSERT INTO chat_conversation (user_id, peer, agent_id, city_id, state, waiting_since)
            VALUES (${input.userId}, ${input.peer}, ${input.agentId}, ${input.cityId}, ${input.state},
                    ${input.state === 'waiting' ? sql`now()` : null})
            ON CONFLICT (user_id, peer) WHERE state <> 'closed' DO NOTHING`,
      );
      const row = await repo.openConversationOf(input.userId, input.peer);
      if (!row) throw new Error('chat: the open conversation vanished right after it was created');
      return row;
    },

    /**
     * Stores a message: locks the conversation, answers the stored one for a client id it has seen (the dedupe),
     * else numbers it last_seq + 1 and moves last_seq — one transaction. `beforeInsert` runs under the lock (a
     * state change of the conversation, e.g. claimed by the staff user answering). null: no such conversation.
     */
    async storeMessage(
      message: NewMessage,
      beforeInsert?: (tx: Database, conversation: ConversationRow) => Promise<void>,
    ): Promise<{ message: ChatMessage; duplicate: boolean; conversation: ConversationRow } | null> {
      return db.transaction(async (t) => {
        const tx = t as unknown as Database;
        const [conversation] = await queryRows<ConversationRow>(
          tx,
          sql`SELECT ${conversationColumns} FROM chat_conversation c WHERE c.id = ${message.conversationId} FOR UPDATE`,
        );
        if (!conversation) return null;
        if (message.clientId !== null) {
          const [stored] = await queryRows<ChatMessage>(
            tx,
            sql`SELECT ${messageColumns} FROM chat_message m
                WHERE m.conversation_id = ${message.conversationId} AND m.sender_role = ${message.senderRole}
                  AND m.client_id = ${message.clientId}`,
          );
          if (stored) return { message: stored, duplicate: true, conversation };
        }
        if (beforeInsert) await beforeInsert(tx, conversation);
        const seq = conversation.lastSeq + 1;
        const [stored] = await queryRows<ChatMessage>(
          tx,
          sql`INSERT INTO chat_message AS m (conversation_id, seq, client_id, sender_id, sender_role, sender_name,
                                             kind, text, image, estate)
              VALUES (${message.conversationId}, ${seq}, ${message.clientId}, ${message.senderId},
                      ${message.senderRole}, ${message.senderName}, ${message.kind}, ${message.text},
                      ${message.image === null ? null : JSON.stringify(message.image)}::jsonb,
                      ${message.estate === null ? null : JSON.stringify(message.estate)}::jsonb)
              RETURNING ${messageColumns}`,
        );
        await tx.execute(
          sql`UPDATE chat_conversation SET last_seq = ${seq}, updated_at = now() WHERE id = ${message.conversationId}`,
        );
        return { message: stored!, duplicate: false, conversation: { ...conversation, lastSeq: seq } };
      });
    },

    /**
     * The conversations a staff member answers (support's, and/or one agent's): the waiting ones longest-waiting
     * first (the queue), the others newest activity first; `mineOf` keeps those the staff user answers.
     */
    async staffList(
      scope: { support: boolean; agentId: number | null },
      filter: { state?: ChatConversationState | undefined; mineOf?: number | undefined },
      limit: number,
    ): Promise<StaffConversationRow[]> {
      const whose = [
        ...(scope.support ? [sql`c.peer = 'support'`] : []),
        ...(scope.agentId !== null ? [sql`c.agent_id = ${scope.agentId}`] : []),
      ];
      if (whose.length === 0) return [];
      const where = [sql`(${sql.join(whose, sql` OR `)})`];
      if (filter.state) where.push(sql`c.state = ${filter.state}`);
      if (filter.mineOf !== undefined) where.push(sql`c.staff_user_id = ${filter.mineOf}`);
      const order =
        filter.state === 'waiting' ? sql`c.waiting_since ASC NULLS LAST, c.id` : sql`c.updated_at DESC, c.id DESC`;
      return queryRows(
        db,
        sql`SELECT ${conversationColumns}, ${TS('c.updated_at')} AS "updatedAt",
                   ${TS('c.waiting_since')} AS "waitingSince", c.close_tag AS "closeTag",
                   (SELECT CASE m.kind WHEN 'image' THEN '[图片]' WHEN 'estate' THEN '[小区] ' || (m.estate->>'name')
                                       ELSE left(m.text, 60) END
                      FROM chat_message m WHERE m.conversation_id = c.id AND m.seq = c.last_seq) AS preview
            FROM chat_conversation c
            WHERE ${sql.join(where, sql` AND `)}
            ORDER BY ${order} LIMIT ${limit}`,
      );
    },

    /** Closes an open conversation; the row as it is now (null: no such conversation). */
    async close(id: number, tag: string, tx: Database = db): Promise<ConversationRow | null> {
      await tx.execute(
        sql`UPDATE chat_conversation SET state = 'closed', close_tag = ${tag}, closed_at = now(), updated_at = now()
            WHERE id = ${id} AND state <> 'closed'`,
      );
      return repo.conversation(id, tx);
    },

    /** 转人工: a conversation the bot serves waits for a person. The conversation when it moved, else null. */
    async handOff(id: number): Promise<ConversationRow | null> {
      const [moved] = await queryRows<{ id: number }>(
        db,
        sql`UPDATE chat_conversation SET state = 'waiting', waiting_since = now(), updated_at = now()
            WHERE id = ${id} AND state = 'bot'
            RETURNING id::int AS id`,
      );
      return moved ? repo.conversation(id) : null;
    },

    /** Claims a waiting conversation for the staff user answering it (under storeMessage's lock). */
    async claim(tx: Database, conversationId: number, staffUserId: number): Promise<void> {
      await tx.execute(
        sql`UPDATE chat_conversation SET state = 'claimed', staff_user_id = ${staffUserId}, claimed_at = now()
            WHERE id = ${conversationId} AND state IN ('bot', 'waiting')`,
      );
    },

    /** Hands a claimed conversation to another staff user (under storeMessage's lock). */
    async transfer(tx: Database, conversationId: number, toUserId: number): Promise<void> {
      await tx.execute(
        sql`UPDATE chat_conversation SET staff_user_id = ${toUserId}, claimed_at = now(), updated_at = now()
            WHERE id = ${conversationId} AND state = 'claimed'`,
      );
    },

    /** Up to `limit` messages before `beforeSeq` (or the newest), oldest first. */
    async before(conversationId: number, beforeSeq: number | null, limit: number): Promise<ChatMessage[]> {
      const rows = await queryRows<ChatMessage>(
        db,
        sql`SELECT ${messageColumns} FROM chat_message m
            WHERE m.conversation_id = ${conversationId} ${beforeSeq === null ? sql`` : sql`AND m.seq < ${beforeSeq}`}
            ORDER BY m.seq DESC LIMIT ${limit}`,
      );
      return rows.reverse();
    },

    /** Up to `limit` messages after `afterSeq` (and at most up to `uptoSeq`), in order. */
    async after(conversationId: number, afterSeq: number, limit: number, uptoSeq?: number): Promise<ChatMessage[]> {
      return queryRows<ChatMessage>(
        db,
        sql`SELECT ${messageColumns} FROM chat_message m
            WHERE m.conversation_id = ${conversationId} AND m.seq > ${afterSeq}
              ${uptoSeq === undefined ? sql`` : sql`AND m.seq <= ${uptoSeq}`}
            ORDER BY m.seq LIMIT ${limit}`,
      );
    },

    /**
     * The texts the conversation's user sent, newest first, at most `limit` (the contacts they shared: an agent's
     * message may repeat those unmasked; chat-moderation.ts).
     */
    async userTexts(conversationId: number, limit: number): Promise<string[]> {
      const rows = await queryRows<{ text: string }>(
        db,
        sql`SELECT m.text FROM chat_message m
            WHERE m.conversation_id = ${conversationId} AND m.sender_role = 'user' AND m.kind = 'text'
            ORDER BY m.seq DESC LIMIT ${limit}`,
      );
      return rows.map((r) => r.text);
    },

    /** Moves a side's read mark forward (never back, never past the last message); the mark it has now. */
    async markRead(conversationId: number, reader: Reader, seq: number): Promise<number | null> {
      const column = sql.raw(reader === 'user' ? 'user_read_seq' : 'staff_read_seq');
      const [row] = await queryRows<{ seq: number }>(
        db,
        sql`UPDATE chat_conversation SET ${column} = GREATEST(${column}, LEAST(${seq}, last_seq))
            WHERE id = ${conversationId} RETURNING ${column} AS seq`,
      );
      return row?.seq ?? null;
    },

    async agent(agentId: number): Promise<{ id: number; name: string; avatar: string | null } | null> {
      const [row] = await queryRows<{ id: number; name: string; avatar: string | null }>(
        db,
        sql`SELECT id, name, avatar FROM agent WHERE id = ${agentId}`,
      );
      return row ?? null;
    },

    async agentOfStaff(userId: number): Promise<number | null> {
      const [row] = await queryRows<{ agentId: number }>(
        db,
        sql`SELECT agent_id AS "agentId" FROM staff_agent WHERE user_id = ${userId}`,
      );
      return row?.agentId ?? null;
    },

    async insertImage(image: {
      userId: number;
      contentType: string;
      width: number;
      height: number;
      size: number;
      /** sha256 of the bytes in the shared image store. */
      hash: string;
    }): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO chat_image (user_id, content_type, width, height, size, hash)
            VALUES (${image.userId}, ${image.contentType}, ${image.width}, ${image.height}, ${image.size},
                    ${image.hash})
            RETURNING id::int AS id`,
      );
      return row!.id;
    },

    async image(id: number): Promise<ChatImageRow | null> {
      const [row] = await queryRows<ChatImageRow>(
        db,
        sql`SELECT id::int AS id, user_id AS "userId", content_type AS "contentType", width, height
            FROM chat_image WHERE id = ${id}`,
      );
      return row ?? null;
    },

    /** The bytes of an image stored in the row (before the shared store), or the hash naming them in the store. */
    async imageData(id: number): Promise<{ data: Buffer | null; hash: string | null } | null> {
      const [row] = await queryRows<{ data: string | null; hash: string | null }>(
        db,
        sql`SELECT data, hash FROM chat_image WHERE id = ${id}`,
      );
      if (!row) return null;
      return { data: row.data === null ? null : Buffer.from(row.data, 'base64'), hash: row.hash };
    },

    /** The conversations an image was sent in (a few: whoever may see one of them may see the image). */
    async conversationsOfImage(url: string): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`SELECT DISTINCT conversation_id::int AS id FROM chat_message
            WHERE kind = 'image' AND image->>'url' = ${url} LIMIT 10`,
      );
      return rows.map((r) => r.id);
    },

    /** An estate card: the estate's name and its 挂牌均价 of its city's newest month (null when it has none). */
    async estateCard(
      cityId: number,
      estateId: number,
    ): Promise<{ cityId: number; estateId: number; name: string; unitPrice: number | null } | null> {
      const [row] = await queryRows<{ cityId: number; estateId: number; name: string; unitPrice: number | null }>(
        db,
        sql`SELECT e.city_id AS "cityId", e.id AS "estateId", e.name,
                   (SELECT ps.listing_avg FROM price_series ps
                    WHERE ps.level = 'estate' AND ps.target_id = e.id AND ps.listing_avg IS NOT NULL
                    ORDER BY ps.month DESC LIMIT 1)::float8 AS "unitPrice"
            FROM estate e WHERE e.id = ${estateId} AND e.city_id = ${cityId}`,
      );
      return row ?? null;
    },
  };
  return repo;
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
