// The support chat (issue 15) end to end on the seeded small dataset: real WebSocket clients (the `ws` package)
// against the app listening on a port — the session at the upgrade, opening conversations, send → ack only once
// stored, dedupe by client id, order under concurrent sends, resume after a reconnect, who may see what, every kind of
// refused frame, the rate limit, staff answering, history over HTTP, and the shutdown's close code. PGlite, or
// PostgreSQL with TEST_DATABASE_URL. The two-instance case (PostgreSQL + Redis) is in chat-instances.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  CHAT_CLOSE,
  CHAT_MAX_TEXT,
  CHAT_MESSAGES,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PAGE_SIZE,
  CHAT_PROTOCOL_VERSION,
  CHAT_WS_PATH,
  type ChatHistoryBody,
  type ChatStaffListBody,
  type ChatServerFrame,
  type ChatUploadBody,
} from '@fjt/domain';
import sharp from 'sharp';
import { expectFail, seededApp, signInAs, startSeededApp, testPhone, type SignedIn } from '../../testing.ts';
import { createStaffService } from '../staff/service.ts';
import { ChatTestServer, clientId, openConversation as openConversationOf, sendBeyondLimit } from './testing.ts';
import { CHAT_MAX_CONNECTIONS_PER_USER } from './ws.ts';
import { sniffImage } from './images.ts';
import { AGENT_NOT_FOUND, ESTATE_NOT_FOUND, SUPPORT_NAME } from './service.ts';

const API = '/rabbit/v1';
// the protocol's mechanics: the FAQ bot off, so every sequence number is the user's or staff's (chat-bot.test.ts)
const seeded = seededApp('small', { chatBot: false });
let server: ChatTestServer;

beforeAll(async () => {
  server = await ChatTestServer.listen(seeded.app);
});
afterAll(async () => {
  await server?.closeClients();
});

const openConversation = (user: SignedIn, peer = 'support') => openConversationOf(seeded.app, user, peer);

/** A signed-in user with an open support conversation and a connected, greeted client. */
async function userWithConversation() {
  const user = await signInAs(seeded.app);
  const conversation = await openConversation(user);
  const client = await server.connect(user);
  await client.hello();
  return { user, conversation, client };
}

const storedCount = async (conversationId: number) =>
  Number(
    (
      await seeded.database.sql.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM chat_message WHERE conversation_id = $1',
        [conversationId],
      )
    )[0]!.n,
  );

describe('the upgrade', () => {
  it('closes a socket without a session with 4401 and 请先登录后再咨询', async () => {
    const anonymous = await server.connectRaw({});
    expect(await anonymous.closed).toEqual({ code: CHAT_CLOSE.unauthorized, reason: CHAT_MESSAGES.loginRequired });
    const forged = await server.connectRaw({ cookie: 'fjt_session=not-a-token', origin: 'http://localhost:3000' });
    expect(await forged.closed).toEqual({ code: CHAT_CLOSE.unauthorized, reason: CHAT_MESSAGES.loginRequired });
  });

  it('takes the cookie only from our own origin, and the token header from anywhere', async () => {
    const user = await signInAs(seeded.app);
    const elsewhere = await server.connectRaw({ cookie: `fjt_session=${user.token}`, origin: 'https://evil.example' });
    expect((await elsewhere.closed).code).toBe(CHAT_CLOSE.unauthorized);
    const noOrigin = await server.connectRaw({ cookie: `fjt_session=${user.token}` });
    expect((await noOrigin.closed).code).toBe(CHAT_CLOSE.unauthorized);

    const app = await server.connectRaw({ token: user.token });
    const welcome = await app.hello();
    expect(welcome).toEqual({ t: 'welcome', v: CHAT_PROTOCOL_VERSION, userId: user.id, heartbeatMs: 20_000 });
    app.close();
  });

  it('closes an upgrade to any other path by itself', async () => {
    for (const path of ['/rabbit/v1/nothing', '/rabbit/v1/geo/city-list', '/readyz', '/ws/other']) {
      const socket = new WebSocket(server.url.replace(CHAT_WS_PATH, path));
      // terminate() on a refused handshake reports an error: expected here
      socket.on('error', () => {});
      const outcome = await new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve('left open'), 3000);
        // with a listener here the client leaves the connection as it is: only the server can close it
        socket.on('unexpected-response', (_request, response) => {
          expect(response.statusCode, path).not.toBe(101);
          response.socket.once('close', () => {
            clearTimeout(timer);
            resolve('closed by the server');
          });
          response.resume();
        });
        // a route of the app upgrades and closes at once (the plugin's answer to a route without a socket handler)
        socket.on('open', () =>
          socket.once('close', () => {
            clearTimeout(timer);
            resolve('closed by the server');
          }),
        );
      });
      expect(outcome, path).toBe('closed by the server');
      socket.terminate();
    }
  });

  it('refuses another protocol version and answers ping with pong', async () => {
    const user = await signInAs(seeded.app);
    const client = await server.connect(user);
    client.send({ t: 'hello', v: CHAT_PROTOCOL_VERSION + 1 });
    expect(await client.next((f) => f.t === 'error')).toMatchObject({
      code: 'unsupported_version',
      message: CHAT_MESSAGES.unsupportedVersion,
    });
    client.send({ t: 'ping' });
    expect(await client.next((f) => f.t === 'pong')).toEqual({ t: 'pong' });
    client.close();
  });
});

