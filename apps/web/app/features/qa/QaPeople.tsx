// The people pages of 问答, all read in the browser (personal or per-viewer): 我的问答 (/ask/list: my questions and
// answers, login), TA的问答 (/ask/list/{id}: a user's profile and public Q&A, 关注 via subscribe/author), and the
// 达人 page (/ask/super/{id?}: without an id my queue of routed questions — 达人 only, else 暂无权限 — with an id a
// 达人's public profile, the estates they answer for and their answers).
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import type { QaAnswerRow, QaCard, QaMineBody, QaProfile, QaRoutedCard, QaSuperBody } from '@fjt/domain';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { callApi, useLoginGuard, useViewer } from '../../lib/session.ts';
import { AnswerRow, QuestionCard, SuperBadge, nameOf } from './parts.tsx';
import './qa.css';

type Tab = 'questions' | 'answers';
interface Paged {
  total: number;
  page: number;
  questions: QaCard[];
  answers: QaAnswerRow[];
}

/** Pages of a Q&A list API (`path(page)`), from the first; null path: wait. */
function usePages<T extends Paged>(path: ((page: number) => string) | null) {
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; body: T }
  >({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!path) return;
    let live = true;
    setState({ status: 'loading' });
    void callApi<T>(path(1)).then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body) setState({ status: 'error', message: res.errMsg || '加载失败' });
      else setState({ status: 'ready', body: res.body });
    });
    return () => {
      live = false;
    };
  }, [path, round]);
  const loadMore = async () => {
    if (state.status !== 'ready' || !path) return;
    const res = await callApi<T>(path(state.body.page + 1));
    if (res.resultCode !== 0 || !res.body) throw new Error(res.errMsg || '加载失败');
    const next = res.body;
    setState((s) =>
      s.status === 'ready'
        ? {
            status: 'ready',
            body: {
              ...next,
              questions: [...s.body.questions, ...next.questions],
              answers: [...s.body.answers, ...next.answers],
            },
          }
        : s,
    );
  };
  const retry = useCallback(() => setRound((r) => r + 1), []);
  return { state, loadMore, retry };
}

function TabBar({ tab, counts }: { tab: Tab; counts?: { questions: number; answers: number } }) {
  const [search] = useSearchParams();
  const href = (t: Tab) => {
    const next = new URLSearchParams(search);
    if (t === 'questions') next.delete('tab');
    else next.set('tab', t);
    const q = next.toString();
    return q ? `?${q}` : '?';
  };
  return (
    <nav className="qa-tabs" role="tablist" aria-label="问答">
      {(['questions', 'answers'] as const).map((t) => (
        <Link key={t} role="tab" aria-selected={tab === t} className="qa-tabs__tab" to={href(t)} replace>
          {t === 'questions' ? '提问' : '回答'}
          {counts ? ` ${t === 'questions' ? counts.questions : counts.answers}` : ''}
        </Link>
      ))}
    </nav>
  );
}

function Items({
  body,
  tab,
  cityId,
  loadMore,
  empty,
}: {
  body: Paged;
  tab: Tab;
  cityId: number;
  loadMore: () => Promise<void>;
  empty: React.ReactNode;
}) {
  const count = tab === 'questions' ? body.questions.length : body.answers.length;
  if (count === 0) return <>{empty}</>;
  return (
    <>
      <ul className="qa-list">
        {tab === 'questions'
          ? body.questions.map((c) => <QuestionCard key={c.id} card={c} cityId={c.cityId || cityId} />)
          : body.answers.map((a) => <AnswerRow key={a.id} row={a} />)}
      </ul>
      <InfiniteScroll loadMore={loadMore} hasMore={count < body.total} />
    </>
  );
}

