// The bus of "data changed" events (ADR 0015): in process when the app runs alone, Redis pub/sub when it is one of
// several instances (REDIS_URL). A data load publishes; every instance (this one included) listens and drops the
// answers derived from the changed cities. The message format and the channel are @fjt/dataset's, shared with the
// import and seed commands, which publish from processes of their own.
import type { FastifyBaseLogger } from 'fastify';
import { DATA_CHANGED_CHANNEL, dataChanged, parseDataChanged, type DataChanged } from '@fjt/dataset';
import type { Redis } from './redis.ts';
import { redisChannel } from './redis-channel.ts';

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
  const channel = redisChannel({
    url,
    channel: DATA_CHANGED_CHANNEL,
    publisher,
    subscriber,
    log,
    label: 'data events',
    // Subscribed: nothing published from now on is missed. What was published while this connection was away (or
    // before it first came up) is unknown, so everything derived is dropped once.
    onSubscribed: () => listeners.emit(dataChanged(['unknown'], 'all')),
    onMessage: (text) => listeners.emit(parseDataChanged(text)),
  });
  return {
    async publish(event) {
      // a change this process published has been applied already: its echo from Redis is skipped (redisChannel)
      listeners.emit(event);
      await channel.publish(event, 'the other instances could not be told of a data change');
    },
    onChange: listeners.add,
    subscribed: channel.subscribed,
    origin: channel.origin,
    close: channel.close,
  };
}
