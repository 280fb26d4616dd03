// /{city}/house-comments/{houseId?}/{commentId?} 点评详情 (PAGES.md §3.8): one review in full, its replies (20 a
// page, more on scroll), the reply box and likes. My own review or reply can be deleted here. Without a comment id
// (or one of another estate) the page is not found.
import { useEffect, useState } from 'react';
import { data, Link, useLocation, useNavigate, useRevalidator } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import {
  NOT_FOUND_MESSAGE,
  REPLY_BODY_MAX,
  SITE_DESCRIPTION,
  pageTitle,
  parseCityId,
  parseId,
  type Envelope,
  type ReplyCard,
  type ReviewDetailBody,
  type ReviewMineBody,
} from '@fjt/domain';
import type { Route } from './+types/house-comments-detail';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { EmptyNote } from '../../components/empty-state/EmptyState.tsx';
import { UserText } from '../../components/user-text/UserText.tsx';
import { callApi, loginHref, useViewer } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { LikeButton, ReviewCardView } from '../../features/reviews/ReviewCardView.tsx';
import { likeReview, mineOf, postedAt } from '../../features/reviews/api.ts';
import '../../features/reviews/reviews.css';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const commentId = parseId(params.commentId);
  if (cityId === null || commentId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const body = await context.services.reviews.detail(commentId, 1);
  const houseId = params.houseId === undefined ? null : parseId(params.houseId);
  if (!body || body.estate.cityId !== cityId || (houseId !== null && houseId !== body.estate.id)) {
    throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  }
  return { cityId, now: Date.now(), ...body };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('点评详情') }];
  const { estate, review } = loaderData;
  return [
    { title: pageTitle(`${estate.name}点评详情`) },
    {
      name: 'description',
      content: `${estate.name}住户点评：总分${review.overall}星，${review.replyCount}条回复。${SITE_DESCRIPTION}`,
    },
  ];
};

type Like = { liked: boolean; likeCount: number };

