// /trade/citys 选择城市 (PAGES.md §3.10): the cities whose deal data is on sale, with their package counts →
// /trade?cityId. Data: trading/city-list.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type TradingCity } from '@fjt/domain';
import type { Route } from './+types/trade-citys';
import { Card } from '../../components/card/Card.tsx';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { TradeSkeleton } from '../../features/trade/TradeBlocks.tsx';
import { useApi } from '../../lib/use-api.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('选择城市') },
  { name: 'description', content: `选择城市，查看该城市的成交数据套餐。${SITE_DESCRIPTION}` },
];

export default function TradeCitysPage() {
  const { state, retry } = useApi<{ list: TradingCity[] }>('trading/city-list');
  const cities = state.status === 'ready' ? state.body.list.filter((c) => c.tradeCount > 0) : [];
  return (
    <main className="trade-page" data-testid="trade-citys-page">
      {state.status === 'loading' ? (
        <TradeSkeleton />
      ) : state.status === 'error' ? (
        <LoadFailed title="城市加载失败" message={state.message} retry={retry} />
      ) : cities.length === 0 ? (
        <EmptyState
          art="list"
          title="暂无在售成交数据的城市"
          hint="可先查看各城市的免费最新成交"
          action={
            <Link className="btn" to="/citylist">
              选择城市
            </Link>
          }
        />
      ) : (
        <Card id="trade-citys" title="选择城市">
          <ul className="trade-citys">
            {cities.map((c) => (
              <li key={c.cityId}>
                <Link to={`/trade?cityId=${c.cityId}`}>
                  {c.cityName}
                  <span className="trade-citys__count">
                    <span className="num">{c.tradeCount}</span>个数据套餐
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </main>
  );
}
