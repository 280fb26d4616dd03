// 订阅 / 收藏 buttons (issue 11): useFollow(kind, id) → { state, toggle } for every button of the product that
// follows something. The state is asked of the API in the browser (pages never see the user, ADR 0009), shared by
// every button of the same target on the page, and flipped at once on a tap (rolled back with the errMsg toast if
// the call fails). A visitor's tap goes to login with the intent in the redirect (?follow=<kind>); back on the page
// as a user, the follow is done, '订阅成功' is shown and the parameter removed.
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RESULT_CODE, type FavoriteState, type SubscriptionState } from '@fjt/domain';
import { callApi, checkLogin, loginHref, useViewer } from './session.ts';

/**
 * estate / plate / project: 订阅; listing and estate-favor: 收藏; author (a user, e.g. a 达人) and column (an article
 * column, ARTICLE_COLUMNS id): 关注.
 */
export type FollowKind = 'estate' | 'plate' | 'project' | 'listing' | 'estate-favor' | 'author' | 'column';

/** The query parameter that carries a visitor's follow intent through login. */
export const FOLLOW_PARAM = 'follow';

interface KindApi {
  check(id: number): string;
  add(id: number): [path: string, body?: unknown];
  remove(id: number): [path: string, body: unknown];
  on(body: unknown): boolean;
  verb: '订阅' | '收藏' | '关注';
}

const ESTATE_SUBSCRIBE = 'message/message-center/estate-subscribe';
const subscribeTarget = (targetType: 'plate' | 'project' | 'column', verb: '订阅' | '关注' = '订阅'): KindApi => ({
  check: (id) => `subscribe/check?targetType=${targetType}&targetId=${id}`,
  add: (id) => ['subscribe/add', { targetType, targetId: id }],
  remove: (id) => ['subscribe/subs-cancel', { targetType, targetId: id }],
  on: (body) => (body as SubscriptionState).subscribed,
  verb,
});
const favorTarget = (targetType: 'estate' | 'listing'): KindApi => ({
  check: (id) => `user/favor/check?targetType=${targetType}&targetId=${id}`,
  add: (id) => ['user/favor/add', { targetType, targetId: id }],
  remove: (id) => ['user/favor/del', { targetType, targetId: id }],
  on: (body) => (body as FavoriteState).favored,
  verb: '收藏',
});

export const FOLLOW_KINDS: Record<FollowKind, KindApi> = {
  estate: {
    check: (id) => `${ESTATE_SUBSCRIBE}/check?estateId=${id}`,
    // spec §7 names it a GET; callApi sends the x-requested-with header the server asks for
    add: (id) => [`${ESTATE_SUBSCRIBE}/add?estateId=${id}`],
    remove: (id) => [`${ESTATE_SUBSCRIBE}/del`, { estateId: id }],
    on: (body) => (body as SubscriptionState).subscribed,
    verb: '订阅',
  },
  plate: subscribeTarget('plate'),
  project: subscribeTarget('project'),
  listing: favorTarget('listing'),
  'estate-favor': favorTarget('estate'),
  author: {
    check: (id) => `subscribe/check?targetType=author&targetId=${id}`,
    add: (id) => ['subscribe/author', { authorId: id }],
    remove: (id) => ['subscribe/subs-cancel', { targetType: 'author', targetId: id }],
    on: (body) => (body as SubscriptionState).subscribed,
    verb: '关注',
  },
  column: subscribeTarget('column', '关注'),
};

// One state per target for the whole page: every button of it shows the same.
const known = new Map<string, boolean>();
const listeners = new Map<string, Set<() => void>>();
const checking = new Map<string, Promise<boolean | null>>();
/** Intents already carried out (by location key), so two buttons of one target follow once. */
const handledIntents = new Set<string>();

function publish(key: string, on: boolean) {
  known.set(key, on);
  for (const l of listeners.get(key) ?? []) l();
}

/** Forgets what is known (logout, tests). */
export function forgetFollowStates(): void {
  known.clear();
  checking.clear();
  handledIntents.clear();
}

