// The support chat's connection (issue 15, PAGES.md §3.12, packages/domain/src/api/chat.ts): one WebSocket speaking
// protocol v1 (or the HTTP fallback behind the same ChatSocket interface, transport.ts), kept alive by heartbeats and
// reconnected with backoff, with an outbox of sends that stay pending until the server acks them (resent after a
// reconnect with the same client id, which the server dedupes) and a per conversation timeline merged by sequence
// number (duplicates dropped, order kept, a gap re-resumed). No React and no browser globals here: the socket
// factory and the clock are injected, so the tests drive it with fakes.
import {
  CHAT_CLOSE,
  CHAT_HEARTBEAT_MS,
  CHAT_MESSAGES,
  CHAT_PROTOCOL_VERSION,
  chatMessage,
  type ChatClientFrame,
  type ChatContentInput,
  type ChatConversation,
  type ChatMessage,
  type ChatRole,
  type ChatServerFrame,
} from '@fjt/domain';

/** The first reconnect waits about this long; each failed attempt doubles it up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_MAX_MS = 15_000;
/** A connection open this long counts as healthy: the next drop starts the backoff again from the base. */
export const HEALTHY_MS = 10_000;
/** Silence (no frame at all, pongs included) for this many heartbeat intervals means the connection is dead. */
export const DEAD_AFTER_INTERVALS = 2.5;
/** A send not acked after this long online is shown as failed (发送失败, 重发). */
export const SEND_TIMEOUT_MS = 10_000;
/** A gap in a conversation's sequence numbers is given this long to fill before the client resumes again. */
export const GAP_GRACE_MS = 3_000;
/** After this many connections in a row fail while online, the user is told 客服系统异常。 (it keeps trying). */
export const UNAVAILABLE_AFTER_FAILURES = 5;
/** Resumes tried for one gap; a hole still there after them is skipped (a contract breach, not worth a loop). */
export const MAX_GAP_RESUMES = 2;
/** The peer's 正在输入 shows this long after its last typing frame. */
export const TYPING_SHOW_MS = 5_000;
/** The client's own typing frames go out at most this often. */
export const TYPING_THROTTLE_MS = 3_000;
/** A close code of the client's own (application range): the connection is closed to resume again. */
const CLIENT_RESUME_CLOSE = 4000;

/** The few WebSocket members the connection uses (the browser's WebSocket has them all). */
export interface ChatSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev?: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev?: unknown) => void) | null;
}
/** Where a conversation's messages are complete up to (the `hello` frame's resume list, the fallback's poll). */
export interface ResumePoint {
  conversationId: number;
  afterSeq: number;
}
/**
 * What a transport may ask of the connection: the HTTP fallback (http-transport.ts) polls after the resume points
 * known at each poll, not only those of its `hello`. A WebSocket needs none of it.
 */
export interface SocketContext {
  resumePoints(): ResumePoint[];
}
export type SocketFactory = (url: string, context: SocketContext) => ChatSocket;

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** connecting: a socket is being opened (or waits for its welcome); offline: none, a reconnect is due. */
export type ChatStatus = 'idle' | 'connecting' | 'open' | 'offline' | 'unauthorized' | 'stopped';

/** What a pending send shows before the server has stored it (an estate card's name, an image's preview). */
export interface ChatPreview {
  text?: string;
  image?: { url: string; width: number; height: number };
  estate?: NonNullable<ChatMessage['estate']>;
}

export interface OutboxEntry {
  clientId: string;
  conversationId: number;
  content: ChatContentInput;
  preview: ChatPreview;
  status: 'sending' | 'failed';
  /** Why it failed (the server's Chinese message, or CHAT_MESSAGES.sendFailed). */
  error: string | null;
  /** When the user sent it (ISO), for the date separators. */
  createdAt: string;
}

export interface ConversationView {
  /** Stored messages, ascending by seq, each seq once. */
  messages: ChatMessage[];
  /** The highest seq up to which nothing is missing (the resume point). */
  lastSeq: number;
  /** The peer is typing: their name, until the clock passes `until`. */
  typing: { name: string; role: ChatRole; until: number } | null;
  /** The last seq the other side has read. */
  peerReadSeq: number;
  /** The latest state the server pushed (claimed, transferred, closed). */
  conversation: ChatConversation | null;
}

