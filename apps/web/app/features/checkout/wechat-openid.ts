// The payer's openid for WeChat JSAPI payments (WeChat requires it: the official account's id of the user paying).
// It comes from the WeChat OAuth step (snsapi_base), which returns to the page with ?openid=; the checkout keeps it
// for the session. The step: GET /rabbit/v1/customer/pay/wechat/authorize?returnTo → WeChat → oauth-return → back.
const KEY = 'fjt:wx-openid';
const OPENID = /^[A-Za-z0-9_-]{6,128}$/;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps ?openid= of the current URL, when it looks like one. */
export function rememberOpenid(search: string): void {
  const openid = new URLSearchParams(search).get('openid');
  if (openid && OPENID.test(openid)) storage()?.setItem(KEY, openid);
}

export function wechatOpenid(): string | null {
  const openid = storage()?.getItem(KEY) ?? null;
  return openid && OPENID.test(openid) ? openid : null;
}

/** Where the checkout sends the browser for the WeChat sign-in; it comes back to `returnTo` with ?openid=. */
export function wechatAuthorizeHref(returnTo: string): string {
  return `/rabbit/v1/customer/pay/wechat/authorize?returnTo=${encodeURIComponent(returnTo)}`;
}
