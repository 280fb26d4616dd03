// The chat across instances (issue 15): two apps on one PostgreSQL database and one Redis, as behind the balancer. A
// message sent through instance A reaches the user's other connection and the support desk on instance B, in order;
// the per-user message limit is shared; a client that moves from A to B resumes there. Needs TEST_DATABASE_URL (two
// apps cannot share one embedded database) and TEST_REDIS_URL (they talk through Redis pub/sub).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type DatabaseHandle } from '@fjt/db';
import { createTestDatabase, type TestDatabase } from '@fjt/db/testing';
import { seedDatabase } from '@fjt/dataset';
import { CHAT_MESSAGES_PER_MINUTE, CHAT_PROTOCOL_VERSION, type ChatConversation } from '@fjt/domain';
import { buildApp } from '../../app.ts';
import { signInAs, testPhone } from '../../testing.ts';
import { createStaffService } from '../staff/service.ts';
import { ChatTestServer, clientId, sendBeyondLimit } from './testing.ts';
import { connectRedis } from '../../lib/redis.ts';

const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const skipped = !PG
  ? 'needs TEST_DATABASE_URL: two instances cannot open one embedded database'
  : !REDIS
    ? 'needs TEST_REDIS_URL: the instances talk through Redis pub/sub'
    : null;

describe.skipIf(skipped !== null)(`the chat across two instances${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let serverA: ChatTestServer;
  let serverB: ChatTestServer;

  beforeAll(async () => {
    database = await createTestDatabase('small');
    await seedDatabase(database, { scale: 'small' });
    const [{ name }] = (await database.sql.query<{ name: string }>('SELECT current_database() AS name')) as [
      { name: string },
    ];
    const url = new URL(PG!);
    url.pathname = `/${name}`;
    second = await openDatabase({ databaseUrl: url.toString(), poolSize: 4, onIdleError: () => {} });
    // a fresh database numbers its users from 1 again: a run a minute ago left their message counts in Redis
    const redis = connectRedis(REDIS!);
    const stale = await redis.keys('fjt:chat:*');
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
    const env = { LOG_LEVEL: 'silent' as const, APP_TEST_HOOKS: false, REDIS_URL: REDIS };
    a = await buildApp({ env, database, chatBot: false });
    b = await buildApp({ env, database: second, chatBot: false });
    await Promise.all([a.ready(), b.ready()]);
    await Promise.all([a.chat.bus.subscribed(), b.chat.bus.subscribed()]);
    serverA = await ChatTestServer.listen(a);
    serverB = await ChatTestServer.listen(b);
  });

  afterAll(async () => {
    await serverA?.closeClients();
    await serverB?.closeClients();
    await a?.close();
    await b?.close();
    await second?.close();
    await database?.destroy();
  });

  const open = async (app: FastifyInstance, headers: Record<string, string>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/rabbit/v1/im/conversations',
      headers,
      payload: { peer: 'support' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { body: { conversation: ChatConversation } }).body.conversation;
  };

  it('delivers a message sent on A to the user and the support desk on B, in order', async () => {
    const user = await signInAs(a);
    const desk = await signInAs(a, testPhone('139'));
    await createStaffService(database.db).grant({ phone: desk.mobile, role: 'support', actorId: null });
    const conversation = await open(a, user.headers);
    const onA = await serverA.connect(user);
    const onB = await serverB.connect(user);
    const deskOnB = await serverB.connect(desk);
    await Promise.all([onA.hello(), onB.hello(), deskOnB.hello()]);
    // the desk is on B: A knows through Redis that support is online
    let online = false;
    for (let i = 0; i < 50 && !online; i++) {
      online = (await open(a, user.headers)).peerOnline === true;
      if (!online) await new Promise((r) => setTimeout(r, 20));
    }
    expect(online).toBe(true);

    const seqs = await onA.sendTexts(conversation.id, 20);
    expect([...seqs].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
    for (const client of [onB, deskOnB]) {
      await client.next((f) => f.t === 'message' && f.message.seq === 20);
      const heard = client.frames.flatMap((f) => (f.t === 'message' ? [f.message.seq] : []));
      expect(heard).toEqual(Array.from({ length: 20 }, (_, k) => k + 1));
    }

    // the desk answers from B; the user hears it on A
    const reply = clientId();
    deskOnB.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: reply,
      content: { kind: 'text', text: '您好' },
    });
    expect(await onA.next((f) => f.t === 'message' && f.message.clientId === reply)).toMatchObject({
      message: { seq: 21, senderRole: 'support' },
    });
    expect(await onA.next((f) => f.t === 'conversation')).toMatchObject({ conversation: { state: 'claimed' } });

    // a client that was on A resumes on B after what it had seen
    onA.close();
    await onA.closed;
    await onB.sendTexts(conversation.id, 3);
    const moved = await serverB.connect(user);
    moved.send({ t: 'hello', v: CHAT_PROTOCOL_VERSION, resume: [{ conversationId: conversation.id, afterSeq: 21 }] });
    expect(await moved.next((f) => f.t === 'replayed')).toEqual({
      t: 'replayed',
      conversationId: conversation.id,
      lastSeq: 24,
    });
    expect(moved.frames.flatMap((f) => (f.t === 'message' ? [f.message.seq] : []))).toEqual([22, 23, 24]);
    for (const client of [onB, deskOnB, moved]) client.close();
  });

  it('shares the per-user message limit between the instances', async () => {
    const user = await signInAs(b);
    const conversation = await open(b, user.headers);
    const onA = await serverA.connect(user);
    const onB = await serverB.connect(user);
    await Promise.all([onA.hello(), onB.hello()]);
    const started = Date.now();
    await onA.sendTexts(conversation.id, CHAT_MESSAGES_PER_MINUTE / 2);
    await onB.sendTexts(conversation.id, CHAT_MESSAGES_PER_MINUTE / 2);
    await sendBeyondLimit(onA, conversation.id, started);
    onA.close();
    onB.close();
  });
});
