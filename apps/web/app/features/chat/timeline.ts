// What the chat shows, in order: the stored messages by seq, then the user's sends still pending, with a date
// separator (今天, else the spec §5 date: 11月26日 周四, the year only for an earlier year) before each new day.
import { formatDate, type ChatMessage } from '@fjt/domain';
import type { OutboxEntry } from './connection.ts';

export type TimelineItem =
  | { type: 'date'; key: string; label: string }
  /** A centred line: a system or bot notice. */
  | { type: 'notice'; key: string; message: ChatMessage }
  /** `showName`: the first of a run from one sender (the name shows once above the run). */
  | { type: 'message'; key: string; message: ChatMessage; mine: boolean; showName: boolean }
  | { type: 'pending'; key: string; entry: OutboxEntry };

/** Notices (kind notice, or anything the system says) are centred; everything else is a bubble. */
export function isNotice(message: ChatMessage): boolean {
  return message.kind === 'notice' || message.senderRole === 'system';
}

/** Who reads the chat: the user, or staff (their side's messages — support, agent, the bot — are on the right). */
export type ChatViewerSide = 'user' | 'staff';

export function isMine(message: Pick<ChatMessage, 'senderRole'>, viewer: ChatViewerSide): boolean {
  return viewer === 'user' ? message.senderRole === 'user' : message.senderRole !== 'user';
}

export function buildTimeline(
  messages: readonly ChatMessage[],
  pending: readonly OutboxEntry[],
  now: Date,
  viewer: ChatViewerSide = 'user',
): TimelineItem[] {
  const items: TimelineItem[] = [];
  let day: string | null = null;
  const dateBefore = (at: string) => {
    const label = formatDate(at, now);
    if (label !== day) {
      day = label;
      items.push({ type: 'date', key: `date-${items.length}-${label}`, label });
    }
  };
  for (const message of messages) {
    dateBefore(message.at);
    const key = `seq-${message.seq}`;
    if (isNotice(message)) items.push({ type: 'notice', key, message });
    else {
      const prev = items[items.length - 1];
      const sameSender =
        prev?.type === 'message' &&
        prev.message.senderRole === message.senderRole &&
        prev.message.senderName === message.senderName;
      items.push({ type: 'message', key, message, mine: isMine(message, viewer), showName: !sameSender });
    }
  }
  for (const entry of pending) {
    dateBefore(entry.createdAt);
    items.push({ type: 'pending', key: `client-${entry.clientId}`, entry });
  }
  return items;
}
