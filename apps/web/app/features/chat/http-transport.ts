// The chat's HTTP fallback (issue 15, docs/chat-protocol.md "The HTTP fallback") as a ChatSocket, so the
// ChatConnection runs over it unchanged when the WebSocket cannot be used (transport.ts decides when). Frames the
// connection sends go out in POST im/frames, whose answer (welcome, a resume's replay, acks, errors) is delivered as
// received frames; everything else the server has for the user comes from a GET im/poll loop. Any failure of either
// ends the transport with a close event, so the connection's own backoff, resume and resend apply as for a dropped
// socket. No browser globals: fetch and the clock are injected, for the tests.
import { CHAT_CLOSE, CHAT_POLL_MS, type ChatClientFrame, type ChatServerFrame, type Envelope } from '@fjt/domain';
import { systemClock, type ChatSocket, type Clock, type ResumePoint } from './connection.ts';

/** The most frames one POST im/frames may carry (the server's CHAT_FRAMES_PER_REQUEST). */
export const FRAMES_PER_POST = 20;
/** A poll not answered this long after the server's longest hold is given up: the path is dead. */
export const POLL_GRACE_MS = 10_000;
/** A POST im/frames not answered in this long is given up as well. */
export const POST_TIMEOUT_MS = 20_000;
/** Polls start at least this far apart, so a poll answered at once every time cannot spin. */
export const MIN_POLL_INTERVAL_MS = 500;
/**
 * 正在输入 goes out at most this often over the fallback (the connection's own throttle is 3 s): each is a POST,
 * and POSTs count against the API's per-address write limit (60 a minute by default), which a busy chat behind a
 * shared address must not use up.
 */
export const TYPING_POST_INTERVAL_MS = 10_000;
/** Close codes of the fallback's own failures: the network (as a dropped socket), or a server error answer. */
export const HTTP_CLOSE_NETWORK = 1006;
export const HTTP_CLOSE_SERVER = 1011;

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface HttpChatSocketOptions {
  /** The API's base path (session.ts API). */
  base: string;
  /** The connection's resume points now (SocketContext.resumePoints): each poll asks for what came after them. */
  resumePoints: () => ResumePoint[];
  fetch?: FetchLike;
  clock?: Clock;
}

/** Thrown inside the transport to end it with a close code. */
class Ended extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(reason);
  }
}

export class HttpChatSocket implements ChatSocket {
  onopen: ChatSocket['onopen'] = null;
  onmessage: ChatSocket['onmessage'] = null;
  onclose: ChatSocket['onclose'] = null;
  onerror: ChatSocket['onerror'] = null;

  private readonly fetch: FetchLike;
  private readonly clock: Clock;
  private closed = false;
  /** Frames written and not yet posted. */
  private outgoing: ChatClientFrame[] = [];
  private posting = false;
  private flushTimer: unknown = null;
  /** The poll loop runs once the first POST (the hello, with its replay) is answered. */
  private polling = false;
  private pollTimer: unknown = null;
  private readonly requests = new Set<AbortController>();
  /** Conversations the server refused (forbidden, not found): polling after them again would be refused at once. */
  private readonly refused = new Set<number>();
  private typingPostedAt = -Infinity;

  constructor(private readonly options: HttpChatSocketOptions) {
    this.fetch = options.fetch ?? ((url, init) => fetch(url, init));
    this.clock = options.clock ?? systemClock;
    // like a WebSocket, it opens after its creator has set the handlers; there is nothing to connect first: the
    // hello's POST is the first contact, and its failure closes the transport
    this.clock.setTimeout(() => {
      if (!this.closed) this.onopen?.();
    }, 0);
  }

  send(data: string): void {
    if (this.closed) throw new Error('the chat transport is closed');
    const frame = JSON.parse(data) as ChatClientFrame;
    if (frame.t === 'ping' && this.polling) {
      // the heartbeat: a running poll is proof enough that the path works (a poll that hangs past its hold is
      // given up, which closes the transport), so the pong is answered here instead of costing a POST every 20 s
      this.clock.setTimeout(() => this.deliver([{ t: 'pong' }]), 0);
      return;
    }
    if (frame.t === 'typing') {
      const now = this.clock.now();
      if (now - this.typingPostedAt < TYPING_POST_INTERVAL_MS) return;
      this.typingPostedAt = now;
    }
    this.outgoing.push(frame);
    // the frames written in one go (a welcome's resends) travel in one POST
    if (this.flushTimer === null && !this.posting) {
      this.flushTimer = this.clock.setTimeout(() => {
        this.flushTimer = null;
        void this.flush();
      }, 0);
    }
  }