describe('conversations over HTTP', () => {
  it('opens the one open conversation per peer, and refuses unknown agents, bad peers and visitors', async () => {
    const user = await signInAs(seeded.app);
    const first = await openConversation(user);
    // nobody of support is connected yet
    expect(first).toMatchObject({
      peer: 'support',
      state: 'waiting',
      title: '在线客服',
      lastSeq: 0,
      readSeq: 0,
      peerOnline: false,
    });
    expect((await openConversation(user)).id).toBe(first.id);

    const [agent] = await seeded.database.sql.query<{ id: number; name: string }>(
      'SELECT id, name FROM agent WHERE city_id = 605 ORDER BY id LIMIT 1',
    );
    const withAgent = await openConversation(user, `agent-${agent!.id}`);
    expect(withAgent).toMatchObject({ peer: `agent-${agent!.id}`, title: agent!.name });
    expect(withAgent.id).not.toBe(first.id);

    const post = (payload: unknown, headers: Record<string, string> = user.headers) =>
      seeded.app.inject({ method: 'POST', url: `${API}/im/conversations`, headers, payload: payload as object });
    expectFail(await post({ peer: 'agent-2147483000' }), 404, AGENT_NOT_FOUND);
    expectFail(await post({ peer: 'someone' }), 400);
    expectFail(await post({}), 400);
    expectFail(await post({ peer: 'support' }, {}), 401, CHAT_MESSAGES.loginRequired);
    // a cookie from another site's page: refused as every cookie POST is
    expectFail(await post({ peer: 'support' }, { cookie: user.headers.cookie!, origin: 'https://evil.example' }), 403);
  });
});

describe('sending', () => {
  it('acks a message only once it is stored, and stores a client id once', async () => {
    const { user, conversation, client } = await userWithConversation();
    const id = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: id,
      content: { kind: 'text', text: '  你好  ' },
    });
    const ack = await client.next((f) => f.t === 'ack' && f.clientId === id);
    // the ack came after the commit: the row is there for anyone to read
    expect(await storedCount(conversation.id)).toBe(1);
    expect(ack).toMatchObject({ conversationId: conversation.id, seq: 1 });
    const message = await client.next((f) => f.t === 'message' && f.message.clientId === id);
    expect(message).toMatchObject({
      message: {
        conversationId: conversation.id,
        seq: 1,
        senderId: user.id,
        senderRole: 'user',
        senderName: `房价通用户${user.id}`,
        kind: 'text',
        text: '你好',
      },
    });

    // the same client id again (a resend after a lost ack): the same seq, nothing stored twice, no second message
    client.send({ t: 'send', conversationId: conversation.id, clientId: id, content: { kind: 'text', text: '你好' } });
    const again = await client.next((f) => f.t === 'ack' && f.clientId === id, { skip: 1 });
    expect(again).toMatchObject({ seq: 1, at: (ack as { at: string }).at });
    client.send({ t: 'ping' });
    await client.next((f) => f.t === 'pong');
    expect(client.frames.filter((f) => f.t === 'message')).toHaveLength(1);
    expect(await storedCount(conversation.id)).toBe(1);
    client.close();
  });

  it('numbers 50 concurrent sends 1…50 without gaps and delivers them to a listener in order', async () => {
    const user = await signInAs(seeded.app);
    const conversation = await openConversation(user);
    const listener = await server.connect(user);
    await listener.hello();
    const senders = await Promise.all(Array.from({ length: 5 }, () => server.connect(user)));
    const ids = senders.map(() => Array.from({ length: 10 }, () => clientId()));
    senders.forEach((sender, i) => {
      for (const [j, id] of ids[i]!.entries()) {
        sender.send({
          t: 'send',
          conversationId: conversation.id,
          clientId: id,
          content: { kind: 'text', text: `第${i}路第${j}条` },
        });
      }
    });
    const acks = await Promise.all(
      senders.flatMap((sender, i) => ids[i]!.map((id) => sender.next((f) => f.t === 'ack' && f.clientId === id))),
    );
    const seqs = acks.map((a) => (a as { seq: number }).seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 50 }, (_, k) => k + 1));
    await listener.next((f) => f.t === 'message' && f.message.seq === 50);
    const heard = listener.frames.flatMap((f) => (f.t === 'message' ? [f.message.seq] : []));
    expect(heard).toEqual(Array.from({ length: 50 }, (_, k) => k + 1));
    // each sender's own messages keep the order it sent them in
    const stored = await seeded.database.sql.query<{ client_id: string; seq: number }>(
      'SELECT client_id, seq FROM chat_message WHERE conversation_id = $1 ORDER BY seq',
      [conversation.id],
    );
    expect(stored).toHaveLength(50);
    for (const list of ids) {
      const order = list.map((id) => stored.find((row) => row.client_id === id)!.seq);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    for (const c of [listener, ...senders]) c.close();
  });

  it('replays exactly what a reconnecting client missed, in order, in pages, then says replayed', async () => {
    const { user, conversation, client: sender } = await userWithConversation();
    const reader = await server.connect(user);
    await reader.hello();
    await sender.sendTexts(conversation.id, 3);
    await reader.next((f) => f.t === 'message' && f.message.seq === 3);
    reader.close();
    await reader.closed;
    // missed while away: more than a page
    await sender.sendTexts(conversation.id, CHAT_PAGE_SIZE + 5);
    const back = await server.connect(user);
    back.send({ t: 'hello', v: CHAT_PROTOCOL_VERSION, resume: [{ conversationId: conversation.id, afterSeq: 3 }] });
    const replayed = await back.next((f) => f.t === 'replayed');
    const lastSeq = 3 + CHAT_PAGE_SIZE + 5;
    expect(replayed).toEqual({ t: 'replayed', conversationId: conversation.id, lastSeq });
    const seqs = back.frames.flatMap((f) => (f.t === 'message' ? [f.message.seq] : []));
    expect(seqs).toEqual(Array.from({ length: lastSeq - 3 }, (_, k) => k + 4));

    // live messages keep coming after the replay, without repeats
    await sender.sendTexts(conversation.id, 1);
    await back.next((f) => f.t === 'message' && f.message.seq === lastSeq + 1);
    expect(back.frames.filter((f) => f.t === 'message')).toHaveLength(lastSeq - 3 + 1);
    sender.close();
    back.close();
  });

  it('sends a socket nothing from the bus before its hello, so a late hello still gets its replay in order, once', async () => {
    const { user, conversation, client: sender } = await userWithConversation();
    await sender.sendTexts(conversation.id, 2);
    // a reconnect whose hello is slow to arrive: the session is resolved and the socket listens before it
    const back = await server.connect(user);
    for (let i = 0; i < 100 && seeded.app.chat.hub.connectionsOf(user.id) < 2; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(seeded.app.chat.hub.connectionsOf(user.id)).toBe(2);
    await sender.sendTexts(conversation.id, 1);
    back.send({ t: 'hello', v: CHAT_PROTOCOL_VERSION, resume: [{ conversationId: conversation.id, afterSeq: 1 }] });
    await back.next((f) => f.t === 'replayed');
    // message 3 was published while the hello was on its way: it comes with the replay, after 2, and only there
    expect(back.frames.flatMap((f) => (f.t === 'message' ? [f.message.seq] : []))).toEqual([2, 3]);
    expect(back.frames[0]).toMatchObject({ t: 'welcome' });
    sender.close();
    back.close();
  });

  it('sends an estate card with the name and price looked up here, and refuses an unknown estate or an image', async () => {
    const { conversation, client } = await userWithConversation();
    const [estate] = await seeded.database.sql.query<{ id: number; name: string }>(
      'SELECT id, name FROM estate WHERE city_id = 605 ORDER BY id LIMIT 1',
    );
    const id = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: id,
      content: { kind: 'estate', cityId: 605, estateId: estate!.id },
    });
    const frame = await client.next((f) => f.t === 'message' && f.message.clientId === id);
    const card = (frame as Extract<ChatServerFrame, { t: 'message' }>).message;
    expect(card).toMatchObject({
      kind: 'estate',
      text: null,
      estate: { cityId: 605, estateId: estate!.id, name: estate!.name },
    });
    expect(card.estate!.unitPrice === null || card.estate!.unitPrice > 0).toBe(true);

    const unknown = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: unknown,
      content: { kind: 'estate', cityId: 605, estateId: 2_000_000_000 },
    });
    expect(await client.next((f) => f.t === 'error' && f.clientId === unknown)).toMatchObject({
      code: 'bad_content',
      message: ESTATE_NOT_FOUND,
      conversationId: conversation.id,
    });
    const image = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: image,
      content: { kind: 'image', imageId: 1 },
    });
    expect(await client.next((f) => f.t === 'error' && f.clientId === image)).toMatchObject({ code: 'bad_content' });
    expect(await storedCount(conversation.id)).toBe(1);
    client.close();
  });
});

