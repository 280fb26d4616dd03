import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { band, idParam, intParam, isCleanText, monthParam, parseId, textParam, weekParam } from './params.ts';

const message = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues.map((i) => i.message).join('；');
};

describe('parseId: the one id rule of every route and loader', () => {
  it('accepts digits and JSON integers from 1 to 2³¹−1', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('5995')).toBe(5995);
    expect(parseId('2147483647')).toBe(2_147_483_647);
    expect(parseId(605)).toBe(605);
  });

  it.each([
    '0x10',
    '1e3',
    ' 5995 ',
    '5995 ',
    '-1',
    '0',
    '1.0',
    '+5',
    '0605',
    '2147483648',
    '99999999999999999999',
    '',
    '\u0000',
    '5\u0000',
    '١٢',
  ])('refuses %j', (raw) => {
    expect(parseId(raw)).toBeNull();
  });

  it('refuses other JSON values', () => {
    for (const raw of [0, -1, 1.5, 2_147_483_648, 1e21, Number.NaN, Infinity, null, undefined, true, {}, ['1']]) {
      expect(parseId(raw)).toBeNull();
    }
  });
});

describe('idParam', () => {
  const schema = z.object({ houseId: idParam('houseId') });
  it('parses ids to numbers and words every refusal in Chinese', () => {
    expect(schema.parse({ houseId: '42' })).toEqual({ houseId: 42 });
    expect(schema.parse({ houseId: 42 })).toEqual({ houseId: 42 });
    expect(message(schema, {})).toBe('houseId 不能为空');
    for (const bad of ['2147483648', '0x10', '1e3', ' 5995 ', '-1', true, ['1', '2'], 1.5]) {
      expect(message(schema, { houseId: bad })).toBe('houseId 格式不正确');
    }
  });

  it('takes a friendlier message', () => {
    expect(message(idParam('cityId', '请选择城市'), 'x')).toBe('请选择城市');
  });
});

describe('intParam', () => {
  const size = intParam('size', { min: 1, max: 20, minMessage: 'size 至少为 1', maxMessage: 'size 最多为 20' });
  it('accepts digits within its bounds', () => {
    expect(size.parse('20')).toBe(20);
    expect(size.parse(3)).toBe(3);
  });
  it('refuses non-digits and numbers beyond its bounds', () => {
    expect(message(size, '21')).toBe('size 最多为 20');
    expect(message(size, '0')).toBe('size 至少为 1');
    for (const bad of ['0x10', '1e3', ' 5 ', '1.0', '99999999999999999999', '', 1.5, true]) {
      expect(message(size, bad)).toBe('size 须为 1 到 20 之间的整数');
    }
  });
});

describe('band: a numeric range with a limit per field', () => {
  const price = band('price', '200-300');
  it('reads open and closed bands', () => {
    expect(price.parse('200-300')).toEqual({ min: 200, max: 300 });
    expect(price.parse('500-')).toEqual({ min: 500, max: null });
    expect(price.parse('-100')).toEqual({ min: null, max: 100 });
    expect(price.parse(undefined)).toBeUndefined();
  });
  it('refuses ends beyond the field’s limit, reversed bands and other text', () => {
    expect(message(price, '99999999999999999999-')).toBe('price 超出允许的范围');
    expect(message(price, '100000-')).toBeNull();
    expect(message(price, '100001-')).toBe('price 超出允许的范围');
    expect(message(band('homeAge', '0-10'), '201-')).toBe('homeAge 超出允许的范围');
    expect(message(band('singlePrice', '1-2'), '-1000001')).toBe('singlePrice 超出允许的范围');
    expect(message(price, '300-200')).toBe('price 的下限不能大于上限');
    expect(message(price, '1e3-')).toBe('price 格式不正确，例如 200-300');
    expect(message(price, ['1-2'])).toBe('price 格式不正确，例如 200-300');
  });
});

describe('textParam: free text without control characters', () => {
  const kw = textParam('kw', { max: 30 });
  it('trims and bounds the text', () => {
    expect(kw.parse(' 西溪 ')).toBe('西溪');
    expect(message(kw, '   ')).toBe('kw 不能为空');
    expect(message(kw, '西'.repeat(31))).toBe('kw 最多30个字');
  });
  it('refuses NUL and other control characters with a Chinese message', () => {
    for (const bad of ['\u0000', 'a\u0000b', '西\u0007', '\u001b[0m', 'a\u007fb']) {
      expect(message(kw, bad)).toBe('kw 含有不允许的字符');
    }
    expect(isCleanText('西溪 xixi <b>')).toBe(true);
  });
});

describe('monthParam and weekParam: sane years only', () => {
  it('accepts months and Mondays from 2000 to 2100', () => {
    expect(monthParam().parse('2026-06')).toBe('2026-06');
    expect(weekParam().parse('2026-06-01')).toBe('2026-06-01');
    expect(weekParam().parse('2028-02-29')).toBe('2028-02-29');
  });
  it.each(['0000-01', '1999-12', '2101-01', '2026-13', '2026-6', '2026-06-01', '\u0000'])('refuses month %j', (m) => {
    expect(message(monthParam(), m)).toMatch(/^month 格式不正确/);
  });
  it.each(['0000-01-03', '2026-02-30', '2027-02-29', '2026-06', '2026-06-01T00:00'])('refuses week %j', (w) => {
    expect(message(weekParam(), w)).toMatch(/^week 格式不正确/);
  });
});
