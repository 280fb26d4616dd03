// /activity/premier/more?cityId 高端盘列表 (PAGES.md §3.13): the whole decile of /activity/premier, ranked, 20 at a time
// with infinite scroll; each row the estate card of the app (挂牌均价 with MoM, 成交均价). Inside ActivityFrame.
import { Link, useSearchParams } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import { SITE_DESCRIPTION, pageTitle, type ActivityView, type PremierBody, type PremierEstate } from '@fjt/domain';
import { ActivityFrame } from '../../features/activities/ActivityFrame.tsx';
import { PremierHeader } from '../../features/topics/PremierHeader.tsx';
import { topicCity } from '../../features/topics/topic-city.ts';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useApi } from '../../lib/use-api.ts';
import { usePagedList } from '../../lib/paged-list.ts';
import '../../features/topics/topics.css';

export const meta = () => [
  { title: pageTitle('高端盘列表') },
  { name: 'description', content: `高端盘列表：全城挂牌均价前10%的小区完整排名。${SITE_DESCRIPTION}` },
];

export default function PremierMorePage() {
  return (
    <ActivityFrame code="premier" testId="premier-more-page">
      {(activity) => <PremierMore activity={activity} />}
    </ActivityFrame>
  );
}

function PremierMore({ activity }: { activity: ActivityView }) {
  const [search] = useSearchParams();
  const cityId = topicCity(search);
  const { state, retry } = useApi<PremierBody>(`activity/premier?cityId=${cityId}`);
  const premier = state.status === 'ready' ? state.body : null;
  return (
    <>
      <PremierHeader
        title={premier ? `${premier.cityName}高端盘` : activity.title}
        premier={premier}
        pending={activity.subtitle}
      />
      {state.status === 'loading' ? <RowsSkeleton count={6} /> : null}
      {state.status === 'error' ? (
        <LoadFailed title="高端盘加载失败" message={state.message} retry={retry} testId="premier-error" />
      ) : null}
      {premier ? <PremierList data={premier} /> : null}
    </>
  );
}

function PremierList({ data }: { data: PremierBody }) {
  const { items, hasMore, loadMore } = usePagedList<PremierEstate>(
    data,
    (page) => `/rabbit/v1/activity/premier?cityId=${data.cityId}&page=${page}`,
  );
  return (
    <>
      {items.length === 0 ? (
        <EmptyState
          title={`${data.cityName}暂无高端盘`}
          action={
            <Link className="btn btn-primary" to={`/${data.cityId}/rank/price/estate`}>
              看房价排行
            </Link>
          }
        />
      ) : (
        <>
          <ol className="premier-list" data-testid="premier-list" aria-label="高端盘排名">
            {items.map((e) => (
              <li key={e.id}>
                <span className="premier-list__rank num" aria-label={`第${e.rank}名`}>
                  {e.rank}
                </span>
                <EstateFiguresCard estate={e} testId="premier-row" />
              </li>
            ))}
          </ol>
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
        </>
      )}
    </>
  );
}