describe('refusals', () => {
  it("refuses another user's conversation (forbidden) and an unknown one (not_found)", async () => {
    const owner = await userWithConversation();
    const other = await userWithConversation();
    const id = clientId();
    other.client.send({
      t: 'send',
      conversationId: owner.conversation.id,
      clientId: id,
      content: { kind: 'text', text: '偷看' },
    });
    expect(await other.client.next((f) => f.t === 'error' && f.clientId === id)).toEqual({
      t: 'error',
      code: 'forbidden',
      message: CHAT_MESSAGES.notYourConversation,
      clientId: id,
      conversationId: owner.conversation.id,
    });
    const missing = clientId();
    other.client.send({
      t: 'send',
      conversationId: 2_000_000_000,
      clientId: missing,
      content: { kind: 'text', text: '在吗' },
    });
    expect(await other.client.next((f) => f.t === 'error' && f.clientId === missing)).toMatchObject({
      code: 'not_found',
      message: CHAT_MESSAGES.conversationNotFound,
    });
    // resume, typing and read are refused the same way
    other.client.send({ t: 'hello', v: 1, resume: [{ conversationId: owner.conversation.id, afterSeq: 0 }] });
    expect(
      await other.client.next((f) => f.t === 'error' && f.code === 'forbidden' && f.clientId === undefined),
    ).toMatchObject({ conversationId: owner.conversation.id });
    other.client.send({ t: 'read', conversationId: 2_000_000_000, seq: 1 });
    expect(await other.client.next((f) => f.t === 'error' && f.code === 'not_found' && !f.clientId)).toMatchObject({
      conversationId: 2_000_000_000,
    });
    // over HTTP: 403 and 404 with the same messages
    const history = (conversationId: number) =>
      seeded.app.inject({ url: `${API}/im/conversations/${conversationId}/messages`, headers: other.user.headers });
    expectFail(await history(owner.conversation.id), 403, CHAT_MESSAGES.notYourConversation);
    expectFail(await history(2_000_000_000), 404, CHAT_MESSAGES.conversationNotFound);
    expect(await storedCount(owner.conversation.id)).toBe(0);
    owner.client.close();
    other.client.close();
  });

  it('refuses a text over the limit (too_long) or empty, and keeps the connection', async () => {
    const { conversation, client } = await userWithConversation();
    const long = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: long,
      content: { kind: 'text', text: '长'.repeat(CHAT_MAX_TEXT + 1) },
    });
    expect(await client.next((f) => f.t === 'error' && f.clientId === long)).toMatchObject({
      code: 'too_long',
      message: CHAT_MESSAGES.tooLong,
      conversationId: conversation.id,
    });
    const empty = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: empty,
      content: { kind: 'text', text: '   ' },
    });
    expect(await client.next((f) => f.t === 'error' && f.clientId === empty)).toMatchObject({
      code: 'bad_frame',
      message: CHAT_MESSAGES.empty,
    });
    // exactly the limit is fine
    const full = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: full,
      content: { kind: 'text', text: '满'.repeat(CHAT_MAX_TEXT) },
    });
    expect(await client.next((f) => f.t === 'ack' && f.clientId === full)).toMatchObject({ seq: 1 });
    client.close();
  });

  it('answers malformed frames with bad_frame and survives them; 20 in a row close the connection', async () => {
    const { client } = await userWithConversation();
    const junk: unknown[] = [
      'not json',
      '{"t":',
      JSON.stringify({ t: 'nope' }),
      JSON.stringify({ t: 'send' }),
      JSON.stringify({ t: 'send', conversationId: 1, clientId: 'x', content: { kind: 'text', text: 'hi' } }),
      JSON.stringify([1, 2, 3]),
      JSON.stringify(null),
      JSON.stringify({ t: 'read', conversationId: -1, seq: 0 }),
    ];
    for (const text of junk) client.sendRaw(text as string);
    client.sendRaw(Buffer.from([0, 1, 2]), true);
    client.send({ t: 'ping' });
    await client.next((f) => f.t === 'pong');
    const errors = client.frames.filter((f) => f.t === 'error');
    expect(errors).toHaveLength(junk.length + 1);
    for (const error of errors) {
      expect(error).toMatchObject({ code: 'bad_frame' });
      expect((error as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
    }
    // a valid frame reset the count: 19 more are still tolerated, the 20th in a row ends it
    for (let i = 0; i < 19; i++) client.sendRaw('garbage');
    client.send({ t: 'ping' });
    await client.next((f) => f.t === 'pong', { skip: 1 });
    for (let i = 0; i < 20; i++) client.sendRaw('garbage');
    expect((await client.closed).code).toBe(CHAT_CLOSE.abuse);
  });

  it(`lets a user hold ${CHAT_MAX_CONNECTIONS_PER_USER} sockets on an instance, not more`, async () => {
    const user = await signInAs(seeded.app);
    const sockets = [];
    for (let i = 0; i < CHAT_MAX_CONNECTIONS_PER_USER; i++) {
      const socket = await server.connect(user);
      await socket.hello();
      sockets.push(socket);
    }
    const one = await server.connect(user);
    expect(await one.closed).toEqual({ code: CHAT_CLOSE.abuse, reason: 'too many connections' });
    sockets[0]!.close();
    await sockets[0]!.closed;
    // the server hears of the close on its side a moment later
    for (let i = 0; i < 100 && seeded.app.chat.hub.connectionsOf(user.id) >= CHAT_MAX_CONNECTIONS_PER_USER; i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const again = await server.connect(user);
    expect(await again.hello()).toMatchObject({ t: 'welcome', userId: user.id });
    for (const socket of [...sockets, again]) socket.close();
  });

  it(`limits a user to a burst of ${CHAT_MESSAGES_PER_MINUTE}, then one a second, across connections`, async () => {
    const { user, conversation, client } = await userWithConversation();
    const second = await server.connect(user);
    await second.hello();
    const started = Date.now();
    await client.sendTexts(conversation.id, CHAT_MESSAGES_PER_MINUTE / 2);
    await second.sendTexts(conversation.id, CHAT_MESSAGES_PER_MINUTE / 2);
    const accepted = await sendBeyondLimit(client, conversation.id, started);
    expect(await storedCount(conversation.id)).toBe(CHAT_MESSAGES_PER_MINUTE + accepted);
    client.close();
    second.close();
  });
});

describe('staff', () => {
  let supportStaff: SignedIn;
  let agentStaff: SignedIn;
  let agentId: number;
  let otherAgentId: number;

  beforeAll(async () => {
    const staff = createStaffService(seeded.database.db);
    supportStaff = await signInAs(seeded.app, testPhone('139'));
    await staff.grant({ phone: supportStaff.mobile, role: 'support', actorId: null });
    const agents = await seeded.database.sql.query<{ id: number }>(
      `SELECT a.id FROM agent a WHERE a.city_id = 605 AND NOT EXISTS (SELECT 1 FROM staff_agent s WHERE s.agent_id = a.id)
       ORDER BY a.id LIMIT 2`,
    );
    agentId = agents[0]!.id;
    otherAgentId = agents[1]!.id;
    agentStaff = await signInAs(seeded.app, testPhone('139'));
    await staff.grant({ phone: agentStaff.mobile, role: 'agent', actorId: null, agentId });
  });

  it('support hears a support conversation, answers it (claiming it), and typing and read marks go across', async () => {
    const { user, conversation, client } = await userWithConversation();
    const desk = await server.connect(supportStaff);
    await desk.hello();
    expect(await openConversation(user)).toMatchObject({ id: conversation.id, peerOnline: true });
    const id = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: id,
      content: { kind: 'text', text: '请问怎么查成交价' },
    });
    await desk.next((f) => f.t === 'message' && f.message.clientId === id);

    // a burst of 正在输入 is passed on once
    for (let i = 0; i < 5; i++) desk.send({ t: 'typing', conversationId: conversation.id });
    expect(await client.next((f) => f.t === 'typing')).toEqual({
      t: 'typing',
      conversationId: conversation.id,
      role: 'support',
      name: SUPPORT_NAME,
    });
    const reply = clientId();
    desk.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: reply,
      content: { kind: 'text', text: '您好，请稍等' },
    });
    expect(await client.next((f) => f.t === 'message' && f.message.clientId === reply)).toMatchObject({
      message: { seq: 2, senderRole: 'support', senderName: SUPPORT_NAME, senderId: supportStaff.id },
    });
    expect(await client.next((f) => f.t === 'conversation')).toMatchObject({
      conversation: { id: conversation.id, state: 'claimed', staffName: SUPPORT_NAME },
    });

    client.send({ t: 'read', conversationId: conversation.id, seq: 2 });
    expect(await desk.next((f) => f.t === 'read')).toEqual({
      t: 'read',
      conversationId: conversation.id,
      role: 'user',
      seq: 2,
    });
    // the same mark again is nothing new, and the burst of 正在输入 above reached the user once
    client.send({ t: 'read', conversationId: conversation.id, seq: 2 });
    client.send({ t: 'ping' });
    await client.next((f) => f.t === 'pong');
    desk.send({ t: 'ping' });
    await desk.next((f) => f.t === 'pong');
    expect(desk.frames.filter((f) => f.t === 'read')).toHaveLength(1);
    expect(client.frames.filter((f) => f.t === 'typing')).toHaveLength(1);
    const history = await seeded.app.inject({
      url: `${API}/im/conversations/${conversation.id}/messages`,
      headers: supportStaff.headers,
    });
    expect((history.json() as { body: ChatHistoryBody }).body.list.map((m) => m.seq)).toEqual([1, 2]);
    const reopened = await openConversation(user);
    expect(reopened).toMatchObject({ id: conversation.id, state: 'claimed', readSeq: 2, lastSeq: 2 });
    client.close();
    desk.close();
  });

  it('lists the conversations a staff member answers, and closes one for everyone', async () => {
    const { user, conversation, client } = await userWithConversation();
    await client.sendTexts(conversation.id, 1);
    const withAgent = await openConversation(user, `agent-${agentId}`);
    const list = (who: SignedIn, query = '') =>
      seeded.app.inject({ url: `${API}/im/staff/conversations${query}`, headers: who.headers });

    const desk = (await list(supportStaff)).json() as { body: ChatStaffListBody };
    const mine = desk.body.list.find((c) => c.id === conversation.id);
    expect(mine).toMatchObject({ peer: 'support', userName: `房价通用户${user.id}`, lastSeq: 1, staffReadSeq: 0 });
    expect(desk.body.list.some((c) => c.id === withAgent.id)).toBe(false);
    const agents = (await list(agentStaff)).json() as { body: ChatStaffListBody };
    expect(agents.body.list.map((c) => c.id)).toContain(withAgent.id);
    expect(agents.body.list.every((c) => c.peer === `agent-${agentId}`)).toBe(true);
    expectFail(await list(user), 403);
    expectFail(await list(supportStaff, '?state=open'), 400, '会话状态不正确');

    const desktop = await server.connect(supportStaff);
    await desktop.hello();
    const close = (who: SignedIn, payload: object = {}) =>
      seeded.app.inject({
        method: 'POST',
        url: `${API}/im/conversations/${conversation.id}/close`,
        headers: who.headers,
        payload,
      });
    expectFail(await close(agentStaff), 403, CHAT_MESSAGES.notYourConversation);
    expectFail(await close(supportStaff, { tag: '已解决' }), 400, '关闭原因格式不正确');
    const closed = await close(supportStaff, { tag: 'resolved' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await client.next((f) => f.t === 'conversation')).toMatchObject({
      conversation: { id: conversation.id, state: 'closed' },
    });
    expect(await desktop.next((f) => f.t === 'conversation')).toMatchObject({ conversation: { state: 'closed' } });
    // closing again changes nothing; a send to it is refused; the next open starts a new conversation
    expect((await close(user)).statusCode).toBe(200);
    const late = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: late,
      content: { kind: 'text', text: '还在吗' },
    });
    expect(await client.next((f) => f.t === 'error' && f.clientId === late)).toMatchObject({
      code: 'closed',
      message: CHAT_MESSAGES.conversationNotFound,
    });
    const next = await openConversation(user);
    expect(next.id).not.toBe(conversation.id);
    expect(next).toMatchObject({ state: 'waiting', lastSeq: 0 });
    const closedOnly = (await list(supportStaff, '?state=closed')).json() as { body: ChatStaffListBody };
    expect(closedOnly.body.list.map((c) => c.id)).toContain(conversation.id);
    expect(closedOnly.body.list.every((c) => c.state === 'closed')).toBe(true);
    client.close();
    desktop.close();
  });

  it("an agent answers its own agent's conversations only", async () => {
    const user = await signInAs(seeded.app);
    const mine = await openConversation(user, `agent-${agentId}`);
    const notMine = await openConversation(user, `agent-${otherAgentId}`);
    const support = await openConversation(user);
    const agent = await server.connect(agentStaff);
    await agent.hello();
    const userClient = await server.connect(user);
    await userClient.hello();
    expect(await openConversation(user, `agent-${agentId}`)).toMatchObject({ id: mine.id, peerOnline: true });
    expect(await openConversation(user, `agent-${otherAgentId}`)).toMatchObject({ id: notMine.id, peerOnline: false });
    const asked = clientId();
    userClient.send({
      t: 'send',
      conversationId: mine.id,
      clientId: asked,
      content: { kind: 'text', text: '这个小区还有房吗' },
    });
    await agent.next((f) => f.t === 'message' && f.message.clientId === asked);

    const answered = clientId();
    agent.send({ t: 'send', conversationId: mine.id, clientId: answered, content: { kind: 'text', text: '有的' } });
    expect(await userClient.next((f) => f.t === 'message' && f.message.clientId === answered)).toMatchObject({
      message: { senderRole: 'agent', senderName: mine.title },
    });
    for (const conversationId of [notMine.id, support.id]) {
      const id = clientId();
      agent.send({ t: 'send', conversationId, clientId: id, content: { kind: 'text', text: '插话' } });
      expect(await agent.next((f) => f.t === 'error' && f.clientId === id)).toMatchObject({ code: 'forbidden' });
    }
    // what it may not see never reaches it
    const elsewhere = clientId();
    userClient.send({
      t: 'send',
      conversationId: notMine.id,
      clientId: elsewhere,
      content: { kind: 'text', text: '别人' },
    });
    await userClient.next((f) => f.t === 'ack' && f.clientId === elsewhere);
    agent.send({ t: 'ping' });
    await agent.next((f) => f.t === 'pong');
    expect(agent.frames.some((f) => f.t === 'message' && f.message.clientId === elsewhere)).toBe(false);
    agent.close();
    userClient.close();
  });

  it('masks the phone numbers and WeChat ids an agent writes, except the ones the user sent first', async () => {
    const user = await signInAs(seeded.app);
    const conversation = await openConversation(user, `agent-${agentId}`);
    const agent = await server.connect(agentStaff);
    await agent.hello();
    const userClient = await server.connect(user);
    await userClient.hello();
    /** Sends a text from `client`; the message as stored (what the user is sent) and as it is in the database. */
    const say = async (client: typeof agent, text: string) => {
      const id = clientId();
      client.send({ t: 'send', conversationId: conversation.id, clientId: id, content: { kind: 'text', text } });
      const frame = await userClient.next((f) => f.t === 'message' && f.message.clientId === id);
      const [row] = await seeded.database.sql.query<{ text: string }>(
        'SELECT text FROM chat_message WHERE conversation_id = $1 AND client_id = $2',
        [conversation.id, id],
      );
      expect(row!.text).toBe((frame as { message: { text: string } }).message.text);
      return row!.text;
    };

    expect(await say(agent, '加我微信 wang_fang88，或打 138 1234 5678')).toBe('加我微信 wa****，或打 138****5678');
    // the user's own contacts, however they wrote them, the agent may repeat; a number of the agent's stays masked
    expect(await say(userClient, '我的手机１３９－００００－１１１１，微信 Li_Si_2024')).toBe(
      '我的手机１３９－００００－１１１１，微信 Li_Si_2024',
    );
    expect(await say(agent, '好的，我打 13900001111 或加 vx li_si_2024；我的是 13812345678')).toBe(
      '好的，我打 13900001111 或加 vx li_si_2024；我的是 138****5678',
    );
    // prices, dates and room numbers are no contacts
    expect(await say(agent, '总价12000000元，2024-05-12 可看 3号楼1801室')).toBe(
      '总价12000000元，2024-05-12 可看 3号楼1801室',
    );
    // a contact the user gave in another conversation does not count here
    const other = await signInAs(seeded.app);
    const elsewhere = await openConversation(other, `agent-${agentId}`);
    const otherClient = await server.connect(other);
    await otherClient.hello();
    const id = clientId();
    agent.send({
      t: 'send',
      conversationId: elsewhere.id,
      clientId: id,
      content: { kind: 'text', text: '打 13900001111' },
    });
    expect(await otherClient.next((f) => f.t === 'message' && f.message.clientId === id)).toMatchObject({
      message: { text: '打 139****1111' },
    });
    agent.close();
    userClient.close();
    otherClient.close();
  });
});

