// Test helpers of the chat: a real WebSocket client (the `ws` package) that keeps every frame it gets, and the app
// listening on a port of its own, and opening a conversation over HTTP. Used by the chat's tests only.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import {
  CHAT_MESSAGES,
  CHAT_PROTOCOL_VERSION,
  CHAT_WS_PATH,
  type ChatConversation,
  type ChatServerFrame,
} from '@fjt/domain';

export const clientId = () => randomUUID();

type Waiter = { match: (f: ChatServerFrame) => boolean; skip: number; resolve: (f: ChatServerFrame) => void };

export class ChatClient {
  readonly frames: ChatServerFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<Waiter>();

  constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ChatServerFrame;
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (!waiter.match(frame)) continue;
        if (waiter.skip-- > 0) continue;
        this.waiters.delete(waiter);
        waiter.resolve(frame);
      }
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static open(url: string, headers: Record<string, string>): Promise<ChatClient> {
    const socket = new WebSocket(url, { headers });
    const client = new ChatClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** The first frame matching (after `skip` earlier matches), received already or awaited. */
  next(match: (f: ChatServerFrame) => boolean, { skip = 0, timeoutMs = 10_000 } = {}): Promise<ChatServerFrame> {
    const seen = this.frames.filter(match);
    if (seen.length > skip) return Promise.resolve(seen[skip]!);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        skip: skip - seen.length,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  send(frame: unknown) {
    this.socket.send(JSON.stringify(frame));
  }

  sendRaw(data: string | Buffer, binary = false) {
    this.socket.send(data, { binary });
  }

  /** hello (with resume) and the welcome. */
  async hello(resume: { conversationId: number; afterSeq: number }[] = []) {
    this.send({ t: 'hello', v: CHAT_PROTOCOL_VERSION, resume });
    return this.next((f) => f.t === 'welcome');
  }

  /** Sends `count` texts at once and waits for their acks; their seqs, in the order sent. */
  async sendTexts(conversationId: number, count: number): Promise<number[]> {
    const ids = Array.from({ length: count }, () => clientId());
    for (const [i, id] of ids.entries()) {
      this.send({ t: 'send', conversationId, clientId: id, content: { kind: 'text', text: `消息${i + 1}` } });
    }
    const acks = await Promise.all(ids.map((id) => this.next((f) => f.t === 'ack' && f.clientId === id)));
    return acks.map((a) => (a as { seq: number }).seq);
  }

  close() {
    this.socket.close(1000, 'bye');
  }
}

/**
 * After a user spent the burst of the message limit (the sends since `started`): 15 more at once, more than the
 * refill (one a second) can have given back meanwhile (and fewer than the 20 refusals in a row that end a socket). Some go through, at most one per second passed (and one
 * for the second under way); the others are refused 'rate_limited' in Chinese. Answers how many went through.
 */
export async function sendBeyondLimit(client: ChatClient, conversationId: number, started: number): Promise<number> {
  const ids = Array.from({ length: 15 }, () => clientId());
  for (const id of ids) {
    client.send({ t: 'send', conversationId, clientId: id, content: { kind: 'text', text: '超出' } });
  }
  const answers = await Promise.all(
    ids.map((id) => client.next((f) => (f.t === 'ack' || f.t === 'error') && 'clientId' in f && f.clientId === id)),
  );
  const refused = answers.filter((f) => f.t === 'error');
  expect(refused.length).toBeGreaterThan(0);
  expect(refused[0]).toMatchObject({ code: 'rate_limited', message: CHAT_MESSAGES.tooFast });
  const accepted = answers.length - refused.length;
  expect(accepted).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000) + 1);
  return accepted;
}

export class ChatTestServer {
  private readonly clients = new Set<ChatClient>();
  private constructor(readonly url: string) {}

  static async listen(app: FastifyInstance): Promise<ChatTestServer> {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return new ChatTestServer(`ws://127.0.0.1:${port}${CHAT_WS_PATH}`);
  }

  /** A client signed in as `user` the way our pages are: the session cookie and our origin. */
  connect(user: { headers: Record<string, string> }): Promise<ChatClient> {
    return this.connectRaw(user.headers);
  }

  async connectRaw(headers: Record<string, string>): Promise<ChatClient> {
    const client = await ChatClient.open(this.url, headers);
    this.clients.add(client);
    return client;
  }

  async closeClients() {
    for (const client of this.clients) client.close();
  }
}

/** POST im/conversations as `user` (200 expected, never cached): the user's open conversation with `peer`. */
export async function openConversation(
  app: FastifyInstance,
  user: { headers: Record<string, string> },
  peer = 'support',
): Promise<ChatConversation> {
  const res = await app.inject({
    method: 'POST',
    url: '/rabbit/v1/im/conversations',
    headers: user.headers,
    payload: { peer },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { body: { conversation: ChatConversation } }).body.conversation;
}
