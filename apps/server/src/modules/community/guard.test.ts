// The posting guard against a real database: bans (lifted by time or by staff), the new-account cool-down, the
// per-user bucket (a burst of POST_BURST, then one a POST_REFILL_MS, a refused write given back), the word filter
// and masked contacts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '@fjt/db';
import { ApiError, COMMUNITY_MESSAGES, NEW_ACCOUNT_COOLDOWN_MS, POST_BURST, POST_REFILL_MS } from '@fjt/domain';
import { seededApp, signInAs } from '../../testing.ts';
import { createPostingGuard } from './guard.ts';

const seeded = seededApp();

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function clock(start = Date.now()) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe('createPostingGuard', () => {
  it('refuses a new account until the cool-down has passed', async () => {
    const time = clock();
    const guard = createPostingGuard({ db: seeded.database.db, now: time.now });
    const user = await signInAs(seeded.app);
    const error = await refusal(guard.check(user.id, 'question', { title: '这个小区怎么样' }));
    expect([error.statusCode, error.message]).toEqual([403, COMMUNITY_MESSAGES.newAccount]);
    time.advance(NEW_ACCOUNT_COOLDOWN_MS + 1000);
    await expect(guard.check(user.id, 'question', { title: '这个小区怎么样' })).resolves.toMatchObject({
      flagged: false,
    });
  });

  it('allows a burst, then one post per refill interval; a given-back token is usable again', async () => {
    const time = clock(Date.now() + NEW_ACCOUNT_COOLDOWN_MS * 2);
    const guard = createPostingGuard({ db: seeded.database.db, now: time.now });
    const user = await signInAs(seeded.app);
    for (let i = 0; i < POST_BURST; i++) await guard.check(user.id, 'answer', { body: `回答${i}` });
    const error = await refusal(guard.check(user.id, 'answer', { body: '再来一条' }));
    expect([error.statusCode, error.message]).toEqual([429, COMMUNITY_MESSAGES.rateLimited]);
    await guard.giveBack(user.id);
    await guard.check(user.id, 'answer', { body: '退回的额度' });
    await refusal(guard.check(user.id, 'answer', { body: '又没了' }));
    time.advance(POST_REFILL_MS);
    await guard.check(user.id, 'answer', { body: '过了一分钟' });
  });

  it('refuses a banned user until the ban ends; a lifted ban lets them post', async () => {
    const time = clock(Date.now() + NEW_ACCOUNT_COOLDOWN_MS * 2);
    const guard = createPostingGuard({ db: seeded.database.db, now: time.now });
    const user = await signInAs(seeded.app);
    const db = seeded.database.db;
    await db.insert(schema.userBan).values({
      userId: user.id,
      reason: '广告',
      bannedBy: 1,
      until: new Date(time.now() + 86_400_000),
    });
    expect(await guard.banned(user.id)).toBe(true);
    const error = await refusal(guard.check(user.id, 'review', { body: '点评内容点评内容' }));
    expect([error.statusCode, error.message]).toEqual([403, COMMUNITY_MESSAGES.banned]);
    time.advance(86_400_000 + 1);
    expect(await guard.banned(user.id)).toBe(false);
    await db.update(schema.userBan).set({ until: null }).where(eq(schema.userBan.userId, user.id));
    expect(await guard.banned(user.id)).toBe(true);
    await db.delete(schema.userBan).where(eq(schema.userBan.userId, user.id));
    await guard.check(user.id, 'review', { body: '点评内容点评内容' });
  });

  it('blocks (400) or flags by words, takes no token for a blocked post, and masks contacts', async () => {
    const time = clock(Date.now() + NEW_ACCOUNT_COOLDOWN_MS * 2);
    const guard = createPostingGuard({ db: seeded.database.db, now: time.now });
    const user = await signInAs(seeded.app);
    for (let i = 0; i < POST_BURST + 2; i++) {
      const error = await refusal(guard.check(user.id, 'question', { title: '正规代开发票', body: '' }));
      expect([error.statusCode, error.message]).toEqual([400, COMMUNITY_MESSAGES.blockedWords]);
    }
    const checked = await guard.check(user.id, 'question', {
      title: '有内部房源吗',
      body: '请联系我 13812345678，微信 zhang_san88',
    });
    expect(checked.flagged).toBe(true);
    expect(checked.texts.title).toBe('有内部房源吗');
    expect(checked.texts.body).not.toContain('13812345678');
    expect(checked.texts.body).not.toContain('zhang_san88');
    expect(checked.texts.body).toContain('138****5678');
  });
});
