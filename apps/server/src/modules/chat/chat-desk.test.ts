// The support console's side of the chat (issue 15, /ops/support; desk.ts): the queue longest-waiting first with
// its wait, claiming (one winner when two claim at once: one notice, one audit row), transfer to another support
// member, close with a tag (audited), the user's summary beside the conversation (support only), and the desk's
// colleagues with whether they are online. The FAQ bot on, as deployed: conversations wait after 转人工.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_AGENT_CANNED_REPLIES,
  CHAT_BOT,
  CHAT_CANNED_REPLIES,
  CHAT_DESK_MESSAGES,
  CHAT_MESSAGES,
  STAFF_ONLY,
  type ChatConversation,
  type ChatDeskBody,
  type ChatStaffListBody,
  type ChatUserSummary,
} from '@fjt/domain';
import { expectFail, seededApp, signInAs, testPhone, type SignedIn } from '../../testing.ts';
import { createStaffService } from '../staff/service.ts';
import { ChatTestServer, clientId, openConversation, type ChatClient } from './testing.ts';
import { SUPPORT_NAME } from './service.ts';

const API = '/rabbit/v1';
const seeded = seededApp('small');
let server: ChatTestServer;
let alice: SignedIn;
let bob: SignedIn;
let agentStaff: SignedIn;

beforeAll(async () => {
  server = await ChatTestServer.listen(seeded.app);
  const staff = createStaffService(seeded.database.db);
  alice = await signInAs(seeded.app, testPhone('139'));
  bob = await signInAs(seeded.app, testPhone('139'));
  agentStaff = await signInAs(seeded.app, testPhone('139'));
  for (const who of [alice, bob]) await staff.grant({ phone: who.mobile, role: 'support', actorId: null });
  const [agent] = await seeded.database.sql.query<{ id: number }>(
    `SELECT a.id FROM agent a WHERE NOT EXISTS (SELECT 1 FROM staff_agent s WHERE s.agent_id = a.id) ORDER BY a.id LIMIT 1`,
  );
  await staff.grant({ phone: agentStaff.mobile, role: 'agent', actorId: null, agentId: agent!.id });
});
afterAll(async () => {
  await server?.closeClients();
});

const post = (who: SignedIn, url: string, payload: object = {}) =>
  seeded.app.inject({ method: 'POST', url: `${API}/${url}`, headers: who.headers, payload });