describe('history over HTTP', () => {
  it('pages upward with beforeSeq, oldest first within a page, and validates its input', async () => {
    const { user, conversation, client } = await userWithConversation();
    await client.sendTexts(conversation.id, CHAT_PAGE_SIZE + 4);
    const get = (query = '') =>
      seeded.app.inject({ url: `${API}/im/conversations/${conversation.id}/messages${query}`, headers: user.headers });
    const newest = await get();
    expect(newest.statusCode, newest.body).toBe(200);
    const page = (newest.json() as { body: ChatHistoryBody }).body;
    expect(page.list.map((m) => m.seq)).toEqual(Array.from({ length: CHAT_PAGE_SIZE }, (_, k) => k + 5));
    expect(page.more).toBe(true);
    const older = (await get(`?beforeSeq=5`)).json() as { body: ChatHistoryBody };
    expect(older.body).toMatchObject({ more: false });
    expect(older.body.list.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expectFail(await get('?beforeSeq=abc'), 400);
    expectFail(await get('?beforeSeq=0'), 400);
    expectFail(
      await seeded.app.inject({ url: `${API}/im/conversations/abc/messages`, headers: user.headers }),
      400,
      '会话编号不正确',
    );
    expectFail(await seeded.app.inject(`${API}/im/conversations/${conversation.id}/messages`), 401);
    client.close();
  });
});

describe('images', () => {
  const PNG_1X1 = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const upload = (user: SignedIn | null, data: Buffer, { field = 'file', headers = user?.headers ?? {} } = {}) => {
    const boundary = '----fjt-chat-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return seeded.app.inject({
      method: 'POST',
      url: `${API}/im/upload`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('uploads an image, sends it, and serves it to the conversation only', async () => {
    const { user, conversation, client } = await userWithConversation();
    const res = await upload(user, PNG_1X1);
    expect(res.statusCode, res.body).toBe(200);
    const body = (res.json() as { body: { imageId: number; image: { url: string; width: number; height: number } } })
      .body;
    expect(body.image).toEqual({ url: `/img/chat/${body.imageId}`, width: 1, height: 1 });

    const id = clientId();
    client.send({
      t: 'send',
      conversationId: conversation.id,
      clientId: id,
      content: { kind: 'image', imageId: body.imageId },
    });
    expect(await client.next((f) => f.t === 'message' && f.message.clientId === id)).toMatchObject({
      message: { kind: 'image', text: null, image: body.image },
    });

    const get = (headers: Record<string, string>) => seeded.app.inject({ url: body.image.url, headers });
    const mine = await get(user.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    // re-encoded (images.ts), so not the same bytes, but the same 1×1 PNG
    expect(sniffImage(mine.rawPayload)).toEqual({ type: 'image/png', width: 1, height: 1 });
    const stranger = await signInAs(seeded.app);
    expect((await get(stranger.headers)).statusCode).toBe(404);
    expect((await get({})).statusCode).toBe(401);
    // nobody else can send it either
    const other = await userWithConversation();
    const stolen = clientId();
    other.client.send({
      t: 'send',
      conversationId: other.conversation.id,
      clientId: stolen,
      content: { kind: 'image', imageId: body.imageId },
    });
    expect(await other.client.next((f) => f.t === 'error' && f.clientId === stolen)).toMatchObject({
      code: 'bad_content',
    });
    client.close();
    other.client.close();
  });

  it('stores a photo resized to 1280, upright and without its EXIF (GPS)', async () => {
    const user = await signInAs(seeded.app);
    // a phone photo: 3000×2000 stored sideways (EXIF orientation 6) with a GPS position
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c84' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
      .toBuffer();
    const res = await upload(user, photo);
    expect(res.statusCode, res.body).toBe(200);
    const { imageId, image } = (res.json() as { body: ChatUploadBody }).body;
    expect(image).toEqual({ url: `/img/chat/${imageId}`, width: 853, height: 1280 });

    const served = await seeded.app.inject({ url: image.url, headers: user.headers });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation, meta.exif]).toEqual([853, 1280, undefined, undefined]);
    // what the database holds is that copy, with the size it has
    const [row] = await seeded.database.sql.query<{ width: number; height: number; size: number }>(
      'SELECT width, height, size FROM chat_image WHERE id = $1',
      [imageId],
    );
    expect(row).toEqual({ width: 853, height: 1280, size: served.rawPayload.length });
  });

  it('refuses a decompression bomb (huge dimensions in a small file) with 图片尺寸过大', async () => {
    const user = await signInAs(seeded.app);
    // a PNG header claiming 20 000 × 20 000 pixels: refused from the header, nothing decoded
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(20_000, 0);
    ihdr.writeUInt32BE(20_000, 4);
    ihdr[8] = 8;
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR', 'latin1'),
      ihdr,
      Buffer.alloc(64),
    ]);
    expectFail(await upload(user, bomb), 400, CHAT_MESSAGES.imagePixels);
  });

  it('refuses what is no image, too large, a missing file, a visitor and another site', async () => {
    const user = await signInAs(seeded.app);
    expectFail(
      await upload(user, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      400,
      CHAT_MESSAGES.imageType,
    );
    const large = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    expectFail(await upload(user, large), 400, CHAT_MESSAGES.imageTooLarge);
    expectFail(await upload(user, PNG_1X1, { field: 'other' }), 400);
    expectFail(
      await seeded.app.inject({ method: 'POST', url: `${API}/im/upload`, headers: user.headers, payload: { a: 1 } }),
      400,
    );
    expectFail(await upload(null, PNG_1X1), 401);
    expectFail(
      await upload(user, PNG_1X1, { headers: { cookie: user.headers.cookie!, origin: 'https://evil.example' } }),
      403,
    );
    expectFail(await seeded.app.inject({ url: '/img/chat/abc', headers: user.headers }), 404);
  });
});

