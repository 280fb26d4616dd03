import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_CLOSE, CHAT_POLL_MS } from '@fjt/domain';
import type { ResumePoint } from './connection.ts';
import {
  HTTP_CLOSE_NETWORK,
  HTTP_CLOSE_SERVER,
  HttpChatSocket,
  MIN_POLL_INTERVAL_MS,
  POLL_GRACE_MS,
  TYPING_POST_INTERVAL_MS,
} from './http-transport.ts';
import { afterOf, fakeFetch, type FakeFetch } from './testing.ts';

const hello = { t: 'hello', v: 1, resume: [{ conversationId: 11, afterSeq: 2 }] };
const welcome = { t: 'welcome', v: 1, userId: 7, heartbeatMs: 20_000 };
const message = (seq: number) => ({ t: 'message', message: { conversationId: 11, seq, text: `第${seq}条` } });

let net: FakeFetch;
let points: ResumePoint[];
let received: Record<string, unknown>[];
let closes: { code: number; reason?: string }[];
let opened: number;

function transport() {
  const socket = new HttpChatSocket({ base: '/rabbit/v1', resumePoints: () => points, fetch: net.fetch });
  socket.onopen = () => (opened += 1);
  socket.onmessage = (ev) => received.push(JSON.parse(String(ev.data)) as Record<string, unknown>);
  socket.onclose = (ev) => closes.push(ev);
  return socket;
}

/** Lets the timers due now and the promises behind them run. */
async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