const get = (who: SignedIn, url: string) => seeded.app.inject({ url: `${API}/${url}`, headers: who.headers });
const list = async (who: SignedIn, query = '') => {
  const res = await get(who, `im/staff/conversations${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: ChatStaffListBody }).body.list;
};

async function say(client: ChatClient, conversationId: number, text: string) {
  const id = clientId();
  client.send({ t: 'send', conversationId, clientId: id, content: { kind: 'text', text } });
  return client.next((f) => f.t === 'ack' && f.clientId === id);
}

/** A user who asked for a person (转人工): their conversation waits in the queue. */
async function waitingUser() {
  const user = await signInAs(seeded.app);
  const conversation = await openConversation(seeded.app, user);
  const client = await server.connect(user);
  await client.hello([{ conversationId: conversation.id, afterSeq: 0 }]);
  await say(client, conversation.id, CHAT_BOT.handoff);
  await client.next((f) => f.t === 'conversation' && f.conversation.state === 'waiting');
  return { user, conversation, client };
}

const auditRows = (action: string, conversationId: number) =>
  seeded.database.sql.query<{ actor_id: number; detail: Record<string, unknown> }>(
    `SELECT actor_id, detail FROM audit_log WHERE action = $1 AND target_type = 'chat_conversation' AND target_id = $2`,
    [action, String(conversationId)],
  );

describe('the queue', () => {
  it('lists waiting conversations longest-waiting first with their wait and last message, for staff only', async () => {
    const first = await waitingUser();
    const second = await waitingUser();
    const queue = await list(alice, '?state=waiting');
    const ids = queue.map((c) => c.id);
    expect(ids.indexOf(first.conversation.id)).toBeLessThan(ids.indexOf(second.conversation.id));
    const row = queue.find((c) => c.id === first.conversation.id)!;
    expect(row).toMatchObject({ state: 'waiting', mine: false, staffUserId: null, preview: CHAT_BOT.handedOff });
    expect(Date.now() - new Date(row.waitingSince!).getTime()).toBeLessThan(60_000);
    expect(queue.every((c) => c.state === 'waiting' && c.waitingSince !== null)).toBe(true);

    expectFail(await get(first.user, 'im/staff/conversations?state=waiting'), 403, STAFF_ONLY);
    expectFail(await get(alice, 'im/staff/conversations?mine=yes'), 400, 'mine 只能是 0 或 1');
    const desk = (await get(alice, 'im/staff/desk')).json() as { body: ChatDeskBody };
    expect(desk.body).toMatchObject({ userId: alice.id, support: true, canned: [...CHAT_CANNED_REPLIES] });
    expect(desk.body.closeTags.map((t) => t.tag)).toContain('resolved');
    expect(desk.body.colleagues.find((c) => c.userId === bob.id)).toMatchObject({ online: false });
    expect(desk.body.colleagues.some((c) => c.userId === alice.id)).toBe(false);
    expectFail(await get(first.user, 'im/staff/desk'), 403, STAFF_ONLY);
    // an agent's desk: its own conversations, nobody to transfer to
    const agentDesk = (await get(agentStaff, 'im/staff/desk')).json() as { body: ChatDeskBody };
    expect(agentDesk.body).toMatchObject({ support: false, colleagues: [], canned: [...CHAT_AGENT_CANNED_REPLIES] });
    expect(agentDesk.body.agentId).toEqual(expect.any(Number));
    const withAgent = await openConversation(seeded.app, first.user, `agent-${agentDesk.body.agentId}`);
    const agentQueue = await list(agentStaff, '?state=waiting');
    expect(agentQueue.map((c) => c.id)).toEqual([withAgent.id]);
    expect(agentQueue[0]!.waitingSince).not.toBeNull();
    expect((await list(agentStaff)).every((c) => c.peer === `agent-${agentDesk.body.agentId}`)).toBe(true);
    first.client.close();
    second.client.close();
  });
});

describe('claiming', () => {
  it('gives a waiting conversation to one of two staff claiming at once: one notice, one audit row', async () => {
    const { conversation, client } = await waitingUser();
    const [a, b] = await Promise.all([
      post(alice, `im/conversations/${conversation.id}/claim`),
      post(bob, `im/conversations/${conversation.id}/claim`),
    ]);
    const winner = a.statusCode === 200 ? alice : bob;
    const loser = winner === alice ? b : a;
    expectFail(loser, 409, CHAT_DESK_MESSAGES.claimedByOther);
    const claimed = ((winner === alice ? a : b).json() as { body: { conversation: ChatConversation } }).body;
    expect(claimed.conversation).toMatchObject({ state: 'claimed', staffName: SUPPORT_NAME });

    const notice = await client.next((f) => f.t === 'message' && f.message.kind === 'notice' && f.message.seq > 3);
    expect(notice).toMatchObject({ message: { senderRole: 'system', text: CHAT_DESK_MESSAGES.claimed(SUPPORT_NAME) } });
    expect(await client.next((f) => f.t === 'conversation' && f.conversation.state === 'claimed')).toBeTruthy();
    // claiming one's own again changes nothing
    expect((await post(winner, `im/conversations/${conversation.id}/claim`)).statusCode).toBe(200);
    const notices = await seeded.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chat_message WHERE conversation_id = $1 AND text = $2`,
      [conversation.id, CHAT_DESK_MESSAGES.claimed(SUPPORT_NAME)],
    );
    expect(notices[0]!.n).toBe(1);
    expect(await auditRows('chat.claim', conversation.id)).toEqual([
      expect.objectContaining({ actor_id: winner.id, detail: { from: 'waiting' } }),
    ]);
    const mine = await list(winner, '?mine=1');
    expect(mine.find((c) => c.id === conversation.id)).toMatchObject({ mine: true, staffUserId: winner.id });
    expect((await list(winner === alice ? bob : alice, '?mine=1')).some((c) => c.id === conversation.id)).toBe(false);
    client.close();
  });

  it('refuses a claim by the user, by another agent, of an unknown or a closed conversation', async () => {
    const { user, conversation, client } = await waitingUser();
    expectFail(await post(user, `im/conversations/${conversation.id}/claim`), 403, STAFF_ONLY);
    expectFail(
      await post(agentStaff, `im/conversations/${conversation.id}/claim`),
      403,
      CHAT_MESSAGES.notYourConversation,
    );
    expectFail(await post(alice, 'im/conversations/99999999/claim'), 404, CHAT_MESSAGES.conversationNotFound);
    expectFail(await post(alice, 'im/conversations/abc/claim'), 400);
    expect((await post(user, `im/conversations/${conversation.id}/close`)).statusCode).toBe(200);
    expectFail(await post(alice, `im/conversations/${conversation.id}/claim`), 409, CHAT_MESSAGES.conversationNotFound);
    client.close();
  });
});

