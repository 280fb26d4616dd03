// The chat module's parts, put together once per app (app.ts): its service, the bus (Redis pub/sub when REDIS_URL is
// set), the hub of this instance's connections, and the per-user message limit (shared through Redis too).
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_HEARTBEAT_MS, CHAT_MESSAGES_PER_MINUTE } from '@fjt/domain';
import type { Database } from '@fjt/db';
import type { Redis } from '../../lib/redis.ts';
import { memoryTokenBucket, redisTokenBucket } from '../../lib/token-bucket.ts';
import type { StaffModule } from '../staff/service.ts';
import { inProcessChatBus, redisChatBus, type ChatBus } from './bus.ts';
import { createChatHub, type ChatHub } from './hub.ts';
import { localPresence, redisPresence, type ChatPresence } from './presence.ts';
import { createChatRepo } from './repo.ts';
import type { Uploads } from '../uploads/service.ts';
import { createChatService, type ChatService } from './service.ts';
import { createChatDesk, type ChatDesk } from './desk.ts';

export interface Chat {
  service: ChatService;
  /** The support console's actions (claim, transfer, close, summary). */
  desk: ChatDesk;
  bus: ChatBus;
  hub: ChatHub;
  presence: ChatPresence;
  close(): Promise<void>;
}

export function createChat({
  db,
  staff,
  redis,
  redisUrl,
  log,
  heartbeatMs = CHAT_HEARTBEAT_MS,
  bot = true,
  uploads,
}: {
  db: Database;
  /** The shared image uploads (modules/uploads). */
  uploads: Pick<Uploads, 'store' | 'read'>;
  staff: Pick<StaffModule, 'rolesOf'>;
  redis?: Redis | undefined;
  redisUrl?: string | undefined;
  log: FastifyBaseLogger;
  heartbeatMs?: number | undefined;
  /** The FAQ bot (on unless a test of the protocol's mechanics turns it off). */
  bot?: boolean | undefined;
}): Chat {
  const repo = createChatRepo(db);
  const service = createChatService({ repo, staff, uploads, bot });
  const bus = redis && redisUrl ? redisChatBus({ url: redisUrl, publisher: redis, log }) : inProcessChatBus(log);
  // a burst of a minute's messages, then one every 60/N s: a backlog sent after a reconnect drains steadily
  const bucket = { capacity: CHAT_MESSAGES_PER_MINUTE, refillMs: 60_000 / CHAT_MESSAGES_PER_MINUTE };
  const limit = redis ? redisTokenBucket(redis, { ...bucket, prefix: 'fjt:chat:bucket' }) : memoryTokenBucket(bucket);
  const hub = createChatHub({
    service,
    bus,
    limit,
    log,
    heartbeatMs,
    // connections attach only once this has returned: presence is set by then
    onStaffChange: () => presence.changed(),
  });
  const presence: ChatPresence = redis
    ? redisPresence({ redis, staffHere: () => hub.staffHere(), log })
    : localPresence(() => hub.staffHere());
  return {
    service,
    desk: createChatDesk({ db, repo, service, staff, presence }),
    bus,
    hub,
    presence,
    async close() {
      hub.stop();
      await presence.close();
      await bus.close();
    },
  };
}