/** A transport past its hello: welcomed, and its first poll under way. */
async function started() {
  const socket = transport();
  await settle();
  socket.send(JSON.stringify(hello));
  await settle();
  net.posts()[0]!.answer([welcome]);
  await settle();
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  net = fakeFetch();
  points = [{ conversationId: 11, afterSeq: 2 }];
  received = [];
  closes = [];
  opened = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the HTTP fallback transport', () => {
  it('opens after its creator set the handlers, posts the hello and delivers the answer in order, then polls', async () => {
    const socket = transport();
    expect(opened).toBe(0);
    await settle();
    expect(opened).toBe(1);
    socket.send(JSON.stringify(hello));
    await settle();
    expect(net.requests).toHaveLength(1);
    expect(net.requests[0]!.url).toBe('/rabbit/v1/im/frames');
    expect(net.requests[0]!.body).toEqual({ frames: [hello] });
    // no poll before the hello's replay has arrived: it would only ask for the same messages again
    expect(net.polls()).toHaveLength(0);

    points = [{ conversationId: 11, afterSeq: 4 }];
    net.requests[0]!.answer([welcome, message(3), message(4), { t: 'replayed', conversationId: 11, lastSeq: 4 }]);
    await settle();
    expect(received.map((f) => f.t)).toEqual(['welcome', 'message', 'message', 'replayed']);
    expect(net.polls()).toHaveLength(1);
    expect(net.polls()[0]!.url).toMatch(/^\/rabbit\/v1\/im\/poll\?/);
    expect(afterOf(net.polls()[0]!.url)).toEqual(['11:4']);
  });

  it('sends the frames written together in one POST, and one POST at a time, in order', async () => {
    const socket = await started();
    const send = (text: string) =>
      socket.send(JSON.stringify({ t: 'send', conversationId: 11, clientId: text, content: { kind: 'text', text } }));
    send('a');
    send('b');
    await settle();
    expect(net.posts()).toHaveLength(2);
    expect(net.posts()[1]!.body!.frames.map((f) => f.clientId)).toEqual(['a', 'b']);
    // written while that POST is out: it waits for the answer (the server stores a sender's messages in order)
    send('c');
    await settle();
    expect(net.posts()).toHaveLength(2);
    net.posts()[1]!.answer([
      { t: 'ack', conversationId: 11, clientId: 'a', seq: 3, at: '' },
      { t: 'ack', conversationId: 11, clientId: 'b', seq: 4, at: '' },
    ]);
    await settle();
    expect(received.filter((f) => f.t === 'ack').map((f) => f.clientId)).toEqual(['a', 'b']);
    expect(net.posts()).toHaveLength(3);
    expect(net.posts()[2]!.body!.frames.map((f) => f.clientId)).toEqual(['c']);
  });

  it('posts 正在输入 at most every TYPING_POST_INTERVAL_MS', async () => {
    const socket = await started();
    const typing = () => socket.send(JSON.stringify({ t: 'typing', conversationId: 11 }));
    typing();
    await settle();
    net.posts()[1]!.answer([]);
    await vi.advanceTimersByTimeAsync(TYPING_POST_INTERVAL_MS - 1);
    typing();
    await settle();
    expect(net.posts()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    typing();
    await settle();
    expect(net.posts()).toHaveLength(3);
    expect(net.posts()[2]!.body).toEqual({ frames: [{ t: 'typing', conversationId: 11 }] });
  });

  it('polls again after the resume points as they are then, until closed', async () => {
    const socket = await started();
    expect(afterOf(net.polls()[0]!.url)).toEqual(['11:2']);
    points = [{ conversationId: 11, afterSeq: 3 }];
    net.polls()[0]!.answer([message(3), { t: 'typing', conversationId: 11, role: 'support', name: '客服小房' }]);
    await settle();
    expect(received.slice(1).map((f) => f.t)).toEqual(['message', 'typing']);
    // a poll answered at once: the next one no sooner than MIN_POLL_INTERVAL_MS after it started
    expect(net.polls()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(MIN_POLL_INTERVAL_MS);
    expect(net.polls()).toHaveLength(2);
    expect(afterOf(net.polls()[1]!.url)).toEqual(['11:3']);
    // an empty answer (the hold ran out) polls again
    await vi.advanceTimersByTimeAsync(CHAT_POLL_MS);
    net.polls()[1]!.answer([]);
    await settle();
    expect(net.polls()).toHaveLength(3);

    socket.close(1000, 'leave');
    expect(net.polls()[2]!.aborted).toBe(true);
    expect(closes).toEqual([{ code: 1000, reason: 'leave' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.polls()).toHaveLength(3);
    expect(() => socket.send(JSON.stringify({ t: 'ping' }))).toThrow();
  });

  it('polls without after when there is no conversation, and leaves out one the server refused', async () => {
    points = [
      { conversationId: 11, afterSeq: 2 },
      { conversationId: 12, afterSeq: 0 },
    ];
    await started();
    expect(afterOf(net.polls()[0]!.url)).toEqual(['11:2', '12:0']);
    net.polls()[0]!.answer([{ t: 'error', code: 'forbidden', message: '无权访问该会话', conversationId: 12 }]);
    await vi.advanceTimersByTimeAsync(MIN_POLL_INTERVAL_MS);
    expect(afterOf(net.polls()[1]!.url)).toEqual(['11:2']);

    points = [];
    net.polls()[1]!.answer([]);
    await vi.advanceTimersByTimeAsync(MIN_POLL_INTERVAL_MS);
    expect(net.polls()[2]!.url).toBe('/rabbit/v1/im/poll');
  });

  it('answers pings itself while the poll runs; a ping before the first answer goes to the server', async () => {
    const socket = transport();
    await settle();
    socket.send(JSON.stringify({ t: 'ping' }));
    await settle();
    expect(net.posts()[0]!.body).toEqual({ frames: [{ t: 'ping' }] });
    net.posts()[0]!.answer([{ t: 'pong' }]);
    await settle();
    expect(net.polls()).toHaveLength(1);

    socket.send(JSON.stringify({ t: 'ping' }));
    await settle();
    expect(net.posts()).toHaveLength(1);
    expect(received).toEqual([{ t: 'pong' }, { t: 'pong' }]);
  });

  it('closes when a poll fails, so the connection reconnects with its backoff', async () => {
    await started();
    net.polls()[0]!.drop();
    await settle();
    expect(closes).toEqual([{ code: HTTP_CLOSE_NETWORK, reason: 'network' }]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(net.polls()).toHaveLength(1);
  });

  it('gives up a poll the server holds past its longest wait', async () => {
    await started();
    await vi.advanceTimersByTimeAsync(CHAT_POLL_MS + POLL_GRACE_MS - 1);
    expect(closes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(net.polls()[0]!.aborted).toBe(true);
    expect(closes.map((c) => c.code)).toEqual([HTTP_CLOSE_NETWORK]);
  });

  it('maps a 401 to the unauthorized close (as the socket’s 4401) and a server error to 1011', async () => {
    let socket = transport();
    await settle();
    socket.send(JSON.stringify(hello));
    await settle();
    net.posts()[0]!.fail(401, '请先登录后再咨询');
    await settle();
    expect(closes.map((c) => c.code)).toEqual([CHAT_CLOSE.unauthorized]);
    expect(net.polls()).toHaveLength(0);

    closes = [];
    net = fakeFetch();
    socket = await started();
    net.polls()[0]!.fail(503, '服务暂不可用');
    await settle();
    expect(closes).toEqual([{ code: HTTP_CLOSE_SERVER, reason: '服务暂不可用' }]);
    expect(() => socket.send('{"t":"ping"}')).toThrow();
  });

  it('stops delivering once the connection closes it from a handler', async () => {
    const socket = await started();
    socket.onmessage = (ev) => {
      received.push(JSON.parse(String(ev.data)) as Record<string, unknown>);
      socket.close(4000, 'resume');
    };
    net.polls()[0]!.answer([message(3), message(4)]);
    await settle();
    expect(received.slice(1).map((f) => f.t)).toEqual(['message']);
    expect(closes).toEqual([{ code: 4000, reason: 'resume' }]);
  });
});
