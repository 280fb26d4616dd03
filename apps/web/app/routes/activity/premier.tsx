// /activity/premier?cityId 高端盘 (PAGES.md §3.13): a showcase of the city's top price decile — estates ranked by the
// 挂牌均价 of the newest month (the rankings' figure), the top tenth of those with enough listings. The first
// PREMIER_SHOWCASE with their drawn covers, price and MoM (red up, green down), then 查看全部 (/activity/premier/more).
// Period and rules from activity/info (ActivityFrame); public data read in the browser (NEW GET activity/premier).
import { Link, useSearchParams } from 'react-router';
import { PREMIER_SHOWCASE, SITE_DESCRIPTION, pageTitle, type ActivityView, type PremierBody } from '@fjt/domain';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { PremierHeader } from '../../features/topics/PremierHeader.tsx';
import { PremierTile } from '../../features/topics/PremierTile.tsx';
import { topicCity } from '../../features/topics/topic-city.ts';
import { Card } from '../../components/card/Card.tsx';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useApi } from '../../lib/use-api.ts';
import '../../features/topics/topics.css';

export const meta = () => [
  { title: pageTitle('高端盘') },
  { name: 'description', content: `高端盘：全城挂牌均价前10%的小区，每月更新。${SITE_DESCRIPTION}` },
];

export default function PremierPage() {
  return (
    <ActivityFrame code="premier" testId="premier-page">
      {(activity) => <Premier activity={activity} />}
    </ActivityFrame>
  );
}

function Premier({ activity }: { activity: ActivityView }) {
  const [search] = useSearchParams();
  const cityId = topicCity(search);
  const { state, retry } = useApi<PremierBody>(`activity/premier?cityId=${cityId}&size=${PREMIER_SHOWCASE}`);
  return (
    <>
      <PremierHeader
        title={activity.title}
        premier={state.status === 'ready' ? state.body : null}
        pending={activity.subtitle}
      />
      {state.status === 'loading' ? <RowsSkeleton count={4} /> : null}
      {state.status === 'error' ? (
        <LoadFailed title="高端盘加载失败" message={state.message} retry={retry} testId="premier-error" />
      ) : null}
      {state.status === 'ready' && state.body.list.length === 0 ? (
        <EmptyState
          title={`${state.body.cityName}暂无高端盘`}
          hint="小区在售房源不足时不参与均价排名，可以先看看全城房价排行。"
          testId="premier-empty"
          action={
            <Link className="btn btn-primary" to={`/${cityId}/rank/price/estate`}>
              看房价排行
            </Link>
          }
        />
      ) : null}
      {state.status === 'ready' && state.body.list.length > 0 ? (
        <Card title="全城均价前10%" id="premier-showcase">
          <ul className="premier-grid" data-testid="premier-showcase">
            {state.body.list.map((e) => (
              <li key={e.id}>
                <PremierTile estate={e} />
              </li>
            ))}
          </ul>
          <Link className="premier-more" to={`/activity/premier/more?cityId=${cityId}`} data-testid="premier-more">
            查看全部{state.body.total}个高端盘 ›
          </Link>
        </Card>
      ) : null}
      <ActivityRules activity={activity} />
    </>
  );
}
