// /{city}/house-video 看房视频 (PAGES.md §3.8): the city's estate videos, or one estate's with ?estateId, sorted
// 最热/最新 and filtered by kind, played inline one at a time. Data: POST content/list (type video). ?vid opens a
// shared video first. Unknown city or estate → 404.
import { useState } from 'react';
import { Link, data, useRevalidator } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  VIDEO_KINDS,
  VIDEO_SORTS,
  contentListInput,
  pageTitle,
  parseCityId,
  parseId,
  type VideoCard as Video,
} from '@fjt/domain';
import type { Route } from './+types/house-video';
import { VideoCard } from '../../features/videos/VideoCard.tsx';
import { unitPrice, rate } from '../../lib/display.ts';
import { usePagedList } from '../../lib/paged-list.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/videos/videos.css';

const notFound = () => data({ message: NOT_FOUND_MESSAGE }, { status: 404 });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw notFound();
  const url = new URL(request.url);
  const pick = (key: 'estateId' | 'kind' | 'sort') => url.searchParams.get(key) ?? undefined;
  const parsed = contentListInput.safeParse({ cityId, type: 'video', estateId: pick('estateId') });
  if (!parsed.success) throw notFound();
  // A kind or sort that is not ours falls back to all kinds, most played.
  const choice = contentListInput.safeParse({ ...parsed.data, kind: pick('kind'), sort: pick('sort') });
  const query = choice.success ? choice.data : parsed.data;
  const { content, geo, estates } = context.services;
  const vid = parseId(url.searchParams.get('vid'));
  const [city, videos, basic, shared] = await Promise.all([
    geo.getCity(cityId),
    content.list(query),
    query.estateId ? estates.basicInfo(query.estateId) : null,
    vid === null ? null : content.videoDetail(vid),
  ]);
  if (!city || !videos) throw notFound();
  // Only a video of this city (and of this estate, on an estate's page) is put first.
  let featured: Video | null = null;
  if (shared && shared.cityId === cityId && (!query.estateId || shared.estateId === query.estateId)) {
    const { scenes: _scenes, month: _month, ...card } = shared;
    featured = card;
  }
  return {
    cityId,
    cityName: city.name,
    query: { estateId: query.estateId ?? null, kind: query.kind ?? null, sort: query.sort },
    videos,
    estatePrice: basic ? { month: basic.month, listingAvg: basic.listingAvg, listingMom: basic.listingMom } : null,
    featured,
    now: Date.now(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const subject = loaderData ? (loaderData.videos.estate?.name ?? loaderData.cityName) : '';
  return [
    { title: pageTitle(`${subject}看房视频`) },
    {
      name: 'description',
      content: `${subject}看房视频：小区实拍、户型讲解、周边配套与行情解读，经纪人带你看清小区和房价。${SITE_DESCRIPTION}`,
    },
  ];
};

function listHref(query: { estateId: number | null; kind: string | null; sort: string }) {
  const search = new URLSearchParams();
  if (query.estateId) search.set('estateId', String(query.estateId));
  if (query.kind) search.set('kind', query.kind);
  if (query.sort !== 'hot') search.set('sort', query.sort);
  const text = search.toString();
  return text ? `?${text}` : '?';
}

export default function HouseVideoPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, query, videos, estatePrice, featured, now } = loaderData;
  const revalidator = useRevalidator();
  const [active, setActive] = useState<number | null>(featured?.id ?? null);
  const { items, hasMore, loadMore } = usePagedList<Video>(
    videos,
    (page) =>
      new Request('/rabbit/v1/content/list', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          cityId,
          type: 'video',
          page,
          sort: query.sort,
          ...(query.estateId ? { estateId: query.estateId } : {}),
          ...(query.kind ? { kind: query.kind } : {}),
        }),
      }),
  );
  const list = featured ? [featured, ...items.filter((v) => v.id !== featured.id)] : items;
  const estate = videos.estate;
  const mom = estatePrice ? rate(estatePrice.listingMom) : null;

  return (
    <main className="video-page">
      {estate ? (
        <header className="video-estate">
          <h1>{estate.name}看房视频</h1>
          <p className="video-estate__where">
            {estate.districtName} · {estate.plateName}
          </p>
          {estatePrice ? (
            <p className="video-estate__price">
              挂牌均价 <strong className="num">{unitPrice(estatePrice.listingAvg)}</strong>
              {mom ? <span className={`num ${mom.className}`}> 环比{mom.text}</span> : null}
            </p>
          ) : null}
          <p className="video-estate__links">
            <Link to={`/${cityId}/house-detail/${estate.id}`}>查看小区详情</Link>
            <Link to={`/${cityId}/house-video`}>{cityName}全部视频</Link>
          </p>
        </header>
      ) : (
        <header className="video-head">
          <h1>{cityName}看房视频</h1>
          <p>经纪人实拍小区、讲户型、说周边、解读行情，数字都取自视频发布当月的数据。</p>
        </header>
      )}

      <nav className="video-tabs" aria-label="排序">
        {Object.entries(VIDEO_SORTS).map(([sort, label]) => (
          <Link
            key={sort}
            to={listHref({ ...query, sort })}
            replace
            preventScrollReset
            className={query.sort === sort ? 'is-active' : undefined}
            aria-current={query.sort === sort ? 'page' : undefined}
          >
            {label}
          </Link>
        ))}
      </nav>
      <nav className="video-kinds" aria-label="视频类型">
        {[['', '全部'] as const, ...Object.entries(VIDEO_KINDS)].map(([kind, label]) => {
          const current = (query.kind ?? '') === kind;
          return (
            <Link
              key={kind}
              to={listHref({ ...query, kind: kind || null })}
              replace
              preventScrollReset
              className={current ? 'is-active' : undefined}
              aria-current={current ? 'page' : undefined}
            >
              {label}
            </Link>
          );
        })}
      </nav>

      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        <p className="video-count">共{videos.total}个视频</p>
        {list.length === 0 ? (
          <EmptyState
            title={estate ? '该小区暂无看房视频' : query.kind ? `暂无${VIDEO_KINDS[query.kind]}视频` : '暂无看房视频'}
            action={
              estate ? (
                <>
                  <Link className="btn btn-primary" to={`/${cityId}/house-video`}>
                    看看{cityName}其他小区的视频
                  </Link>
                  <Link className="btn" to={`/${cityId}/house-detail/${estate.id}`}>
                    查看小区详情
                  </Link>
                </>
              ) : (
                <Link className="btn btn-primary" to={listHref({ ...query, kind: null })}>
                  查看全部视频
                </Link>
              )
            }
          />
        ) : (
          <ul className="video-list" aria-label="视频">
            {list.map((video) => (
              <li key={video.id}>
                <VideoCard
                  video={video}
                  active={active === video.id}
                  onPlay={() => setActive(video.id)}
                  now={now}
                  showEstate={!estate}
                />
              </li>
            ))}
          </ul>
        )}
        {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
      </PullToRefresh>
    </main>
  );
}
