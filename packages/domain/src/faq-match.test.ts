import { describe, expect, it } from 'vitest';
import { faqTokens, matchFaq, type FaqEntry } from './faq-match.ts';

const ENTRIES: FaqEntry[] = [
  { id: 'refund', q: '会员可以退款吗？', a: '开通后7天内未使用可申请退款。', keywords: ['退款', '退钱', '退费'] },
  {
    id: 'deal',
    q: '成交价数据从哪里来？',
    a: '来自各地住建部门公开数据与合作机构。',
    keywords: ['数据来源', '成交价'],
  },
  { id: 'call', q: '留了电话后经纪人多久联系我？', a: '24小时内，且每天最多3位经纪人。', keywords: ['回电', '联系我'] },
  { id: 'vip', q: 'VIP会员有哪些权益？', a: '查看全部成交价、报告折扣等。', keywords: ['权益'] },
];

describe('faqTokens', () => {
  it('Chinese as bigrams without filler, Latin words and numbers whole, punctuation dropped', () => {
    expect([...faqTokens('VIP会员，24小时？')]).toEqual(['vip', '24', '会员', '小时']);
    expect(faqTokens('请问怎么退款').has('退款')).toBe(true);
    expect(faqTokens('请问怎么退款').has('怎么')).toBe(false);
  });
});

describe('matchFaq', () => {
  it('answers the question asked in other words', () => {
    expect(matchFaq('买了会员不想要了能退钱吗', ENTRIES)?.entry.id).toBe('refund');
    expect(matchFaq('你们的成交价是哪来的', ENTRIES)?.entry.id).toBe('deal');
    expect(matchFaq('经纪人什么时候会联系我', ENTRIES)?.entry.id).toBe('call');
    expect(matchFaq('vip有什么权益', ENTRIES)?.entry.id).toBe('vip');
  });

  it('the exact question matches with a high score', () => {
    const m = matchFaq('会员可以退款吗？', ENTRIES);
    expect(m?.entry.id).toBe('refund');
    expect(m!.score).toBeGreaterThan(0.8);
  });

  it('nothing for greetings, empty text or unrelated questions', () => {
    expect(matchFaq('你好', ENTRIES)).toBeNull();
    expect(matchFaq('', ENTRIES)).toBeNull();
    expect(matchFaq('？？？', ENTRIES)).toBeNull();
    expect(matchFaq('明天天气怎么样', ENTRIES)).toBeNull();
  });
});
