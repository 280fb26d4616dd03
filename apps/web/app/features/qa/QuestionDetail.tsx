// The body of 问答详情 (/qa-detail/{id}, /{city}/qa-list/{houseId}/{askId}): the question (title, text, images, asker,
// follow, share, report), its answers sorted 推荐 (as the server gives them) or 最新, each with its 达人 badge and
// likes, related questions and the estate card. The public part comes from the loader; what is the viewer's (liked
// answers, following, mine) from GET question-answer/viewer in the browser. Deleted: '问题已删除'.
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { qaTopicLabel, type QaDetailBody, type QaFollowBody, type QaLikeBody, type QaViewerBody } from '@fjt/domain';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { UserText } from '../../components/user-text/UserText.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { callApi, loginHref, useViewer } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { Author, PostImages, dayOf } from './parts.tsx';
import './qa.css';

export function QuestionDeleted({ cityId }: { cityId: number }) {
  return (
    <main className="qa-page qa-deleted" data-testid="qa-deleted">
      <EmptyState
        title="问题已删除"
        hint="该问题已被提问者删除或因违反社区规范被隐藏"
        action={
          <Link className="btn btn-primary" to={`/${cityId}/questions`}>
            看看其他问题
          </Link>
        }
      />
    </main>
  );
}

