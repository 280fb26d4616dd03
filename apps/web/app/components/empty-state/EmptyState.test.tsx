// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ClearFiltersLink, EmptyNote, EmptyState } from './EmptyState.tsx';

afterEach(cleanup);

describe('EmptyState (DESIGN.md: say what happened and offer the next step)', () => {
  it('shows a drawing, the title, the hint and the next step, in that order, as its own card', () => {
    const { container } = render(
      <EmptyState
        title="暂无符合条件的成交"
        hint="换个条件试试"
        action={
          <a className="btn" href="?">
            清除筛选条件
          </a>
        }
        testId="deals-empty"
      />,
    );
    const root = screen.getByTestId('deals-empty');
    expect(root.className).toBe('empty-state empty-state--card');
    expect(root.querySelector('svg.empty-state__art')?.getAttribute('aria-hidden')).toBe('true');
    const texts = [...root.querySelectorAll('p, a')].map((el) => el.textContent);
    expect(texts).toEqual(['暂无符合条件的成交', '换个条件试试', '清除筛选条件']);
    expect(screen.getByRole('link', { name: '清除筛选条件' }).getAttribute('href')).toBe('?');
    expect(container.querySelectorAll('.empty-state__hint')).toHaveLength(1);
  });

  it('leaves out what it is not given: no hint, no action, no drawing', () => {
    render(<EmptyState title="暂无数据" art={null} frame="plain" testId="e" />);
    const root = screen.getByTestId('e');
    expect(root.className).toBe('empty-state empty-state--plain');
    expect(root.querySelector('svg')).toBeNull();
    expect(root.querySelector('.empty-state__hint')).toBeNull();
    expect(root.querySelector('.empty-state__actions')).toBeNull();
    expect(root.textContent).toBe('暂无数据');
  });

  it('a labelled section is a region named by its label, and its button keeps the caller’s behaviour', () => {
    const choose = vi.fn();
    render(
      <EmptyState
        as="section"
        label="近一年暂无成交"
        title="近一年暂无成交"
        action={
          <button type="button" onClick={choose}>
            选择小区
          </button>
        }
      >
        <ul aria-label="周边小区">
          <li>小区甲</li>
        </ul>
      </EmptyState>,
    );
    const region = screen.getByRole('region', { name: '近一年暂无成交' });
    expect(region.querySelector('.empty-state__more ul')?.getAttribute('aria-label')).toBe('周边小区');
    fireEvent.click(screen.getByRole('button', { name: '选择小区' }));
    expect(choose).toHaveBeenCalledOnce();
  });

  it('draws a different picture for a search that found nothing and for missing data', () => {
    const { container } = render(
      <>
        <EmptyState title="a" art="search" />
        <EmptyState title="b" art="data" />
        <EmptyState title="c" />
      </>,
    );
    const arts = [...container.querySelectorAll('svg')].map((svg) => svg.getAttribute('data-art'));
    expect(arts).toEqual(['search', 'data', 'list']);
    expect(new Set([...container.querySelectorAll('svg')].map((svg) => svg.innerHTML)).size).toBe(3);
  });

  it('can be a list item in a result list', () => {
    render(
      <ul aria-label="搜索结果">
        <EmptyState as="li" frame="plain" art="search" title="暂未开通该城市，换个城市试试" />
      </ul>,
    );
    expect(screen.getByRole('listitem').textContent).toBe('暂未开通该城市，换个城市试试');
  });
});

describe('ClearFiltersLink', () => {
  it('clears to the bare page by default, or to the given address, as a plain or primary button', () => {
    render(
      <MemoryRouter initialEntries={['/605/renting?roomType=5']}>
        <ClearFiltersLink />
        <ClearFiltersLink to="?plateId=3" primary />
      </MemoryRouter>,
    );
    const [plain, primary] = screen.getAllByRole('link', { name: '清除筛选条件' });
    expect(plain!.getAttribute('href')).toBe('/605/renting');
    expect(plain!.className).toBe('btn');
    expect(primary!.getAttribute('href')).toBe('/605/renting?plateId=3');
    expect(primary!.className).toBe('btn btn-primary');
  });
});

describe('EmptyNote', () => {
  it('is one line: what happened · the next step', () => {
    render(<EmptyNote action={<a href="/login">订阅后有成交第一时间通知你</a>}>暂无成交记录</EmptyNote>);
    const note = screen.getByText(/暂无成交记录/);
    expect(note.className).toBe('empty-note');
    expect(note.textContent).toBe('暂无成交记录 · 订阅后有成交第一时间通知你');
  });

  it('without a next step it is just the sentence', () => {
    render(<EmptyNote>暂无相似房源</EmptyNote>);
    expect(screen.getByText('暂无相似房源').textContent).toBe('暂无相似房源');
  });
});
