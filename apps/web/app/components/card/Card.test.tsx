// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Card } from './Card.tsx';

afterEach(cleanup);

const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('Card', () => {
  it('is a region named by its title, with a test id and a 更多 link on the title row', () => {
    inRouter(
      <Card id="estate-deals" title="最新成交" more={{ to: '/605/deal-history/1', text: '全部12条' }}>
        <p>内容</p>
      </Card>,
    );
    const region = screen.getByRole('region', { name: '最新成交' });
    expect(region.getAttribute('data-testid')).toBe('estate-deals');
    expect(region.id).toBe('estate-deals');

    expect(region.className).toBe('card');
    expect(screen.getByRole('heading', { level: 2, name: '最新成交' }).id).toBe('estate-deals-title');
    const more = screen.getByRole('link', { name: '全部12条' });
    expect(more.getAttribute('href')).toBe('/605/deal-history/1');
    expect(more.className).toBe('card__more');
    expect(more.textContent).toBe('全部12条 ›');
    expect(more.closest('header')?.className).toBe('card__head');
    expect(region.lastElementChild?.textContent).toBe('内容');
  });

  it('without an id its title still names it; a label names it instead of a longer title', () => {
    inRouter(
      <>
        <Card flush title="房源信息" />
        <Card flush label="同户型成交" title="同户型成交（前后6个月）" />
      </>,
    );
    expect(screen.getByRole('region', { name: '房源信息' }).className).toBe('card card--flush');
    expect(screen.getByRole('region', { name: '同户型成交' }).querySelector('h2')?.textContent).toBe(
      '同户型成交（前后6个月）',
    );
  });

  it('a card without a title has no title row', () => {
    inRouter(
      <Card label="经纪人列表" className="extra">
        <ul />
      </Card>,
    );
    const region = screen.getByRole('region', { name: '经纪人列表' });
    expect(region.className).toBe('card extra');
    expect(region.querySelector('header')).toBeNull();
  });

  it('takes any node as the title row’s right side', () => {
    inRouter(<Card title="走势" more={<button type="button">切换</button>} />);
    expect(screen.getByRole('button', { name: '切换' }).parentElement?.className).toBe('card__head');
  });
});
