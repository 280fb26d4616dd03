// Who the visitor is, as the browser knows it (issue 11, spec §4, ADR 0009). Pages are rendered the same for
// everyone (the page cache never sees a user); what depends on the user is asked of the API from the browser,
// which sends the HttpOnly session cookie. A positive login check is kept for 1 hour (spec §4: no new check
// within the hour); a visitor is asked again each time, so a login in another tab shows at once. Logout, a 401
// from any call and a login clear the kept answer.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { LOGIN_CACHE_MS, type Envelope, type UserInfo } from '@fjt/domain';

/** Spec §4 / §9: once the user is known to be logged in, no new check for 1 hour. */
export const LOGIN_CHECK_TTL_MS = LOGIN_CACHE_MS;
const STORAGE_KEY = 'fjt_login_check';
/** Where the API is served (the browser's calls and links such as PDF downloads). */
export const API = '/rabbit/v1';

let inflight: Promise<UserInfo | null> | null = null;
/** Moves on at every forget: a check that was under way then must not keep its late answer. */
let generation = 0;

interface Kept {
  at: number;
  user: UserInfo;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function readKept(now: number): UserInfo | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as Kept;
    if (typeof kept.at === 'number' && now - kept.at >= 0 && now - kept.at < LOGIN_CHECK_TTL_MS && kept.user) {
      return kept.user;
    }
  } catch {
    // a damaged entry is no answer
  }
  storage()?.removeItem(STORAGE_KEY);
  return null;
}

/** Keeps a positive check (after login, or a fresh userinfo). */
export function rememberLogin(user: UserInfo): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify({ at: Date.now(), user } satisfies Kept));
  notify(user);
}

/**
 * Forgets the kept check (logout, a 401, account deleted). `quietly`: the pages on screen are not told — for a
 * page that signs out and leaves, whose own login guard would otherwise send it to /login on the way out; the
 * next page checks afresh.
 */
export function forgetLogin({ quietly = false }: { quietly?: boolean } = {}): void {
  generation += 1;
  inflight = null;
  storage()?.removeItem(STORAGE_KEY);
  if (!quietly) notify(null);
}

/**
 * The signed-in user, or null for a visitor: from the kept check while it is under an hour old, else from
 * GET app/login/check. A network failure counts as a visitor for this call and keeps nothing.
 */
export function checkLogin(): Promise<UserInfo | null> {
  const kept = readKept(Date.now());
  if (kept) return Promise.resolve(kept);
  if (inflight) return inflight;
  const started = generation;
  // app/login/check answers a visitor with user null and a 200: no failed request in the console of every page
  const run: Promise<UserInfo | null> = fetch(`${API}/app/login/check`, { credentials: 'same-origin' })
    .then(async (res) => {
      const json = (await res.json()) as Envelope<{ user: UserInfo | null } | null>;
      if (started !== generation) return null;
      if (json.resultCode === 0 && json.body?.user) {
        rememberLogin(json.body.user);
        return json.body.user;
      }
      forgetLogin();
      return null;
    })
    .catch(() => null)
    .finally(() => {
      if (inflight === run) inflight = null;
    });
  inflight = run;
  return run;
}

type Listener = (user: UserInfo | null) => void;
const listeners = new Set<Listener>();
function notify(user: UserInfo | null) {
  for (const l of listeners) l(user);
}

export type Viewer =
  { status: 'loading'; user: null } | { status: 'visitor'; user: null } | { status: 'user'; user: UserInfo };

/** The viewer for a component: 'loading' on the server and until the check answers. */
export function useViewer(): Viewer {
  const [viewer, setViewer] = useState<Viewer>({ status: 'loading', user: null });
  useEffect(() => {
    let live = true;
    const set = (user: UserInfo | null) => {
      if (live) setViewer(user ? { status: 'user', user } : { status: 'visitor', user: null });
    };
    listeners.add(set);
    void checkLogin().then(set);
    return () => {
      live = false;
      listeners.delete(set);
    };
  }, []);
  return viewer;
}

/** The login page that comes back to `here` (a same-origin path with its query) afterwards. */
export function loginHref(here: string): string {
  return `/login?redirect=${encodeURIComponent(here)}`;
}

/**
 * A JSON call of our API from the browser (GET without body, POST with one). A 401 means the session is gone:
 * the kept check is forgotten, so the next guard sends the visitor to login. Every call carries
 * `x-requested-with`, which another site's link or form cannot send: the server requires it on the GETs that
 * change something (spec §7 names estate-subscribe/add a GET). `headers`: extra ones, e.g. the checkout's
 * Idempotency-Key.
 */
export async function callApi<T>(
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Envelope<T | null>> {
  const init: RequestInit =
    body === undefined
      ? { credentials: 'same-origin', headers: { ...headers, 'x-requested-with': 'fetch' } }
      : {
          method: 'POST',
          credentials: 'same-origin',
          headers: { ...headers, 'content-type': 'application/json', 'x-requested-with': 'fetch' },
          body: JSON.stringify(body),
        };
  let res: Response;
  try {
    res = await fetch(`${API}/${path.replace(/^\//, '')}`, init);
  } catch {
    return { resultCode: -1, errMsg: 'Network Error.', body: null };
  }
  if (res.status === 401) forgetLogin();
  try {
    return (await res.json()) as Envelope<T | null>;
  } catch {
    return { resultCode: res.status || -1, errMsg: 'Network Error.', body: null };
  }
}

/**
 * For login-only pages (PAGES.md §0 Login): the viewer, after sending a visitor to `/login?redirect=` this page.
 * The page shows its skeleton while the status is 'loading'.
 */
export function useLoginGuard(): Viewer {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle';
  useEffect(() => {
    // only while this page is the one shown and staying: a page that signs out and leaves (the next page's own
    // check may answer 'visitor' before this one is gone) must not be sent to login
    if (viewer.status !== 'visitor' || leaving || window.location.pathname !== location.pathname) return;
    void navigate(loginHref(location.pathname + location.search), { replace: true });
  }, [viewer.status, leaving, navigate, location.pathname, location.search]);
  return viewer;
}
