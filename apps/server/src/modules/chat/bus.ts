// The chat's bus: a stored message, a typing or read mark, a conversation's change reaches every connection of the
// conversation's participants, on this instance and on every other one. In process when the app runs alone; Redis
// pub/sub (its own subscriber connection, like lib/data-events.ts) when REDIS_URL is set. Pub/sub delivers only to who
// is subscribed: a subscriber that was away tells its instance (onRestored), which makes every connection catch up
// from the database — the messages themselves are never only on the bus.
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServerFrame } from '@fjt/domain';
import type { Redis } from '../../lib/redis.ts';
import { redisChannel } from '../../lib/redis-channel.ts';
import type { ChatAudience } from './service.ts';

export const CHAT_CHANNEL = 'fjt:chat:v1';

/** One frame for a conversation's participants; `except` names a connection that must not get it (its sender). */
export interface ChatBusEvent {
  audience: ChatAudience;
  frame: ChatServerFrame;
  except?: string;
}

export type ChatBusHandler = (event: ChatBusEvent) => void;

export interface ChatBus {
  /** Delivers here at once (handlers run before this resolves) and to the other instances. */
  publish(conversationId: number, event: Omit<ChatBusEvent, 'audience'> & { audience: ChatAudience }): Promise<void>;
  /** Listens to every event (this instance's and others'); returns the unsubscribe. */
  subscribe(handler: ChatBusHandler): () => void;
  /** Called when a lost subscription is back: what was published meanwhile never arrived here. */
  onRestored(listener: () => void): () => void;
  /** Resolves once events of other instances reach this one (tests). */
  subscribed(): Promise<void>;
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

function handlerSet<T extends unknown[]>(log: Log) {
  const handlers = new Set<(...args: T) => void>();
  return {
    add(handler: (...args: T) => void) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    emit(...args: T) {
      for (const handler of handlers) {
        try {
          handler(...args);
        } catch (error) {
          log.error({ err: error }, 'chat bus handler failed');
        }
      }
    },
  };
}

export function inProcessChatBus(log: Log): ChatBus {
  const handlers = handlerSet<[ChatBusEvent]>(log);
  return {
    publish: async (_conversationId, event) => handlers.emit(event),
    subscribe: handlers.add,
    onRestored: () => () => {},
    subscribed: () => Promise.resolve(),
    close: async () => {},
  };
}

export function redisChatBus({
  url,
  publisher,
  log,
  subscriber,
}: {
  url: string;
  /** The app's connection, for PUBLISH. */
  publisher: Redis;
  log: Log;
  subscriber?: Redis;
}): ChatBus {
  const handlers = handlerSet<[ChatBusEvent]>(log);
  const restored = handlerSet<[]>(log);
  const channel = redisChannel({
    url,
    channel: CHAT_CHANNEL,
    publisher,
    subscriber,
    log,
    label: 'chat bus',
    // after an outage the connections catch up from the database (what the bus carried meanwhile is lost)
    onSubscribed: (again) => {
      if (again) restored.emit();
    },
    onMessage: (text) => {
      let parsed: ChatBusEvent & { origin?: string };
      try {
        parsed = JSON.parse(text) as ChatBusEvent & { origin?: string };
      } catch {
        log.warn('chat bus: an unreadable event was ignored');
        return;
      }
      const { origin: _origin, ...event } = parsed;
      handlers.emit(event);
    },
  });
  return {
    async publish(_conversationId, event) {
      // delivered here at once; this instance's echo from Redis is skipped (redisChannel)
      handlers.emit(event);
      // the message is stored: if Redis fails, the other instances' clients get it when they resume
      await channel.publish(event, 'the other instances could not be told');
    },
    subscribe: handlers.add,
    onRestored: restored.add,
    subscribed: channel.subscribed,
    close: channel.close,
  };
}
