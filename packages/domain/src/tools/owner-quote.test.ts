import { describe, expect, it } from 'vitest';
import { checkQuotePrice, quotePriceWarning, wanToYuan, yuanToWan } from './owner-quote.ts';
import { ownerAuthInput, ownerQuoteInput, OWNER_DECLARATION_VERSION } from '../api/owner-quotes.ts';

describe('万 and 元', () => {
  it('converts both ways without float noise', () => {
    expect(wanToYuan(350.5)).toBe(3_505_000);
    expect(wanToYuan(0.01)).toBe(100);
    expect(yuanToWan(3_505_000)).toBe(350.5);
    expect(yuanToWan(wanToYuan(123.45))).toBe(123.45);
  });
});

describe('checkQuotePrice', () => {
  it('compares with average × area', () => {
    // 40,000 元/㎡ × 90 ㎡ = 360 万
    expect(checkQuotePrice(360, 40_000, 90)).toEqual({ referenceWan: 360, verdict: 'ok', deviationPct: 0 });
    expect(checkQuotePrice(500, 40_000, 90).verdict).toBe('high');
    expect(checkQuotePrice(200, 40_000, 90).verdict).toBe('low');
    expect(checkQuotePrice(468, 40_000, 90).verdict).toBe('ok');
  });
  it('has nothing to compare without an area, an average or a price', () => {
    expect(checkQuotePrice(300, null, 90).verdict).toBeNull();
    expect(checkQuotePrice(300, 40_000, null).verdict).toBeNull();
    expect(checkQuotePrice(300, 40_000, 0).referenceWan).toBeNull();
    expect(checkQuotePrice(Number.NaN, 40_000, 90)).toEqual({ referenceWan: 360, verdict: null, deviationPct: null });
  });
  it('warns in Chinese only when far', () => {
    expect(quotePriceWarning(checkQuotePrice(360, 40_000, 90))).toBeNull();
    expect(quotePriceWarning(checkQuotePrice(540, 40_000, 90))).toBe(
      '您的期望售价高于小区挂牌均价估算（约360万）50.0%，可以提交，经纪人会结合近期成交给出建议。',
    );
    expect(quotePriceWarning(checkQuotePrice(180, 40_000, 90))).toContain('低于');
  });
});

describe('the contracts', () => {
  const auth = {
    estateId: 1,
    code: '123456',
    building: '3幢',
    room: '1201',
    declarationVersion: OWNER_DECLARATION_VERSION,
  };
  it('validates the room address', () => {
    expect(ownerAuthInput.safeParse(auth).success).toBe(true);
    expect(ownerAuthInput.safeParse({ ...auth, building: '  ' }).error?.issues[0]?.message).toBe('请填写楼栋');
    expect(ownerAuthInput.safeParse({ ...auth, room: '1'.repeat(21) }).error?.issues[0]?.message).toBe(
      '门牌号 最多20个字',
    );
    expect(ownerAuthInput.safeParse({ ...auth, unit: 'a\u0000' }).error?.issues[0]?.message).toBe(
      '单元 含有不允许的字符',
    );
    expect(ownerAuthInput.safeParse({ ...auth, declarationVersion: 'x' }).success).toBe(false);
    expect(ownerAuthInput.safeParse({ ...auth, code: '12345' }).error?.issues[0]?.message).toBe('请输入6位验证码');
  });
  it('validates the price', () => {
    const q = { estateId: 1, verificationId: 2, expectedPrice: 300, timeline: '3m', contactPreference: 'phone' };
    expect(ownerQuoteInput.safeParse(q).success).toBe(true);
    expect(ownerQuoteInput.safeParse({ ...q, expectedPrice: 0 }).success).toBe(false);
    expect(ownerQuoteInput.safeParse({ ...q, expectedPrice: 300.123 }).success).toBe(false);
    expect(ownerQuoteInput.safeParse({ ...q, timeline: 'soon' }).error?.issues[0]?.message).toBe('请选择出售时间');
  });
});
