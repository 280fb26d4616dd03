// /trade 成交数据 (PAGES.md §3.10): the deal-data product of a city (?cityId, else the visit's city): the city's deal
// overview (成交套数, 网签量, 成交均价, 环比 from the real deals), the packages on sale, and for a permit holder 已开通
// with its end, 查看成交 and 导出CSV. Rendered as a skeleton for everyone (ADR 0009); data from trading/trade-show and
// trading/vipAuthor in the browser, and the city's news from trading/newsView.
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_CITY_ID, SITE_DESCRIPTION, pageTitle, parseCityId, type TradeShowBody } from '@fjt/domain';
import type { Route } from './+types/trade';
import { Card } from '../../components/card/Card.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { storedCityId } from '../../lib/city-storage.ts';
import {
  TradeNews,
  TradeOverviewCard,
  TradePackageCard,
  TradePermitBar,
  TradeSkeleton,
} from '../../features/trade/TradeBlocks.tsx';
import { useTradePermit } from '../../features/trade/use-trade.ts';
import { useApi } from '../../lib/use-api.ts';
import { useMembership } from '../../lib/membership.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('成交数据') },
  {
    name: 'description',
    content: `城市二手房成交数据：成交套数、网签量、成交均价与环比；购买数据包查看全部成交价并导出CSV。${SITE_DESCRIPTION}`,
  },
];

/** The city asked for, else the visit's city, else the default; null until the browser knows. */
function useTradeCity(): number | null {
  const [search] = useSearchParams();
  const asked = parseCityId(search.get('cityId'));
  const [stored, setStored] = useState<number | null>(null);
  useEffect(() => setStored(storedCityId() || DEFAULT_CITY_ID), []);
  return asked ?? stored;
}

export default function TradePage() {
  const cityId = useTradeCity();
  const { state, retry } = useApi<TradeShowBody>(cityId === null ? null : `trading/trade-show?cityId=${cityId}`);
  const permit = useTradePermit(cityId);
  const membership = useMembership();
  const permitted = permit?.isTradePremit === true;

  return (
    <main className="trade-page" data-testid="trade-page">
      {state.status === 'loading' ? (
        <TradeSkeleton />
      ) : state.status === 'error' ? (
        <EmptyState
          art="data"
          title="成交数据加载失败"
          hint={state.message}
          testId="trade-error"
          action={
            <>
              <button type="button" className="btn btn-primary" onClick={retry}>
                重新加载
              </button>
              <Link className="btn" to="/trade/citys">
                切换城市
              </Link>
            </>
          }
        />
      ) : (
        <>
          <header className="trade-city">
            <h1>{state.body.cityName}成交数据</h1>
            <Link to="/trade/citys">切换城市 ›</Link>
          </header>
          <TradePermitBar cityId={state.body.cityId} permit={permit} member={membership === 'member'} />
          <TradeOverviewCard cityName={state.body.cityName} overview={state.body.overview} />
          <Card id="trade-packages" title="数据套餐" more={{ to: '/trade/history', text: '已购数据' }}>
            {state.body.packages.length === 0 ? (
              <EmptyState
                frame="plain"
                art={null}
                title="该城市暂无在售数据包"
                hint="可先查看免费的最新成交，或换一个城市"
                action={
                  <Link className="btn" to="/trade/citys">
                    切换城市
                  </Link>
                }
              />
            ) : (
              <div className="trade-packages">
                {state.body.packages.map((pkg) => (
                  <TradePackageCard key={pkg.productCode} pkg={pkg} permitted={permitted} />
                ))}
              </div>
            )}
          </Card>
          <Card id="trade-rights" title="购买后可以">
            <ul className="trade-fields">
              <li>查看全市每套成交的成交价</li>
              <li>查看精确成交日期</li>
              <li>挂牌价与议价空间</li>
              <li>按月导出CSV</li>
            </ul>
          </Card>
          <TradeNews cityId={state.body.cityId} />
        </>
      )}
    </main>
  );
}
