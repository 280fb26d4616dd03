// /activity/houseList?topicId&cityId 专题房源 (PAGES.md §3.13): a campaign of listing topics computed from the data —
// 降价房, 满五唯一, 近地铁, 新上房源, 低总价 (HOUSE_TOPICS; the activity's config says which are on). Tabs per topic,
// the city's listings on sale of the topic with infinite scroll, an empty state with a next step; the period and the
// rules come from activity/info (ActivityFrame), and an ended campaign shows 活动已结束. Public data, read in the
// browser after activity/info (NEW GET activity/house-list), so the page itself is the same for every visitor.
import { Link, useSearchParams } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import {
  HOUSE_TOPIC_IDS,
  SITE_DESCRIPTION,
  pageTitle,
  type ActivityView,
  type HouseListBody,
  type HouseTopicId,
  type ListingCard,
} from '@fjt/domain';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { ListingCardView } from '../../features/listings/ListingCardView.tsx';
import { topicCity } from '../../features/topics/topic-city.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useApi } from '../../lib/use-api.ts';
import { usePagedList } from '../../lib/paged-list.ts';
import '../../features/listings/listings.css';
import '../../features/topics/topics.css';

export const meta = () => [
  { title: pageTitle('专题房源') },
  {
    name: 'description',
    content: `专题房源：降价房、满五唯一、近地铁、新上房源、低总价，每日按最新挂牌数据更新。${SITE_DESCRIPTION}`,
  },
];

const isTopic = (v: string | null): v is HouseTopicId => v !== null && (HOUSE_TOPIC_IDS as string[]).includes(v);

export default function HouseListPage() {
  return (
    <ActivityFrame code="houselist" testId="house-list-page">
      {(activity) => <HouseTopics activity={activity} />}
    </ActivityFrame>
  );
}

function HouseTopics({ activity }: { activity: ActivityView }) {
  const [search] = useSearchParams();
  const cityId = topicCity(search);
  const asked = search.get('topicId');
  const topicQuery = isTopic(asked) ? `topicId=${asked}&` : '';
  const { state, retry } = useApi<HouseListBody>(`activity/house-list?${topicQuery}cityId=${cityId}`);
  return (
    <>
      <header className="topic-hero">
        <h1>{activity.title}</h1>
        <p>{activity.subtitle}</p>
      </header>
      {state.status === 'loading' ? <RowsSkeleton count={5} /> : null}
      {state.status === 'error' ? (
        <EmptyState
          art="data"
          title={state.message}
          testId="house-list-error"
          action={
            <button type="button" className="btn btn-primary" onClick={retry}>
              重新加载
            </button>
          }
        />
      ) : null}
      {state.status === 'ready' ? <TopicList key={`${state.body.topic.id}-${cityId}`} data={state.body} /> : null}
      <ActivityRules activity={activity} />
    </>
  );
}

function TopicList({ data }: { data: HouseListBody }) {
  const { topic, topics, cityId, cityName } = data;
  const { items, hasMore, loadMore } = usePagedList<ListingCard>(
    data,
    (page) => `/rabbit/v1/activity/house-list?topicId=${topic.id}&cityId=${cityId}&page=${page}`,
  );
  const other = topics.find((t) => t.id !== topic.id);
  return (
    <>
      <nav className="topic-tabs" role="tablist" aria-label="房源专题">
        {topics.map((t) => (
          <Link
            key={t.id}
            role="tab"
            aria-selected={t.id === topic.id}
            to={`?topicId=${t.id}&cityId=${cityId}`}
            replace
            preventScrollReset
            data-testid={`topic-tab-${t.id}`}
          >
            {t.name}
          </Link>
        ))}
      </nav>
      <section className="topic-intro" aria-label={`${topic.name}说明`}>
        <h2>
          {cityName}
          {topic.name}
        </h2>
        <p>{topic.intro}</p>
        <p className="topic-intro__count">
          共<b className="num">{data.total}</b>套在售
        </p>
      </section>
      {items.length === 0 ? (
        <EmptyState
          title={`${cityName}暂无${topic.name}`}
          hint="挂牌数据每日更新，可以先看看其他专题或全部在售二手房。"
          testId="house-list-empty"
          action={
            <>
              <Link className="btn btn-primary" to={`/${cityId}/house-resold`}>
                看全部二手房
              </Link>
              {other ? (
                <Link className="btn" to={`?topicId=${other.id}&cityId=${cityId}`} replace>
                  看{other.name}
                </Link>
              ) : null}
            </>
          }
        />
      ) : (
        <>
          <ul className="listing-list" aria-label={topic.name} data-testid="house-list">
            {items.map((listing) => (
              <li key={listing.id}>
                <ListingCardView cityId={cityId} listing={listing} showEstate showCutRate={topic.id === 'priceCut'} />
              </li>
            ))}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
        </>
      )}
    </>
  );
}
