// One Redis pub/sub channel shared by the instances (data-change events, the chat's bus). PUBLISH goes through the
// app's connection; SUBSCRIBE needs a connection of its own, made here. Pub/sub delivers only to who is connected,
// so the subscription is made by hand on every 'ready' and `onSubscribed` hears each time it is in place — with
// `restored` true after the first, when messages may have been missed meanwhile. ioredis reconnects by itself,
// forever, with a backoff capped at 5 s. Each process tags what it publishes with its origin: its own echo is skipped.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { connectRedis, type Redis } from './redis.ts';

export interface RedisChannelOptions {
  url: string;
  channel: string;
  /** The app's connection for PUBLISH. */
  publisher: Redis;
  /** The subscriber's connection (tests); default a new one to `url`. */
  subscriber?: Redis | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Names the channel in log lines and in the subscriber's connection name ('data events', 'chat bus'). */
  label: string;
  /** Each time the subscription is in place; `restored`: not the first time (something may have been missed). */
  onSubscribed(restored: boolean): void;
  /** A message of another process, as published (`origin` set), or unreadable text. */
  onMessage(text: string): void;
}

export interface RedisChannel {
  /** This process's tag on what it publishes. */
  origin: string;
  /** Publishes `event` with this process's origin; a failure is logged with `failure`, never thrown. */
  publish(event: object, failure: string): Promise<void>;
  /** Resolves once the first subscription is in place (or on close). */
  subscribed(): Promise<void>;
  close(): Promise<void>;
}

/** The origin a published message carries, if it is JSON with one. */
export function originOf(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as { origin?: unknown };
    return typeof value.origin === 'string' ? value.origin : undefined;
  } catch {
    return undefined;
  }
}

export function redisChannel(options: RedisChannelOptions): RedisChannel {
  const { url, channel, publisher, log, label } = options;
  const origin = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const sub =
    options.subscriber ??
    connectRedis(url, {
      // a subscriber waits as long as it takes; what it missed meanwhile is made good through onSubscribed
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(200 * times, 5000),
      // subscribed by hand on every 'ready' (below), to know when the subscription is in place again
      autoResubscribe: false,
      connectionName: `fjt:${label.replace(/\s+/g, '-')}:${origin}`,
    });
  let subscriptions = 0;
  let closing = false;
  let resolveFirst: () => void = () => {};
  const first = new Promise<void>((resolve) => (resolveFirst = resolve));
  sub.on('error', (error: Error) => {
    if (!closing) log.warn({ err: error }, `${label}: Redis subscriber error; reconnecting`);
  });
  const subscribe = () => {
    sub.subscribe(channel).then(
      () => {
        const restored = subscriptions++ > 0;
        if (restored) log.info(`${label}: Redis subscription restored`);
        options.onSubscribed(restored);
        resolveFirst();
      },
      (error: unknown) => {
        if (!closing) log.warn({ err: error }, `${label}: subscribing failed; retrying on the next connection`);
      },
    );
  };
  sub.on('ready', subscribe);
  if (sub.status === 'ready') subscribe();
  sub.on('message', (from: string, text: string) => {
    if (from !== channel || originOf(text) === origin) return;
    options.onMessage(text);
  });
  return {
    origin,
    async publish(event, failure) {
      try {
        await publisher.publish(channel, JSON.stringify({ ...event, origin }));
      } catch (error) {
        log.error({ err: error }, `${label}: ${failure}`);
      }
    },
    subscribed: () => first,
    async close() {
      closing = true;
      resolveFirst();
      // a connection that is away would make QUIT wait for it: a shutdown does not
      if (sub.status === 'ready') await sub.quit().catch(() => sub.disconnect());
      else sub.disconnect();
    },
  };
}
