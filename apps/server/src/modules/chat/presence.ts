// Whether someone answers a peer right now: a support staff member connected (peer 'support'), or the agent's staff
// member (peer 'agent-<id>'), on any instance; and which support staff members are connected (the console's transfer
// targets). Alone, an instance knows from its own connections. With Redis, each
// instance also keeps its entries in sorted sets (member: the instance, score: until when it holds), written when a
// staff connection comes or goes and every PRESENCE_BEAT_MS. An instance that dies without cleaning up drops out
// when its entries expire.
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from '../../lib/redis.ts';

export const PRESENCE_BEAT_MS = 10_000;
export const PRESENCE_TTL_MS = 3 * PRESENCE_BEAT_MS;
const SUPPORT_KEY = 'fjt:chat:online:support';
const agentKey = (agentId: number) => `fjt:chat:online:agent:${agentId}`;
const supportUserKey = (userId: number) => `fjt:chat:online:support-user:${userId}`;

export interface StaffHere {
  support: boolean;
  agentIds: number[];
  /** The support staff users with a connection here. */
  supportUserIds: number[];
}

export interface ChatPresence {
  /** Someone answers the peer now (this instance or another). */
  online(peer: { peer: string; agentId: number | null }): Promise<boolean>;
  /** Those of these support staff users who have a connection now (this instance or another). */
  onlineSupport(userIds: readonly number[]): Promise<Set<number>>;
  /** This instance's staff connections changed: publish at once. */
  changed(): void;
  close(): Promise<void>;
}

const localOnline = (here: StaffHere, peer: { peer: string; agentId: number | null }) =>
  peer.peer === 'support' ? here.support : peer.agentId !== null && here.agentIds.includes(peer.agentId);

export function localPresence(staffHere: () => StaffHere): ChatPresence {
  return {
    online: async (peer) => localOnline(staffHere(), peer),
    onlineSupport: async (userIds) => {
      const here = new Set(staffHere().supportUserIds);
      return new Set(userIds.filter((id) => here.has(id)));
    },
    changed: () => {},
    close: async () => {},
  };
}

export function redisPresence({
  redis,
  staffHere,
  log,
  now = Date.now,
}: {
  redis: Redis;
  staffHere: () => StaffHere;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
}): ChatPresence {
  const instance = `${process.pid}-${randomBytes(6).toString('hex')}`;
  let published: StaffHere = { support: false, agentIds: [], supportUserIds: [] };
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  async function publish() {
    const here = staffHere();
    const until = now() + PRESENCE_TTL_MS;
    const multi = redis.multi();
    if (here.support) multi.zadd(SUPPORT_KEY, until, instance).pexpire(SUPPORT_KEY, PRESENCE_TTL_MS);
    else if (published.support) multi.zrem(SUPPORT_KEY, instance);
    for (const agentId of here.agentIds) {
      multi.zadd(agentKey(agentId), until, instance).pexpire(agentKey(agentId), PRESENCE_TTL_MS);
    }
    for (const agentId of published.agentIds)
      if (!here.agentIds.includes(agentId)) multi.zrem(agentKey(agentId), instance);
    for (const userId of here.supportUserIds) {
      multi.zadd(supportUserKey(userId), until, instance).pexpire(supportUserKey(userId), PRESENCE_TTL_MS);
    }
    for (const userId of published.supportUserIds)
      if (!here.supportUserIds.includes(userId)) multi.zrem(supportUserKey(userId), instance);
    await multi.exec();
    published = here;
  }

  /** One publish at a time; a change during one publishes again after it. */
  function schedule() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = publish()
      .catch((error: unknown) => log.warn({ err: error }, 'chat presence: publishing to Redis failed'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      });
  }

  const timer = setInterval(schedule, PRESENCE_BEAT_MS);
  timer.unref();

  return {
    async online(peer) {
      if (localOnline(staffHere(), peer)) return true;
      if (peer.peer !== 'support' && peer.agentId === null) return false;
      const key = peer.peer === 'support' ? SUPPORT_KEY : agentKey(peer.agentId!);
      try {
        return (await redis.zcount(key, now(), '+inf')) > 0;
      } catch (error) {
        log.warn({ err: error }, 'chat presence: Redis unreachable; answering from this instance only');
        return false;
      }
    },
    async onlineSupport(userIds) {
      const here = new Set(staffHere().supportUserIds);
      const online = new Set(userIds.filter((id) => here.has(id)));
      const elsewhere = userIds.filter((id) => !here.has(id));
      if (elsewhere.length === 0) return online;
      try {
        const multi = redis.multi();
        for (const id of elsewhere) multi.zcount(supportUserKey(id), now(), '+inf');
        const counts = (await multi.exec()) ?? [];
        elsewhere.forEach((id, i) => {
          if (Number(counts[i]?.[1] ?? 0) > 0) online.add(id);
        });
      } catch (error) {
        log.warn({ err: error }, 'chat presence: Redis unreachable; answering from this instance only');
      }
      return online;
    },
    changed: schedule,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      // this instance answers nobody any more
      const multi = redis.multi().zrem(SUPPORT_KEY, instance);
      for (const agentId of published.agentIds) multi.zrem(agentKey(agentId), instance);
      for (const userId of published.supportUserIds) multi.zrem(supportUserKey(userId), instance);
      await multi.exec().catch(() => {});
    },
  };
}