export default function HouseCommentDetailPage({ loaderData }: Route.ComponentProps) {
  const { cityId, now, estate, review } = loaderData;
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const here = `${location.pathname}${location.search}`;
  const [mine, setMine] = useState<ReviewMineBody | null>(null);
  const [likes, setLikes] = useState<Record<string, Like>>({});
  const [replies, setReplies] = useState<ReplyCard[]>(loaderData.replies.list);
  const [page, setPage] = useState(loaderData.replies.page);
  const [total, setTotal] = useState(loaderData.replies.total);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setReplies(loaderData.replies.list);
    setPage(loaderData.replies.page);
    setTotal(loaderData.replies.total);
  }, [loaderData]);

  const userId = viewer.user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void mineOf(estate.id, review.id).then((res) => {
      if (live && res.body) setMine(res.body);
    });
    return () => {
      live = false;
    };
  }, [userId, estate.id, review.id]);

  const loadMore = async () => {
    const res = await fetch(`/rabbit/v1/comment/detail?id=${review.id}&page=${page + 1}`);
    const json = (await res.json()) as Envelope<ReviewDetailBody | null>;
    if (json.resultCode !== 0 || !json.body) throw new Error(json.errMsg || 'Network Error.');
    const next = json.body.replies;
    setReplies((prev) => [...prev, ...next.list.filter((r) => !prev.some((p) => p.id === r.id))]);
    setPage(next.page);
  };

  const likeOf = (type: 'review' | 'review_reply', id: number, count: number): Like =>
    likes[`${type}:${id}`] ?? {
      liked: (type === 'review' ? mine?.likedReviews : mine?.likedReplies)?.includes(id) ?? false,
      likeCount: count,
    };
  const toggle = async (type: 'review' | 'review_reply', id: number, count: number) => {
    if (viewer.status !== 'user') return void navigate(loginHref(here));
    const res = await likeReview(type, id, !likeOf(type, id, count).liked);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '操作失败，请重试');
    setLikes((prev) => ({ ...prev, [`${type}:${id}`]: res.body! }));
  };

  const send = async () => {
    if (viewer.status !== 'user') return void navigate(loginHref(here));
    const body = text.trim();
    if (!body) return showToast('请输入回复内容');
    if ([...body].length > REPLY_BODY_MAX) return showToast(`回复最多${REPLY_BODY_MAX}个字`);
    setBusy(true);
    const res = await callApi<{ reply: ReplyCard }>('comment/reply', { reviewId: review.id, body });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '回复失败，请重试');
    setText('');
    setReplies((prev) => [...prev, res.body!.reply]);
    setTotal((n) => n + 1);
    showToast('回复成功');
  };

  const remove = async (targetType: 'review' | 'review_reply', id: number) => {
    if (!window.confirm(targetType === 'review' ? '确定删除这条点评吗？' : '确定删除这条回复吗？')) return;
    const res = await callApi<{ deleted: true }>('comment/delete', { targetType, id });
    if (res.resultCode !== 0) return showToast(res.errMsg || '删除失败，请重试');
    showToast('已删除');
    if (targetType === 'review') return void navigate(`/${cityId}/house-comments/${estate.id}`, { replace: true });
    setReplies((prev) => prev.filter((r) => r.id !== id));
    setTotal((n) => Math.max(0, n - 1));
    void revalidator.revalidate();
  };

  const reviewLike = likeOf('review', review.id, review.likeCount);
  return (
    <main className="rv-page rv-page--detail">
      <p className="rv-crumb">
        <Link to={`/${cityId}/house-comments/${estate.id}`}>{estate.name} · 全部点评 ›</Link>
      </p>
      <ReviewCardView
        review={{ ...review, likeCount: reviewLike.likeCount }}
        cityId={cityId}
        now={now}
        liked={reviewLike.liked}
        onLike={() => void toggle('review', review.id, review.likeCount)}
        full
        mine={userId === review.author.id}
        onDelete={() => void remove('review', review.id)}
      />
      <section className="rv-replies" aria-label="回复">
        <h2 className="rv-replies__title">全部回复 {total}</h2>
        {replies.length === 0 ? (
          <EmptyNote>暂无回复，来说两句吧</EmptyNote>
        ) : (
          <ul className="rv-replies__list">
            {replies.map((r) => {
              const like = likeOf('review_reply', r.id, r.likeCount);
              return (
                <li key={r.id} className="rv-reply" data-testid="review-reply">
                  <Avatar avatar={r.author.avatar} size={28} />
                  <div className="rv-reply__main">
                    <p className="rv-reply__name">{r.author.nickname}</p>
                    <UserText text={r.body} className="rv-reply__body" />
                    <p className="rv-reply__foot">
                      <span>{postedAt(r.createdAt, now)}</span>
                      {userId === r.author.id ? (
                        <button
                          type="button"
                          className="review-card__action"
                          onClick={() => void remove('review_reply', r.id)}
                        >
                          删除
                        </button>
                      ) : (
                        <Link className="review-card__action" to={`/inform?targetType=review_reply&targetId=${r.id}`}>
                          举报
                        </Link>
                      )}
                      <LikeButton
                        liked={like.liked}
                        count={like.likeCount}
                        onClick={() => void toggle('review_reply', r.id, r.likeCount)}
                      />
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {replies.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={replies.length < total} /> : null}
      </section>
      <form
        className="bottom-bar rv-reply-box"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="rv-reply-box__field">
          <span className="visually-hidden">回复内容</span>
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={() => {
              if (viewer.status === 'visitor') void navigate(loginHref(here));
            }}
            placeholder={viewer.status === 'visitor' ? '登录后回复' : `回复点评（${REPLY_BODY_MAX}字以内）`}
            maxLength={REPLY_BODY_MAX + 20}
            data-testid="reply-input"
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="reply-send">
          发送
        </button>
      </form>
    </main>
  );
}