function ProfileHead({ profile, action }: { profile: QaProfile; action?: React.ReactNode }) {
  return (
    <header className="qa-profile" data-testid="qa-profile">
      <Avatar avatar={profile.avatar} size={56} />
      <div className="qa-profile__main">
        <h1 className="qa-profile__name">
          {nameOf(profile)} <SuperBadge label={profile.label} />
        </h1>
        <p className="qa-profile__counts">
          <span>
            <b>{profile.questionCount}</b>提问
          </span>
          <span>
            <b>{profile.answerCount}</b>回答
          </span>
          <span>
            <b>{profile.likesReceived}</b>获赞
          </span>
          <span>
            <b>{profile.followerCount}</b>粉丝
          </span>
        </p>
      </div>
      {action}
    </header>
  );
}

export function MyQa({ cityId }: { cityId: number }) {
  const viewer = useLoginGuard();
  const [search] = useSearchParams();
  const tab: Tab = search.get('tab') === 'answers' ? 'answers' : 'questions';
  const path = useCallback((page: number) => `question-answer/mine?tab=${tab}&page=${page}`, [tab]);
  const { state, loadMore, retry } = usePages<QaMineBody>(viewer.status === 'user' ? path : null);
  return (
    <main className="qa-page" data-testid="qa-mine">
      <header className="qa-head">
        <h1 className="qa-head__title">我的问答</h1>
      </header>
      <TabBar tab={tab} />
      {viewer.status !== 'user' || state.status === 'loading' ? (
        <RowsSkeleton count={5} />
      ) : state.status === 'error' ? (
        <LoadFailed title="加载失败" message={state.message} retry={retry} />
      ) : (
        <Items
          body={state.body}
          tab={tab}
          cityId={cityId}
          loadMore={loadMore}
          empty={
            <EmptyState
              title={tab === 'questions' ? '还没有提过问题' : '还没有回答过问题'}
              hint={tab === 'questions' ? '买房路上的疑问，问问业主和达人' : '去看看大家都在问什么'}
              action={
                <Link
                  className="btn btn-primary"
                  to={tab === 'questions' ? `/${cityId}/ask-qa` : `/${cityId}/questions`}
                >
                  {tab === 'questions' ? '去提问' : '去回答'}
                </Link>
              }
            />
          }
        />
      )}
    </main>
  );
}

export function UserQa({ userId, cityId }: { userId: number; cityId: number }) {
  const viewer = useViewer();
  const [search] = useSearchParams();
  const tab: Tab = search.get('tab') === 'answers' ? 'answers' : 'questions';
  const path = useCallback(
    (page: number) => `question-answer/user?id=${userId}&tab=${tab}&page=${page}`,
    [userId, tab],
  );
  const { state, loadMore, retry } = usePages<QaMineBody & { profile: QaProfile }>(path);
  if (state.status === 'loading') return <RowsSkeleton count={5} />;
  if (state.status === 'error')
    return (
      <main className="qa-page">
        <LoadFailed title="加载失败" message={state.message} retry={retry} />
      </main>
    );
  const { profile } = state.body;
  const mine = viewer.user?.id === userId;
  return (
    <main className="qa-page" data-testid="qa-user">
      <ProfileHead
        profile={profile}
        action={
          mine ? null : (
            <FollowButton
              kind="author"
              id={userId}
              label="关注"
              onLabel="已关注"
              className="btn"
              testId="qa-follow-author"
            />
          )
        }
      />
      <TabBar tab={tab} counts={{ questions: profile.questionCount, answers: profile.answerCount }} />
      <Items
        body={state.body}
        tab={tab}
        cityId={cityId}
        loadMore={loadMore}
        empty={<EmptyState title={tab === 'questions' ? 'TA还没有提过问题' : 'TA还没有回答过问题'} art="list" />}
      />
    </main>
  );
}

function Routed({ card }: { card: QaRoutedCard }) {
  return (
    <QuestionCard card={card} cityId={card.cityId} testId="qa-routed">
      <p className="qa-routed-line">
        <span className={card.answered ? 'qa-routed qa-routed--done' : 'qa-routed'}>
          {card.answered ? '已回答' : '待你回答'}
        </span>
        {card.answered ? null : (
          <Link className="btn btn-primary qa-routed-line__go" to={`/ask/v2/${card.id}`} data-testid="qa-routed-answer">
            去回答
          </Link>
        )}
      </p>
    </QuestionCard>
  );
}

