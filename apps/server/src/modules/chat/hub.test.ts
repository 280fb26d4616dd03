// The hub without a network or database: heartbeats (a silent connection is closed with 4408 after 2.5 intervals, a
// talking one is not), the bus delivering to exactly a conversation's audience, and ordered delivery (a gap filled
// from the database, repeats skipped, a catch-up after the bus's subscription comes back).
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_CLOSE, type ChatMessage, type ChatServerFrame } from '@fjt/domain';
import { memoryTokenBucket } from '../../lib/token-bucket.ts';
import { inProcessChatBus, type ChatBus, type ChatBusEvent } from './bus.ts';
import { createChatHub, type ChatHub } from './hub.ts';
import type { ChatService, ChatViewer } from './service.ts';

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

function transport() {
  const sent: ChatServerFrame[] = [];
  const closes: { code: number; reason: string }[] = [];
  return {
    sent,
    closes,
    send: (f: ChatServerFrame) => void sent.push(f),
    close: (code: number, reason: string) => void closes.push({ code, reason }),
  };
}

const viewer = (userId: number, extra: Partial<ChatViewer> = {}): ChatViewer => ({
  userId,
  name: `用户${userId}`,
  support: false,
  agentId: null,
  ...extra,
});

let hub: ChatHub | undefined;
afterEach(() => hub?.stop());

describe('chat hub', () => {
  it('closes a connection silent for 2.5 heartbeats with 4408 and keeps one that pings', async () => {
    let clock = 0;
    const bus = inProcessChatBus(silentLog);
    hub = createChatHub({
      service: {} as ChatService,
      bus,
      limit: memoryTokenBucket({ capacity: 60, refillMs: 1000 }),
      log: silentLog,
      heartbeatMs: 40,
      now: () => clock,
    });
    const silent = transport();
    const talking = transport();
    hub.attach(viewer(1), silent);
    const t = hub.attach(viewer(2), talking);
    for (let step = 0; step < 6; step++) {
      clock += 20;
      await hub.receive(t, JSON.stringify({ t: 'ping' }));
      await new Promise((r) => setTimeout(r, 25));
    }
    // 120 ms of virtual silence > 2.5 × 40 ms; the check runs every 50 ms of real time
    await new Promise((r) => setTimeout(r, 150));
    expect(silent.closes).toEqual([{ code: CHAT_CLOSE.timeout, reason: 'heartbeat timeout' }]);
    expect(talking.closes).toEqual([]);
    expect(talking.sent.filter((f) => f.t === 'pong').length).toBe(6);
    expect(hub.size).toBe(1);
  });

  it("delivers a bus event to the conversation's user and its peer's staff, not to others", async () => {
    const bus = inProcessChatBus(silentLog);
    hub = createChatHub({
      service: {} as ChatService,
      bus,
      limit: memoryTokenBucket({ capacity: 60, refillMs: 1000 }),
      log: silentLog,
      heartbeatMs: 60_000,
    });
    const owner = transport();
    const desk = transport();
    const agent7 = transport();
    const stranger = transport();
    hub.attach(viewer(1), owner);
    hub.attach(viewer(2, { support: true }), desk);
    hub.attach(viewer(3, { agentId: 7 }), agent7);
    hub.attach(viewer(4), stranger);
    const typing = { t: 'typing', conversationId: 5, role: 'user', name: '用户1' } as const;
    await bus.publish(5, { audience: { conversationId: 5, userId: 1, peer: 'support', agentId: null }, frame: typing });
    await bus.publish(6, {
      audience: { conversationId: 6, userId: 1, peer: 'agent-7', agentId: 7 },
      frame: { ...typing, conversationId: 6 },
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(owner.sent.map((f) => (f as { conversationId: number }).conversationId)).toEqual([5, 6]);
    expect(desk.sent.map((f) => (f as { conversationId: number }).conversationId)).toEqual([5]);
    expect(agent7.sent.map((f) => (f as { conversationId: number }).conversationId)).toEqual([6]);
    expect(stranger.sent).toEqual([]);
    // a support staff member writing to support as a user hears each frame once
    const both = transport();
    hub.attach(viewer(10, { support: true }), both);
    await bus.publish(11, {
      audience: { conversationId: 11, userId: 10, peer: 'support', agentId: null },
      frame: { ...typing, conversationId: 11 },
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(both.sent).toHaveLength(1);
  });

  it('fills a gap from the database before a message that arrives early, skips repeats, and catches up after a bus outage', async () => {
    // the "database": conversation 9's messages 1…6
    const stored = Array.from({ length: 6 }, (_, k) => message(9, k + 1));
    const service = {
      after: async (conversationId: number, afterSeq: number, uptoSeq?: number) =>
        stored.filter((m) => m.conversationId === conversationId && m.seq > afterSeq && m.seq <= (uptoSeq ?? Infinity)),
    } as unknown as ChatService;
    let handler: (event: ChatBusEvent) => void = () => {};
    let restored: () => void = () => {};
    const bus: ChatBus = {
      publish: async (_id, event) => handler(event),
      subscribe: (h) => ((handler = h), () => {}),
      onRestored: (l) => ((restored = l), () => {}),
      subscribed: async () => {},
      close: async () => {},
    };
    hub = createChatHub({
      service,
      bus,
      limit: memoryTokenBucket({ capacity: 60, refillMs: 1000 }),
      log: silentLog,
      heartbeatMs: 60_000,
    });
    const t = transport();
    hub.attach(viewer(1), t);
    const audience = { conversationId: 9, userId: 1, peer: 'support', agentId: null };
    const seqs = () => t.sent.flatMap((f) => (f.t === 'message' ? [f.message.seq] : []));
    const settle = () => new Promise((r) => setTimeout(r, 10));

    await bus.publish(9, { audience, frame: { t: 'message', message: stored[0]! } });
    // 4 arrives before 2 and 3 (another instance was quicker): 2 and 3 are read first
    await bus.publish(9, { audience, frame: { t: 'message', message: stored[3]! } });
    await bus.publish(9, { audience, frame: { t: 'message', message: stored[2]! } });
    await settle();
    expect(seqs()).toEqual([1, 2, 3, 4]);
    // 5 and 6 were published while the subscription was away: the restore catches up
    restored();
    await settle();
    expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]);
    await bus.publish(9, { audience, frame: { t: 'message', message: stored[5]! } });
    await settle();
    expect(seqs()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

function message(conversationId: number, seq: number): ChatMessage {
  return {
    conversationId,
    seq,
    clientId: null,
    senderId: 1,
    senderRole: 'user',
    senderName: '用户1',
    kind: 'text',
    text: `第${seq}条`,
    image: null,
    estate: null,
    at: new Date(0).toISOString(),
  };
}
