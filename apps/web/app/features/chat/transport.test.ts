import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_CLOSE, CHAT_POLL_MS, type ChatMessage } from '@fjt/domain';
import { ChatConnection, RECONNECT_MAX_MS, type SocketContext } from './connection.ts';
import { HttpChatSocket, MIN_POLL_INTERVAL_MS } from './http-transport.ts';
import { CONV, FakeSocket, afterOf, fakeFetch, msg as chatMessage, type FakeFetch } from './testing.ts';
import {
  FAILURES_BEFORE_FALLBACK,
  PROBE_INTERVAL_MS,
  PROBE_TIMEOUT_MS,
  createTransportPicker,
  type TransportPicker,
} from './transport.ts';

/** The bot's message `seq` of CONV. */
const msg = (seq: number, over: Partial<ChatMessage> = {}) =>
  chatMessage(seq, { senderRole: 'bot', senderName: '房价通助手', ...over });

const context: SocketContext = { resumePoints: () => [] };
const welcome = { t: 'welcome', v: 1, userId: 7, heartbeatMs: 20_000 };

let webSockets: FakeSocket[];
let fallbacks: FakeSocket[];
let online: boolean;

function picker(withWebSocket = true): TransportPicker {
  return createTransportPicker({
    createWebSocket: withWebSocket
      ? () => {
          const s = new FakeSocket();
          webSockets.push(s);
          return s;
        }
      : null,
    createFallback: () => {
      const s = new FakeSocket();
      fallbacks.push(s);
      return s;
    },
    isOnline: () => online,
  });
}

