import { describe, expect, it } from 'vitest';
import { searchHotQuery, searchSuggestQuery, searchTargetPath } from './search.ts';

describe('search/suggest query', () => {
  it('coerces query strings, trims the keyword and defaults size to 10', () => {
    expect(searchSuggestQuery.parse({ cityId: '605', kw: ' 西溪 ' })).toEqual({ cityId: 605, kw: '西溪', size: 10 });
    expect(searchSuggestQuery.parse({ cityId: '605', kw: 'xx', size: '5' }).size).toBe(5);
  });

  it('says what is wrong in Chinese', () => {
    const messages = (input: unknown) => searchSuggestQuery.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ cityId: '605' })).toEqual(['请输入搜索关键词']);
    expect(messages({ cityId: '605', kw: '   ' })).toEqual(['请输入搜索关键词']);
    expect(messages({ kw: 'xx' })).toEqual(['请选择城市（cityId 须为正整数）']);
    expect(messages({ cityId: '6.5', kw: 'xx' })).toEqual(['请选择城市（cityId 须为正整数）']);
    expect(messages({ cityId: '605', kw: 'xx', size: '21' })).toEqual(['size 须为1到20之间的整数']);
    expect(searchHotQuery.safeParse({ cityId: '0' }).error?.issues[0]?.message).toBe('请选择城市（cityId 须为正整数）');
  });
});

describe('searchTargetPath', () => {
  it('opens an estate, a plate or a new-house project on its own page', () => {
    expect(searchTargetPath(605, 'estate', 12)).toBe('/605/house-detail/12');
    expect(searchTargetPath(605, 'plate', 330106001)).toBe('/605/plate-detail/330106001');
    expect(searchTargetPath(605, 'project', 3)).toBe('/605/loupan/3');
  });
});
