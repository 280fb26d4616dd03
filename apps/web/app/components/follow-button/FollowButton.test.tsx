// @vitest-environment happy-dom
// The one follow button (issue 11): a visitor's tap goes to login carrying the intent; a user sees the state asked
// of the API, a tap flips it at once and a failed call puts it back (with the errMsg toast); back from login with
// ?follow=<kind>, the page follows once and drops the parameter; every button of one target shows the same state.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { forgetFollowStates } from '../../lib/follow.ts';
import { forgetLogin } from '../../lib/session.ts';
import { FollowButton } from './FollowButton.tsx';

const toasts: string[] = [];
vi.mock('../../lib/toast.ts', () => ({ showToast: (text: string) => void toasts.push(text) }));

const user = { id: 7, mobile: '138****0000', nickname: null, avatar: null };
type Handler = (url: string, init?: RequestInit) => { status?: number; body: unknown } | undefined;
let handler: Handler;
let fetchMock: ReturnType<typeof vi.fn>;
const envelope = (body: unknown, resultCode = 0, errMsg = '') => ({ body: { resultCode, errMsg, body } });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderAt(path: string, ui: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              {ui}
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

beforeEach(() => {
  localStorage.clear();
  forgetLogin();
  forgetFollowStates();
  toasts.length = 0;
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const answer = handler(url, init) ?? { status: 404, body: { resultCode: 404, errMsg: '接口不存在', body: null } };
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url}`);

describe('FollowButton', () => {
  it("sends a visitor to login with the follow intent in the redirect, and doesn't call the API", async () => {
    handler = (url) => (url.endsWith('/app/login/check') ? envelope({ user: null }) : undefined);
    renderAt('/605/house-detail/7?tab=1', <FollowButton kind="estate" id={7} label="订阅" icon />);
    const button = screen.getByRole('button', { name: /订阅/ });
    await waitFor(() => expect(button.getAttribute('data-follow')).toBe('unknown'));
    // the check answers 'visitor' before the tap counts
    await act(async () => {
      await Promise.resolve();
    });
    fireEvent.click(button);
    await waitFor(() =>
      expect(where()).toBe(`/login?redirect=${encodeURIComponent('/605/house-detail/7?tab=1&follow=estate')}`),
    );
    expect(calls().filter((c) => c.includes('estate-subscribe'))).toEqual([]);
  });

  it('shows a user the state, flips at once on a tap, and rolls back with the errMsg when the call fails', async () => {
    let subscribed = false;
    let failAdd = false;
    handler = (url, init) => {
      if (url.endsWith('/app/login/check')) return envelope({ user });
      if (url.includes('estate-subscribe/check')) return envelope({ subscribed, muted: false });
      if (url.includes('estate-subscribe/add')) {
        // the GET that changes state carries x-requested-with
        expect((init?.headers as Record<string, string>)['x-requested-with']).toBe('fetch');
        if (failAdd) return { status: 500, body: { resultCode: 500, errMsg: '服务繁忙，请稍后重试', body: null } };
        subscribed = true;
        return envelope({ subscribed: true, muted: false });
      }
      if (url.includes('estate-subscribe/del')) {
        subscribed = false;
        return envelope({ subscribed: false, muted: false });
      }
      return undefined;
    };
    renderAt(
      '/605/house-detail/7',
      <>
        <FollowButton kind="estate" id={7} label="订阅" testId="bar" />
        <FollowButton kind="estate" id={7} label="订阅成交提醒" onLabel="已订阅成交提醒" testId="cta" />
      </>,
    );
    const bar = screen.getByTestId('bar');
    const cta = screen.getByTestId('cta');
    await waitFor(() => expect(bar.getAttribute('data-follow')).toBe('off'));
    // one check for both buttons of the same estate
    expect(calls().filter((c) => c.includes('estate-subscribe/check')).length).toBe(1);

    fireEvent.click(bar);
    expect(bar.textContent).toBe('已订阅'); // optimistic
    expect(cta.textContent).toBe('已订阅成交提醒');
    await waitFor(() => expect(toasts).toContain('订阅成功'));
    expect(bar.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(cta);
    expect(bar.textContent).toBe('订阅');
    await waitFor(() => expect(toasts).toContain('已取消订阅'));

    failAdd = true;
    fireEvent.click(bar);
    expect(bar.textContent).toBe('已订阅');
    await waitFor(() => expect(toasts).toContain('服务繁忙，请稍后重试'));
    expect(bar.textContent).toBe('订阅');
    expect(subscribed).toBe(false);
  });

  it('back from login with ?follow=<kind>: follows once, says so, and removes the parameter', async () => {
    handler = (url) => {
      if (url.endsWith('/app/login/check')) return envelope({ user });
      if (url.includes('user/favor/check')) return envelope({ favored: false });
      if (url.includes('user/favor/add')) return envelope({ favored: true });
      return undefined;
    };
    renderAt(
      '/605/property/9?follow=listing&x=1',
      <>
        <FollowButton kind="listing" id={9} label="收藏" testId="a" />
        <FollowButton kind="listing" id={9} label="收藏" testId="b" />
        {/* another kind on the page does not take the intent */}
        <FollowButton kind="estate" id={3} label="订阅" testId="c" />
      </>,
    );
    await waitFor(() => expect(where()).toBe('/605/property/9?x=1'));
    await waitFor(() => expect(toasts).toEqual(['收藏成功']));
    expect(screen.getByTestId('a').textContent).toBe('已收藏');
    expect(screen.getByTestId('b').textContent).toBe('已收藏');
    expect(calls().filter((c) => c.includes('user/favor/add'))).toHaveLength(1);
    expect(calls().filter((c) => c.includes('estate-subscribe/add'))).toHaveLength(0);
  });
});
