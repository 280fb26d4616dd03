// The support chat's contract (issue 15, PAGES.md §3.12, docs/chat-protocol.md): protocol version 1 of the frames on
// the WebSocket `/ws/im`, the same frames over the HTTP fallback, and the HTTP calls around them. Every frame is one
// JSON object with a type `t`. A message carries the sender's client id (the dedupe key: sending it again never
// stores it twice) and, once stored, its conversation's sequence number (1, 2, 3 … without gaps); the server acks a
// message only after it is durably stored, and a client that reconnects resumes each conversation after the last
// sequence number it has seen (what it missed is replayed in order).
import { z } from 'zod';
import { idParam } from './params.ts';

export const CHAT_PROTOCOL_VERSION = 1;
/** The WebSocket path (not under the API prefix: it is not a JSON envelope). */
export const CHAT_WS_PATH = '/ws/im';
/** A client pings at this interval; the server closes a connection it has heard nothing from for 2.5 intervals. */
export const CHAT_HEARTBEAT_MS = 20_000;
export const CHAT_MAX_TEXT = 1000;
export const CHAT_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
/** An uploaded image is stored with its long edge at most this many pixels (smaller ones are not enlarged). */
export const CHAT_IMAGE_MAX_EDGE = 1280;
/**
 * The most pixels an upload may decode to (all frames of an animation together): a 50-megapixel photo fits; more
 * is refused before it is decoded, so a small file claiming huge dimensions (a decompression bomb) costs no memory.
 */
export const CHAT_IMAGE_MAX_PIXELS = 50_000_000;
/**
 * Messages one user may send per minute (across their connections): a burst of this many, then one every 60/N s
 * (a token bucket); a send beyond it gets a rate error frame.
 */
export const CHAT_MESSAGES_PER_MINUTE = 60;
/** History pages (upward) and replays are sent this many messages at a time. */
export const CHAT_PAGE_SIZE = 30;
/** Spec §4 and §9: chat message info needs this app version inside the app. */
export const CHAT_MESSAGE_INFO_MIN_APP_VERSION = '12.8.0';

/** Chinese messages of the chat (spec §8 where it names them). */
export const CHAT_MESSAGES = {
  unavailable: '客服系统异常。',
  network: 'Network Error.',
  loginRequired: '请先登录后再咨询',
  badFrame: '消息格式不正确',
  unsupportedVersion: '客户端版本过旧，请刷新页面后重试',
  conversationNotFound: '会话不存在或已结束',
  notYourConversation: '无权访问该会话',
  tooLong: `消息不能超过${CHAT_MAX_TEXT}个字`,
  empty: '消息不能为空',
  tooFast: '发送太频繁，请稍后再试',
  imageTooLarge: '图片不能超过5MB',
  imageType: '只支持 JPG、PNG、WebP、GIF 图片',
  imagePixels: '图片尺寸过大，请缩小后再发送',
  sendFailed: '发送失败，请点击重发',
  offline: '网络已断开，正在重新连接…',
} as const;

/** The FAQ bot of a support conversation (issue 15): its name, what hands over to a person, and its lines. */
export const CHAT_BOT = {
  name: '房价通助手',
  /** Sent as a text message (the chat's 转人工 button sends it): the conversation waits for a person. */
  handoff: '转人工',
  greeting:
    '您好，我是房价通助手，可以回答会员、成交价数据、支付退款、经纪人联系等常见问题。需要人工客服请回复「转人工」。',
  /** After each answer. */
  more: '没有解决您的问题？回复「转人工」联系人工客服。',
  unknown: '抱歉，这个问题我还不会回答。您可以换个说法，或回复「转人工」联系人工客服。',
  handedOff: '正在为您转接人工客服，请稍候；客服接入前您的消息都会保留。',
} as const;

/** Who a conversation is with: support (客服) or one agent (the agent list's 在线咨询, `/im?userid=agent-<id>`). */
export const chatPeer = z.union([
  z.literal('support'),
  z.string().regex(/^agent-[1-9]\d{0,9}$/, { message: '咨询对象不正确' }),
]);
export type ChatPeer = z.infer<typeof chatPeer>;

export const CHAT_ROLES = ['user', 'support', 'agent', 'bot', 'system'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];
export const CHAT_KINDS = ['text', 'image', 'estate', 'notice'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];

