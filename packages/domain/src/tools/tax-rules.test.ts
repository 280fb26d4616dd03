import { describe, expect, it } from 'vitest';
import { CITY_TAX_RULES, computeResaleTaxes, deedRate, taxRulesSummary, type ResaleTaxInput } from './tax-rules.ts';

const base: ResaleTaxInput = {
  cityId: 605,
  totalPriceWan: 300,
  area: 90,
  holding: 'over5',
  sellerOnlyHome: true,
  buyerHome: 'first',
};
const amount = (r: ReturnType<typeof computeResaleTaxes>, label: string) =>
  r!.lines.find((l) => l.label === label)!.amount;

describe('computeResaleTaxes', () => {
  it('300万, 90㎡, 满五唯一, 首套: 契税 3万, 增值税 0, 个税 0 (公告2024年第16号)', () => {
    const r = computeResaleTaxes(base)!;
    expect(amount(r, '契税')).toBe(30_000);
    expect(amount(r, '增值税')).toBe(0);
    expect(amount(r, '增值税附加')).toBe(0);
    expect(amount(r, '个人所得税')).toBe(0);
    // 杭州 custom: the buyer pays about 2% to the agent.
    expect(amount(r, '中介费（买方）')).toBe(60_000);
    expect(r.buyerTotal).toBe(90_000);
    expect(r.sellerTotal).toBe(0);
  });

  it('不满二, not 唯一, 二套, no 原值: VAT 3% on the whole price, 附加 halved, 个税 核定 1%', () => {
    const r = computeResaleTaxes({ ...base, holding: 'under2', sellerOnlyHome: false, buyerHome: 'second' })!;
    // 3,000,000 / 1.03 × 3% = 87,378.64
    expect(amount(r, '增值税')).toBe(87_379);
    // 87,379 × 12% × 50% = 5,242.74
    expect(amount(r, '增值税附加')).toBe(5_243);
    // 契税 on the price without VAT: 2,912,621 × 1%
    expect(amount(r, '契税')).toBe(29_126);
    expect(amount(r, '个人所得税')).toBe(29_126);
    expect(r.sellerTotal).toBe(87_379 + 5_243 + 29_126);
  });

  it('满二 but not 满五唯一 with a known 原值: 个税 = 20% of the gain', () => {
    const r = computeResaleTaxes({ ...base, holding: 'over2', originalPriceWan: 200 })!;
    expect(amount(r, '增值税')).toBe(0);
    expect(amount(r, '个人所得税')).toBe(200_000);
    // A loss means no 个税.
    const loss = computeResaleTaxes({ ...base, holding: 'over2', originalPriceWan: 350 })!;
    expect(amount(loss, '个人所得税')).toBe(0);
  });

  it('满五 but the seller owns another home: not exempt', () => {
    const r = computeResaleTaxes({ ...base, sellerOnlyHome: false })!;
    expect(amount(r, '个人所得税')).toBe(30_000);
  });

  it('契税 bands: 140㎡ is the line; >140 唯一 1.5%, 二套 2%; 三套 3%', () => {
    expect(deedRate('first', 140)).toBe(0.01);
    expect(deedRate('first', 140.01)).toBe(0.015);
    expect(deedRate('second', 150)).toBe(0.02);
    expect(deedRate('third', 60)).toBe(0.03);
    const big = computeResaleTaxes({ ...base, area: 150, buyerHome: 'second' })!;
    expect(amount(big, '契税')).toBe(60_000);
  });

  it('上海: both sides pay about 1% to the agent; the buyer rate can be edited', () => {
    const r = computeResaleTaxes({ ...base, cityId: 201, agentBuyerRate: 0.015 })!;
    expect(amount(r, '中介费（买方）')).toBe(45_000);
    expect(amount(r, '中介费（卖方）')).toBe(30_000);
  });

  it('an unknown city has no rules', () => {
    expect(computeResaleTaxes({ ...base, cityId: 999 })).toBeNull();
    expect(taxRulesSummary(999)).toBeNull();
  });

  it('covers the 16 cities, each line with a source and a date', () => {
    expect(CITY_TAX_RULES).toHaveLength(16);
    for (const c of CITY_TAX_RULES) {
      const s = taxRulesSummary(c.cityId)!;
      for (const l of s.lines) expect(l.source.effective).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
