import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_CLOSE, CHAT_HEARTBEAT_MS, CHAT_MESSAGES } from '@fjt/domain';
import { CONV, FakeSocket, msg } from './testing.ts';
import {
  ChatConnection,
  DEAD_AFTER_INTERVALS,
  GAP_GRACE_MS,
  HEALTHY_MS,
  MAX_GAP_RESUMES,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  SEND_TIMEOUT_MS,
  TYPING_SHOW_MS,
  UNAVAILABLE_AFTER_FAILURES,
  backoffDelay,
} from './connection.ts';

let sockets: FakeSocket[];
let ids: number;

function setup(random = () => 0.5, role: 'user' | 'support' = 'user') {
  sockets = [];
  ids = 0;
  const conn = new ChatConnection({
    role,
    url: 'ws://test/ws/im',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    random,
    newClientId: () => `client-id-${++ids}`,
  });
  return conn;
}
const last = () => sockets[sockets.length - 1]!;
const seqs = (conn: ChatConnection) =>
  conn
    .getSnapshot()
    .conversations.get(CONV.id)
    ?.messages.map((m) => m.seq);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T12:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chat connection', () => {
  it('says hello with the resume point of each tracked conversation and is open after the welcome', () => {
    const conn = setup();
    conn.track(CONV, [msg(4), msg(5), msg(6)]);
    conn.start();
    expect(conn.getSnapshot().status).toBe('connecting');
    last().open();
    expect(last().sent[0]).toEqual({ t: 'hello', v: 1, resume: [{ conversationId: 11, afterSeq: 6 }] });
    last().frame({ t: 'welcome', v: 1, userId: 7, heartbeatMs: CHAT_HEARTBEAT_MS });
    expect(conn.getSnapshot().status).toBe('open');
  });

  it('resends every unacked send after a reconnect, with the same client id', () => {
    const conn = setup();
    conn.track(CONV, []);
    conn.start();
    last().welcome();
    const first = conn.send(CONV.id, { kind: 'text', text: '你好' });
    expect(last().framesOf('send')).toEqual([
      { t: 'send', conversationId: 11, clientId: first, content: { kind: 'text', text: '你好' } },
    ]);
    last().serverClose(1006);
    expect(conn.getSnapshot().status).toBe('offline');
    // sent while offline: queued, still 发送中
    const second = conn.send(CONV.id, { kind: 'text', text: '在吗' });
    expect(conn.getSnapshot().outbox.map((e) => e.status)).toEqual(['sending', 'sending']);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(2);
    last().welcome();
    expect(
      last()
        .framesOf('send')
        .map((f) => f.clientId),
    ).toEqual([first, second]);
    last().frame({ t: 'ack', conversationId: 11, clientId: first, seq: 1, at: '2026-11-27T12:00:01.000Z' });
    last().frame({ t: 'ack', conversationId: 11, clientId: second, seq: 2, at: '2026-11-27T12:00:02.000Z' });
    const snap = conn.getSnapshot();
    expect(snap.outbox).toEqual([]);
    expect(snap.conversations.get(11)?.messages.map((m) => [m.seq, m.text, m.clientId])).toEqual([
      [1, '你好', first],
      [2, '在吗', second],
    ]);
  });

  it('shows a replayed message once and resumes after the last seq seen', () => {
    const conn = setup();
    conn.track(CONV, [msg(1), msg(2)]);
    conn.start();
    last().welcome();
    last().frame({ t: 'message', message: msg(3) });
    last().serverClose(1006);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    last().open();
    expect(last().sent[0]).toMatchObject({ resume: [{ conversationId: 11, afterSeq: 3 }] });
    // the server replays 3 anyway (and 2): shown once each
    last().frame({ t: 'message', message: msg(2) });
    last().frame({ t: 'message', message: msg(3) });
    last().frame({ t: 'message', message: msg(4) });
    last().frame({ t: 'replayed', conversationId: 11, lastSeq: 4 });
    expect(seqs(conn)).toEqual([1, 2, 3, 4]);
  });

  it('keeps seq order when messages arrive out of order, and resumes again when a gap stays open', () => {
    const conn = setup();
    conn.track(CONV, [msg(1)]);
    conn.start();
    last().welcome();
    last().frame({ t: 'message', message: msg(3) });
    last().frame({ t: 'message', message: msg(2) });
    expect(seqs(conn)).toEqual([1, 2, 3]);
    expect(conn.getSnapshot().conversations.get(11)?.lastSeq).toBe(3);
    // 5 without 4: given a moment, then a fresh resume after 3
    last().frame({ t: 'message', message: msg(5) });
    expect(seqs(conn)).toEqual([1, 2, 3, 5]);
    vi.advanceTimersByTime(GAP_GRACE_MS);
    expect(sockets[0]!.closedWith).toBe(4000);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toMatchObject({ resume: [{ conversationId: 11, afterSeq: 3 }] });
    last().frame({ t: 'message', message: msg(4) });
    last().frame({ t: 'message', message: msg(5) });
    expect(seqs(conn)).toEqual([1, 2, 3, 4, 5]);
    expect(conn.getSnapshot().conversations.get(11)?.lastSeq).toBe(5);
  });

  it('gives up on a gap that resuming does not fill, instead of reconnecting for ever', () => {
    const conn = setup();
    conn.track(CONV, [msg(1)]);
    conn.start();
    last().welcome();
    last().frame({ t: 'message', message: msg(3) });
    for (let i = 0; i < MAX_GAP_RESUMES; i++) {
      vi.advanceTimersByTime(GAP_GRACE_MS);
      last().welcome();
      last().frame({ t: 'replayed', conversationId: 11, lastSeq: 3 });
    }
    expect(sockets).toHaveLength(1 + MAX_GAP_RESUMES);
    vi.advanceTimersByTime(GAP_GRACE_MS);
    expect(sockets).toHaveLength(1 + MAX_GAP_RESUMES);
    expect(conn.getSnapshot().conversations.get(11)?.lastSeq).toBe(3);
    last().frame({ t: 'message', message: msg(4) });
    vi.advanceTimersByTime(GAP_GRACE_MS * 4);
    expect(sockets).toHaveLength(1 + MAX_GAP_RESUMES);
    expect(seqs(conn)).toEqual([1, 3, 4]);
  });

  it('does not resume when a gap fills within the grace period', () => {
    const conn = setup();
    conn.track(CONV, [msg(1)]);
    conn.start();
    last().welcome();
    last().frame({ t: 'message', message: msg(3) });
    vi.advanceTimersByTime(GAP_GRACE_MS / 2);
    last().frame({ t: 'message', message: msg(2) });
    vi.advanceTimersByTime(GAP_GRACE_MS * 2);
    expect(sockets).toHaveLength(1);
  });

  it('backs off exponentially with jitter, capped, and starts again from the base after a healthy connection', () => {
    expect(backoffDelay(0, () => 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(backoffDelay(0, () => 0.999999)).toBe(RECONNECT_BASE_MS);
    expect(backoffDelay(3, () => 0)).toBe((RECONNECT_BASE_MS * 8) / 2);
    expect(backoffDelay(20, () => 0.999999)).toBe(RECONNECT_MAX_MS);

    const conn = setup(() => 0.999999);
    conn.start();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = sockets.length;
      last().serverClose(1006);
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 15000, 15000]);
    // a connection that stays open resets the backoff
    last().welcome();
    vi.advanceTimersByTime(HEALTHY_MS);
    last().serverClose(1006);
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(sockets).toHaveLength(9);
  });

  it('pings every heartbeat and treats 2.5 silent intervals as a dead connection', () => {
    const conn = setup();
    conn.start();
    last().welcome();
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS);
    expect(last().framesOf('ping')).toHaveLength(1);
    last().frame({ t: 'pong' });
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS);
    expect(last().framesOf('ping')).toHaveLength(2);
    // no pong any more: dead 2.5 intervals after the last frame heard
    vi.advanceTimersByTime(CHAT_HEARTBEAT_MS * (DEAD_AFTER_INTERVALS - 1) - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets[0]!.closedWith).toBe(CHAT_CLOSE.timeout);
    expect(conn.getSnapshot().status).toBe('offline');
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(sockets).toHaveLength(2);
  });

  it('fails a send not acked within 10 s online, and 重发 resends it with the same client id', () => {
    const conn = setup();
    conn.track(CONV, []);
    conn.start();
    last().welcome();
    const id = conn.send(CONV.id, { kind: 'text', text: '你好' });
    vi.advanceTimersByTime(SEND_TIMEOUT_MS - 1);
    expect(conn.getSnapshot().outbox[0]?.status).toBe('sending');
    // the pong keeps the connection alive; the send is still unanswered
    last().frame({ t: 'pong' });
    vi.advanceTimersByTime(1);
    expect(conn.getSnapshot().outbox[0]).toMatchObject({ status: 'failed', error: CHAT_MESSAGES.sendFailed });
    conn.retry(id);
    expect(conn.getSnapshot().outbox[0]?.status).toBe('sending');
    expect(
      last()
        .framesOf('send')
        .map((f) => f.clientId),
    ).toEqual([id, id]);
    last().frame({ t: 'ack', conversationId: 11, clientId: id, seq: 1, at: '2026-11-27T12:00:11.000Z' });
    expect(conn.getSnapshot().outbox).toEqual([]);
    expect(seqs(conn)).toEqual([1]);
  });

  it('does not count time offline towards a send failing', () => {
    const conn = setup();
    conn.track(CONV, []);
    conn.start();
    last().serverClose(1006);
    conn.send(CONV.id, { kind: 'text', text: '你好' });
    vi.advanceTimersByTime(SEND_TIMEOUT_MS * 3);
    // reconnect attempts keep failing
    expect(conn.getSnapshot().outbox[0]?.status).toBe('sending');
  });

  it('fails the send an error frame names with its Chinese message, and shows other errors as a notice', () => {
    const conn = setup();
    conn.track(CONV, []);
    conn.start();
    last().welcome();
    const id = conn.send(CONV.id, { kind: 'text', text: '你好' });
    last().frame({ t: 'error', code: 'rate_limited', message: CHAT_MESSAGES.tooFast, clientId: id });
    expect(conn.getSnapshot().outbox[0]).toMatchObject({ status: 'failed', error: CHAT_MESSAGES.tooFast });
    last().frame({ t: 'error', code: 'forbidden', message: CHAT_MESSAGES.notYourConversation, conversationId: 11 });
    expect(conn.getSnapshot().notice?.message).toBe(CHAT_MESSAGES.notYourConversation);
  });

  it('takes the server copy of a message over the one built from its ack, and settles a send seen in a replay', () => {
    const conn = setup();
    conn.track(CONV, []);
    conn.start();
    last().welcome();
    const a = conn.send(CONV.id, { kind: 'text', text: '一' });
    last().frame({ t: 'ack', conversationId: 11, clientId: a, seq: 1, at: '2026-11-27T12:00:01.000Z' });
    last().frame({
      t: 'message',
      message: msg(1, { clientId: a, senderRole: 'user', senderName: '用户', text: '一' }),
    });
    expect(conn.getSnapshot().conversations.get(11)?.messages[0]?.senderName).toBe('用户');
    // a send whose ack was lost: the replay carries its client id
    const b = conn.send(CONV.id, { kind: 'text', text: '二' });
    last().frame({ t: 'message', message: msg(2, { clientId: b, senderRole: 'user', text: '二' }) });
    expect(conn.getSnapshot().outbox).toEqual([]);
  });

  it('says 客服系统异常。 once when the chat server stays unreachable while online, and keeps trying', () => {
    const conn = setup();
    conn.start();
    for (let i = 0; i < UNAVAILABLE_AFTER_FAILURES - 1; i++) {
      last().serverClose(1006);
      vi.advanceTimersByTime(RECONNECT_MAX_MS);
    }
    expect(conn.getSnapshot().notice).toBeNull();
    last().serverClose(1006);
    expect(conn.getSnapshot().notice?.message).toBe(CHAT_MESSAGES.unavailable);
    const id = conn.getSnapshot().notice?.id;
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    last().serverClose(1006);
    expect(conn.getSnapshot().notice?.id).toBe(id);
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(UNAVAILABLE_AFTER_FAILURES + 2);
  });

  it('shows the peer typing for a few seconds, or until their message arrives', () => {
    const conn = setup();
    conn.track(CONV, []);
    conn.start();
    last().welcome();
    last().frame({ t: 'typing', conversationId: 11, role: 'support', name: '客服小房' });
    expect(conn.getSnapshot().conversations.get(11)?.typing?.name).toBe('客服小房');
    vi.advanceTimersByTime(TYPING_SHOW_MS);
    expect(conn.getSnapshot().conversations.get(11)?.typing).toBeNull();
    last().frame({ t: 'typing', conversationId: 11, role: 'support', name: '客服小房' });
    last().frame({ t: 'message', message: msg(1) });
    expect(conn.getSnapshot().conversations.get(11)?.typing).toBeNull();
    // the user's own typing (another tab) is not shown
    last().frame({ t: 'typing', conversationId: 11, role: 'user', name: '我' });
    expect(conn.getSnapshot().conversations.get(11)?.typing).toBeNull();
  });

  it('stops reconnecting and reports login required on an unauthorized close', () => {
    const conn = setup();
    conn.start();
    last().serverClose(CHAT_CLOSE.unauthorized);
    expect(conn.getSnapshot().status).toBe('unauthorized');
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 4);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects at once when the server restarts', () => {
    const conn = setup();
    conn.start();
    last().welcome();
    last().serverClose(CHAT_CLOSE.restart);
    expect(sockets).toHaveLength(2);
    expect(conn.getSnapshot().status).toBe('connecting');
    // closed again before a welcome: the backoff, not a tight loop
    last().serverClose(CHAT_CLOSE.restart);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(sockets).toHaveLength(3);
  });

  it('follows the browser offline and online events', () => {
    const conn = setup();
    conn.start();
    last().welcome();
    conn.setNetwork(false);
    expect(sockets[0]!.closedWith).toBe(1000);
    expect(conn.getSnapshot().status).toBe('offline');
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);
    conn.setNetwork(true);
    expect(sockets).toHaveLength(2);
    expect(conn.getSnapshot().status).toBe('connecting');
  });

  it('closes for good on stop', () => {
    const conn = setup();
    conn.start();
    last().welcome();
    conn.stop();
    expect(sockets[0]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);
    expect(conn.getSnapshot().status).toBe('stopped');
  });

  it('as staff: keeps the tracked conversation, counts the others as activity without resuming them', () => {
    const conn = setup(() => 0.5, 'support');
    conn.track(CONV, [msg(1, { senderRole: 'user', senderName: '用户' })]);
    conn.start();
    last().welcome();
    const other = 99;
    last().frame({ t: 'message', message: msg(40, { conversationId: other, senderRole: 'user' }) });
    last().frame({ t: 'conversation', conversation: { ...CONV, id: other, state: 'waiting' } });
    last().frame({ t: 'typing', conversationId: other, role: 'user', name: '用户' });
    expect(conn.getSnapshot().activity).toBe(2);
    expect(conn.getSnapshot().conversations.has(other)).toBe(false);
    vi.advanceTimersByTime(GAP_GRACE_MS * 3);
    expect(sockets).toHaveLength(1);

    // the user's typing shows to staff; staff's own ack-built message is on the staff side
    last().frame({ t: 'typing', conversationId: CONV.id, role: 'user', name: '用户' });
    expect(conn.getSnapshot().conversations.get(CONV.id)?.typing).toMatchObject({ role: 'user' });
    const id = conn.send(CONV.id, { kind: 'text', text: '您好' });
    last().frame({ t: 'ack', conversationId: CONV.id, clientId: id, seq: 2, at: '2026-11-27T12:00:00.000Z' });
    expect(conn.getSnapshot().conversations.get(CONV.id)?.messages[1]).toMatchObject({ seq: 2, senderRole: 'support' });
    // the user's read mark is the peer's for staff
    last().frame({ t: 'read', conversationId: CONV.id, role: 'user', seq: 2 });
    expect(conn.getSnapshot().conversations.get(CONV.id)?.peerReadSeq).toBe(2);
    expect(seqs(conn)).toEqual([1, 2]);
  });
});