/** Lets the timers due now and the promises behind them run. */
async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
  webSockets = [];
  fallbacks = [];
  online = true;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the transport picker', () => {
  it(`switches to the fallback after ${FAILURES_BEFORE_FALLBACK} WebSockets in a row end without a frame`, () => {
    const pick = picker();
    for (let i = 0; i < FAILURES_BEFORE_FALLBACK; i++) {
      expect(pick.kind()).toBe('websocket');
      pick('ws://test/ws/im', context);
      webSockets[i]!.onopen?.();
      webSockets[i]!.fail();
    }
    expect(pick.kind()).toBe('http');
    pick('ws://test/ws/im', context);
    expect(webSockets).toHaveLength(FAILURES_BEFORE_FALLBACK);
    expect(fallbacks).toHaveLength(1);
  });

  it('does not count sockets that worked, failed offline, were closed by the client or refused the session', () => {
    const pick = picker();
    const next = () => {
      const socket = pick('ws://test/ws/im', context);
      return { socket, fake: webSockets[webSockets.length - 1]! };
    };
    next().fake.fail();
    next().fake.fail();
    // one that got a frame resets the count
    const good = next();
    good.fake.frame(welcome);
    good.fake.fail(1006);
    next().fake.fail();
    // offline: says nothing about the WebSocket
    online = false;
    next().fake.fail();
    online = true;
    // closed by the connection (a resume, leaving the page)
    next().socket.close(4000, 'resume');
    next().socket.close(1000, 'leave');
    // no session: the connection stops there anyway
    next().fake.fail(CHAT_CLOSE.unauthorized);
    next().fake.fail();
    expect(pick.kind()).toBe('websocket');
    // given up by the connection as silent (no frame before its heartbeat timeout): a failure
    next().socket.close(CHAT_CLOSE.timeout, 'heartbeat');
    expect(pick.kind()).toBe('http');
  });

  it('uses the fallback at once where there is no WebSocket, or it cannot be made', () => {
    expect(picker(false).kind()).toBe('http');
    picker(false)('ws://test/ws/im', context);
    expect(fallbacks).toHaveLength(1);

    const throwing = createTransportPicker({
      createWebSocket: () => {
        throw new DOMException('blocked', 'SecurityError');
      },
      createFallback: () => new FakeSocket(),
      isOnline: () => true,
    });
    expect(throwing('ws://test/ws/im', context)).toBeInstanceOf(Object);
    expect(throwing.kind()).toBe('http');
  });

  it('probes a WebSocket every few minutes while on the fallback and moves back once one answers', () => {
    const withWs = picker();
    for (let i = 0; i < FAILURES_BEFORE_FALLBACK; i++) {
      withWs('ws://test/ws/im', context);
      webSockets[i]!.fail();
    }
    const socket = withWs('ws://test/ws/im', context);
    const closes: number[] = [];
    socket.onclose = (ev) => closes.push(ev.code);
    const fallback = fallbacks[fallbacks.length - 1]!;

    // the first probe fails: nothing changes for the connection, another comes later
    vi.advanceTimersByTime(PROBE_INTERVAL_MS);
    expect(webSockets).toHaveLength(FAILURES_BEFORE_FALLBACK + 1);
    webSockets[FAILURES_BEFORE_FALLBACK]!.fail();
    expect(closes).toEqual([]);
    expect(withWs.kind()).toBe('http');

    // the second opens but never answers its ping: given up after PROBE_TIMEOUT_MS
    vi.advanceTimersByTime(PROBE_INTERVAL_MS);
    const silent = webSockets[FAILURES_BEFORE_FALLBACK + 1]!;
    silent.onopen?.();
    expect(silent.sent).toEqual([{ t: 'ping' }]);
    vi.advanceTimersByTime(PROBE_TIMEOUT_MS);
    expect(silent.closedWith).toBe(1000);
    expect(closes).toEqual([]);

    // the third gets its pong: the fallback ends as a server restart would, and the next transport is a WebSocket
    vi.advanceTimersByTime(PROBE_INTERVAL_MS);
    const probe = webSockets[FAILURES_BEFORE_FALLBACK + 2]!;
    probe.onopen?.();
    probe.frame({ t: 'pong' });
    expect(probe.closedWith).toBe(1000);
    expect(fallback.closedWith).toBe(1000);
    expect(closes).toEqual([CHAT_CLOSE.restart]);
    expect(withWs.kind()).toBe('websocket');
    withWs('ws://test/ws/im', context);
    expect(webSockets).toHaveLength(FAILURES_BEFORE_FALLBACK + 3 + 1);
  });

  it('stops probing when the fallback ends, and a fallback that reconnects does not put the probe off', () => {
    const pick = picker();
    for (let i = 0; i < FAILURES_BEFORE_FALLBACK; i++) {
      pick('ws://test/ws/im', context);
      webSockets[i]!.fail();
    }
    // the fallback drops after 2 minutes and the connection makes another: the probe stays due 5 minutes after the
    // switch
    const first = pick('ws://test/ws/im', context);
    vi.advanceTimersByTime(2 * 60_000);
    first.onclose = () => {};
    fallbacks[0]!.fail();
    const second = pick('ws://test/ws/im', context);
    vi.advanceTimersByTime(PROBE_INTERVAL_MS - 2 * 60_000 - 1);
    expect(webSockets).toHaveLength(FAILURES_BEFORE_FALLBACK);
    vi.advanceTimersByTime(1);
    expect(webSockets).toHaveLength(FAILURES_BEFORE_FALLBACK + 1);
    webSockets[FAILURES_BEFORE_FALLBACK]!.fail();

    // leaving the page: no more probes
    second.close(1000, 'leave');
    vi.advanceTimersByTime(PROBE_INTERVAL_MS * 3);
    expect(webSockets).toHaveLength(FAILURES_BEFORE_FALLBACK + 1);
  });
});

