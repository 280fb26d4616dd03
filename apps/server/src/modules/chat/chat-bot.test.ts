// The FAQ bot of a support conversation (issue 15): a new support conversation starts with the bot's greeting; a
// user's question is answered from the support FAQ (or the bot says it cannot, offering a person); '转人工' hands the
// conversation to a person (waiting, a notice) and the bot is silent from then on; a staff member's message claims it.
// An agent's conversation has no bot. Real WebSocket clients against the seeded app, the bot on as deployed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_BOT, SUPPORT_FAQ_ENTRIES, type ChatServerFrame } from '@fjt/domain';
import { seededApp, signInAs, testPhone, type SignedIn } from '../../testing.ts';
import { createStaffService } from '../staff/service.ts';
import { ChatTestServer, clientId, openConversation, type ChatClient } from './testing.ts';

const seeded = seededApp('small');
let server: ChatTestServer;

beforeAll(async () => {
  server = await ChatTestServer.listen(seeded.app);
});
afterAll(async () => {
  await server?.closeClients();
});

const open = (user: SignedIn, peer = 'support') => openConversation(seeded.app, user, peer);

const messageFrame = (f: ChatServerFrame, role: string): f is Extract<ChatServerFrame, { t: 'message' }> =>
  f.t === 'message' && f.message.senderRole === role;

async function say(client: ChatClient, conversationId: number, text: string) {
  const id = clientId();
  client.send({ t: 'send', conversationId, clientId: id, content: { kind: 'text', text } });
  return client.next((f) => f.t === 'ack' && f.clientId === id);
}

describe('the FAQ bot', () => {
  it('greets, answers from the FAQ, admits what it does not know, and hands over on 转人工', async () => {
    const user = await signInAs(seeded.app);
    const conversation = await open(user);
    expect(conversation).toMatchObject({ state: 'bot', lastSeq: 1 });
    // opening again greets no second time
    expect(await open(user)).toMatchObject({ id: conversation.id, lastSeq: 1 });

    const client = await server.connect(user);
    await client.hello([{ conversationId: conversation.id, afterSeq: 0 }]);
    const greeting = await client.next((f) => messageFrame(f, 'bot'));
    expect(greeting).toMatchObject({ message: { seq: 1, text: CHAT_BOT.greeting, senderName: CHAT_BOT.name } });

    expect(await say(client, conversation.id, '买了会员能退钱吗')).toMatchObject({ seq: 2 });
    const refund = SUPPORT_FAQ_ENTRIES.find((e) => e.id === 'refund')!;
    const answer = await client.next((f) => messageFrame(f, 'bot') && f.message.seq === 3);
    expect(answer).toMatchObject({ message: { kind: 'text', text: `${refund.a}\n${CHAT_BOT.more}` } });

    await say(client, conversation.id, '明天天气怎么样');
    expect(await client.next((f) => messageFrame(f, 'bot') && f.message.seq === 5)).toMatchObject({
      message: { text: CHAT_BOT.unknown },
    });

    await say(client, conversation.id, '转人工');
    const handed = await client.next((f) => f.t === 'conversation');
    expect(handed).toMatchObject({ conversation: { id: conversation.id, state: 'waiting' } });
    expect(await client.next((f) => messageFrame(f, 'system'))).toMatchObject({
      message: { seq: 7, kind: 'notice', text: CHAT_BOT.handedOff },
    });

    // a person's turn: the bot says nothing more
    expect(await say(client, conversation.id, '可以退款吗？')).toMatchObject({ seq: 8 });
    await new Promise((r) => setTimeout(r, 300));
    const [row] = await seeded.database.sql.query<{ last_seq: number; state: string }>(
      'SELECT last_seq, state FROM chat_conversation WHERE id = $1',
      [conversation.id],
    );
    expect(row).toMatchObject({ last_seq: 8, state: 'waiting' });

    // support answers: claimed, and still no bot
    const desk = createStaffService(seeded.database.db);
    const staffUser = await signInAs(seeded.app, testPhone('139'));
    await desk.grant({ phone: staffUser.mobile, role: 'support', actorId: null });
    const staffClient = await server.connect(staffUser);
    await staffClient.hello();
    expect(await say(staffClient, conversation.id, '您好，我来帮您看看')).toMatchObject({ seq: 9 });
    expect(await client.next((f) => f.t === 'conversation' && f.conversation.state === 'claimed')).toBeTruthy();
    expect(await say(client, conversation.id, '谢谢')).toMatchObject({ seq: 10 });
    await new Promise((r) => setTimeout(r, 300));
    const messages = await seeded.database.sql.query<{ sender_role: string }>(
      'SELECT sender_role FROM chat_message WHERE conversation_id = $1 ORDER BY seq',
      [conversation.id],
    );
    expect(messages.map((m) => m.sender_role)).toEqual([
      'bot',
      'user',
      'bot',
      'user',
      'bot',
      'user',
      'system',
      'user',
      'support',
      'user',
    ]);
    client.close();
    staffClient.close();
  });

  it('an agent’s conversation has no bot: it waits for the agent', async () => {
    const user = await signInAs(seeded.app);
    const [agent] = await seeded.database.sql.query<{ id: number }>(
      'SELECT id FROM agent WHERE city_id = 605 ORDER BY id LIMIT 1',
    );
    const conversation = await open(user, `agent-${agent!.id}`);
    expect(conversation).toMatchObject({ state: 'waiting', lastSeq: 0 });
  });
});
