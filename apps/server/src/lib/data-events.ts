// The bus of "data changed" events (ADR 0015): in process when the app runs alone, Redis pub/sub when it is one of
// several instances (REDIS_URL). A data load publishes; every instance (this one included) listens and drops the
// answers derived from the changed cities. The message format and the channel are @fjt/dataset's, shared with the
// import and seed commands, which publish from processes of their own.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { DATA_CHANGED_CHANNEL, dataChanged, parseDataChanged, type DataChanged } from '@fjt/dataset';
import { connectRedis, type Redis } from './redis.ts';

export type DataChangeListener = (event: DataChanged) => void;

export interface DataEvents {
  /**
   * Applies the change here at once (listeners run before this resolves) and tells the other instances. A failure to
   * reach them is logged, not thrown: the load itself has succeeded.
   */
  publish(event: DataChanged): Promise<void>;
  /** Listens for changes (this process's and others'); returns the unsubscribe. */
  onChange(listener: DataChangeListener): () => void;
  /** Resolves once changes published elsewhere reach this process (tests; the app does not wait for Redis). */
  subscribed(): Promise<void>;
  /** This process's name on the bus (its Redis subscriber's CLIENT name is `fjt:data-events:<origin>`). */
  readonly origin: string;
  close(): Promise<void>;
}

function listenerSet(log: Pick<FastifyBaseLogger, 'error'>) {
  const listeners = new Set<DataChangeListener>();
  return {
    add(listener: DataChangeListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: DataChanged) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          log.error({ err: error }, 'data change listener failed');
        }
      }
    },
  };
}

/** One process: a publish is delivered to this process's listeners, and that is everyone. */
export function inProcessDataEvents(log: Pick<FastifyBaseLogger, 'error'> = console): DataEvents {
  const listeners = listenerSet(log);
  return {
    publish: async (event) => listeners.emit(event),
    onChange: listeners.add,
    subscribed: () => Promise.resolve(),
    origin: `${process.pid}`,
    close: async () => {},
  };
}

export interface RedisDataEventsOptions {
  url: string;
  /** The app's connection for PUBLISH (a subscribing connection can do nothing else, so it gets one of its own). */
  publisher: Redis;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The subscriber's connection (tests); default a new one to `url`. */
  subscriber?: Redis;
}

/**
 * Several instances: publishes on Redis and subscribes on a connection of its own. Pub/sub delivers only to who is
 * connected, so a subscriber that was away (Redis restarted, the network failed) may have missed news: each time its
 * subscription is (re)established it drops everything once. ioredis reconnects by itself, forever, with a backoff
 * capped at 5 s; while it is away this instance serves what it has (stale at worst until the caches' own TTLs).
 */
export function redisDataEvents({ url, publisher, log, subscriber }: RedisDataEventsOptions): DataEvents {
  const listeners = listenerSet(log);
  // a change this process published has been applied already: its echo from Redis is skipped
  const origin = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const sub =
    subscriber ??
    connectRedis(url, {
      // a subscriber waits as long as it takes; what it missed meanwhile is made good on reconnect (below)
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(200 * times, 5000),
      // subscribed by hand on every 'ready' (below), to know when the subscription is in place again
      autoResubscribe: false,
      connectionName: `fjt:data-events:${origin}`,
    });
  let subscriptions = 0;
  let closing = false;
  let resolveFirst: () => void = () => {};
  const first = new Promise<void>((resolve) => (resolveFirst = resolve));
  sub.on('error', (error: Error) => {
    if (!closing) log.warn({ err: error }, 'data events: Redis subscriber error; reconnecting');
  });
  const subscribe = () => {
    sub.subscribe(DATA_CHANGED_CHANNEL).then(
      () => {
        // Subscribed: nothing published from now on is missed. What was published while this connection was away
        // (or before it first came up) is unknown, so everything derived is dropped once.
        if (subscriptions++ > 0) log.info('data events: Redis subscription restored; dropping every derived answer');
        listeners.emit(dataChanged(['unknown'], 'all'));
        resolveFirst();
      },
      (error: unknown) => {
        if (!closing) log.warn({ err: error }, 'data events: subscribing failed; retrying on the next connection');
      },
    );
  };
  sub.on('ready', subscribe);
  if (sub.status === 'ready') subscribe();
  sub.on('message', (channel: string, text: string) => {
    if (channel !== DATA_CHANGED_CHANNEL) return;
    const event = parseDataChanged(text);
    if (event.origin === origin) return;
    listeners.emit(event);
  });
  return {
    async publish(event) {
      listeners.emit(event);
      try {
        await publisher.publish(DATA_CHANGED_CHANNEL, JSON.stringify({ ...event, origin }));
      } catch (error) {
        log.error({ err: error }, 'data events: the other instances could not be told of a data change');
      }
    },
    onChange: listeners.add,
    subscribed: () => first,
    origin,
    async close() {
      closing = true;
      resolveFirst();
      // a connection that is away would make QUIT wait for it: a shutdown does not
      if (sub.status === 'ready') await sub.quit().catch(() => sub.disconnect());
      else sub.disconnect();
    },
  };
}
