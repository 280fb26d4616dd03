// The support FAQ answers what the brief asks (membership, deal prices and data sources, payment and refunds,
// agents calling back) with the figures the server applies.
import { describe, expect, it } from 'vitest';
import { LEAD_SLA_HOURS } from './api/leads.ts';
import { ORDER_TIMEOUT_MS } from './api/payments.ts';
import { matchFaq } from './faq-match.ts';
import { SUPPORT_FAQ, SUPPORT_FAQ_ENTRIES } from './support-faq.ts';

const all = SUPPORT_FAQ.flatMap((g) => g.items.map((i) => `${i.q}\n${i.a}`)).join('\n');

describe('SUPPORT_FAQ', () => {
  it('has the four groups, each with questions and answers in Chinese, no question twice', () => {
    expect(SUPPORT_FAQ.map((g) => g.title)).toEqual(['会员', '成交价与数据', '支付与退款', '经纪人联系']);
    const questions = SUPPORT_FAQ.flatMap((g) => g.items.map((i) => i.q));
    expect(new Set(questions).size).toBe(questions.length);
    for (const { q, a } of SUPPORT_FAQ.flatMap((g) => g.items)) {
      expect(q).toMatch(/？$/);
      expect(a).toMatch(/[。）]$/);
    }
  });

  it('uses the server’s figures: the agents’ 24 hours and the unpaid-order timeout', () => {
    expect(all).toContain(`经纪人将在${LEAD_SLA_HOURS}小时之内与您联系`);
    expect(all).toContain(`订单在${ORDER_TIMEOUT_MS / 60_000}分钟内未支付会自动关闭`);
  });

  it('names the way to stop agents calling, the data sources and refunds', () => {
    expect(all).toContain('「不再联系我」');
    expect(all).toContain('国家统计局');
    expect(all).toContain('退款');
  });
});

describe('the FAQ bot on SUPPORT_FAQ', () => {
  it('every entry has its own id, and its own question finds it', () => {
    const ids = SUPPORT_FAQ_ENTRIES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of SUPPORT_FAQ_ENTRIES) expect(matchFaq(e.q, SUPPORT_FAQ_ENTRIES)?.entry.id).toBe(e.id);
  });

  it('answers questions asked in the users’ own words', () => {
    const asked = (text: string) => matchFaq(text, SUPPORT_FAQ_ENTRIES)?.entry.id;
    expect(asked('买了会员能退钱吗')).toBe('refund');
    expect(asked('经纪人老给我打电话，不想接了')).toBe('agent-stop');
    expect(asked('你们的成交价是哪来的')).toBe('data-source');
    expect(asked('付款了会员没到账')).toBe('pay-missing');
    expect(asked('你好')).toBeUndefined();
  });
});
