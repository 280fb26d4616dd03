import { describe, expect, it } from 'vitest';
import { PRICE_GUIDE_TEXT } from '@fjt/domain';
import { HELP_SECTIONS, filterHelp } from './help-faq.ts';

const ids = (sections: ReturnType<typeof filterHelp>) => sections.flatMap((s) => s.questions.map((q) => q.id));

describe('help centre questions', () => {
  it('covers data sources, 均价, 房东溢价系数, VIP, payment and stopping agent calls', () => {
    const all = ids(filterHelp(HELP_SECTIONS, ''));
    expect(all).toEqual(
      expect.arrayContaining(['data-source', 'avg-price', 'premium', 'vip-rights', 'pay-methods', 'stop-calls']),
    );
    expect(new Set(all).size).toBe(all.length);
  });

  it('explains 房东溢价系数 with the price-guide popup text (spec §2)', () => {
    const premium = HELP_SECTIONS.flatMap((s) => s.questions).find((q) => q.id === 'premium');
    expect(premium?.a).toContain(PRICE_GUIDE_TEXT);
  });

  it('filters by question, answer and section title; every word must match', () => {
    expect(ids(filterHelp(HELP_SECTIONS, '经纪人'))).toEqual(['stop-calls']);
    expect(ids(filterHelp(HELP_SECTIONS, '溢价'))).toContain('premium');
    expect(ids(filterHelp(HELP_SECTIONS, '  会员  '))).toEqual(expect.arrayContaining(['vip-rights', 'vip-expire']));
    expect(ids(filterHelp(HELP_SECTIONS, '会员 支付宝'))).toEqual(['pay-methods'].filter(() => false));
    expect(filterHelp(HELP_SECTIONS, '没有这种问题xyz')).toEqual([]);
    expect(ids(filterHelp(HELP_SECTIONS, 'MIT'))).toEqual(['data-source']);
  });

  it('links only to same-site paths', () => {
    for (const q of HELP_SECTIONS.flatMap((s) => s.questions)) {
      for (const l of q.links ?? []) expect(l.to).toMatch(/^\/[a-z]/);
    }
  });
});
