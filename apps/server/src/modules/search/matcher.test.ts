import { describe, expect, it } from 'vitest';
import { SuggestIndex, normalizeKeyword, unitsOf, type SuggestEntry } from './matcher.ts';

interface Row {
  id: number;
}

function entry(id: number, name: string, popularity = 0, alias?: string): SuggestEntry<Row> {
  return { names: alias ? [name, alias] : [name], popularity, value: { id } };
}

const ESTATES = [
  entry(1, '西溪湿地花园', 30),
  entry(2, '金地西溪风华', 80),
  entry(3, '西城时代', 50),
  entry(4, '重庆路小区', 5),
  entry(5, '长安花园', 20),
  entry(6, '厦门大厦公寓', 10),
  entry(7, '绿城·桂花园', 40, '桂花园'),
  entry(8, '西溪', 1),
  entry(9, '新西湖3期', 60),
  entry(10, '张安新村', 15),
  entry(11, '乐清名苑', 3),
  entry(12, '中山花园A区', 2),
];

const index = new SuggestIndex(ESTATES);
const ids = (kw: string, limit = 20) => index.search(kw, limit).hits.map((h) => h.value.id);

describe('normalizeKeyword', () => {
  it('keeps 汉字, letters and digits, lower-cased and half-width', () => {
    expect(normalizeKeyword(" Chang'an ")).toBe('changan');
    expect(normalizeKeyword('ＸＩ·Ｘｉ')).toBe('xixi');
    expect(normalizeKeyword('西 x')).toBe('西x');
    expect(normalizeKeyword('·—')).toBe('');
  });
});

describe('unitsOf', () => {
  it('reads polyphones in context first and keeps every reading', () => {
    const [chong, qing] = unitsOf('重庆');
    expect(chong?.readings[0]).toBe('chong');
    expect(chong?.readings).toContain('zhong');
    expect(qing?.readings).toEqual(['qing']);
    expect(unitsOf('长安')[0]?.readings[0]).toBe('chang');
    expect(unitsOf('厦门')[0]?.readings[0]).toBe('xia');
  });

  it('skips separators and keeps digits and letters with their offsets', () => {
    const units = unitsOf('绿城·A3');
    expect(units.map((u) => u.char)).toEqual(['绿', '城', 'a', '3']);
    expect(units.map((u) => u.at)).toEqual([0, 1, 3, 4]);
    expect(units[0]?.readings).toEqual(expect.arrayContaining(['lv', 'lu']));
  });
});

describe('SuggestIndex.search: input forms', () => {
  it('汉字 prefix and substring', () => {
    expect(ids('西溪')).toEqual([8, 1, 2]);
    expect(ids('湿地')).toEqual([1]);
    expect(ids('花园')).toEqual(expect.arrayContaining([1, 5, 7, 12]));
  });

  it('full pinyin', () => {
    expect(ids('xixi')).toEqual([8, 1, 2]);
    expect(ids('xixishidi')).toEqual([1]);
  });

  it('initials', () => {
    expect(ids('xx')).toEqual(expect.arrayContaining([8, 1, 2]));
    expect(ids('xxsd')).toEqual([1]);
    expect(ids('cqlxq')).toEqual([4]);
  });

  it('mixed 汉字 and pinyin, and a syllable cut short at the end', () => {
    expect(ids('西x')).toEqual(expect.arrayContaining([8, 1, 2]));
    expect(ids('西x').slice(0, 2)).toEqual([8, 1]);
    expect(ids('xi溪')).toEqual([8, 1, 2]);
    expect(ids('xix')).toEqual(expect.arrayContaining([8, 1, 2]));
    expect(ids('西溪sh')).toEqual([1]);
    expect(ids('jind')).toEqual([2]);
  });

  it('zh/ch/sh count as initials too', () => {
    expect(ids('zhsh')).toContain(12);
    expect(ids('chql')).toEqual([4]);
  });

  it('apostrophes, spaces and case do not matter', () => {
    expect(ids("chang'an")).toEqual(ids('changan'));
    expect(ids('Xi Xi')).toEqual(ids('xixi'));
  });

  it('digits and latin letters in names', () => {
    expect(ids('xxh3')).toEqual([9]);
    expect(ids('中山花园a')).toEqual([12]);
  });

  it('no match and empty input give nothing', () => {
    expect(index.search('qqqq', 10)).toEqual({ total: 0, hits: [] });
    expect(index.search('  ', 10)).toEqual({ total: 0, hits: [] });
    expect(index.search('北京', 10).hits).toEqual([]);
  });
});