export interface ChatSnapshot {
  status: ChatStatus;
  /** A global error (an error frame that names no send), latest first; `id` grows so the same message shows again. */
  notice: { id: number; message: string } | null;
  conversations: ReadonlyMap<number, ConversationView>;
  outbox: readonly OutboxEntry[];
  /** Grows with each frame about a conversation a staff connection does not track (a new message, a handoff). */
  activity: number;
}

export interface ChatConnectionOptions {
  /** The WebSocket URL (ws[s]://host/ws/im). */
  url: string;
  createSocket: SocketFactory;
  clock?: Clock;
  /** 0 ≤ x < 1, for the backoff's jitter. */
  random?: () => number;
  /** A new client id (crypto.randomUUID in the browser). */
  newClientId: () => string;
  /**
   * The side this client writes on: the user (default), or staff answering as support or an agent. A staff
   * connection hears every conversation it answers; it keeps timelines only of those it tracks (the one open in
   * the console) and counts the rest as `activity` (the console refreshes its list on it) instead of resuming
   * each of them from the start.
   */
  role?: 'user' | 'support' | 'agent';
}

interface ConversationState {
  bySeq: Map<number, ChatMessage>;
  /** Seqs known only from our own ack (built from the outbox entry), until the server's copy arrives. */
  provisional: Set<number>;
  lastSeq: number;
  typing: ConversationView['typing'];
  peerReadSeq: number;
  conversation: ChatConversation | null;
}

/** The wait before reconnect attempt `attempt` (0-based): base·2^attempt capped, with "equal jitter" (½ to 1×). */
export function backoffDelay(attempt: number, random: () => number): number {
  const capped = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.round(capped / 2 + (random() * capped) / 2);
}

export class ChatConnection {
  private readonly opts: Required<ChatConnectionOptions>;
  private socket: ChatSocket | null = null;
  private status: ChatStatus = 'idle';
  private attempts = 0;
  /** An immediate reconnect (restart, resume) was made since the last welcome. */
  private quickUsed = false;
  /** Connections in a row that ended (or failed) before a welcome. */
  private unwelcomed = 0;
  private heartbeatMs = CHAT_HEARTBEAT_MS;
  private online = true;
  private readonly conversations = new Map<number, ConversationState>();
  private outbox: OutboxEntry[] = [];
  private notice: ChatSnapshot['notice'] = null;
  private noticeId = 0;
  private lastTypingSent = new Map<number, number>();
  private activity = 0;

  private reconnectTimer: unknown = null;
  private pingTimer: unknown = null;
  private deadTimer: unknown = null;
  private healthyTimer: unknown = null;
  private gapTimer: unknown = null;
  /** Resumes in a row that left a gap open. */
  private gapResumes = 0;
  private readonly sendTimers = new Map<string, unknown>();
  private readonly typingTimers = new Map<number, unknown>();

  private readonly socketContext: SocketContext = { resumePoints: () => this.resumePoints() };

  private snapshot: ChatSnapshot | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(options: ChatConnectionOptions) {
    this.opts = { clock: systemClock, random: Math.random, role: 'user', ...options };
  }

