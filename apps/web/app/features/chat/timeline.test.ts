import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@fjt/domain';
import type { OutboxEntry } from './connection.ts';
import { buildTimeline } from './timeline.ts';
import { msg as chatMessage } from './testing.ts';
import { chatSocketUrl, peerOf } from './use-chat.ts';

const NOW = new Date('2026-11-27T04:00:00.000Z'); // 2026-11-27 12:00 in Beijing, a Friday

/** Message `seq` at a given time (the shared fixture otherwise). */
const msg = (seq: number, at: string, over: Partial<ChatMessage> = {}): ChatMessage =>
  chatMessage(seq, { at, ...over });

describe('chat timeline', () => {
  it('puts a date separator before each new day: 今天, else the spec date with its weekday', () => {
    const items = buildTimeline(
      [
        msg(1, '2025-12-30T02:00:00.000Z'),
        msg(2, '2026-11-26T02:00:00.000Z'),
        msg(3, '2026-11-26T03:00:00.000Z', { senderRole: 'user' }),
        msg(4, '2026-11-27T01:00:00.000Z', { kind: 'notice', senderRole: 'system', text: '客服小房已接入' }),
      ],
      [],
      NOW,
    );
    expect(
      items.map((i) => (i.type === 'date' ? i.label : `${i.type}:${'message' in i ? i.message.seq : ''}`)),
    ).toEqual(['2025年12月30日 周二', 'message:1', '11月26日 周四', 'message:2', 'message:3', '今天', 'notice:4']);
    expect(items.filter((i) => i.type === 'message').map((i) => i.type === 'message' && i.mine)).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('puts the staff side (support, agent, the bot) on the right for staff, the user on the left', () => {
    const at = '2026-11-27T01:00:00.000Z';
    const messages = [
      msg(1, at, { senderRole: 'bot', senderName: '房价通助手' }),
      msg(2, at, { senderRole: 'user', senderName: '用户' }),
      msg(3, at),
    ];
    const mine = (viewer: 'user' | 'staff') =>
      buildTimeline(messages, [], NOW, viewer).flatMap((i) => (i.type === 'message' ? [i.mine] : []));
    expect(mine('user')).toEqual([false, true, false]);
    expect(mine('staff')).toEqual([true, false, true]);
  });

  it('names the sender once above a run of their messages', () => {
    const at = '2026-11-27T01:00:00.000Z';
    const items = buildTimeline(
      [msg(1, at), msg(2, at), msg(3, at, { senderRole: 'user', senderName: '用户' }), msg(4, at)],
      [],
      NOW,
    );
    expect(items.flatMap((i) => (i.type === 'message' ? [i.showName] : []))).toEqual([true, false, true, true]);
  });

  it('shows pending sends after the stored messages', () => {
    const entry: OutboxEntry = {
      clientId: 'client-id-1',
      conversationId: 1,
      content: { kind: 'text', text: '你好' },
      preview: { text: '你好' },
      status: 'sending',
      error: null,
      createdAt: '2026-11-27T03:59:00.000Z',
    };
    const items = buildTimeline([msg(1, '2026-11-27T01:00:00.000Z')], [entry], NOW);
    expect(items.map((i) => i.type)).toEqual(['date', 'message', 'pending']);
  });
});

describe('chat link and socket', () => {
  it('accepts support and agent peers only; a link without userid means support', () => {
    expect(peerOf('support')).toBe('support');
    expect(peerOf('agent-12')).toBe('agent-12');
    expect(peerOf(null)).toBe('support');
    expect(peerOf('agent-0')).toBeNull();
    expect(peerOf('admin')).toBeNull();
  });

  it('opens the socket on this host, secure under https', () => {
    expect(chatSocketUrl({ protocol: 'https:', host: 'fjt.example.com' })).toBe('wss://fjt.example.com/ws/im');
    expect(chatSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws/im');
  });
});