async function showToast(text: string) {
  const { showToast } = await import('./toast.ts');
  showToast(text);
}

/** off/on: known; unknown: loading, or a visitor (a tap goes to login). */
export type FollowState = 'unknown' | 'off' | 'on';

export function useFollow(kind: FollowKind, id: number): { state: FollowState; busy: boolean; toggle: () => void } {
  const api = FOLLOW_KINDS[kind];
  const viewer = useViewer();
  // per user: another login in the same tab starts from nothing
  const key = `${viewer.user?.id ?? 0}:${kind}:${id}`;
  const location = useLocation();
  const navigate = useNavigate();
  const [, setVersion] = useState(0);
  const [busy, setBusy] = useState(false);
  const on = known.get(key);

  useEffect(() => {
    const set = () => setVersion((v) => v + 1);
    let group = listeners.get(key);
    if (!group) listeners.set(key, (group = new Set()));
    group.add(set);
    return () => void group.delete(set);
  }, [key]);

  // A user's state, once per target.
  useEffect(() => {
    if (viewer.status !== 'user') return;
    if (known.has(key)) return;
    let request = checking.get(key);
    if (!request) {
      request = callApi<unknown>(api.check(id)).then((res) =>
        res.resultCode === 0 && res.body ? api.on(res.body) : null,
      );
      checking.set(key, request);
      void request.finally(() => checking.delete(key));
    }
    void request.then((value) => {
      if (value !== null && !known.has(key)) publish(key, value);
    });
  }, [viewer.status, key, api, id]);

  const call = useCallback(
    async (add: boolean) => {
      const [path, body] = add ? api.add(id) : api.remove(id);
      return callApi<unknown>(path, body);
    },
    [api, id],
  );

  // Back from login with the intent: follow, say so, drop the parameter.
  const params = new URLSearchParams(location.search);
  const intent = params.get(FOLLOW_PARAM) === kind;
  useEffect(() => {
    if (!intent || viewer.status !== 'user') return;
    const intentKey = `${location.key}:${key}`;
    if (handledIntents.has(intentKey)) return;
    handledIntents.add(intentKey);
    publish(key, true);
    void call(true).then((res) => {
      if (res.resultCode === 0) {
        publish(key, true);
        void showToast(`${api.verb}成功`);
      } else {
        publish(key, false);
        void showToast(res.errMsg || `${api.verb}失败，请稍后重试`);
      }
    });
    const next = new URLSearchParams(location.search);
    next.delete(FOLLOW_PARAM);
    const search = next.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [intent, viewer.status, location, key, call, api.verb, navigate]);

  const toggle = useCallback(() => {
    if (busy) return;
    if (viewer.status !== 'user') {
      // a visitor: login, then back here to follow; while the check is under way, its answer decides
      const next = new URLSearchParams(location.search);
      next.set(FOLLOW_PARAM, kind);
      const toLogin = () => void navigate(loginHref(`${location.pathname}?${next.toString()}`));
      if (viewer.status === 'visitor') toLogin();
      else void checkLogin().then((user) => (user ? undefined : toLogin()));
      return;
    }
    const was = known.get(key) ?? false;
    publish(key, !was);
    setBusy(true);
    void call(!was)
      .then((res) => {
        if (res.resultCode === 0) {
          void showToast(was ? `已取消${api.verb}` : `${api.verb}成功`);
          return;
        }
        publish(key, was);
        if (res.resultCode === RESULT_CODE.unauthorized) {
          const next = new URLSearchParams(location.search);
          next.set(FOLLOW_PARAM, kind);
          void navigate(loginHref(`${location.pathname}?${next.toString()}`));
          return;
        }
        void showToast(res.errMsg || `${api.verb}失败，请稍后重试`);
      })
      .finally(() => setBusy(false));
  }, [busy, viewer.status, location, kind, navigate, key, call, api.verb]);

  const state: FollowState = viewer.status !== 'user' || on === undefined ? 'unknown' : on ? 'on' : 'off';
  return { state, busy, toggle };
}
