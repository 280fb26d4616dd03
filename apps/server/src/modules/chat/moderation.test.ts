// Whose texts are masked, and that the user's texts are read only when there is something to mask.
import { describe, expect, it } from 'vitest';
import { SHARED_CONTACT_LOOKBACK, moderateText } from './moderation.ts';

function fakeRepo(userTexts: string[]) {
  const calls: [number, number][] = [];
  return {
    calls,
    async userTexts(conversationId: number, limit: number) {
      calls.push([conversationId, limit]);
      return userTexts;
    },
  };
}

describe('moderateText', () => {
  it("masks an agent's contacts except the user's, reading a bounded number of the user's texts", async () => {
    const repo = fakeRepo(['我电话13900001111']);
    expect(await moderateText(repo, 7, 'agent', '打 13900001111 或 13812345678')).toBe('打 13900001111 或 138****5678');
    expect(repo.calls).toEqual([[7, SHARED_CONTACT_LOOKBACK]]);
  });

  it('does not look anything up for a text without contacts', async () => {
    const repo = fakeRepo([]);
    expect(await moderateText(repo, 7, 'agent', '这套房子总价 1380 万')).toBe('这套房子总价 1380 万');
    expect(repo.calls).toEqual([]);
  });

  it("leaves support's, the user's and the bot's texts as they are", async () => {
    const repo = fakeRepo([]);
    for (const role of ['support', 'user', 'bot', 'system'] as const) {
      expect(await moderateText(repo, 7, role, '客服热线 021-61234567，微信 fangjiatong')).toBe(
        '客服热线 021-61234567，微信 fangjiatong',
      );
    }
    expect(repo.calls).toEqual([]);
  });
});
