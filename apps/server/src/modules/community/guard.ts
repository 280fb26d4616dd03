// What every community post passes before it is stored (issue 17, Safety), whatever its kind:
//   - the author is not banned (user_ban) and their account is older than NEW_ACCOUNT_COOLDOWN_MS;
//   - the author has a token left in their posting bucket (POST_BURST, then one per POST_REFILL_MS; Redis-backed when
//     REDIS_URL is set, so every instance counts alike), given back when a later check refuses the post;
//   - the sensitive-word filter (words.ts): a blocked word refuses the post, a flagged one queues it for moderation;
//   - phone numbers and WeChat ids in the text are masked (domain maskContacts), so contacts never reach the page.
// The text is stored as typed otherwise: plain text, rendered escaped (web components/UserText).
import { eq } from 'drizzle-orm';
import { schema, type Database } from '@fjt/db';
import {
  ApiError,
  COMMUNITY_MESSAGES,
  maskContacts,
  NEW_ACCOUNT_COOLDOWN_MS,
  POST_BURST,
  POST_REFILL_MS,
  type PostKind,
} from '@fjt/domain';
import { memoryTokenBucket, redisTokenBucket, type TokenBucket } from '../../lib/token-bucket.ts';
import type { Redis } from '../../lib/redis.ts';
import { checkWords } from './words.ts';

export interface CheckedPost<T extends Record<string, string>> {
  /** The same fields, contacts masked. */
  texts: T;
  /** A flag word was found: store the post with flagged = true. */
  flagged: boolean;
}

export interface PostingGuard {
  /**
   * Checks a post by `userId` (throws ApiError with a Chinese errMsg when refused: 403 banned, 403 new account, 429
   * too fast, 400 blocked words) and returns its texts as they are to be stored. Call it inside the request, before
   * the write; a write that then fails should call `giveBack(userId)`.
   */
  check<T extends Record<string, string>>(userId: number, kind: PostKind, texts: T): Promise<CheckedPost<T>>;
  /** Whether the user may post at all (not banned): for composers that want to say so before typing. */
  banned(userId: number): Promise<boolean>;
  giveBack(userId: number): Promise<void>;
}

export function createPostingGuard(deps: {
  db: Database;
  redis?: Redis | null;
  /** The clock of the cool-down and of the in-process bucket (tests move it). */
  now?: () => number;
  bucket?: TokenBucket;
}): PostingGuard {
  const { db, now = Date.now } = deps;
  const shape = { capacity: POST_BURST, refillMs: POST_REFILL_MS };
  const bucket =
    deps.bucket ??
    (deps.redis
      ? redisTokenBucket(deps.redis, { ...shape, prefix: 'fjt:post:bucket' })
      : memoryTokenBucket(shape, { now }));

  async function banOf(userId: number) {
    const [ban] = await db.select().from(schema.userBan).where(eq(schema.userBan.userId, userId));
    if (!ban) return null;
    if (ban.until && ban.until.getTime() <= now()) return null;
    return ban;
  }

  return {
    async banned(userId) {
      return (await banOf(userId)) !== null;
    },
    async check(userId, _kind, texts) {
      if (await banOf(userId)) throw ApiError.forbidden(COMMUNITY_MESSAGES.banned);
      const [user] = await db
        .select({ createdAt: schema.users.createdAt })
        .from(schema.users)
        .where(eq(schema.users.id, userId));
      if (!user) throw ApiError.unauthorized();
      if (now() - user.createdAt.getTime() < NEW_ACCOUNT_COOLDOWN_MS) {
        throw ApiError.forbidden(COMMUNITY_MESSAGES.newAccount);
      }
      const words = checkWords(...Object.values(texts));
      if (words.verdict === 'block') throw ApiError.badRequest(COMMUNITY_MESSAGES.blockedWords);
      const taken = await bucket.take(String(userId));
      if (!taken.allowed) throw ApiError.tooMany(COMMUNITY_MESSAGES.rateLimited);
      const masked = Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, maskContacts(v)])) as typeof texts;
      return { texts: masked, flagged: words.verdict === 'flag' };
    },
    giveBack: (userId) => bucket.giveBack(String(userId)),
  };
}