export function SuperPage({ superId, cityId }: { superId: number | null; cityId: number }) {
  return superId === null ? (
    <MyQueue cityId={cityId} />
  ) : (
    <SuperView cityId={cityId} superId={superId} waiting={false} />
  );
}

/** My queue: login first. */
function MyQueue({ cityId }: { cityId: number }) {
  const guard = useLoginGuard();
  return <SuperView cityId={cityId} superId={null} waiting={guard.status !== 'user'} />;
}

function SuperView({ superId, cityId, waiting }: { superId: number | null; cityId: number; waiting: boolean }) {
  const viewer = useViewer();
  const path = useCallback(
    (page: number) =>
      superId === null ? `question-answer/super?page=${page}` : `question-answer/super?id=${superId}&page=${page}`,
    [superId],
  );
  const [state, setState] = useState<
    { status: 'loading' } | { status: 'error'; message: string; code: number } | { status: 'ready'; body: QaSuperBody }
  >({ status: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (waiting) return;
    let live = true;
    setState({ status: 'loading' });
    void callApi<QaSuperBody>(path(1)).then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body)
        setState({ status: 'error', message: res.errMsg || '加载失败', code: res.resultCode });
      else setState({ status: 'ready', body: res.body });
    });
    return () => {
      live = false;
    };
  }, [path, waiting, round]);

  if (waiting || state.status === 'loading') return <RowsSkeleton count={5} />;
  if (state.status === 'error') {
    if (state.message === '暂无权限')
      return (
        <main className="qa-page">
          <EmptyState
            testId="qa-super-forbidden"
            art="data"
            title="暂无权限"
            hint="达人答题仅对达人开放，先去回答大家的问题吧"
            action={
              <Link className="btn btn-primary" to={`/${cityId}/questions`}>
                去看看问题
              </Link>
            }
          />
        </main>
      );
    return (
      <main className="qa-page">
        <LoadFailed title="加载失败" message={state.message} retry={() => setRound((r) => r + 1)} />
      </main>
    );
  }
  const body = state.body;
  const mine = viewer.user?.id === body.profile.id;
  return (
    <main className="qa-page" data-testid={body.kind === 'queue' ? 'qa-super-queue' : 'qa-super-profile'}>
      <ProfileHead
        profile={body.profile}
        action={
          mine ? null : (
            <FollowButton kind="author" id={body.profile.id} label="关注" onLabel="已关注" className="btn" />
          )
        }
      />
      {body.estates.length > 0 ? (
        <div className="qa-estates-block">
          <h2 className="qa-section-title">{mine ? '我负责答疑的小区' : '答疑小区'}</h2>
          <div className="qa-estates">
            {body.estates.slice(0, 12).map((e) => (
              <Link key={e.id} className="qa-chip" to={`/${e.cityId}/qa-list/${e.id}`}>
                {e.name}
              </Link>
            ))}
          </div>
        </div>
      ) : null}
      {body.kind === 'queue' ? (
        <>
          <h2 className="qa-section-title">邀请你回答的问题（{body.total}）</h2>
          {body.queue.length === 0 ? (
            <EmptyState title="暂时没有待回答的问题" hint="小区有新问题时会第一时间邀请你" art="list" />
          ) : (
            <ul className="qa-list" style={{ margin: 0 }}>
              {body.queue.map((c) => (
                <Routed key={c.id} card={c} />
              ))}
            </ul>
          )}
        </>
      ) : (
        <>
          <h2 className="qa-section-title">TA的回答（{body.total}）</h2>
          {body.answers.length === 0 ? (
            <EmptyState title="还没有回答" art="list" />
          ) : (
            <ul className="qa-list" style={{ margin: 0 }}>
              {body.answers.map((a) => (
                <AnswerRow key={a.id} row={a} />
              ))}
            </ul>
          )}
        </>
      )}
    </main>
  );
}