export function QuestionDetail({ detail }: { detail: QaDetailBody }) {
  const { question, related, estate } = detail;
  const viewer = useViewer();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [sort, setSort] = useState<'recommend' | 'new'>('recommend');
  const [state, setState] = useState<QaViewerBody | null>(null);
  const [likes, setLikes] = useState<Record<number, number>>({});
  const [followCount, setFollowCount] = useState(question.followCount);
  const here = `/qa-detail/${question.id}`;

  useEffect(() => {
    if (viewer.status !== 'user') return;
    let live = true;
    void callApi<QaViewerBody>(`question-answer/viewer?id=${question.id}`).then((res) => {
      if (live && res.resultCode === 0 && res.body) setState(res.body);
    });
    return () => {
      live = false;
    };
  }, [viewer.status, question.id]);

  const answers = useMemo(
    () =>
      sort === 'recommend'
        ? detail.answers
        : [...detail.answers].sort((a, b) =>
            a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : b.id - a.id,
          ),
    [detail.answers, sort],
  );

  const needLogin = () => {
    if (viewer.status === 'user') return false;
    void navigate(loginHref(here));
    return true;
  };

  const like = async (answerId: number, on: boolean) => {
    if (needLogin()) return;
    const res = await callApi<QaLikeBody>('question-answer/like', { answerId, like: on });
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '操作失败');
    const body = res.body;
    setLikes((l) => ({ ...l, [answerId]: body.likeCount }));
    setState((s) =>
      s
        ? {
            ...s,
            likedAnswerIds: on ? [...s.likedAnswerIds, answerId] : s.likedAnswerIds.filter((id) => id !== answerId),
          }
        : s,
    );
  };

  const follow = async () => {
    if (needLogin()) return;
    const on = !(state?.following ?? false);
    const res = await callApi<QaFollowBody>('question-answer/follow', { questionId: question.id, follow: on });
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '操作失败');
    const body = res.body;
    setFollowCount(body.followCount);
    setState((s) => (s ? { ...s, following: body.following } : s));
    showToast(body.following ? '已关注，有新回答会通知你' : '已取消关注');
  };

  const share = async () => {
    const url = `${window.location.origin}${here}`;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: question.title, url }).catch(() => undefined);
      return;
    }
    await copyText(url, '链接已复制，快去分享吧');
  };

  const remove = async () => {
    if (!window.confirm('确定删除这个问题吗？')) return;
    const res = await callApi('question-answer/delete', { targetType: 'question', id: question.id });
    if (res.resultCode !== 0) return showToast(res.errMsg || '删除失败');
    showToast('已删除');
    void navigate(`/${question.cityId}/questions`, { replace: true });
  };

  const removeAnswer = async (id: number) => {
    if (!window.confirm('确定删除这条回答吗？')) return;
    const res = await callApi('question-answer/delete', { targetType: 'answer', id });
    if (res.resultCode !== 0) return showToast(res.errMsg || '删除失败');
    showToast('已删除');
    void revalidator.revalidate();
  };

  const liked = new Set(state?.likedAnswerIds ?? []);
  const mineAnswers = new Set(state?.myAnswerIds ?? []);
  return (
    <>
      <article className="qa-question" data-testid="qa-question">
        <h1 className="qa-question__title">
          <UserText text={question.title} testId="qa-question-title" />
        </h1>
        {question.body ? (
          <UserText text={question.body} className="qa-question__body" testId="qa-question-body" />
        ) : null}
        <PostImages images={question.images} />
        <div className="qa-question__meta">
          <Author person={question.asker} at={question.createdAt} />
          {question.estate ? (
            <Link className="qa-card__estate" to={`/${question.cityId}/qa-list/${question.estate.id}`}>
              {question.estate.name}
            </Link>
          ) : null}
          <span>{qaTopicLabel(question.topic)}</span>
          <span>{followCount}人关注</span>
        </div>
        <div className="qa-question__meta">
          <button type="button" className="qa-linkbtn" onClick={() => void share()} data-testid="qa-share">
            分享
          </button>
          <Link className="qa-linkbtn" to={`/inform?targetType=question&targetId=${question.id}`}>
            举报
          </Link>
          {state?.mine ? (
            <button type="button" className="qa-linkbtn" onClick={() => void remove()} data-testid="qa-delete">
              删除
            </button>
          ) : null}
        </div>
        <div className="qa-actions">
          <button
            type="button"
            className="btn"
            aria-pressed={state?.following ?? false}
            onClick={() => void follow()}
            data-testid="qa-follow"
          >
            {state?.following ? '已关注' : '关注问题'}
          </button>
          <Link className="btn btn-primary" to={`/ask/v2/${question.id}`} data-testid="qa-answer-btn">
            回答
          </Link>
        </div>
      </article>

      <section className="qa-answers" aria-label="回答" data-testid="qa-answers">
        <div className="qa-answers__head">
          <h2>{question.answerCount}个回答</h2>
          <div className="qa-sort" role="group" aria-label="排序">
            <button
              type="button"
              className="qa-chip"
              aria-pressed={sort === 'recommend'}
              onClick={() => setSort('recommend')}
            >
              推荐
            </button>
            <button type="button" className="qa-chip" aria-pressed={sort === 'new'} onClick={() => setSort('new')}>
              最新
            </button>
          </div>
        </div>
        {answers.length === 0 ? (
          <EmptyState
            frame="plain"
            art={null}
            title="还没有回答"
            hint="了解这个小区？来说说你的看法"
            action={
              <Link className="btn btn-primary" to={`/ask/v2/${question.id}`}>
                写回答
              </Link>
            }
          />
        ) : (
          <ul className="qa-list" style={{ margin: 0 }}>
            {answers.map((a) => {
              const on = liked.has(a.id);
              return (
                <li key={a.id} className="qa-answer" data-testid="qa-answer">
                  <Author person={a.user} label={a.superLabel} at={a.createdAt} />
                  {a.adopted ? <span className="qa-adopted"> · 已采纳</span> : null}
                  <UserText text={a.body} className="qa-answer__body" />
                  <PostImages images={a.images} />
                  <div className="qa-answer__foot">
                    <button
                      type="button"
                      className="qa-like"
                      aria-pressed={on}
                      onClick={() => void like(a.id, !on)}
                      data-testid="qa-like"
                    >
                      {on ? '已赞' : '赞'} {likes[a.id] ?? a.likeCount}
                    </button>
                    <Link className="qa-linkbtn" to={`/inform?targetType=answer&targetId=${a.id}`}>
                      举报
                    </Link>
                    {mineAnswers.has(a.id) ? (
                      <button type="button" className="qa-linkbtn" onClick={() => void removeAnswer(a.id)}>
                        删除
                      </button>
                    ) : null}
                    {a.updatedAt ? <span className="qa-author__at">编辑于{dayOf(a.updatedAt)}</span> : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      {related.length > 0 ? (
        <section className="qa-related" aria-label="相关问题">
          <h2>相关问题</h2>
          <ul>
            {related.map((r) => (
              <li key={r.id}>
                <Link to={`/qa-detail/${r.id}`}>
                  {r.title}
                  <span>{r.answerCount}个回答</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {estate ? (
        <section className="qa-related" aria-label="所在小区">
          <h2>所在小区</h2>
          <EstateFiguresCard estate={estate} testId="qa-estate-card" />
        </section>
      ) : null}

      <div className="qa-bar">
        <Link className="btn btn-primary" to={`/ask/v2/${question.id}`}>
          写回答
        </Link>
      </div>
    </>
  );
}
