// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TabBar } from './TabBar.tsx';
import { TitleBar } from './TitleBar.tsx';
import { setUnreadCount } from '../../lib/unread.ts';

afterEach(cleanup);
// The tab bar asks who is signed in (the unread badge): a visitor unless a test says otherwise.
beforeEach(() => {
  vi.stubGlobal('fetch', () =>
    Promise.resolve(new Response(JSON.stringify({ resultCode: 401, errMsg: '请先登录', body: null }), { status: 401 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('tab bar', () => {
  it('shows 首页 / 找房 / 消息 / 我的 as links, the current one marked', () => {
    const router = createMemoryRouter([{ path: '*', element: <TabBar active="find" cityId={110} /> }]);
    render(<RouterProvider router={router} />);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const links = Array.from(nav.querySelectorAll('a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['首页', '/110'],
      ['找房', '/110/house-resold'],
      ['消息', '/profile/message'],
      ['我的', '/profile'],
    ]);
    expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, 'page', null, null]);
    expect(links[1]!.className).toContain('tab-bar__item--active');
  });
});

describe('unread badge on 消息', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });
  const user = { id: 7, mobile: '138****0000', nickname: null, avatar: null };
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

  it('shows a signed-in user the count from message/unread-count, and follows later counts', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      if (url.endsWith('/app/login/check')) return json({ resultCode: 0, errMsg: '', body: { user } });
      return json({ resultCode: 0, errMsg: '', body: { count: 3 } });
    });
    const router = createMemoryRouter([{ path: '*', element: <TabBar active="home" cityId={605} /> }]);
    render(<RouterProvider router={router} />);
    const badge = await screen.findByTestId('unread-badge');
    expect(badge.textContent).toBe('3');
    expect(screen.getByRole('link', { name: '消息，3条未读' }).getAttribute('href')).toBe('/profile/message');
    expect(calls).toContain('/rabbit/v1/message/unread-count');
    act(() => setUnreadCount(120));
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
    act(() => setUnreadCount(0));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it('asks nothing for a visitor and shows no badge', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      calls.push(url);
      return json({ resultCode: 0, errMsg: '', body: { user: null } });
    });
    const router = createMemoryRouter([{ path: '*', element: <TabBar active="home" cityId={605} /> }]);
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(calls).toEqual(['/rabbit/v1/app/login/check']));
    expect(screen.queryByTestId('unread-badge')).toBeNull();
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