describe('SuggestIndex.search: polyphones', () => {
  it('重庆 reads chongqing (and cq)', () => {
    expect(ids('chongqing')).toEqual([4]);
    expect(ids('cq')).toEqual([4]);
  });

  it("长安 reads chang'an; the off-context zhang'an ranks after a real 张安", () => {
    expect(ids('changan')).toEqual([5]);
    expect(ids('zhangan')).toEqual([10, 5]);
  });

  it('厦门 reads xiamen, and 大厦 reads dasha', () => {
    expect(ids('xiamen')).toEqual([6]);
    expect(ids('dasha')).toEqual([6]);
  });

  it('乐清 reads yueqing as well as leqing', () => {
    expect(ids('yueqing')).toEqual([11]);
    expect(ids('leqing')).toEqual([11]);
  });

  it('ü may be typed as v or u', () => {
    expect(ids('lvcheng')).toEqual([7]);
    expect(ids('lucheng')).toEqual([7]);
  });
});

describe('SuggestIndex.search: ranking', () => {
  it('exact before prefix before substring, then by popularity', () => {
    // 西溪 (exact, popularity 1) → 西溪湿地花园 (prefix, 30) → 金地西溪风华 (substring, 80)
    const result = index.search('西溪', 10);
    expect(result.hits.map((h) => [h.value.id, h.tier])).toEqual([
      [8, 0],
      [1, 1],
      [2, 2],
    ]);
    // One letter is a prefix of many names: the more popular first, substrings (金地西溪风华, 80) after them.
    expect(ids('x')).toEqual([9, 3, 1, 6, 8, 2, 10, 4]);
  });

  it('whole syllables before a syllable cut short, even when less popular', () => {
    const xi = new SuggestIndex([entry(1, '西兴公寓', 100), entry(2, '西溪家园', 1)]);
    expect(xi.search('xixi', 10).hits.map((h) => h.value.id)).toEqual([2, 1]);
    // A last single letter or zh/ch/sh is an initial, not a cut syllable: popularity decides.
    expect(xi.search('xix', 10).hits.map((h) => h.value.id)).toEqual([1, 2]);
    const zh = new SuggestIndex([entry(1, '中山花园', 5), entry(2, '重庆路', 1)]);
    expect(zh.search('zh', 10).hits.map((h) => h.value.id)).toEqual([1, 2]);
  });

  it('is stable: equal matches keep a fixed order', () => {
    const twins = new SuggestIndex([entry(1, '阳光小区'), entry(2, '阳光家园'), entry(3, '阳光花园')]);
    expect(twins.search('阳光', 10).hits.map((h) => h.value.id)).toEqual([1, 2, 3]);
  });

  it('an alias matches, is named, and ranks after a name match of the same kind', () => {
    const hit = index.search('桂花园', 10).hits[0];
    expect(hit).toMatchObject({ value: { id: 7 }, tier: 0, matchedAlias: '桂花园', highlight: null });
  });

  it('highlights the matched characters of the name, pinyin included', () => {
    const hit = index.search('xxfh', 10).hits[0];
    expect(hit?.value.id).toBe(2);
    expect(hit?.highlight).toEqual([2, 6]); // 金地[西溪风华]
    const dotted = index.search('lcg', 10).hits[0];
    expect(dotted?.highlight).toEqual([0, 4]); // [绿城·桂]花园
  });

  it('limit cuts the list but total counts every match', () => {
    const result = index.search('花园', 2);
    expect(result.hits).toHaveLength(2);
    expect(result.total).toBe(4);
  });
});