/** A client's id for a message it sends: its dedupe key (a UUID or any 8–64 safe characters). */
export const chatClientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { message: '消息编号格式不正确' });

export const chatImage = z.object({
  /** Same-origin path under /img. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export const chatEstateCard = z.object({
  cityId: z.number().int(),
  estateId: z.number().int(),
  name: z.string(),
  /** 元/㎡, null when unknown. */
  unitPrice: z.number().nullable(),
});

/** What a client sends: exactly one of text, image (uploaded first) or estate (a card of an estate id). */
export const chatContentInput = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    text: z
      .string()
      .trim()
      .min(1, { message: CHAT_MESSAGES.empty })
      .max(CHAT_MAX_TEXT, { message: CHAT_MESSAGES.tooLong }),
  }),
  z.object({ kind: z.literal('image'), imageId: idParam('imageId', '图片编号不正确') }),
  z.object({ kind: z.literal('estate'), cityId: idParam('cityId'), estateId: idParam('estateId') }),
]);
export type ChatContentInput = z.infer<typeof chatContentInput>;

export const chatMessage = z.object({
  conversationId: z.number().int(),
  seq: z.number().int(),
  clientId: z.string().nullable(),
  senderId: z.number().int().nullable(),
  senderRole: z.enum(CHAT_ROLES),
  /** The sender's display name (客服小房, an agent's name, 房价通助手 for the bot). */
  senderName: z.string(),
  kind: z.enum(CHAT_KINDS),
  text: z.string().nullable(),
  image: chatImage.nullable(),
  estate: chatEstateCard.nullable(),
  /** ISO time it was stored. */
  at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

// ---------- frames: client → server ----------

export const chatClientFrame = z.discriminatedUnion('t', [
  /** First frame: the protocol version, and per open conversation the last sequence number seen (replay after it). */
  z.object({
    t: z.literal('hello'),
    v: z.number().int(),
    resume: z
      .array(z.object({ conversationId: z.number().int().positive(), afterSeq: z.number().int().min(0) }))
      .max(50)
      .default([]),
  }),
  z.object({
    t: z.literal('send'),
    conversationId: z.number().int().positive(),
    clientId: chatClientId,
    content: chatContentInput,
  }),
  z.object({ t: z.literal('typing'), conversationId: z.number().int().positive() }),
  z.object({ t: z.literal('read'), conversationId: z.number().int().positive(), seq: z.number().int().min(0) }),
  z.object({ t: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrame>;

// ---------- frames: server → client ----------

export type ChatServerFrame =
  | { t: 'welcome'; v: number; userId: number; heartbeatMs: number }
  /** The message with this client id is stored as `seq` (sent again for a resend of a stored message). */
  | { t: 'ack'; conversationId: number; clientId: string; seq: number; at: string }
  /** A stored message, live or replayed; a client shows each (conversationId, seq) once. */
  | { t: 'message'; message: ChatMessage }
  /** The replay after `afterSeq` is complete up to `lastSeq`. */
  | { t: 'replayed'; conversationId: number; lastSeq: number }
  | { t: 'typing'; conversationId: number; role: ChatRole; name: string }
  | { t: 'read'; conversationId: number; role: ChatRole; seq: number }
  /** A conversation changed hands or state (claimed by a person, transferred, closed). */
  | { t: 'conversation'; conversation: ChatConversation }
  | { t: 'pong' }
  /** A refused frame (a Chinese message); `clientId` names the send it refuses. The connection stays open. */
  | { t: 'error'; code: ChatErrorCode; message: string; clientId?: string; conversationId?: number };

export const CHAT_ERROR_CODES = [
  'bad_frame',
  'unsupported_version',
  'not_found',
  'forbidden',
  'too_long',
  'rate_limited',
  'bad_content',
  'closed',
] as const;
export type ChatErrorCode = (typeof CHAT_ERROR_CODES)[number];

/** WebSocket close codes the server uses (4000–4999 are the application's). */
export const CHAT_CLOSE = {
  /** No session: log in first (the reason is CHAT_MESSAGES.loginRequired). */
  unauthorized: 4401,
  /** Heartbeats stopped. */
  timeout: 4408,
  /** Too many malformed or refused frames in a row. */
  abuse: 4429,
  /** The server is shutting down: reconnect (to another instance). */
  restart: 4503,
} as const;

// ---------- HTTP: conversations, history, upload, fallback ----------

export const CHAT_CONVERSATION_STATES = ['bot', 'waiting', 'claimed', 'closed'] as const;
export type ChatConversationState = (typeof CHAT_CONVERSATION_STATES)[number];

export const chatConversation = z.object({
  id: z.number().int(),
  peer: z.string(),
  /** Who answers: the FAQ bot, nobody yet (waiting for a person), a person, or nobody any more. */
  state: z.enum(CHAT_CONVERSATION_STATES),
  /** The peer header: 在线客服, or the agent's name. */
  title: z.string(),
  avatar: z.string().nullable(),
  /** The person answering, once claimed. */
  staffName: z.string().nullable(),
  lastSeq: z.number().int(),
  /** The last sequence number the user has read. */
  readSeq: z.number().int(),
  createdAt: z.string(),
  /**
   * Someone answers the peer right now (a support staff member, or the agent, connected on any instance); given by
   * POST im/conversations. Absent elsewhere.
   */
  peerOnline: z.boolean().optional(),
});
export type ChatConversation = z.infer<typeof chatConversation>;

/** NEW POST im/conversations: the user's open conversation with the peer, or a new one (login). */
export const chatOpenInput = z.object({ peer: chatPeer, cityId: idParam('cityId').optional() });
export const chatOpenBody = z.object({ conversation: chatConversation });
export type ChatOpenBody = z.infer<typeof chatOpenBody>;

/** NEW GET im/conversations/{id}/messages?beforeSeq: history upward, newest page first (login, own only). */
export const chatHistoryQuery = z.object({ beforeSeq: z.coerce.number().int().min(1).optional() });
export const chatHistoryBody = z.object({
  list: z.array(chatMessage),
  /** There is older history before the first of `list`. */
  more: z.boolean(),
});
export type ChatHistoryBody = z.infer<typeof chatHistoryBody>;

/** NEW POST im/upload (multipart, field `file`): an image for a message; resized, served from /img. */
export const chatUploadBody = z.object({ imageId: z.number().int(), image: chatImage });
export type ChatUploadBody = z.infer<typeof chatUploadBody>;

/**
 * The HTTP fallback for a client whose WebSocket fails: NEW POST im/frames with `{ frames: ChatClientFrame[] }` gets
 * the answers to them; NEW GET im/poll?after=<conversationId>:<seq>,… holds up to CHAT_POLL_MS and answers the frames
 * (messages, typing, read, conversation) that arrived meanwhile. The frames are the same as on the WebSocket.
 */
export const CHAT_POLL_MS = 25_000;

// ---------- HTTP: the staff side (support desk, agents) ----------

/** NEW GET im/staff/conversations?state: the conversations a staff member answers, newest activity first (staff). */
export const chatStaffListQuery = z.object({
  state: z.enum(CHAT_CONVERSATION_STATES, { error: '会话状态不正确' }).optional(),
  /** 1: only the conversations the viewer answers. */
  mine: z
    .enum(['0', '1'], { error: 'mine 只能是 0 或 1' })
    .transform((v) => v === '1')
    .optional(),
});
export const chatStaffConversation = chatConversation.extend({
  /** The user as staff see them (房价通用户<id>). */
  userName: z.string(),
  /** The last sequence number the staff side has read. */
  staffReadSeq: z.number().int(),
  /** ISO time of the last message or change. */
  updatedAt: z.string(),
  /** ISO time since which it waits for a person (转人工, or opened with an agent); null while the bot serves it. */
  waitingSince: z.string().nullable(),
  /** The staff user answering it (once claimed), and whether that is the viewer. */
  staffUserId: z.number().int().nullable(),
  mine: z.boolean(),
  /** The newest message, for the queue's one-line preview ([图片], [小区] for the other kinds). */
  preview: z.string().nullable(),
  /** Why it was closed (CHAT_CLOSE_TAGS or the staff's own tag). */
  closeTag: z.string().nullable(),
});
export type ChatStaffConversation = z.infer<typeof chatStaffConversation>;
export const chatStaffListBody = z.object({ list: z.array(chatStaffConversation) });
export type ChatStaffListBody = z.infer<typeof chatStaffListBody>;
/** The most a staff list answers. */
export const CHAT_STAFF_LIST_SIZE = 100;

/** The support console's close reasons (the tag stored with a closed conversation), in the order it offers them. */
export const CHAT_CLOSE_TAGS = {
  resolved: '已解决',
  no_reply: '用户未回复',
  follow_up: '转线下跟进',
  complaint: '投诉建议',
  invalid: '无效会话',
} as const;
export type ChatCloseTag = keyof typeof CHAT_CLOSE_TAGS;

/** The support console's canned replies (快捷回复): a tap puts one into the input, to send as it is or edit. */
export const CHAT_CANNED_REPLIES: readonly string[] = [
  '您好，我是房价通客服小房，很高兴为您服务，请问有什么可以帮您？',
  '请稍等，我这边帮您查询一下。',
  '会员开通后立即生效，可在「我的-会员中心」查看到期时间。',
  '订单退款会在1–3个工作日内原路退回，请留意支付账户的到账通知。',
  '成交价数据来自各地公开的网签备案信息，每月更新一次。',
  '如果不希望经纪人再联系您，可在「我的-隐私设置」中关闭，或回复「不再联系我」，我们会立即处理。',
  '请问还有其他问题吗？',
  '感谢您的耐心等待，祝您生活愉快！',
];

/** An agent's canned replies in the same console (an agent writes under its own name, about its estates). */
export const CHAT_AGENT_CANNED_REPLIES: readonly string[] = [
  '您好，我是这个小区的经纪人，请问您想了解哪方面的情况？',
  '这套房源目前还在售，您方便的话可以约个时间看房。',
  '我把小区最近的成交价整理一下发给您参考。',
  '小区附近的学校、地铁和配套我都比较熟悉，可以详细给您介绍。',
  '您的预算和户型需求大概是怎样的？我帮您筛选合适的房源。',
  '还有其他问题随时问我。',
];

/** Messages of the support console. */
export const CHAT_DESK_MESSAGES = {
  claimedByOther: '该会话已由其他客服接待',
  notClaimedByYou: '请先接入该会话',
  transferTarget: '只能转接给其他客服人员',
  summarySupportOnly: '只有客服可以查看用户资料',
  userGone: '该用户已注销',
  /** The notices the user sees. */
  claimed: (name: string) => `${name}已接入，很高兴为您服务`,
  transferred: '已为您转接其他客服，请稍候',
} as const;

// NEW POST im/conversations/{id}/claim: the staff member takes a waiting (or bot-served) conversation; the user sees
// CHAT_DESK_MESSAGES.claimed. NEW POST im/conversations/{id}/transfer: the support member answering it hands it to
// another support member.
export const chatTransferInput = z.object({ toUserId: idParam('toUserId', '客服编号不正确') });

/** NEW GET im/staff/desk: what the console needs once: the viewer, colleagues to transfer to, canned replies, tags. */
export const chatDeskBody = z.object({
  userId: z.number().int(),
  support: z.boolean(),
  agentId: z.number().int().nullable(),
  /** The other support staff (transfer targets), with whether they have a console open now. */
  colleagues: z.array(z.object({ userId: z.number().int(), name: z.string(), online: z.boolean() })),
  canned: z.array(z.string()),
  closeTags: z.array(z.object({ tag: z.string(), label: z.string() })),
});
export type ChatDeskBody = z.infer<typeof chatDeskBody>;

/**
 * NEW GET im/conversations/{id}/summary (support role): the user beside the conversation — registration, masked
 * mobile, membership end, recent orders and recent leads (5 each, newest first).
 */
export const chatUserSummaryBody = z.object({
  userId: z.number().int(),
  userName: z.string(),
  mobile: z.string(),
  regDate: z.string(),
  vipExpireDate: z.string().nullable(),
  /** The membership is running now. */
  vipActive: z.boolean(),
  orders: z.array(
    z.object({
      orderNo: z.string(),
      subject: z.string(),
      amountFen: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  leads: z.array(
    z.object({
      id: z.number().int(),
      estateName: z.string().nullable(),
      serviceType: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Earlier conversations of the user with support (closed), newest first. */
  pastConversations: z.number().int(),
});
export type ChatUserSummary = z.infer<typeof chatUserSummaryBody>;

/** NEW POST im/conversations/{id}/close: ends a conversation (its user, or the staff answering it). */
export const chatCloseInput = z.object({
  /** Why: resolved (默认), or a short tag of the staff's own. */
  tag: z
    .string()
    .regex(/^[a-z0-9_-]{1,32}$/, { message: '关闭原因格式不正确' })
    .optional(),
});