  close(code = 1000, reason = ''): void {
    this.end(code, reason);
  }

  /** Posts what is waiting, one POST at a time: the server stores a sender's messages in the order it posted them. */
  private async flush(): Promise<void> {
    if (this.closed || this.posting || this.outgoing.length === 0) return;
    const frames = this.outgoing.splice(0, FRAMES_PER_POST);
    this.posting = true;
    try {
      const answer = await this.request('im/frames', POST_TIMEOUT_MS, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch' },
        body: JSON.stringify({ frames }),
      });
      this.deliver(answer);
    } catch (error) {
      return this.failed(error);
    } finally {
      this.posting = false;
    }
    if (this.closed) return;
    if (!this.polling) {
      this.polling = true;
      void this.poll();
    }
    void this.flush();
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    const startedAt = this.clock.now();
    const after = this.options
      .resumePoints()
      .filter((p) => p.conversationId > 0 && !this.refused.has(p.conversationId))
      .map((p) => `${p.conversationId}:${Math.max(0, p.afterSeq)}`)
      .join(',');
    try {
      const frames = await this.request(after ? `im/poll?after=${after}` : 'im/poll', CHAT_POLL_MS + POLL_GRACE_MS, {
        headers: { 'x-requested-with': 'fetch' },
      });
      this.deliver(frames);
    } catch (error) {
      return this.failed(error);
    }
    if (this.closed) return;
    // the next poll asks after the resume points as they are now, so nothing falls between two polls
    const wait = Math.max(0, startedAt + MIN_POLL_INTERVAL_MS - this.clock.now());
    this.pollTimer = this.clock.setTimeout(() => {
      this.pollTimer = null;
      void this.poll();
    }, wait);
  }

  /** One API call: its frames, or Ended (401 → unauthorized, as the socket's close 4401). */
  private async request(path: string, timeoutMs: number, init: RequestInit): Promise<ChatServerFrame[]> {
    const controller = new AbortController();
    this.requests.add(controller);
    const timer = this.clock.setTimeout(() => controller.abort(), timeoutMs);
    try {
      let res: Response;
      try {
        res = await this.fetch(`${this.options.base}/${path}`, {
          ...init,
          credentials: 'same-origin',
          signal: controller.signal,
        });
      } catch {
        throw new Ended(HTTP_CLOSE_NETWORK, 'network');
      }
      if (res.status === 401) throw new Ended(CHAT_CLOSE.unauthorized, 'unauthorized');
      let envelope: Envelope<{ frames?: unknown } | null>;
      try {
        envelope = (await res.json()) as Envelope<{ frames?: unknown } | null>;
      } catch {
        throw new Ended(res.ok ? HTTP_CLOSE_SERVER : HTTP_CLOSE_NETWORK, 'unreadable answer');
      }
      if (!res.ok || envelope.resultCode !== 0 || !Array.isArray(envelope.body?.frames)) {
        throw new Ended(HTTP_CLOSE_SERVER, envelope.errMsg || `status ${res.status}`);
      }
      return envelope.body.frames as ChatServerFrame[];
    } finally {
      this.clock.clearTimeout(timer);
      this.requests.delete(controller);
    }
  }

  /** Hands frames to the connection in order, as a socket's message events (it may close us on the way). */
  private deliver(frames: readonly ChatServerFrame[]): void {
    for (const frame of frames) {
      if (this.closed) return;
      if (frame.t === 'error' && frame.conversationId !== undefined && frame.clientId === undefined) {
        this.refused.add(frame.conversationId);
      }
      this.onmessage?.({ data: JSON.stringify(frame) });
    }
  }

  private failed(error: unknown): void {
    if (this.closed) return;
    if (error instanceof Ended) this.end(error.code, error.message);
    else this.end(HTTP_CLOSE_SERVER, String(error));
  }

  /** Closed for good: requests aborted, timers cleared, one close event (as a WebSocket's). */
  private end(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    for (const controller of this.requests) controller.abort();
    this.requests.clear();
    if (this.flushTimer !== null) this.clock.clearTimeout(this.flushTimer);
    if (this.pollTimer !== null) this.clock.clearTimeout(this.pollTimer);
    this.flushTimer = this.pollTimer = null;
    this.outgoing = [];
    this.onclose?.({ code, reason });
  }
}
