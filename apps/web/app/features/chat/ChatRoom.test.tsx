// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useSyncExternalStore } from 'react';
import { MemoryRouter } from 'react-router';
import { CHAT_MAX_TEXT, CHAT_MESSAGES, type ChatConversation, type ChatMessage } from '@fjt/domain';
import { ChatConnection, SEND_TIMEOUT_MS } from './connection.ts';
import { ChatRoom, type ChatRoomProps } from './ChatRoom.tsx';
import { FakeSocket } from './testing.ts';

const CONV: ChatConversation = {
  id: 3,
  peer: 'support',
  state: 'claimed',
  title: '在线客服',
  avatar: null,
  staffName: '客服小房',
  lastSeq: 3,
  readSeq: 0,
  createdAt: '2026-11-27T02:00:00.000Z',
};

const base: Omit<ChatMessage, 'seq'> = {
  conversationId: 3,
  clientId: null,
  senderId: null,
  senderRole: 'support',
  senderName: '客服小房',
  kind: 'text',
  text: null,
  image: null,
  estate: null,
  at: '2026-11-27T02:00:00.000Z',
};
const HISTORY: ChatMessage[] = [
  { ...base, seq: 1, kind: 'notice', senderRole: 'system', senderName: '系统', text: '客服小房已接入' },
  { ...base, seq: 2, senderRole: 'user', senderName: '用户', text: '这个小区怎么样' },
  {
    ...base,
    seq: 3,
    kind: 'estate',
    estate: { cityId: 605, estateId: 42, name: '翠湖花园', unitPrice: 29350 },
  },
  { ...base, seq: 4, kind: 'image', image: { url: '/img/chat/1.jpg', width: 800, height: 600 } },
];

let socket: FakeSocket;

function Room({ connection, ...extra }: { connection: ChatConnection } & Partial<ChatRoomProps>) {
  const snapshot = useSyncExternalStore(connection.subscribe, connection.getSnapshot);
  return (
    <MemoryRouter>
      <ChatRoom
        title="在线客服"
        cityId={605}
        isApp={false}
        conversation={extra.conversation ?? CONV}
        snapshot={snapshot}
        connection={connection}
        more={false}
        loadingOlder={false}
        loadOlder={async () => false}
        reopen={() => {}}
        onError={() => {}}
        {...extra}
      />
    </MemoryRouter>
  );
}

