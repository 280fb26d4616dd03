// /activity/premier/more?cityId 高端盘列表 (PAGES.md §3.13): the whole decile of /activity/premier, ranked, 20 at a time
// with infinite scroll; each row the estate card of the app (挂牌均价 with MoM, 成交均价). Inside ActivityFrame.
import { Link, useSearchParams } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import { SITE_DESCRIPTION, pageTitle, type PremierBody, type PremierEstate } from '@fjt/domain';
import { ActivityFrame } from '../../features/activities/ActivityFrame.tsx';
import { topicCity } from '../../features/topics/topic-city.ts';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useApi } from '../../lib/use-api.ts';
import { usePagedList } from '../../lib/paged-list.ts';
import { premierSummary } from './premier.tsx';
import '../../features/topics/topics.css';

export const meta = () => [
  { title: pageTitle('高端盘列表') },
  { name: 'description', content: `高端盘列表：全城挂牌均价前10%的小区完整排名。${SITE_DESCRIPTION}` },
];

export default function PremierMorePage() {
  return (
    <ActivityFrame code="premier" testId="premier-more-page">
      {() => <PremierMore />}
    </ActivityFrame>
  );
}

function PremierMore() {
  const [search] = useSearchParams();
  const cityId = topicCity(search);
  const { state, retry } = useApi<PremierBody>(`activity/premier?cityId=${cityId}`);
  if (state.status === 'loading') return <RowsSkeleton count={6} />;
  if (state.status === 'error')
    return (
      <EmptyState
        art="data"
        title={state.message}
        action={
          <button type="button" className="btn btn-primary" onClick={retry}>
            重新加载
          </button>
        }
      />
    );
  return <PremierList data={state.body} />;
}

function PremierList({ data }: { data: PremierBody }) {
  const { items, hasMore, loadMore } = usePagedList<PremierEstate>(
    data,
    (page) => `/rabbit/v1/activity/premier?cityId=${data.cityId}&page=${page}`,
  );
  return (
    <>
      <header className="topic-hero topic-hero--premier">
        <h1>{data.cityName}高端盘</h1>
        <p>{premierSummary(data)}</p>
      </header>
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
