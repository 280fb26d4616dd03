// The support chat's rules (issue 15, docs/chat-protocol.md), whatever carries the frames (the WebSocket, the HTTP
// fallback, the history call): who may see and write in a conversation, opening one, storing a message once per
// client id with the next sequence number, history and replay pages, read marks. A refusal is a ChatRefusal: an
// error frame on the WebSocket, a 4xx with the same Chinese message over HTTP.
import {
  ApiError,
  CHAT_BOT,
  CHAT_MAX_IMAGE_BYTES,
  CHAT_MESSAGES,
  CHAT_PAGE_SIZE,
  type ChatContentInput,
  type ChatConversation,
  type ChatErrorCode,
  type ChatHistoryBody,
  type ChatMessage,
  type ChatRole,
  type ChatUploadBody,
  SUPPORT_FAQ_ENTRIES,
  matchFaq,
} from '@fjt/domain';
import type { SessionUser } from '../accounts/service.ts';
import type { StaffModule } from '../staff/service.ts';
import type { Uploads } from '../uploads/service.ts';
import { moderateText } from './moderation.ts';
import type { ChatRepo, ConversationRow } from './repo.ts';

/** The name support's people write under (one desk, not a person's name). */
export const SUPPORT_NAME = '客服小房';
export const SUPPORT_TITLE = '在线客服';
/** A user as staff see them: this prefix and the user id (spec §3's support-chat nickname). */
export const USER_NAME = '房价通用户';
export const AGENT_NOT_FOUND = '经纪人不存在';
export const ESTATE_NOT_FOUND = '小区不存在';
export const IMAGE_NOT_FOUND = '图片不存在，请重新选择';
export const IMAGE_REQUIRED = '请选择图片';

const extensionOf = (contentType: string) => contentType.slice('image/'.length).replace('jpeg', 'jpg');

/** Where an uploaded image is served (same origin, under /img). */
export const imageUrl = (id: number) => `/img/chat/${id}`;

/** A refused chat operation: an error frame (code, Chinese message) or, over HTTP, the matching 4xx. */
export class ChatRefusal extends Error {
  override name = 'ChatRefusal';
  constructor(
    readonly code: ChatErrorCode,
    message: string,
  ) {
    super(message);
  }

  toApiError(): ApiError {
    switch (this.code) {
      case 'not_found':
        return ApiError.notFound(this.message);
      case 'forbidden':
        return ApiError.forbidden(this.message);
      case 'rate_limited':
        return ApiError.tooMany(this.message);
      case 'closed':
        return ApiError.conflict(this.message);
      default:
        return ApiError.badRequest(this.message);
    }
  }
}

/** Thrown inside storeMessage's transaction to store nothing (the bot has nothing to say any more). */
class BotSkipped extends Error {}

/** Who is using the chat: a user, and what they may answer as staff. */
export interface ChatViewer {
  userId: number;
  name: string;
  /** Holds the support role: answers every support conversation. */
  support: boolean;
  /** The agent a staff user with the agent role acts as: answers that agent's conversations. */
  agentId: number | null;
}

/** Which side of a conversation a viewer writes on, and under which name. */
export interface ChatSide {
  role: Extract<ChatRole, 'user' | 'support' | 'agent'>;
  name: string;
}

/** Who hears a conversation: its user's connections and, by peer, the support desk's or one agent's staff. */
export interface ChatAudience {
  conversationId: number;
  userId: number;
  peer: string;
  agentId: number | null;
}

export const audienceOf = (row: ConversationRow): ChatAudience => ({
  conversationId: row.id,
  userId: row.userId,
  peer: row.peer,
  agentId: row.agentId,
});

export interface SendResult {
  message: ChatMessage;
  /** The client id was stored before: `message` is that one (ack it again, publish nothing). */
  duplicate: boolean;
  audience: ChatAudience;
  /** The conversation changed hands with this message (claimed by the staff user answering, or handed to a person). */
  changed: ChatConversation | null;
  /** What answered it at once: the FAQ bot's reply, stored after it. */
  replies: ChatMessage[];
}

