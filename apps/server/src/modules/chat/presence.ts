// Whether someone answers a peer right now: a support staff member connected (peer 'support'), or the agent's staff
// member (peer 'agent-<id>'), on any instance. Alone, an instance knows from its own connections. With Redis, each
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

export interface StaffHere {
  support: boolean;
  agentIds: number[];
}

export interface ChatPresence {
  /** Someone answers the peer now (this instance or another). */
  online(peer: { peer: string; agentId: number | null }): Promise<boolean>;
  /** This instance's staff connections changed: publish at once. */
  changed(): void;
  close(): Promise<void>;
}

const localOnline = (here: StaffHere, peer: { peer: string; agentId: number | null }) =>
  peer.peer === 'support' ? here.support : peer.agentId !== null && here.agentIds.includes(peer.agentId);

export function localPresence(staffHere: () => StaffHere): ChatPresence {
  return {
    online: async (peer) => localOnline(staffHere(), peer),
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
  let published: StaffHere = { support: false, agentIds: [] };
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
    changed: schedule,
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      // this instance answers nobody any more
      const multi = redis.multi().zrem(SUPPORT_KEY, instance);
      for (const agentId of published.agentIds) multi.zrem(agentKey(agentId), instance);
      await multi.exec().catch(() => {});
    },
  };
}