  // ---------- store (for useSyncExternalStore) ----------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => {
    if (!this.snapshot) {
      const conversations = new Map<number, ConversationView>();
      for (const [id, c] of this.conversations) {
        conversations.set(id, {
          messages: [...c.bySeq.values()].sort((a, b) => a.seq - b.seq),
          lastSeq: c.lastSeq,
          typing: c.typing,
          peerReadSeq: c.peerReadSeq,
          conversation: c.conversation,
        });
      }
      this.snapshot = {
        status: this.status,
        notice: this.notice,
        conversations,
        outbox: [...this.outbox],
        activity: this.activity,
      };
    }
    return this.snapshot;
  };

  private changed(): void {
    this.snapshot = null;
    for (const l of this.listeners) l();
  }

  // ---------- lifecycle ----------

  /** Opens the connection (once); it then keeps itself open until stop() or an unauthorized close. */
  start(): void {
    if (this.status !== 'idle' && this.status !== 'stopped') return;
    this.attempts = 0;
    this.connect();
  }

  /** Closes for good (the page is left). */
  stop(): void {
    this.setStatus('stopped');
    this.clearTimer('reconnectTimer');
    this.dropSocket(1000, 'leave');
    for (const t of this.typingTimers.values()) this.opts.clock.clearTimeout(t);
    this.typingTimers.clear();
  }

  /** The browser's online/offline events: offline drops the socket at once, online reconnects without waiting. */
  setNetwork(online: boolean): void {
    if (online === this.online) return;
    this.online = online;
    if (this.status === 'idle' || this.status === 'stopped' || this.status === 'unauthorized') return;
    if (!online) {
      this.clearTimer('reconnectTimer');
      this.dropSocket(1000, 'offline');
      this.setStatus('offline');
      return;
    }
    this.clearTimer('reconnectTimer');
    this.attempts = 0;
    if (!this.socket) this.connect();
  }

  private connect(): void {
    this.clearTimer('reconnectTimer');
    if (!this.online) {
      this.setStatus('offline');
      return;
    }
    this.setStatus('connecting');
    let socket: ChatSocket;
    try {
      socket = this.opts.createSocket(this.opts.url, this.socketContext);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.write({ t: 'hello', v: CHAT_PROTOCOL_VERSION, resume: this.resumePoints() });
      this.armDeadTimer();
      this.schedulePing();
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.receive(ev.data);
    };
    socket.onerror = () => {
      // a close always follows; nothing to do until then
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.closed(ev.code);
    };
  }

  private closed(code: number): void {
    this.stopLiveTimers();
    if (this.status === 'stopped') return;
    if (code === CHAT_CLOSE.unauthorized) {
      this.setStatus('unauthorized');
      return;
    }
    if (!this.online) {
      this.setStatus('offline');
      return;
    }
    if ((code === CHAT_CLOSE.restart || code === CLIENT_RESUME_CLOSE) && !this.quickUsed) {
      // the server moves to another instance, or we resume after a gap: straight away (once per welcome, so a
      // server that keeps restarting is retried with the backoff)
      this.quickUsed = true;
      this.connect();
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.setStatus('offline');
    this.unwelcomed += 1;
    // online, and the chat server has not answered for a while: say so once (spec §8), and keep trying
    if (this.unwelcomed === UNAVAILABLE_AFTER_FAILURES) this.say(CHAT_MESSAGES.unavailable);
    const delay = backoffDelay(this.attempts, this.opts.random);
    this.attempts += 1;
    this.reconnectTimer = this.opts.clock.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /** Closes the current socket without reacting to its close event (its handlers are detached first). */
  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.socket = null;
    this.stopLiveTimers();
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
    try {
      socket.close(code, reason);
    } catch {
      // already closed
    }
  }

  /** Closes the socket as if the server had; the close handler then reconnects. */
  private restartSocket(code: number, reason: string): void {
    if (!this.socket) return;
    this.dropSocket(code, reason);
    this.closed(code);
  }

  // ---------- heartbeat ----------

  private schedulePing(): void {
    this.clearTimer('pingTimer');
    this.pingTimer = this.opts.clock.setTimeout(() => {
      this.pingTimer = null;
      this.write({ t: 'ping' });
      this.schedulePing();
    }, this.heartbeatMs);
  }

  private armDeadTimer(): void {
    this.clearTimer('deadTimer');
    this.deadTimer = this.opts.clock.setTimeout(() => {
      this.deadTimer = null;
      this.restartSocket(CHAT_CLOSE.timeout, 'heartbeat');
    }, this.heartbeatMs * DEAD_AFTER_INTERVALS);
  }

  private stopLiveTimers(): void {
    this.clearTimer('pingTimer');
    this.clearTimer('deadTimer');
    this.clearTimer('healthyTimer');
    this.clearTimer('gapTimer');
    for (const t of this.sendTimers.values()) this.opts.clock.clearTimeout(t);
    this.sendTimers.clear();
  }

  private clearTimer(name: 'reconnectTimer' | 'pingTimer' | 'deadTimer' | 'healthyTimer' | 'gapTimer'): void {
    if (this[name] !== null) this.opts.clock.clearTimeout(this[name]);
    this[name] = null;
  }

  // ---------- frames in ----------

  private receive(data: unknown): void {
    this.armDeadTimer();
    let frame: ChatServerFrame;
    try {
      frame = JSON.parse(String(data)) as ChatServerFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame !== 'object') return;
    switch (frame.t) {
      case 'welcome':
        return this.welcomed(frame.heartbeatMs);
      case 'ack':
        return this.acked(frame.conversationId, frame.clientId, frame.seq, frame.at);
      case 'message': {
        const parsed = chatMessage.safeParse(frame.message);
        if (!parsed.success) return;
        if (this.untracked(parsed.data.conversationId)) return this.noteActivity();
        this.addMessages(parsed.data.conversationId, [parsed.data]);
        return;
      }
      case 'replayed': {
        const c = this.conversations.get(frame.conversationId);
        if (c && c.lastSeq < frame.lastSeq) this.watchGap();
        return;
      }
      case 'typing':
        if (this.untracked(frame.conversationId)) return;
        return this.peerTyping(frame.conversationId, frame.role, frame.name);
      case 'read': {
        if (this.mine(frame.role) || this.untracked(frame.conversationId)) return;
        const c = this.conversation(frame.conversationId);
        if (frame.seq > c.peerReadSeq) {
          c.peerReadSeq = frame.seq;
          this.changed();
        }
        return;
      }
      case 'conversation': {
        if (this.untracked(frame.conversation.id)) return this.noteActivity();
        this.conversation(frame.conversation.id).conversation = frame.conversation;
        this.changed();
        return;
      }
      case 'error':
        return this.refused(frame.message, frame.clientId);
      default:
        return; // pong, and frames of a later protocol
    }
  }

  private welcomed(heartbeatMs: number): void {
    this.unwelcomed = 0;
    this.quickUsed = false;
    if (Number.isFinite(heartbeatMs) && heartbeatMs > 0) this.heartbeatMs = heartbeatMs;
    this.armDeadTimer();
    this.schedulePing();
    this.setStatus('open');
    this.clearTimer('healthyTimer');
    this.healthyTimer = this.opts.clock.setTimeout(() => {
      this.healthyTimer = null;
      this.attempts = 0;
    }, HEALTHY_MS);
    // everything not yet acked goes (again): the server dedupes by client id
    for (const entry of this.outbox) if (entry.status === 'sending') this.transmit(entry);
    // a hole left from before: the replay should fill it; if not, the gap watch resumes again
    if (this.hasGap()) this.watchGap();
  }

  private acked(conversationId: number, clientId: string, seq: number, at: string): void {
    const entry = this.outbox.find((e) => e.clientId === clientId);
    if (!entry) return;
    const c = this.conversation(conversationId);
    if (!c.bySeq.has(seq)) {
      c.provisional.add(seq);
      // the stored message as the server will replay it; a `message` frame with the same seq replaces it
      c.bySeq.set(seq, {
        conversationId,
        seq,
        clientId,
        senderId: null,
        senderRole: this.opts.role,
        senderName: '',
        kind: entry.content.kind,
        text: entry.preview.text ?? null,
        image: entry.preview.image ?? null,
        estate: entry.preview.estate ?? null,
        at,
      });
    }
    this.settle(clientId);
    this.advance(c);
    this.changed();
  }

  private refused(message: string, clientId: string | undefined): void {
    const entry = clientId ? this.outbox.find((e) => e.clientId === clientId) : undefined;
    if (entry) {
      this.fail(entry, message || CHAT_MESSAGES.sendFailed);
      return;
    }
    this.say(message || CHAT_MESSAGES.unavailable);
  }

  private say(message: string): void {
    this.noticeId += 1;
    this.notice = { id: this.noticeId, message };
    this.changed();
  }

  private peerTyping(conversationId: number, role: ChatRole, name: string): void {
    if (this.mine(role)) return;
    const c = this.conversation(conversationId);
    c.typing = { name, role, until: this.opts.clock.now() + TYPING_SHOW_MS };
    const old = this.typingTimers.get(conversationId);
    if (old !== undefined) this.opts.clock.clearTimeout(old);
    this.typingTimers.set(
      conversationId,
      this.opts.clock.setTimeout(() => {
        this.stopTyping(conversationId, c);
        this.changed();
      }, TYPING_SHOW_MS),
    );
    this.changed();
  }

  private stopTyping(conversationId: number, c: ConversationState): void {
    const timer = this.typingTimers.get(conversationId);
    if (timer !== undefined) this.opts.clock.clearTimeout(timer);
    this.typingTimers.delete(conversationId);
    c.typing = null;
  }

  // ---------- timeline ----------

  /** Written from this client's side: the user's own messages, or for staff their side's (support, agent). */
  private mine(role: ChatRole): boolean {
    return this.opts.role === 'user' ? role === 'user' : role !== 'user';
  }

  /** A staff connection keeps no timeline of a conversation it does not track (see ChatConnectionOptions.role). */
  private untracked(conversationId: number): boolean {
    return this.opts.role !== 'user' && !this.conversations.has(conversationId);
  }

  private noteActivity(): void {
    this.activity += 1;
    this.changed();
  }

  private conversation(id: number): ConversationState {
    let c = this.conversations.get(id);
    if (!c) {
      c = { bySeq: new Map(), provisional: new Set(), lastSeq: 0, typing: null, peerReadSeq: 0, conversation: null };
      this.conversations.set(id, c);
    }
    return c;
  }

  /**
   * Starts following a conversation: its newest history page (ascending or not) and the server's last seq. The
   * resume point is the newest of them; what came before the page is loaded with addHistory.
   */
  track(conversation: ChatConversation, newest: readonly ChatMessage[]): void {
    const c = this.conversation(conversation.id);
    c.conversation = conversation;
    for (const m of newest) {
      c.bySeq.set(m.seq, m);
      c.provisional.delete(m.seq);
    }
    const top = newest.reduce((max, m) => Math.max(max, m.seq), 0);
    if (top > c.lastSeq) c.lastSeq = top;
    this.advance(c);
    for (const m of newest) if (m.clientId) this.settle(m.clientId);
    this.changed();
  }

  /** Older messages (history paging upward): shown, never moving the resume point. */
  addHistory(conversationId: number, older: readonly ChatMessage[]): void {
    const c = this.conversation(conversationId);
    for (const m of older) if (!c.bySeq.has(m.seq)) c.bySeq.set(m.seq, m);
    this.changed();
  }

  private addMessages(conversationId: number, messages: readonly ChatMessage[]): void {
    const c = this.conversation(conversationId);
    let added = false;
    for (const m of messages) {
      // a duplicate (replayed again) changes nothing; the server's copy replaces our ack-built one
      if (c.bySeq.has(m.seq) && !c.provisional.has(m.seq)) continue;
      c.provisional.delete(m.seq);
      c.bySeq.set(m.seq, m);
      if (m.clientId) this.settle(m.clientId);
      // what they were typing has arrived
      if (!this.mine(m.senderRole) && c.typing) this.stopTyping(conversationId, c);
      added = true;
    }
    if (!added) return;
    this.advance(c);
    this.changed();
  }

  /** Moves the resume point over every seq now present; a message beyond a hole starts the gap watch. */
  private advance(c: ConversationState): void {
    while (c.bySeq.has(c.lastSeq + 1)) c.lastSeq += 1;
    let beyond = false;
    for (const seq of c.bySeq.keys()) if (seq > c.lastSeq) beyond = true;
    if (beyond) this.watchGap();
    else if (!this.hasGap()) {
      this.clearTimer('gapTimer');
      this.gapResumes = 0;
    }
  }

  private hasGap(): boolean {
    return [...this.conversations.values()].some((c) => [...c.bySeq.keys()].some((s) => s > c.lastSeq));
  }

  private watchGap(): void {
    if (this.gapTimer !== null || !this.socket) return;
    this.gapTimer = this.opts.clock.setTimeout(() => {
      this.gapTimer = null;
      if (this.gapResumes >= MAX_GAP_RESUMES) {
        // resuming did not fill it: the seqs are missing for good; go on from the messages after the hole
        this.gapResumes = 0;
        for (const c of this.conversations.values()) {
          const after = [...c.bySeq.keys()].filter((s) => s > c.lastSeq);
          if (after.length > 0) c.lastSeq = Math.min(...after);
          while (c.bySeq.has(c.lastSeq + 1)) c.lastSeq += 1;
        }
        this.changed();
        return;
      }
      // still a hole: resume again from the last seq before it (the replay fills it)
      this.gapResumes += 1;
      this.restartSocket(CLIENT_RESUME_CLOSE, 'resume');
    }, GAP_GRACE_MS);
  }

  private resumePoints(): ResumePoint[] {
    return [...this.conversations.entries()]
      .filter(([id]) => id > 0)
      .slice(0, 50)
      .map(([conversationId, c]) => ({ conversationId, afterSeq: c.lastSeq }));
  }

  // ---------- frames out ----------

  /** Queues a message; it goes now if open, else at the next welcome. Returns its client id. */
  send(conversationId: number, content: ChatContentInput, preview: ChatPreview = {}): string {
    const entry: OutboxEntry = {
      clientId: this.opts.newClientId(),
      conversationId,
      content,
      preview: content.kind === 'text' ? { text: content.text, ...preview } : preview,
      status: 'sending',
      error: null,
      createdAt: new Date(this.opts.clock.now()).toISOString(),
    };
    this.outbox.push(entry);
    if (this.status === 'open') this.transmit(entry);
    this.changed();
    return entry.clientId;
  }

  /** 重发: the failed send again, with the same client id (a copy the server already stored is not stored twice). */
  retry(clientId: string): void {
    const entry = this.outbox.find((e) => e.clientId === clientId);
    if (!entry || entry.status !== 'failed') return;
    entry.status = 'sending';
    entry.error = null;
    if (this.status === 'open') this.transmit(entry);
    this.changed();
  }

  /** Drops a failed send the user gives up on. */
  discard(clientId: string): void {
    this.settle(clientId);
    this.changed();
  }

  /** Tells the other side the user has read up to `seq`. */
  markRead(conversationId: number, seq: number): void {
    if (this.status === 'open' && seq > 0) this.write({ t: 'read', conversationId, seq });
  }

  /** The user is typing (sent at most every TYPING_THROTTLE_MS). */
  typing(conversationId: number): void {
    if (this.status !== 'open') return;
    const now = this.opts.clock.now();
    const last = this.lastTypingSent.get(conversationId);
    if (last !== undefined && now - last < TYPING_THROTTLE_MS) return;
    this.lastTypingSent.set(conversationId, now);
    this.write({ t: 'typing', conversationId });
  }

  private transmit(entry: OutboxEntry): void {
    this.write({ t: 'send', conversationId: entry.conversationId, clientId: entry.clientId, content: entry.content });
    const old = this.sendTimers.get(entry.clientId);
    if (old !== undefined) this.opts.clock.clearTimeout(old);
    this.sendTimers.set(
      entry.clientId,
      this.opts.clock.setTimeout(() => {
        this.sendTimers.delete(entry.clientId);
        this.fail(entry, CHAT_MESSAGES.sendFailed);
      }, SEND_TIMEOUT_MS),
    );
  }

  private fail(entry: OutboxEntry, message: string): void {
    const t = this.sendTimers.get(entry.clientId);
    if (t !== undefined) this.opts.clock.clearTimeout(t);
    this.sendTimers.delete(entry.clientId);
    if (!this.outbox.includes(entry)) return;
    entry.status = 'failed';
    entry.error = message;
    this.changed();
  }

  /** The send is stored (or given up): out of the outbox. */
  private settle(clientId: string): void {
    const t = this.sendTimers.get(clientId);
    if (t !== undefined) this.opts.clock.clearTimeout(t);
    this.sendTimers.delete(clientId);
    this.outbox = this.outbox.filter((e) => e.clientId !== clientId);
  }

  private write(frame: ChatClientFrame): void {
    try {
      this.socket?.send(JSON.stringify(frame));
    } catch {
      // a socket closing under us: its close event reconnects
    }
  }

  private setStatus(status: ChatStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.changed();
  }
}
