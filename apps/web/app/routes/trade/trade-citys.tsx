// /trade/citys 选择城市 (PAGES.md §3.10): the cities whose deal data is on sale → /trade?cityId. The list is
// config/city-list (the cities of the dataset, each with its deal-data packages).
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type CityListItem } from '@fjt/domain';
import type { Route } from './+types/trade-citys';
import { Card } from '../../components/card/Card.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { TradeSkeleton } from '../../features/trade/TradeBlocks.tsx';
import { useApi } from '../../features/trade/use-trade.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('选择城市') },
  { name: 'description', content: `选择城市，查看该城市的成交数据套餐。${SITE_DESCRIPTION}` },
];

export default function TradeCitysPage() {
  const { state, retry } = useApi<{ list: CityListItem[] }>('config/city-list');
  return (
    <main className="trade-page" data-testid="trade-citys-page">
      {state.status === 'loading' ? (
        <TradeSkeleton />
      ) : state.status === 'error' ? (
        <EmptyState
          art="data"
          title="城市加载失败"
          hint={state.message}
          action={
            <button type="button" className="btn btn-primary" onClick={retry}>
              重新加载
            </button>
          }
        />
      ) : (
        <Card id="trade-citys" title="选择城市">
          <ul className="trade-citys">
            {state.data.list.map((c) => (
              <li key={c.id}>
                <Link to={`/trade?cityId=${c.id}`}>{c.name}</Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </main>
  );
}
