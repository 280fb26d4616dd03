// @vitest-environment happy-dom
// The 1-hour client login cache (spec §4): once the user is known, no new check is made within the hour.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_CHECK_TTL_MS, callApi, checkLogin, forgetLogin, loginHref } from './session.ts';

const user = { id: 7, mobile: '138****0000', nickname: null, avatar: null };

function answer(status: number, body: unknown) {
  return Promise.resolve(new Response(JSON.stringify(body), { status }));
}

describe('checkLogin', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T08:00:00Z'));
    localStorage.clear();
    fetchMock = vi.fn(() => answer(200, { resultCode: 0, errMsg: '', body: { user } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the server once, then answers from the kept check for just under an hour', async () => {
    expect(await checkLogin()).toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/rabbit/v1/app/login/check');
    vi.advanceTimersByTime(LOGIN_CHECK_TTL_MS - 1);
    expect(await checkLogin()).toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(await checkLogin()).toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing for a visitor: every check asks again', async () => {
    fetchMock.mockImplementation(() => answer(200, { resultCode: 0, errMsg: '', body: { user: null } }));
    expect(await checkLogin()).toBeNull();
    expect(await checkLogin()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shares one request between checks made at the same time', async () => {
    const [a, b] = await Promise.all([checkLogin(), checkLogin()]);
    expect(a).toEqual(user);
    expect(b).toEqual(user);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('forgets the kept check on logout and on any 401', async () => {
    await checkLogin();
    forgetLogin();
    await checkLogin();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    fetchMock.mockImplementation(() => answer(401, { resultCode: 401, errMsg: '请先登录', body: null }));
    await callApi('user/getsubHouseList');
    fetchMock.mockImplementation(() => answer(200, { resultCode: 0, errMsg: '', body: { user } }));
    await checkLogin();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('treats a kept check from the future or a damaged entry as none', async () => {
    localStorage.setItem('fjt_login_check', JSON.stringify({ at: Date.now() + 60_000, user }));
    await checkLogin();
    localStorage.setItem('fjt_login_check', '{not json');
    await checkLogin();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('a logout while a check is under way is not undone by its late answer', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(() => new Promise<Response>((r) => (answer = r)));
    const pending = checkLogin();
    forgetLogin();
    answer(new Response(JSON.stringify({ resultCode: 0, errMsg: '', body: { user } })));
    expect(await pending).toBeNull();
    expect(localStorage.getItem('fjt_login_check')).toBeNull();
  });

  it('counts a network failure as a visitor and keeps nothing', async () => {
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await checkLogin()).toBeNull();
    expect(localStorage.getItem('fjt_login_check')).toBeNull();
  });
});

describe('callApi and loginHref', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('posts JSON with the cookie and turns a network failure into an envelope', async () => {
    const fetchMock = vi.fn(() => answer(200, { resultCode: 0, errMsg: '', body: { ok: 1 } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await callApi('/message/message-center/estate-subscribe/add', { estateId: 1 })).toEqual({
      resultCode: 0,
      errMsg: '',
      body: { ok: 1 },
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/rabbit/v1/message/message-center/estate-subscribe/add');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"estateId":1}' });
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('x')));
    expect(await callApi('a')).toEqual({ resultCode: -1, errMsg: 'Network Error.', body: null });
  });
  it('builds the login link with the page to come back to', () => {
    expect(loginHref('/605/house-detail/12?tab=1')).toBe('/login?redirect=%2F605%2Fhouse-detail%2F12%3Ftab%3D1');
  });
});
