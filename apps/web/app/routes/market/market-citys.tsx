// /market/citys 选择城市 (PAGES.md §3.10): every city with its reports on sale (trading/city-list); cities without
// reports yet are listed after, disabled. Choosing one remembers it and opens /market?cityId.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type TradingCity } from '@fjt/domain';
import type { Route } from './+types/market-citys';
import { LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { rememberCity } from '../../lib/city-storage.ts';
import { useApi } from '../../lib/use-api.ts';
import '../../features/market/market.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('选择城市') },
  { name: 'description', content: `报告商城的城市与各城市在售报告数量。${SITE_DESCRIPTION}` },
];

export default function MarketCitysPage() {
  const { state, retry } = useApi<{ list: TradingCity[] }>('trading/city-list');
  return (
    <main className="market-page" data-testid="market-citys">
      <h1 className="visually-hidden">选择城市</h1>
      {state.status === 'loading' ? (
        <RowsSkeleton count={8} />
      ) : state.status === 'error' ? (
        <LoadFailed title="城市列表加载失败" message={state.message} retry={retry} />
      ) : (
        <ul className="market-citys">
          {state.body.list.map((c) => (
            <li key={c.cityId}>
              {c.reportCount > 0 ? (
                <Link to={`/market?cityId=${c.cityId}`} onClick={() => rememberCity(c.cityId)}>
                  <span>{c.cityName}</span>
                  <span className="market-citys__count">
                    <span className="num">{c.reportCount}</span> 份报告
                  </span>
                </Link>
              ) : (
                <span className="market-citys__none" aria-disabled="true">
                  <span>{c.cityName}</span>
                  <span className="market-citys__count">报告筹备中</span>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