describe('account deletion', () => {
  it("erases the user's conversations, their messages and their images", async () => {
    const { user, conversation, client } = await userWithConversation();
    await client.sendTexts(conversation.id, 2);
    await seeded.database.sql.query(
      `INSERT INTO chat_image (user_id, content_type, width, height, size, data) VALUES ($1, 'image/png', 1, 1, 1, 'AA==')`,
      [user.id],
    );
    client.close();
    const res = await seeded.app.inject({
      method: 'POST',
      url: `${API}/user/delete`,
      headers: user.headers,
      payload: { confirm: '确认注销' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [left] = await seeded.database.sql.query<{ conversations: number; messages: number; images: number }>(
      `SELECT (SELECT count(*)::int FROM chat_conversation WHERE user_id = $1) AS conversations,
              (SELECT count(*)::int FROM chat_message WHERE conversation_id = $2) AS messages,
              (SELECT count(*)::int FROM chat_image WHERE user_id = $1) AS images`,
      [user.id, conversation.id],
    );
    expect(left).toEqual({ conversations: 0, messages: 0, images: 0 });
  });
});

describe('the HTTP fallback', () => {
  const framesOf = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return (JSON.parse(res.body) as { body: { frames: ChatServerFrame[] } }).body.frames;
  };

  it('answers POST im/frames as a socket would, and GET im/poll with what arrived', async () => {
    const user = await signInAs(seeded.app);
    const conversation = await openConversation(user);
    const post = (frames: unknown, headers: Record<string, string> = user.headers) =>
      seeded.app.inject({ method: 'POST', url: `${API}/im/frames`, headers, payload: { frames } as object });
    const id = clientId();
    const answers = framesOf(
      await post([
        { t: 'hello', v: CHAT_PROTOCOL_VERSION },
        { t: 'send', conversationId: conversation.id, clientId: id, content: { kind: 'text', text: '网页断线了' } },
        { t: 'send', conversationId: conversation.id, clientId: id, content: { kind: 'text', text: '网页断线了' } },
        { t: 'nope' },
        { t: 'ping' },
      ]),
    );
    expect(answers.map((f) => f.t)).toEqual(['welcome', 'ack', 'ack', 'error', 'pong']);
    expect(answers[1]).toMatchObject({ clientId: id, seq: 1 });
    expect(answers[2]).toMatchObject({ clientId: id, seq: 1 });
    expect(answers[3]).toMatchObject({ code: 'bad_frame' });
    expect(await storedCount(conversation.id)).toBe(1);

    // what is already there comes back at once
    const poll = (query: string) => seeded.app.inject({ url: `${API}/im/poll?${query}`, headers: user.headers });
    const missed = framesOf(await poll(`after=${conversation.id}:0&waitMs=5000`));
    expect(missed).toMatchObject([{ t: 'message', message: { seq: 1, clientId: id } }]);

    // nothing new: the poll holds until something arrives (a message sent over a socket)
    const started = Date.now();
    const waiting = poll(`after=${conversation.id}:1&waitMs=10000`);
    await new Promise((r) => setTimeout(r, 200));
    const socket = await server.connect(user);
    await socket.sendTexts(conversation.id, 1);
    const arrived = framesOf(await waiting);
    expect(arrived).toMatchObject([{ t: 'message', message: { seq: 2 } }]);
    expect(Date.now() - started).toBeLessThan(5000);
    socket.close();

    // and ends empty after waitMs
    expect(framesOf(await poll(`after=${conversation.id}:2&waitMs=100`))).toEqual([]);
    // someone else's conversation is refused inside the answer
    const other = await signInAs(seeded.app);
    const refused = framesOf(
      await seeded.app.inject({
        url: `${API}/im/poll?after=${conversation.id}:0&waitMs=0`,
        headers: other.headers,
      }),
    );
    expect(refused).toEqual([
      { t: 'error', code: 'forbidden', message: CHAT_MESSAGES.notYourConversation, conversationId: conversation.id },
    ]);
  });

  it('validates the fallback input with Chinese messages', async () => {
    const user = await signInAs(seeded.app);
    const post = (payload: unknown, headers: Record<string, string> = user.headers) =>
      seeded.app.inject({ method: 'POST', url: `${API}/im/frames`, headers, payload: payload as object });
    expectFail(await post({ frames: [] }), 400, '至少发送一条消息');
    expectFail(await post({ frames: Array.from({ length: 21 }, () => ({ t: 'ping' })) }), 400);
    expectFail(await post({ frames: 'ping' }), 400);
    expectFail(await post({ frames: [{ t: 'ping' }] }, {}), 401, CHAT_MESSAGES.loginRequired);
    const poll = (query: string) => seeded.app.inject({ url: `${API}/im/poll?${query}`, headers: user.headers });
    for (const query of [
      'after=abc',
      'after=1:',
      'after=0:1',
      'after=99999999999:1',
      'after=1:1&waitMs=-1',
      'waitMs=999999',
    ]) {
      expectFail(await poll(query), 400);
    }
    expectFail(await seeded.app.inject(`${API}/im/poll?waitMs=0`), 401);
  });
});

describe('shutdown', () => {
  it('closes every chat socket with 4503 so clients reconnect elsewhere', async () => {
    const own = await startSeededApp('small', { chatBot: false });
    const ownServer = await ChatTestServer.listen(own.app);
    const user = await signInAs(own.app);
    const client = await ownServer.connect(user);
    const other = await ownServer.connect(user);
    await Promise.all([client.hello(), other.hello()]);
    expect(own.app.lifecycle.openSockets).toBe(2);
    // SIGTERM's path (lib/shutdown.ts) closes the tracked sockets first …
    own.app.lifecycle.closeSockets();
    expect(await client.closed).toEqual({ code: CHAT_CLOSE.restart, reason: 'server restarting' });
    expect((await other.closed).code).toBe(CHAT_CLOSE.restart);
    // … and app.close() whatever opened since
    const late = await ownServer.connect(user);
    await late.hello();
    await own.close();
    expect((await late.closed).code).toBe(CHAT_CLOSE.restart);
  });
});
