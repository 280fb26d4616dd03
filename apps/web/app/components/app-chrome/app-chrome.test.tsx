// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TabBar } from './TabBar.tsx';
import { TitleBar } from './TitleBar.tsx';

afterEach(cleanup);

describe('tab bar', () => {
  it('shows 首页 / 找房 / 消息 / 我的 as links, the current one marked', () => {
    const router = createMemoryRouter([{ path: '*', element: <TabBar active="find" cityId={110} /> }]);
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['首页', '/110'],
      ['找房', '/110/house-resold'],
      ['消息', '/im'],
      ['我的', '/profile'],
    ]);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, 'page', null, null]);
    expect(links[1]!.className).toContain('tab-bar__item--active');
  });
});

function routerAt(entries: string[], index: number) {
  const page = (name: string) => (
    <>
      <TitleBar title="小区详情" cityId={605} />
      <p data-testid="page">{name}</p>
    </>
  );
  return createMemoryRouter(
    [
      { path: '/605', element: <p data-testid="page">city home</p> },
      { path: '/605/community-list', element: page('list') },
      { path: '/605/house-detail/:id', element: page('detail') },
    ],
    { initialEntries: entries, initialIndex: index },
  );
}

describe('title bar', () => {
  it('shows the title and a ≥44 px back button named 返回', () => {
    render(<RouterProvider router={routerAt(['/605/house-detail/1'], 0)} />);
    expect(screen.getByTestId('title-bar-title').textContent).toBe('小区详情');
    expect(screen.getByRole('button', { name: '返回' }).className).toBe('title-bar__back');
  });

  it('goes back in history when the user came from within the app', async () => {
    const router = routerAt(['/605/community-list'], 0);
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/605/house-detail/1'));
    // The browser history the bar reads (React Router keeps its index in history.state).
    window.history.replaceState({ idx: 1 }, '');
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/605/community-list');
  });

  it('goes to the city home when the page was opened directly', async () => {
    const router = routerAt(['/605/house-detail/1'], 0);
    render(<RouterProvider router={router} />);
    window.history.replaceState({ idx: 0 }, '');
    fireEvent.click(screen.getByRole('button', { name: '返回' }));
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/605');
    expect(screen.getByTestId('page').textContent).toBe('city home');
  });
});
