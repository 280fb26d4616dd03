// The community's shared parts (issue 17), made once in app.ts and handed to the Q&A, review, note, report and
// moderation routes: the posting guard (guard.ts). With the sandbox SMS gateway only (development and tests), NEW
// POST dev/community/age-account makes the signed-in account older than the new-account cool-down, so a test's
// fresh user may post at once.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { schema, type Database } from '@fjt/db';
import { NEW_ACCOUNT_COOLDOWN_MS, ok } from '@fjt/domain';
import type { Redis } from '../../lib/redis.ts';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import { createPostingGuard, type PostingGuard } from './guard.ts';

export interface Community {
  guard: PostingGuard;
}

export function createCommunity(deps: { db: Database; redis?: Redis | null; now?: () => number }): Community {
  return { guard: createPostingGuard(deps) };
}

export const communityDevRoutes: FastifyPluginAsyncZod<{ db: Database; sandbox: boolean; now?: () => number }> = async (
  app,
  { db, sandbox, now = Date.now },
) => {
  if (!sandbox) return;
  app.post(
    '/dev/community/age-account',
    {
      ...personalRoute,
      schema: {
        tags: ['community'],
        summary: '沙箱（仅开发环境）：让当前账号越过新账号发布冷却期',
        response: { 200: envelopeOf(z.object({})) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      await db
        .update(schema.users)
        .set({ createdAt: new Date(now() - NEW_ACCOUNT_COOLDOWN_MS - 86_400_000) })
        .where(eq(schema.users.id, userId));
      return ok({});
    },
  );
};
