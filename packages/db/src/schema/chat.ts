// The support chat (issue 15, docs/chat-protocol.md): a user's conversation with support (客服) or one agent, and its
// messages numbered 1, 2, 3 … per conversation. Storing a message locks its conversation row, dedupes by the sender's
// client id, takes last_seq + 1 and moves last_seq, all in one transaction: the sequence has no gaps and no repeats.
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One conversation of a user with a peer ('support' or 'agent-<id>'). state (domain CHAT_CONVERSATION_STATES):
 * bot → waiting → claimed → closed. A user has at most one open (not closed) conversation per peer.
 */
export const chatConversation = pgTable(
  'chat_conversation',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    peer: text('peer').notNull(),
    /** The agent of an 'agent-<id>' peer; null for support. */
    agentId: integer('agent_id'),
    /** The city the user asked from (the agent list's city), when known. */
    cityId: integer('city_id'),
    state: text('state').notNull().default('bot'),
    /** The staff user answering, once claimed. */
    staffUserId: integer('staff_user_id'),
    /** The sequence number of the newest message (0: none yet). */
    lastSeq: integer('last_seq').notNull().default(0),
    /** The last sequence number the user, and the staff side, have read. */
    userReadSeq: integer('user_read_seq').notNull().default(0),
    staffReadSeq: integer('staff_read_seq').notNull().default(0),
    /**
     * Since when it waits for a person (转人工, or opened with an agent): the support console's queue orders by it
     * and shows the wait; null while the bot serves it.
     */
    waitingSince: at('waiting_since'),
    /** When a person claimed it (the wait ended). */
    claimedAt: at('claimed_at'),
    /** Why it was closed (resolved, timeout, …). */
    closeTag: text('close_tag'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    closedAt: at('closed_at'),
  },
  (t) => [
    uniqueIndex('chat_conversation_open_idx')
      .on(t.userId, t.peer)
      .where(sql`${t.state} <> 'closed'`),
    index('chat_conversation_user_idx').on(t.userId, t.updatedAt),
    // the staff consoles: conversations by peer and state, newest activity first
    index('chat_conversation_peer_idx').on(t.peer, t.state, t.updatedAt),
  ],
);

/** A stored message: (conversation_id, seq) is its identity; (conversation_id, sender_role, client_id) its dedupe key. */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id').notNull(),
    seq: integer('seq').notNull(),
    /** The sender's client id (null for what the server writes: bot answers, notices). */
    clientId: text('client_id'),
    senderId: integer('sender_id'),
    /** domain CHAT_ROLES. */
    senderRole: text('sender_role').notNull(),
    senderName: text('sender_name').notNull(),
    /** domain CHAT_KINDS. */
    kind: text('kind').notNull(),
    text: text('text'),
    image: jsonb('image'),
    estate: jsonb('estate'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_message_seq_idx').on(t.conversationId, t.seq),
    uniqueIndex('chat_message_client_idx').on(t.conversationId, t.senderRole, t.clientId),
  ],
);

/**
 * An image a user uploaded for a message (POST im/upload): its bytes (base64), checked type and size. Served at
 * /img/chat/<id> to its uploader and to whoever may see a conversation it was sent in.
 */
export const chatImage = pgTable(
  'chat_image',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** domain CHAT_IMAGE_TYPES. */
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    size: integer('size').notNull(),
    /** base64 bytes (images uploaded before the shared IMAGE_STORE); null when `hash` names the stored file. */
    data: text('data'),
    /** sha256 of the bytes in the IMAGE_STORE (issue 17's shared upload). */
    hash: text('hash'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('chat_image_user_idx').on(t.userId, t.createdAt)],
);
