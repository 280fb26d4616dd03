// The chat's connections on this instance and the protocol v1 frames they exchange (docs/chat-protocol.md), whatever
// carries them (ws.ts: the WebSocket; routes.ts: the HTTP fallback). A connection is one signed-in viewer and a
// transport. What it is sent about a conversation goes through its own queue, in order: a message the connection
// would see out of order (another instance published it first) is preceded by the ones it missed, read from the
// database, and one it has seen is not sent again — so each connection sees each conversation's messages once,
// 1, 2, 3 …, live or replayed.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_CLOSE,
  CHAT_MAX_TEXT,
  CHAT_MESSAGES,
  CHAT_PROTOCOL_VERSION,
  chatClientFrame,
  type ChatClientFrame,
  type ChatErrorCode,
  type ChatMessage,
  type ChatServerFrame,
} from '@fjt/domain';
import type { TokenBucket } from '../../lib/token-bucket.ts';
import { concurrencyGate } from '../../lib/gate.ts';
import type { ChatBus } from './bus.ts';
import {
  audienceOf,
  ChatRefusal,
  type ChatAudience,
  type ChatService,
  type ChatSide,
  type ChatViewer,
} from './service.ts';

interface Allowed {
  audience: ChatAudience;
  side: ChatSide;
}

/** Refused or malformed frames in a row that end a connection (CHAT_CLOSE.abuse). */
export const CHAT_BAD_FRAMES_IN_A_ROW = 20;
/** A connection's 正在输入 is passed on at most once per this interval and conversation. */
export const CHAT_TYPING_INTERVAL_MS = 2000;
/** Frames a connection may have waiting to be handled; more end it (CHAT_CLOSE.abuse). */
export const CHAT_MAX_PENDING_FRAMES = 200;
/** Silence that ends a connection, in heartbeat intervals. */
export const CHAT_SILENCE_INTERVALS = 2.5;
/** WebSocket close code of a failure of ours: the client reconnects and resends what was not acked. */
export const CHAT_CLOSE_INTERNAL = 1011;

export interface ChatTransport {
  send(frame: ChatServerFrame): void;
  close(code: number, reason: string): void;
}

export interface ChatConnection {
  readonly id: string;
  readonly viewer: ChatViewer;
  readonly transport: ChatTransport;
  /** Per conversation, the last sequence number this connection has been sent. */
  readonly delivered: Map<number, number>;
  /** Conversations this connection may use, as checked once (typing and read frames). */
  readonly allowed: Map<number, Allowed>;
  /** When this connection last passed on 正在输入, and the read marks it sent, per conversation. */
  readonly typedAt: Map<number, number>;
  readonly readSent: Map<number, number>;
  queue: Promise<void>;
  /** The frames received and not yet handled, handled one after another. */
  inbound: Promise<void>;
  pending: number;
  lastHeard: number;
  badInARow: number;
  closed: boolean;
  /**
   * Whether what the bus brings reaches it. A socket: only once its hello is handled. A message published before
   * would go out ahead of the hello's replay (out of order) and then again in it; what it misses comes with the resume.
   */
  hearsBus: boolean;
}

export interface ChatHubOptions {
  service: ChatService;
  bus: ChatBus;
  /** Messages per user (CHAT_MESSAGES_PER_MINUTE on average), across connections and instances. */
  limit: TokenBucket;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  heartbeatMs: number;
  now?: () => number;
  /** A staff connection came or went (presence.ts publishes who answers). */
  onStaffChange?: () => void;
}

const CHINESE = /[\u4e00-\u9fff]/;

/** Message stores one instance runs at once (see createChatHub). */
export const CHAT_STORES_AT_ONCE = 4;