/** The FAQ bot's answer to a user's text in a conversation it serves (faq-match.ts on the support FAQ). */
export function botAnswer(text: string): string {
  const match = matchFaq(text, SUPPORT_FAQ_ENTRIES);
  return match ? `${match.entry.a}\n${CHAT_BOT.more}` : CHAT_BOT.unknown;
}

const isHandoff = (text: string) =>
  text.replace(/\s/g, '') === CHAT_BOT.handoff || /^(转)?人工(客服)?$/.test(text.trim());

export function createChatService({
  repo,
  staff,
  uploads,
  bot = true,
}: {
  repo: ChatRepo;
  staff: Pick<StaffModule, 'rolesOf'>;
  /** The shared image uploads (modules/uploads): checks, re-encodes and stores the bytes. */
  uploads: Pick<Uploads, 'store' | 'read'>;
  /** The FAQ bot answers support conversations until a person is asked for (off: they wait for a person at once). */
  bot?: boolean;
}) {
  const agentNames = new Map<number, { name: string; avatar: string | null }>();
  async function agentOf(agentId: number) {
    const known = agentNames.get(agentId);
    if (known) return known;
    const row = await repo.agent(agentId);
    if (!row) return null;
    const value = { name: row.name, avatar: row.avatar };
    if (agentNames.size > 10_000) agentNames.clear();
    agentNames.set(agentId, value);
    return value;
  }

  /** A message of the bot (text) or a notice, stored next if `still` holds under the conversation's lock. */
  async function botSays(
    conversationId: number,
    kind: 'text' | 'notice',
    text: string,
    still: (locked: ConversationRow) => boolean,
  ) {
    let skipped = false;
    const stored = await repo
      .storeMessage(
        {
          conversationId,
          clientId: null,
          senderId: null,
          senderRole: kind === 'notice' ? 'system' : 'bot',
          senderName: CHAT_BOT.name,
          kind,
          text,
          image: null,
          estate: null,
        },
        async (_tx, locked) => {
          // a person took over (or the conversation closed) meanwhile: the bot says nothing
          if (locked.state === 'closed' || !still(locked)) {
            skipped = true;
            throw new BotSkipped();
          }
        },
      )
      .catch((error: unknown) => {
        if (error instanceof BotSkipped) return null;
        throw error;
      });
    return skipped ? null : stored;
  }

  async function present(row: ConversationRow): Promise<ChatConversation> {
    const agent = row.agentId === null ? null : await agentOf(row.agentId);
    const title = row.peer === 'support' ? SUPPORT_TITLE : (agent?.name ?? '经纪人');
    return {
      id: row.id,
      peer: row.peer,
      state: row.state,
      title,
      avatar: agent?.avatar ?? null,
      staffName: row.staffUserId === null ? null : row.peer === 'support' ? SUPPORT_NAME : title,
      lastSeq: row.lastSeq,
      readSeq: row.userReadSeq,
      createdAt: row.createdAt,
    };
  }

  /** The viewer's side of the conversation, or the refusal (unknown: not_found; someone else's: forbidden). */
  async function access(viewer: ChatViewer, conversationId: number): Promise<{ row: ConversationRow; side: ChatSide }> {
    const row = await repo.conversation(conversationId);
    if (!row) throw new ChatRefusal('not_found', CHAT_MESSAGES.conversationNotFound);
    const side = sideOf(viewer, row);
    if (!side) throw new ChatRefusal('forbidden', CHAT_MESSAGES.notYourConversation);
    return { row, side };
  }

  function sideOf(viewer: ChatViewer, row: ConversationRow): ChatSide | null {
    if (row.userId === viewer.userId) return { role: 'user', name: viewer.name };
    if (row.peer === 'support' && viewer.support) return { role: 'support', name: SUPPORT_NAME };
    if (row.agentId !== null && row.agentId === viewer.agentId) {
      return { role: 'agent', name: agentNames.get(row.agentId)?.name ?? '经纪人' };
    }
    return null;
  }

  async function content(
    viewer: ChatViewer,
    input: ChatContentInput,
  ): Promise<Pick<ChatMessage, 'kind' | 'text' | 'image' | 'estate'>> {
    switch (input.kind) {
      case 'text':
        return { kind: 'text', text: input.text, image: null, estate: null };
      case 'estate': {
        const card = await repo.estateCard(input.cityId, input.estateId);
        if (!card) throw new ChatRefusal('bad_content', ESTATE_NOT_FOUND);
        return { kind: 'estate', text: null, image: null, estate: card };
      }
      case 'image': {
        // only an image its sender uploaded
        const image = await repo.image(input.imageId);
        if (!image || image.userId !== viewer.userId) throw new ChatRefusal('bad_content', IMAGE_NOT_FOUND);
        return {
          kind: 'image',
          text: null,
          image: { url: imageUrl(image.id), width: image.width, height: image.height },
          estate: null,
        };
      }
    }
  }

  return {
    present,
    access,
    sideOf,

    /** The viewer of a signed-in user: their staff roles decide which conversations they answer. */
    async viewerOf(user: Pick<SessionUser, 'id'>): Promise<ChatViewer> {
      const roles = await staff.rolesOf(user.id);
      const agentId = roles.includes('agent') ? await repo.agentOfStaff(user.id) : null;
      if (agentId !== null) await agentOf(agentId);
      // the support-chat identity of spec §3: a fixed prefix and the user id (never their phone)
      return { userId: user.id, name: `${USER_NAME}${user.id}`, support: roles.includes('support'), agentId };
    },

    /** The user's open conversation with the peer, or a new one (an agent peer must exist: 404 otherwise). */
    async open(viewer: ChatViewer, input: { peer: string; cityId?: number | undefined }): Promise<ChatConversation> {
      let agentId: number | null = null;
      if (input.peer !== 'support') {
        agentId = Number(input.peer.slice('agent-'.length));
        if (!(await agentOf(agentId))) throw ApiError.notFound(AGENT_NOT_FOUND);
      }
      // support starts with the FAQ bot (greeting first); an agent's conversation waits for the agent
      const withBot = bot && input.peer === 'support';
      const row = await repo.openConversation({
        userId: viewer.userId,
        peer: input.peer,
        agentId,
        cityId: input.cityId ?? null,
        state: withBot ? 'bot' : 'waiting',
      });
      if (withBot && row.lastSeq === 0 && row.state === 'bot') {
        const greeted = await botSays(row.id, 'text', CHAT_BOT.greeting, (locked) => locked.lastSeq === 0);
        if (greeted) return present(greeted.conversation);
      }
      return present(row);
    },

    /** Stores a message from the viewer (once per client id), claiming a waiting conversation a staff user answers. */
    async send(
      viewer: ChatViewer,
      input: { conversationId: number; clientId: string; content: ChatContentInput },
    ): Promise<SendResult> {
      const { row, side } = await access(viewer, input.conversationId);
      if (row.state === 'closed') throw new ChatRefusal('closed', CHAT_MESSAGES.conversationNotFound);
      const body = await content(viewer, input.content);
      // an agent's phone numbers and WeChat ids are masked before they are stored (moderation.ts)
      if (body.kind === 'text' && body.text !== null) {
        body.text = await moderateText(repo, row.id, side.role, body.text);
      }
      let claimed = false;
      const stored = await repo.storeMessage(
        {
          conversationId: row.id,
          clientId: input.clientId,
          senderId: viewer.userId,
          senderRole: side.role,
          senderName: side.name,
          ...body,
        },
        async (tx, locked) => {
          if (locked.state === 'closed') throw new ChatRefusal('closed', CHAT_MESSAGES.conversationNotFound);
          if (side.role !== 'user' && (locked.state === 'waiting' || locked.state === 'bot')) {
            await repo.claim(tx, locked.id, viewer.userId);
            claimed = true;
          }
        },
      );
      if (!stored) throw new ChatRefusal('not_found', CHAT_MESSAGES.conversationNotFound);
      let changed = claimed
        ? await present({ ...stored.conversation, state: 'claimed', staffUserId: viewer.userId })
        : null;
      const replies: ChatMessage[] = [];
      // the FAQ bot answers a user's text while it serves the conversation; 转人工 hands it to a person
      if (!stored.duplicate && side.role === 'user' && stored.conversation.state === 'bot' && body.kind === 'text') {
        const text = body.text ?? '';
        if (isHandoff(text)) {
          const handed = await repo.handOff(row.id);
          if (handed) {
            changed = await present(handed);
            const notice = await botSays(row.id, 'notice', CHAT_BOT.handedOff, () => true);
            if (notice) replies.push(notice.message);
          }
        } else {
          const reply = await botSays(row.id, 'text', botAnswer(text), (locked) => locked.state === 'bot');
          if (reply) replies.push(reply.message);
        }
      }
      return { message: stored.message, duplicate: stored.duplicate, audience: audienceOf(row), changed, replies };
    },

    /** Stores an uploaded image (checked: size, type by its bytes, pixels), resized, for the viewer's next message. */
    async upload(viewer: ChatViewer, data: Buffer): Promise<ChatUploadBody> {
      if (data.length > CHAT_MAX_IMAGE_BYTES) throw ApiError.badRequest(CHAT_MESSAGES.imageTooLarge);
      // what is stored is the resized, upright copy without metadata (images.ts), never the bytes as uploaded; the
      // bytes go to the shared image store, the row keeps who may see them
      const image = await uploads.store(data);
      const id = await repo.insertImage({
        userId: viewer.userId,
        contentType: image.contentType,
        width: image.width,
        height: image.height,
        size: image.size,
        hash: image.hash,
      });
      return { imageId: id, image: { url: imageUrl(id), width: image.width, height: image.height } };
    },

    /** An image's bytes for the viewer: its uploader, or whoever may see a conversation it was sent in; else null. */
    async imageFor(viewer: ChatViewer, id: number): Promise<{ contentType: string; data: Buffer } | null> {
      const image = await repo.image(id);
      if (!image) return null;
      let allowed = image.userId === viewer.userId;
      for (const conversationId of allowed ? [] : await repo.conversationsOfImage(imageUrl(id))) {
        const row = await repo.conversation(conversationId);
        if (row && sideOf(viewer, row)) {
          allowed = true;
          break;
        }
      }
      if (!allowed) return null;
      const stored = await repo.imageData(id);
      if (!stored) return null;
      if (stored.data) return { contentType: image.contentType, data: stored.data };
      const file = stored.hash ? await uploads.read(`${stored.hash}.${extensionOf(image.contentType)}`) : null;
      return file ? { contentType: image.contentType, data: file.data } : null;
    },

    /** History upward: the page before `beforeSeq` (the newest page without it), oldest first. */
    async history(viewer: ChatViewer, conversationId: number, beforeSeq?: number): Promise<ChatHistoryBody> {
      await access(viewer, conversationId);
      const list = await repo.before(conversationId, beforeSeq ?? null, CHAT_PAGE_SIZE);
      return { list, more: list.length > 0 && list[0]!.seq > 1 };
    },

    /** One replay page after `afterSeq` (CHAT_PAGE_SIZE messages at most), in order; access is the caller's. */
    after: (conversationId: number, afterSeq: number, uptoSeq?: number) =>
      repo.after(conversationId, afterSeq, CHAT_PAGE_SIZE, uptoSeq),

    /** Moves the viewer's side's read mark; the frame to tell the others and who they are. */
    async read(viewer: ChatViewer, conversationId: number, seq: number) {
      const { row, side } = await access(viewer, conversationId);
      const marked = await repo.markRead(conversationId, side.role === 'user' ? 'user' : 'staff', seq);
      return { audience: audienceOf(row), role: side.role, seq: marked ?? seq };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