function open(extra: Partial<ChatRoomProps> = {}) {
  const connection = new ChatConnection({
    url: 'ws://test/ws/im',
    createSocket: () => (socket = new FakeSocket()),
    random: () => 0.5,
    newClientId: () => 'client-id-1',
  });
  connection.track(extra.conversation ?? CONV, HISTORY);
  connection.start();
  render(<Room connection={connection} {...extra} />);
  act(() => {
    socket.onopen?.();
    socket.frame({ t: 'welcome', v: 1, userId: 7, heartbeatMs: 20_000 });
  });
  return connection;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-27T04:00:00.000Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('chat room', () => {
  it('shows the peer header, a date separator, notices, bubbles, estate cards and images', () => {
    open();
    expect(screen.getByTestId('title-bar-title').textContent).toBe('在线客服');
    expect(screen.getByTestId('chat-status').textContent).toBe('客服小房为你服务');
    expect(screen.getByTestId('chat-date').textContent).toBe('今天');
    expect(screen.getByTestId('chat-notice').textContent).toBe('客服小房已接入');
    const rows = screen.getAllByTestId('chat-message');
    expect(rows[0]!.className).toContain('chat__row--mine');
    expect(rows[1]!.className).not.toContain('chat__row--mine');
    const card = screen.getByTestId('chat-estate');
    expect(card.getAttribute('href')).toBe('/605/house-detail/42');
    expect(card.textContent).toContain('翠湖花园');
    expect(card.textContent).toContain('29,350元/㎡');
    fireEvent.click(screen.getByRole('button', { name: '查看大图' }));
    expect(screen.getByRole('dialog', { name: '图片预览' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '关闭预览' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends text, shows 发送中, then 发送失败 with 重发 that resends the same message', () => {
    open();
    const send = screen.getByRole('button', { name: '发送消息' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息' }), { target: { value: '  ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息' }), { target: { value: '还有房吗' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    const pending = screen.getByTestId('chat-pending');
    expect(within(pending).getByTestId('chat-send-state').textContent).toBe('发送中');
    expect(pending.textContent).toContain('还有房吗');
    act(() => {
      socket.frame({ t: 'pong' });
      vi.advanceTimersByTime(SEND_TIMEOUT_MS);
    });
    expect(within(screen.getByTestId('chat-pending')).getByText('发送失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重发这条消息' }));
    const sends = socket.sent.filter((f) => f.t === 'send');
    expect(sends.map((f) => f.clientId)).toEqual(['client-id-1', 'client-id-1']);
    act(() => {
      socket.frame({ t: 'ack', conversationId: 3, clientId: 'client-id-1', seq: 5, at: '2026-11-27T04:00:05.000Z' });
    });
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(screen.getAllByTestId('chat-message').at(-1)!.textContent).toContain('还有房吗');
  });

  it('counts characters near the limit', () => {
    open();
    const input = screen.getByRole('textbox', { name: '输入消息' });
    fireEvent.change(input, { target: { value: '房'.repeat(100) } });
    expect(screen.queryByTestId('chat-counter')).toBeNull();
    fireEvent.change(input, { target: { value: '房'.repeat(CHAT_MAX_TEXT - 10) } });
    expect(screen.getByTestId('chat-counter').textContent).toBe(`${CHAT_MAX_TEXT - 10}/${CHAT_MAX_TEXT}`);
  });

  it('says a closed conversation is over once, in the bar that replaces the composer, with 重新咨询', () => {
    open({ conversation: { ...CONV, state: 'closed' } });
    expect(screen.queryByTestId('chat-status')).toBeNull();
    expect(screen.getByTestId('chat-closed').textContent).toBe('本次咨询已结束');
    expect(screen.getAllByText('本次咨询已结束')).toHaveLength(1);
    expect(screen.getByRole('button', { name: '重新咨询' })).toBeTruthy();
  });

  it('shows the offline banner while it reconnects', () => {
    open();
    expect(screen.queryByTestId('chat-offline')).toBeNull();
    act(() => socket.onclose?.({ code: 1006 }));
    expect(screen.getByTestId('chat-offline').textContent).toBe(CHAT_MESSAGES.offline);
  });

  it('offers the estate the user came from once (message info), and says an agent answers an agent conversation', () => {
    const agent = { ...CONV, peer: 'agent-3', title: '张三', state: 'waiting' as const, staffName: null };
    open({ conversation: agent, about: { cityId: 605, estateId: 42 } });
    expect(screen.getByTestId('chat-status').textContent).toBe('张三会尽快回复你');
    act(() => screen.getByRole('button', { name: '发送小区' }).click());
    expect(screen.queryByTestId('chat-about')).toBeNull();
    expect(socket.sent.at(-1)).toMatchObject({
      t: 'send',
      conversationId: agent.id,
      content: { kind: 'estate', cityId: 605, estateId: 42 },
    });
  });

  it('shows 未读 under my last message until the other side has read it, then 已读', () => {
    const connection = open();
    const mine = { ...HISTORY[0]!, seq: 5, kind: 'text' as const, senderRole: 'user' as const, text: '在吗' };
    act(() => socket.frame({ t: 'message', message: mine }));
    expect(screen.getByTestId('chat-receipt').textContent).toBe('未读');
    act(() => socket.frame({ t: 'read', conversationId: CONV.id, role: 'support', seq: 5 }));
    expect(screen.getByTestId('chat-receipt').textContent).toBe('已读');
    expect(screen.getAllByTestId('chat-receipt')).toHaveLength(1);
    connection.stop();
  });
});
