// The chat's bus: a stored message, a typing or read mark, a conversation's change reaches every connection of the
// conversation's participants, on this instance and on every other one. In process when the app runs alone; Redis
// pub/sub (its own subscriber connection, like lib/data-events.ts) when REDIS_URL is set. Pub/sub delivers only to who
// is subscribed: a subscriber that was away tells its instance (onRestored), which makes every connection catch up
// from the database — the messages themselves are never only on the bus.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatServerFrame } from '@fjt/domain';
import { connectRedis, type Redis } from '../../lib/redis.ts';
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
  // this instance's own events were delivered here at publish: their echo from Redis is skipped
  const origin = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const sub =
    subscriber ??
    connectRedis(url, {
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(200 * times, 5000),
      autoResubscribe: false,
      connectionName: `fjt:chat:${origin}`,
    });
  let subscriptions = 0;
  let closing = false;
  let resolveFirst: () => void = () => {};
  const first = new Promise<void>((resolve) => (resolveFirst = resolve));
  sub.on('error', (error: Error) => {
    if (!closing) log.warn({ err: error }, 'chat bus: Redis subscriber error; reconnecting');
  });
  const subscribe = () => {
    sub.subscribe(CHAT_CHANNEL).then(
      () => {
        if (subscriptions++ > 0) {
          log.info('chat bus: Redis subscription restored; connections catch up from the database');
          restored.emit();
        }
        resolveFirst();
      },
      (error: unknown) => {
        if (!closing) log.warn({ err: error }, 'chat bus: subscribing failed; retrying on the next connection');
      },
    );
  };
  sub.on('ready', subscribe);
  if (sub.status === 'ready') subscribe();
  sub.on('message', (channel: string, text: string) => {
    if (channel !== CHAT_CHANNEL) return;
    let parsed: ChatBusEvent & { origin?: string };
    try {
      parsed = JSON.parse(text) as ChatBusEvent & { origin?: string };
    } catch {
      log.warn('chat bus: an unreadable event was ignored');
      return;
    }
    if (parsed.origin === origin) return;
    const { origin: _origin, ...event } = parsed;
    handlers.emit(event);
  });
  return {
    async publish(_conversationId, event) {
      handlers.emit(event);
      try {
        await publisher.publish(CHAT_CHANNEL, JSON.stringify({ ...event, origin }));
      } catch (error) {
        // the message is stored: the other instances' clients get it when they resume
        log.error({ err: error }, 'chat bus: the other instances could not be told');
      }
    },
    subscribe: handlers.add,
    onRestored: restored.add,
    subscribed: () => first,
    async close() {
      closing = true;
      resolveFirst();
      if (sub.status === 'ready') await sub.quit().catch(() => sub.disconnect());
      else sub.disconnect();
    },
  };
}
