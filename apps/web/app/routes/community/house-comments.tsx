// /{city}/house-comments/{houseId} 小区点评 (PAGES.md §3.8): the estate's review scores, tag filter, sort, review
// cards (like, 举报, replies) and 写点评 (the composer sheet; a visitor goes to login and comes back with it open).
// Public data from the loader; what is mine (my review for the composer, what I liked) from comment/mine.
import { useEffect, useState } from 'react';
import { data, Link, useLocation, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import {
  NOT_FOUND_MESSAGE,
  REVIEW_SORTS,
  SITE_DESCRIPTION,
  pageTitle,
  parseCityId,
  parseId,
  reviewListQuery,
  type ReviewAddBody,
  type ReviewCard,
  type ReviewMineBody,
} from '@fjt/domain';
import type { Route } from './+types/house-comments';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { loginHref, useViewer } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { ReviewCardView } from '../../features/reviews/ReviewCardView.tsx';
import { ReviewComposer } from '../../features/reviews/ReviewComposer.tsx';
import { ReviewSummaryHeader } from '../../features/reviews/ReviewSummaryHeader.tsx';
import { likeReview, mineOf } from '../../features/reviews/api.ts';
import '../../features/reviews/reviews.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const estateId = parseId(params.houseId);
  if (cityId === null || estateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  // a malformed sort or tag in a shared link is dropped, not an error
  const filters: Record<string, string> = {};
  for (const key of ['sort', 'tag'] as const) {
    const value = url.searchParams.get(key);
    if (value && reviewListQuery.safeParse({ estateId, [key]: value }).success) filters[key] = value;
  }
  const body = await context.services.reviews.list(reviewListQuery.parse({ estateId, ...filters }));
  if (!body || body.estate.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, now: Date.now(), filters, ...body };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('小区点评') }];
  const { estate, summary } = loaderData;
  const score = summary.overall === null ? '' : `综合评分${summary.overall.toFixed(1)}分，`;
  return [
    { title: pageTitle(`${estate.name}小区点评`) },
    {
      name: 'description',
      content: `${estate.name}（${estate.where}）${score}共${summary.count}条住户点评，交通、配套、物业、环境评分。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function HouseCommentsPage({ loaderData }: Route.ComponentProps) {
  const { cityId, now, estate, summary, filters } = loaderData;
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [searchParams] = useSearchParams();
  // what is mine (null until comment/mine answers; 写点评 waits for it so an edit is prefilled)
  const [mine, setMine] = useState<ReviewMineBody | null>(null);
  const [likes, setLikes] = useState<Record<number, { liked: boolean; likeCount: number }>>({});
  const [composing, setComposing] = useState(false);
  const { items, hasMore, loadMore } = usePagedList<ReviewCard>(loaderData, (page) => {
    const query = new URLSearchParams({ ...filters, estateId: String(estate.id), page: String(page) });
    return `/rabbit/v1/comment/list?${query}`;
  });

  const userId = viewer.user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void mineOf(estate.id).then((res) => {
      if (live && res.body) setMine(res.body);
    });
    return () => {
      live = false;
    };
  }, [userId, estate.id, loaderData]);

  // back from login with ?write=1: open the composer
  const wantsWrite = searchParams.get('write') === '1';
  useEffect(() => {
    if (wantsWrite && viewer.status === 'user' && mine) {
      setComposing(true);
      void navigate(
        { search: withParam(searchParams, 'write', undefined) },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [wantsWrite, viewer.status, mine, navigate, searchParams]);

  const here = `${location.pathname}${location.search}`;
  const write = () => {
    if (viewer.status !== 'user') {
      const back = new URLSearchParams(location.search);
      back.set('write', '1');
      return void navigate(loginHref(`${location.pathname}?${back}`));
    }
    if (mine) return setComposing(true);
    void mineOf(estate.id).then((res) => {
      if (!res.body) return showToast(res.errMsg || '网络异常，请重试');
      setMine(res.body);
      setComposing(true);
    });
  };

  const likedOf = (r: ReviewCard) =>
    likes[r.id] ?? { liked: mine?.likedReviews.includes(r.id) ?? false, likeCount: r.likeCount };
  const toggleLike = async (r: ReviewCard) => {
    if (viewer.status !== 'user') return void navigate(loginHref(here));
    const current = likedOf(r);
    const res = await likeReview('review', r.id, !current.liked);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '操作失败，请重试');
    setLikes((prev) => ({ ...prev, [r.id]: res.body! }));
  };

  const done = (body: ReviewAddBody) => {
    setComposing(false);
    showToast(body.created ? '点评已发布' : '点评已修改');
    void revalidator.revalidate();
  };

  const changeFilter = (key: string, value: string | undefined) =>
    navigate({ search: withParam(searchParams, key, value) }, { replace: true, preventScrollReset: true });
  const sort = filters.sort ?? 'hot';
  const filtered = filters.tag !== undefined;

  return (
    <main className="rv-page">
      <ReviewSummaryHeader estate={estate} summary={summary} />
      {summary.count > 0 ? (
        <>
          {summary.tags.length > 0 ? (
            <div className="rv-chips rv-filter" role="group" aria-label="按标签筛选">
              <button
                type="button"
                className={filtered ? 'rv-chip' : 'rv-chip rv-chip--on'}
                aria-pressed={!filtered}
                onClick={() => void changeFilter('tag', undefined)}
              >
                全部
              </button>
              {summary.tags.slice(0, 8).map((t) => (
                <button
                  key={t.tag}
                  type="button"
                  className={filters.tag === t.tag ? 'rv-chip rv-chip--on' : 'rv-chip'}
                  aria-pressed={filters.tag === t.tag}
                  onClick={() => void changeFilter('tag', filters.tag === t.tag ? undefined : t.tag)}
                >
                  {t.tag} {t.count}
                </button>
              ))}
            </div>
          ) : null}
          <div className="rv-sort" role="tablist" aria-label="排序">
            {REVIEW_SORTS.map((s) => (
              <button
                key={s.key}
                type="button"
                role="tab"
                aria-selected={sort === s.key}
                className={sort === s.key ? 'rv-sort__tab rv-sort__tab--on' : 'rv-sort__tab'}
                onClick={() => void changeFilter('sort', s.key === 'hot' ? undefined : s.key)}
              >
                {s.label}
              </button>
            ))}
          </div>
        </>
      ) : null}
      {items.length === 0 ? (
        <EmptyState
          title={filtered ? '暂无符合条件的点评' : '暂无点评'}
          hint={filtered ? undefined : '住过或看过这个小区？说说你的真实感受'}
          action={
            filtered ? (
              <button type="button" className="btn" onClick={() => void changeFilter('tag', undefined)}>
                查看全部点评
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={write}>
                写点评
              </button>
            )
          }
        />
      ) : (
        <ul className="rv-list" aria-label="点评列表">
          {items.map((r) => {
            const like = likedOf(r);
            return (
              <li key={r.id}>
                <ReviewCardView
                  review={{ ...r, likeCount: like.likeCount }}
                  cityId={cityId}
                  now={now}
                  liked={like.liked}
                  onLike={() => void toggleLike(r)}
                  mine={mine?.review?.id === r.id}
                />
              </li>
            );
          })}
        </ul>
      )}
      {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      <div className="bottom-bar">
        <Link className="btn rv-bar__other" to={`/${cityId}/house-note/${estate.id}`}>
          看房笔记
        </Link>
        <button type="button" className="btn btn-primary rv-bar__write" onClick={write} data-testid="write-review">
          {mine?.review ? '修改我的点评' : '写点评'}
        </button>
      </div>
      <ReviewComposer
        visible={composing}
        onClose={() => setComposing(false)}
        estateId={estate.id}
        mine={mine?.review ?? null}
        ownerVerified={mine?.ownerVerified ?? false}
        onDone={done}
      />
    </main>
  );
}