describe('the chat connection over the fallback', () => {
  let net: FakeFetch;

  function connect() {
    net = fakeFetch();
    let ids = 0;
    const conn = new ChatConnection({
      url: 'ws://test/ws/im',
      createSocket: createTransportPicker({
        createWebSocket: () => {
          const s = new FakeSocket();
          webSockets.push(s);
          return s;
        },
        createFallback: (ctx) =>
          new HttpChatSocket({ base: '/rabbit/v1', resumePoints: ctx.resumePoints, fetch: net.fetch }),
        isOnline: () => online,
      }),
      random: () => 0.5,
      newClientId: () => `client-id-${++ids}`,
    });
    return conn;
  }

  /** Fails each WebSocket the connection opens until it is on the fallback. */
  async function failWebSockets() {
    for (let i = 0; i < FAILURES_BEFORE_FALLBACK; i++) {
      expect(webSockets).toHaveLength(i + 1);
      webSockets[i]!.onopen?.();
      webSockets[i]!.fail();
      await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    }
    await settle();
  }

  it('resends an unacked send over the fallback and keeps the timeline ordered, each seq once', async () => {
    const conn = connect();
    conn.track(CONV, [msg(1), msg(2)]);
    conn.start();
    // a send while the WebSocket fails waits in the outbox
    const clientId = conn.send(CONV.id, { kind: 'text', text: '你好' });
    await failWebSockets();
    expect(webSockets).toHaveLength(FAILURES_BEFORE_FALLBACK);

    // the fallback: hello with the resume point
    const hello = net.posts()[0]!;
    expect(hello.body!.frames).toEqual([{ t: 'hello', v: 1, resume: [{ conversationId: 11, afterSeq: 2 }] }]);
    hello.answer([welcome, { t: 'replayed', conversationId: 11, lastSeq: 2 }]);
    await settle();
    expect(conn.getSnapshot().status).toBe('open');

    // the send goes again, with the same client id, and is acked
    const resend = net.posts()[1]!;
    expect(resend.body!.frames).toEqual([
      { t: 'send', conversationId: 11, clientId, content: { kind: 'text', text: '你好' } },
    ]);
    resend.answer([{ t: 'ack', conversationId: 11, clientId, seq: 3, at: '2026-11-27T12:00:01.000Z' }]);
    await settle();
    expect(conn.getSnapshot().outbox).toEqual([]);

    // the poll (started once the hello was answered) asks after what the connection had then; its answer comes out
    // of order and repeats: shown once, in order
    const poll = net.polls()[0]!;
    expect(afterOf(poll.url)).toEqual(['11:2']);
    poll.answer([
      { t: 'message', message: msg(5) },
      { t: 'message', message: msg(3, { clientId, senderRole: 'user', text: '你好' }) },
      { t: 'message', message: msg(4) },
      { t: 'message', message: msg(4) },
    ]);
    await settle();
    const view = conn.getSnapshot().conversations.get(CONV.id)!;
    expect(view.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(view.messages[2]!.text).toBe('你好');
    expect(view.lastSeq).toBe(5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(afterOf(net.polls()[1]!.url)).toEqual(['11:5']);

    // heartbeats cost no POST while the poll runs, and the connection stays open well past its silence limit
    for (let i = 1; i <= 3; i++) {
      // the server holds each poll its full time and answers nothing
      await vi.advanceTimersByTimeAsync(CHAT_POLL_MS);
      net.polls()[i]!.answer([]);
      await vi.advanceTimersByTimeAsync(MIN_POLL_INTERVAL_MS);
    }
    expect(net.polls()).toHaveLength(5);
    expect(net.posts()).toHaveLength(2);
    expect(conn.getSnapshot().status).toBe('open');
    conn.stop();
  });

  it('reconnects over the fallback with its backoff after a failed poll, and a 401 ends as unauthorized', async () => {
    const conn = connect();
    conn.track(CONV, []);
    conn.start();
    await failWebSockets();
    net.posts()[0]!.answer([welcome]);
    await settle();
    net.polls()[0]!.drop();
    await settle();
    expect(conn.getSnapshot().status).toBe('offline');
    await vi.advanceTimersByTimeAsync(RECONNECT_MAX_MS);
    await settle();
    // a new fallback transport (the WebSocket is not tried again yet), which says hello again
    expect(webSockets).toHaveLength(FAILURES_BEFORE_FALLBACK);
    expect(net.posts()).toHaveLength(2);
    net.posts()[1]!.fail(401, '请先登录后再咨询');
    await settle();
    expect(conn.getSnapshot().status).toBe('unauthorized');
  });
});