export function createChatHub({
  service,
  bus,
  limit,
  log,
  heartbeatMs,
  now = Date.now,
  onStaffChange,
}: ChatHubOptions) {
  const connections = new Set<ChatConnection>();
  // Message stores at once on this instance (each connection already sends one at a time): a burst of backlogs after
  // an outage waits here, not in the database's queue in front of reconnects' session lookups and replays.
  const stores = concurrencyGate(CHAT_STORES_AT_ONCE);
  const byUser = new Map<number, Set<ChatConnection>>();
  const supportDesk = new Set<ChatConnection>();
  const byAgent = new Map<number, Set<ChatConnection>>();

  const addTo = <K>(map: Map<K, Set<ChatConnection>>, key: K, c: ChatConnection) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(c);
  };
  const removeFrom = <K>(map: Map<K, Set<ChatConnection>>, key: K, c: ChatConnection) => {
    const set = map.get(key);
    if (!set) return;
    set.delete(c);
    if (set.size === 0) map.delete(key);
  };

  /** The conversation's user's connections and its peer's staff's, each once (a staff member may be the user too). */
  function audienceConnections(audience: ChatAudience): Set<ChatConnection> {
    const all = new Set(byUser.get(audience.userId));
    const staff =
      audience.peer === 'support' ? supportDesk : audience.agentId !== null ? byAgent.get(audience.agentId) : null;
    for (const c of staff ?? []) all.add(c);
    return all;
  }

  function enqueue(c: ChatConnection, work: () => Promise<void> | void) {
    c.queue = c.queue
      .then(async () => {
        if (!c.closed) await work();
      })
      .catch((error: unknown) => {
        log.error({ err: error, connection: c.id }, 'chat: delivering to a connection failed; closing it');
        close(c, CHAT_CLOSE_INTERNAL, 'internal error');
      });
  }

  function send(c: ChatConnection, frame: ChatServerFrame) {
    if (!c.closed) c.transport.send(frame);
  }

  /** Sends the messages of a conversation after what the connection has, up to `upto` (all when absent). */
  async function fill(c: ChatConnection, conversationId: number, upto?: number) {
    let after = c.delivered.get(conversationId) ?? 0;
    for (;;) {
      const page = await service.after(conversationId, after, upto);
      for (const message of page) send(c, { t: 'message', message });
      if (page.length === 0) break;
      after = page[page.length - 1]!.seq;
      c.delivered.set(conversationId, after);
      if (upto !== undefined && after >= upto) break;
    }
  }

  async function deliverMessage(c: ChatConnection, message: ChatMessage) {
    const last = c.delivered.get(message.conversationId);
    if (last !== undefined) {
      if (message.seq <= last) return;
      if (message.seq > last + 1) await fill(c, message.conversationId, message.seq - 1);
    }
    if ((c.delivered.get(message.conversationId) ?? 0) >= message.seq) return;
    send(c, { t: 'message', message });
    c.delivered.set(message.conversationId, message.seq);
  }

  bus.subscribe((event) => {
    for (const c of audienceConnections(event.audience)) {
      if (c.id === event.except || !c.hearsBus) continue;
      const frame = event.frame;
      enqueue(c, () => (frame.t === 'message' ? deliverMessage(c, frame.message) : send(c, frame)));
    }
  });
  // events published while this instance's subscription was away: every connection catches up from the database
  bus.onRestored(() => {
    for (const c of connections)
      for (const conversationId of c.delivered.keys()) enqueue(c, () => fill(c, conversationId));
  });

  function close(c: ChatConnection, code: number, reason: string) {
    if (c.closed) return;
    detach(c);
    try {
      c.transport.close(code, reason);
    } catch {
      // already gone
    }
  }

  function detach(c: ChatConnection) {
    if (c.closed) return;
    c.closed = true;
    connections.delete(c);
    removeFrom(byUser, c.viewer.userId, c);
    supportDesk.delete(c);
    if (c.viewer.agentId !== null) removeFrom(byAgent, c.viewer.agentId, c);
    if (c.viewer.support || c.viewer.agentId !== null) onStaffChange?.();
  }

  function refuse(
    c: ChatConnection,
    code: ChatErrorCode,
    message: string,
    extra: { clientId?: string; conversationId?: number } = {},
  ) {
    send(c, { t: 'error', code, message, ...extra });
    if (++c.badInARow >= CHAT_BAD_FRAMES_IN_A_ROW) close(c, CHAT_CLOSE.abuse, 'too many bad frames');
  }

  /** A frame that did not parse: why, in Chinese, and which send it was (when that much could be read). */
  function malformed(c: ChatConnection, raw: unknown, issueMessage: string | undefined) {
    const frame = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const extra: { clientId?: string; conversationId?: number } = {};
    if (typeof frame.clientId === 'string' && frame.clientId.length <= 64) extra.clientId = frame.clientId;
    if (typeof frame.conversationId === 'number' && Number.isInteger(frame.conversationId)) {
      extra.conversationId = frame.conversationId;
    }
    const content = (typeof frame.content === 'object' && frame.content !== null ? frame.content : {}) as Record<
      string,
      unknown
    >;
    if (frame.t === 'send' && content.kind === 'text' && typeof content.text === 'string') {
      if (content.text.trim().length > CHAT_MAX_TEXT) return refuse(c, 'too_long', CHAT_MESSAGES.tooLong, extra);
    }
    const message = issueMessage && CHINESE.test(issueMessage) ? issueMessage : CHAT_MESSAGES.badFrame;
    refuse(c, 'bad_frame', message, extra);
  }

  async function allowed(c: ChatConnection, conversationId: number): Promise<Allowed> {
    const known = c.allowed.get(conversationId);
    if (known) return known;
    const { row, side } = await service.access(c.viewer, conversationId);
    const value = { audience: audienceOf(row), side };
    if (c.allowed.size < 200) c.allowed.set(conversationId, value);
    return value;
  }

  async function onFrame(c: ChatConnection, frame: ChatClientFrame) {
    switch (frame.t) {
      case 'ping':
        c.badInARow = 0;
        return send(c, { t: 'pong' });
      case 'hello': {
        if (frame.v !== CHAT_PROTOCOL_VERSION) {
          return refuse(c, 'unsupported_version', CHAT_MESSAGES.unsupportedVersion);
        }
        c.badInARow = 0;
        // from here on the bus's frames queue behind the replay below
        c.hearsBus = true;
        send(c, { t: 'welcome', v: CHAT_PROTOCOL_VERSION, userId: c.viewer.userId, heartbeatMs });
        for (const { conversationId, afterSeq } of frame.resume) {
          enqueue(c, async () => {
            try {
              const { row } = await service.access(c.viewer, conversationId);
              c.delivered.set(conversationId, Math.max(afterSeq, 0));
              await fill(c, conversationId);
              send(c, {
                t: 'replayed',
                conversationId,
                lastSeq: Math.max(c.delivered.get(conversationId) ?? 0, Math.min(afterSeq, row.lastSeq)),
              });
            } catch (error) {
              if (!(error instanceof ChatRefusal)) throw error;
              refuse(c, error.code, error.message, { conversationId });
            }
          });
        }
        return;
      }
      case 'send': {
        const extra = { clientId: frame.clientId, conversationId: frame.conversationId };
        const key = `user:${c.viewer.userId}`;
        const take = await limit.take(key);
        if (!take.allowed) return refuse(c, 'rate_limited', CHAT_MESSAGES.tooFast, extra);
        let result;
        try {
          result = await stores(() => service.send(c.viewer, frame));
        } catch (error) {
          await limit.giveBack(key);
          if (error instanceof ChatRefusal) return refuse(c, error.code, error.message, extra);
          throw error;
        }
        c.badInARow = 0;
        const { message, duplicate, audience, changed, replies } = result;
        send(c, {
          t: 'ack',
          conversationId: message.conversationId,
          clientId: frame.clientId,
          seq: message.seq,
          at: message.at,
        });
        if (duplicate) return void (await limit.giveBack(key));
        await bus.publish(audience.conversationId, { audience, frame: { t: 'message', message } });
        if (changed)
          await bus.publish(audience.conversationId, { audience, frame: { t: 'conversation', conversation: changed } });
        for (const reply of replies)
          await bus.publish(audience.conversationId, { audience, frame: { t: 'message', message: reply } });
        return;
      }
      case 'typing': {
        const { audience, side } = await allowed(c, frame.conversationId);
        c.badInARow = 0;
        // 正在输入 needs telling once in a while, not on every key: the rest are dropped here, not on the bus
        const last = c.typedAt.get(audience.conversationId);
        if (last !== undefined && now() - last < CHAT_TYPING_INTERVAL_MS) return;
        c.typedAt.set(audience.conversationId, now());
        await bus.publish(audience.conversationId, {
          audience,
          frame: { t: 'typing', conversationId: audience.conversationId, role: side.role, name: side.name },
          except: c.id,
        });
        return;
      }
      case 'read': {
        // a mark this connection has sent already moves nothing
        if ((c.readSent.get(frame.conversationId) ?? -1) >= frame.seq) {
          c.badInARow = 0;
          return;
        }
        const { audience, role, seq } = await service.read(c.viewer, frame.conversationId, frame.seq);
        c.readSent.set(frame.conversationId, frame.seq);
        c.badInARow = 0;
        await bus.publish(audience.conversationId, {
          audience,
          frame: { t: 'read', conversationId: audience.conversationId, role, seq },
          except: c.id,
        });
        return;
      }
    }
  }

  /**
   * Registers a viewer's connection. `listen: false`: it only gets the answers to its own frames, never what the bus
   * brings (a request of the HTTP fallback that sends frames). `untilHello`: what the bus brings only after its hello
   * (a socket).
   */
  function attach(
    viewer: ChatViewer,
    transport: ChatTransport,
    { listen = true, untilHello = false } = {},
  ): ChatConnection {
    const c: ChatConnection = {
      id: randomUUID(),
      viewer,
      transport,
      delivered: new Map(),
      allowed: new Map(),
      typedAt: new Map(),
      readSent: new Map(),
      queue: Promise.resolve(),
      inbound: Promise.resolve(),
      pending: 0,
      lastHeard: now(),
      badInARow: 0,
      closed: false,
      hearsBus: !untilHello,
    };
    connections.add(c);
    if (!listen) return c;
    addTo(byUser, viewer.userId, c);
    if (viewer.support) supportDesk.add(c);
    if (viewer.agentId !== null) addTo(byAgent, viewer.agentId, c);
    if (viewer.support || viewer.agentId !== null) onStaffChange?.();
    return c;
  }

  /** One text frame from the client: answered, refused with an error frame, never thrown. */
  async function receive(c: ChatConnection, text: string): Promise<void> {
    if (c.closed) return;
    c.lastHeard = now();
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return refuse(c, 'bad_frame', CHAT_MESSAGES.badFrame);
    }
    const parsed = chatClientFrame.safeParse(raw);
    if (!parsed.success) return malformed(c, raw, parsed.error.issues[0]?.message);
    // one frame at a time per connection: a sender's messages are stored in the order it sent them
    if (++c.pending > CHAT_MAX_PENDING_FRAMES) return close(c, CHAT_CLOSE.abuse, 'too many frames at once');
    const frame = parsed.data;
    const run = async () => {
      if (c.closed) return;
      try {
        await onFrame(c, frame);
      } catch (error) {
        if (error instanceof ChatRefusal) {
          const conversationId = 'conversationId' in frame ? frame.conversationId : undefined;
          return refuse(c, error.code, error.message, conversationId === undefined ? {} : { conversationId });
        }
        log.error({ err: error, connection: c.id }, 'chat: a frame failed; closing the connection');
        close(c, CHAT_CLOSE_INTERNAL, 'internal error');
      } finally {
        c.pending--;
      }
    };
    const done = c.inbound.then(run);
    c.inbound = done;
    return done;
  }

  const timer = setInterval(
    () => {
      const silentSince = now() - CHAT_SILENCE_INTERVALS * heartbeatMs;
      for (const c of [...connections])
        if (c.lastHeard < silentSince) close(c, CHAT_CLOSE.timeout, 'heartbeat timeout');
    },
    Math.max(50, Math.floor(heartbeatMs / 2)),
  );
  timer.unref();

  return {
    /** Registers a signed-in viewer's connection. */
    attach,

    /** The connection ended (the client closed it, or the network). */
    detach,

    /** One text frame from the client: answered, refused with an error frame, never thrown. */
    receive,

    /**
     * The HTTP fallback's POST im/frames: the frames handled in order as on a socket, answered with what a socket
     * would have been sent in answer (welcome, acks, errors, replays, pong) — not what the bus brings (im/poll).
     */
    async exchange(viewer: ChatViewer, frames: unknown[]): Promise<ChatServerFrame[]> {
      const answers: ChatServerFrame[] = [];
      const c = attach(viewer, { send: (f) => void answers.push(f), close: () => {} }, { listen: false });
      try {
        for (const frame of frames) await receive(c, JSON.stringify(frame));
        await c.inbound;
        await c.queue;
      } finally {
        detach(c);
      }
      return answers;
    },

    /**
     * The HTTP fallback's GET im/poll: what arrived after the given seqs (at once, when something did), else the
     * frames of the viewer's conversations that arrive within `waitMs` (the first ends the wait). `aborted` ends it
     * early (the client went away); so does a shutdown.
     */
    async poll(
      viewer: ChatViewer,
      after: { conversationId: number; afterSeq: number }[],
      waitMs: number,
      aborted?: Promise<void>,
    ): Promise<ChatServerFrame[]> {
      const frames: ChatServerFrame[] = [];
      let wake = () => {};
      const woken = new Promise<void>((resolve) => (wake = resolve));
      const c = attach(viewer, {
        send: (f) => {
          frames.push(f);
          wake();
        },
        close: () => wake(),
      });
      const timer = setTimeout(wake, waitMs);
      try {
        for (const { conversationId, afterSeq } of after) {
          enqueue(c, async () => {
            try {
              await service.access(c.viewer, conversationId);
              c.delivered.set(conversationId, afterSeq);
              await fill(c, conversationId);
            } catch (error) {
              if (!(error instanceof ChatRefusal)) throw error;
              send(c, { t: 'error', code: error.code, message: error.message, conversationId });
            }
          });
        }
        await c.queue;
        if (frames.length === 0) await Promise.race([woken, aborted ?? woken]);
        // a gap being filled when the first frame arrived completes the answer
        await c.queue;
      } finally {
        clearTimeout(timer);
        detach(c);
      }
      return frames;
    },

    /** Heard from the client without a frame (a WebSocket pong). */
    heard(c: ChatConnection) {
      c.lastHeard = now();
    },

    close,

    /** Every connection, closed with `code` (CHAT_CLOSE.restart on shutdown: clients reconnect elsewhere). */
    closeAll(code: number, reason: string) {
      for (const c of [...connections]) close(c, code, reason);
    },

    /** The viewer's listening connections on this instance (sockets and polls). */
    connectionsOf(userId: number): number {
      return byUser.get(userId)?.size ?? 0;
    },

    /** Who answers on this instance: a support connection (and whose), and the agents with a connection. */
    staffHere(): { support: boolean; agentIds: number[]; supportUserIds: number[] } {
      const supportUserIds = [...new Set([...supportDesk].map((c) => c.viewer.userId))];
      return { support: supportDesk.size > 0, agentIds: [...byAgent.keys()], supportUserIds };
    },

    get size() {
      return connections.size;
    },

    stop() {
      clearInterval(timer);
    },
  };
}

export type ChatHub = ReturnType<typeof createChatHub>;
