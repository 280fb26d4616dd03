// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { searchTargetPath, type SearchSuggestGroup } from '@fjt/domain';
import { SuggestionList } from './SuggestionList.tsx';

afterEach(cleanup);

/** A link whose text contains `text` (a highlighted name is split across elements). */
function linkWith(container: HTMLElement, text: string): HTMLElement {
  const link = within(container)
    .getAllByRole('link')
    .find((a) => a.textContent?.includes(text));
  if (!link) throw new Error(`no link with ${text}`);
  return link;
}

const GROUPS: SearchSuggestGroup[] = [
  {
    kind: 'estate',
    title: '小区',
    total: 12,
    list: [
      {
        kind: 'estate',
        id: 2,
        name: '金地西溪风华',
        matchedAlias: null,
        highlight: [2, 4],
        region: '西湖区 · 蒋村',
        avgPrice: 52_000,
        avgPriceLabel: '挂牌均价',
        onSaleCount: 3,
        saleStatus: null,
      },
      {
        kind: 'estate',
        id: 7,
        name: '绿城桂花园',
        matchedAlias: '桂花园',
        highlight: null,
        region: '西湖区 · 文新',
        avgPrice: null,
        avgPriceLabel: '挂牌均价',
        onSaleCount: 0,
        saleStatus: null,
      },
    ],
  },
  {
    kind: 'project',
    title: '新房',
    total: 1,
    list: [
      {
        kind: 'project',
        id: 1,
        name: '西溪云庐',
        matchedAlias: null,
        highlight: [0, 2],
        region: '西湖区 · 蒋村',
        avgPrice: 61_000,
        avgPriceLabel: '参考均价',
        onSaleCount: null,
        saleStatus: '在售',
      },
    ],
  },
];

describe('SuggestionList', () => {
  it('groups suggestions with 均价, marks the match and links each to its page', () => {
    const onOpen = vi.fn();
    render(
      <MemoryRouter>
        <SuggestionList
          groups={GROUPS}
          targetPath={(kind, id) => searchTargetPath(605, kind, id)}
          allResultsPath="/605/search/result?kw=xx"
          onOpen={onOpen}
        />
      </MemoryRouter>,
    );
    const estates = screen.getByRole('region', { name: '小区' });
    const first = linkWith(estates, '金地西溪风华');
    expect(first.getAttribute('href')).toBe('/605/house-detail/2');
    expect(first.textContent).toContain('52,000元/㎡');
    expect(first.textContent).toContain('挂牌均价');
    expect(first.textContent).toContain('西湖区 · 蒋村 · 在售3套');
    expect(first.querySelector('mark')?.textContent).toBe('西溪');
    const aliased = linkWith(estates, '绿城桂花园');
    expect(aliased.textContent).toContain('别名：桂花园');
    expect(aliased.textContent).toContain('--');
    expect(within(estates).getByRole('link', { name: '共12个，查看全部' }).getAttribute('href')).toBe(
      '/605/search/result?kw=xx',
    );
    const project = within(screen.getByRole('region', { name: '新房' })).getByRole('link');
    expect(project.getAttribute('href')).toBe('/605/loupan/1');
    expect(project.textContent).toContain('在售');
    expect(project.textContent).toContain('参考均价');
    fireEvent.click(first);
    expect(onOpen).toHaveBeenCalledWith('金地西溪风华', 'estate', 2);
  });
});
