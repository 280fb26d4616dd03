// Fakes for the chat client's tests: a conversation and its messages as the server sends them, and a fetch whose
// answers the test gives by hand, one request at a time.
import { CHAT_HEARTBEAT_MS, type ChatConversation, type ChatMessage } from '@fjt/domain';
import type { ChatSocket } from './connection.ts';
import type { FetchLike } from './http-transport.ts';

/** A socket the test opens, feeds and closes by hand; it records what the client wrote. */
export class FakeSocket implements ChatSocket {
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: ChatSocket['onopen'] = null;
  onmessage: ChatSocket['onmessage'] = null;
  onclose: ChatSocket['onclose'] = null;
  onerror: ChatSocket['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  open() {
    this.onopen?.();
  }
  frame(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  welcome() {
    this.open();
    this.frame({ t: 'welcome', v: 1, userId: 7, heartbeatMs: CHAT_HEARTBEAT_MS });
  }
  /** The server (or the network) ends it. */
  serverClose(code: number) {
    this.onclose?.({ code, reason: '' });
  }
  /** A proxy that refuses the upgrade: the socket ends without a frame. */
  fail(code = 1006) {
    this.serverClose(code);
  }
  framesOf(t: string) {
    return this.sent.filter((f) => f.t === t);
  }
}

/** A support conversation the FAQ bot serves. */
export const CONV: ChatConversation = {
  id: 11,
  peer: 'support',
  state: 'bot',
  title: '在线客服',
  avatar: null,
  staffName: null,
  lastSeq: 0,
  readSeq: 0,
  createdAt: '2026-11-27T10:00:00.000Z',
};

/** Message `seq` of CONV: a text from support unless `over` says otherwise. */
export function msg(seq: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    conversationId: CONV.id,
    seq,
    clientId: null,
    senderId: null,
    senderRole: 'support',
    senderName: '客服小房',
    kind: 'text',
    text: `第${seq}条`,
    image: null,
    estate: null,
    at: '2026-11-27T10:00:00.000Z',
    ...over,
  };
}

export interface FakeRequest {
  url: string;
  method: string;
  /** The parsed JSON body of a POST. */
  body: { frames: Record<string, unknown>[] } | undefined;
  aborted: boolean;
  settled: boolean;
  /** Answers `{ resultCode: 0, body: { frames } }`. */
  answer(frames: unknown[]): void;
  /** Answers with an HTTP status and envelope. */
  fail(status: number, errMsg?: string): void;
  /** The network fails (fetch rejects). */
  drop(): void;
}

/** A response with only what the transport reads. */
function response(status: number, json: unknown): Response {
  return { status, ok: status >= 200 && status < 300, json: async () => json } as Response;
}

export function fakeFetch() {
  const requests: FakeRequest[] = [];
  const fetch: FetchLike = (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const request: FakeRequest = {
        url,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as FakeRequest['body']) : undefined,
        aborted: false,
        settled: false,
        answer(frames) {
          this.settled = true;
          resolve(response(200, { resultCode: 0, errMsg: '', body: { frames } }));
        },
        fail(status, errMsg = '') {
          this.settled = true;
          resolve(response(status, { resultCode: status, errMsg, body: null }));
        },
        drop() {
          this.settled = true;
          reject(new TypeError('Failed to fetch'));
        },
      };
      init.signal?.addEventListener('abort', () => {
        request.aborted = true;
        request.settled = true;
        reject(new DOMException('aborted', 'AbortError'));
      });
      requests.push(request);
    });
  return {
    fetch,
    requests,
    /** The requests still waiting for an answer. */
    open: () => requests.filter((r) => !r.settled),
    posts: () => requests.filter((r) => r.method === 'POST'),
    polls: () => requests.filter((r) => r.url.includes('/im/poll')),
  };
}

export type FakeFetch = ReturnType<typeof fakeFetch>;

/** What a poll's `after` asks for, as "id:seq" pairs (none: an empty list). */
export function afterOf(url: string): string[] {
  const after = new URL(url, 'http://test').searchParams.get('after');
  return after ? after.split(',') : [];
}