describe('transfer and close', () => {
  it('hands a claimed conversation to another support member, who then answers it; closes with a tag', async () => {
    const { user, conversation, client } = await waitingUser();
    const bobDesk = await server.connect(bob);
    await bobDesk.hello();
    const online = (await get(alice, 'im/staff/desk')).json() as { body: ChatDeskBody };
    expect(online.body.colleagues.find((c) => c.userId === bob.id)).toMatchObject({ online: true });

    const transfer = (who: SignedIn, toUserId: unknown) =>
      post(who, `im/conversations/${conversation.id}/transfer`, { toUserId });
    expectFail(await transfer(alice, bob.id), 409, CHAT_DESK_MESSAGES.notClaimedByYou);
    expect((await post(alice, `im/conversations/${conversation.id}/claim`)).statusCode).toBe(200);
    expectFail(await transfer(alice, alice.id), 400, CHAT_DESK_MESSAGES.transferTarget);
    expectFail(await transfer(alice, agentStaff.id), 400, CHAT_DESK_MESSAGES.transferTarget);
    expectFail(await transfer(alice, 'x'), 400, '客服编号不正确');
    expectFail(await transfer(bob, alice.id), 409, CHAT_DESK_MESSAGES.notClaimedByYou);
    expectFail(await transfer(user, bob.id), 403, STAFF_ONLY);

    const moved = await transfer(alice, bob.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(
      await client.next((f) => f.t === 'message' && f.message.text === CHAT_DESK_MESSAGES.transferred),
    ).toBeTruthy();
    expect(
      await bobDesk.next((f) => f.t === 'message' && f.message.text === CHAT_DESK_MESSAGES.transferred),
    ).toBeTruthy();
    expect((await list(bob, '?mine=1')).find((c) => c.id === conversation.id)).toMatchObject({ mine: true });
    expect(await auditRows('chat.transfer', conversation.id)).toEqual([
      expect.objectContaining({ actor_id: alice.id, detail: { to: bob.id } }),
    ]);
    const answered = await say(bobDesk, conversation.id, '您好，我是接手的客服');
    expect(answered).toMatchObject({ conversationId: conversation.id });

    const closed = await post(bob, `im/conversations/${conversation.id}/close`, { tag: 'resolved' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await client.next((f) => f.t === 'conversation' && f.conversation.state === 'closed')).toBeTruthy();
    expect(await auditRows('chat.close', conversation.id)).toEqual([
      expect.objectContaining({ actor_id: bob.id, detail: { tag: 'resolved' } }),
    ]);
    const done = await list(bob, '?state=closed');
    expect(done.find((c) => c.id === conversation.id)).toMatchObject({ closeTag: 'resolved', waitingSince: null });
    // a user closing their own is not a staff action: no audit row
    const again = await waitingUser();
    expect((await post(again.user, `im/conversations/${again.conversation.id}/close`)).statusCode).toBe(200);
    expect(await auditRows('chat.close', again.conversation.id)).toEqual([]);
    client.close();
    again.client.close();
    bobDesk.close();
  });
});

describe("the user's summary", () => {
  it('shows support the registration, membership, recent orders and leads; agents and users get 403', async () => {
    const { user, conversation, client } = await waitingUser();
    const db = seeded.database.sql;
    await db.query(
      `INSERT INTO vip_periods (user_id, starts_at, ends_at, days, source, source_ref)
       VALUES ($1, now() - interval '1 day', now() + interval '29 days', 30, 'grant', $2)`,
      [user.id, `desk-test-${user.id}`],
    );
    await db.query(
      `INSERT INTO orders (order_no, user_id, product_kind, product_code, subject, amount_fen, status,
                           app_account_token, created_at, expires_at, paid_at)
       VALUES ($1, $2, 'vip', 'vip-month', '房价通会员·月卡', 1800, 'PAID', gen_random_uuid(), now(),
               now() + interval '30 minutes', now())`,
      [`D${user.id}${Date.now()}`, user.id],
    );
    const res = await get(alice, `im/conversations/${conversation.id}/summary`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = (res.json() as { body: ChatUserSummary }).body;
    expect(summary).toMatchObject({
      userId: user.id,
      userName: `房价通用户${user.id}`,
      vipActive: true,
      pastConversations: 0,
      leads: [],
    });
    expect(summary.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(summary.mobile).not.toBe(user.mobile);
    expect(summary.orders).toEqual([
      expect.objectContaining({ subject: '房价通会员·月卡', amountFen: 1800, status: 'PAID' }),
    ]);
    expect(new Date(summary.vipExpireDate!).getTime()).toBeGreaterThan(Date.now());

    expectFail(await get(user, `im/conversations/${conversation.id}/summary`), 403, STAFF_ONLY);
    expectFail(
      await get(agentStaff, `im/conversations/${conversation.id}/summary`),
      403,
      CHAT_MESSAGES.notYourConversation,
    );
    expectFail(await get(alice, 'im/conversations/0/summary'), 400);
    client.close();
  });
});
