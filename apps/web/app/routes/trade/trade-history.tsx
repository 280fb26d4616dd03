// /trade/history 已购数据 (PAGES.md §3.10): the user's deal-data permits, newest first — 生效中 / 待生效 / 已到期 /
// 已退款 with their periods; a live one links to its city's /trade. NEW trade/purchased. Login first.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type TradePurchase, type TradePurchasedBody } from '@fjt/domain';
import type { Route } from './+types/trade-history';
import { Card } from '../../components/card/Card.tsx';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { chinaDate } from '../../features/account/format.ts';
import { TradeSkeleton } from '../../features/trade/TradeBlocks.tsx';
import { useApi } from '../../lib/use-api.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('已购数据') },
  { name: 'description', content: `我购买的成交数据套餐与有效期。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

const STATE_TEXT: Record<TradePurchase['state'], string> = {
  live: '生效中',
  pending: '待生效',
  ended: '已到期',
  refunded: '已退款',
};

export default function TradeHistoryPage() {
  const viewer = useLoginGuard();
  const { state, retry } = useApi<TradePurchasedBody>(viewer.status === 'user' ? 'trade/purchased' : null);
  return (
    <main className="trade-page" data-testid="trade-history-page">
      {state.status === 'loading' ? (
        <TradeSkeleton />
      ) : state.status === 'error' ? (
        <LoadFailed title="已购数据加载失败" message={state.message} retry={retry} />
      ) : state.body.list.length === 0 ? (
        <EmptyState
          art="list"
          title="还没有购买成交数据"
          hint="购买后可查看全市成交价并导出"
          action={
            <Link className="btn btn-primary" to="/trade">
              去看看
            </Link>
          }
        />
      ) : (
        <Card id="trade-history" title="已购数据">
          <ul className="trade-history">
            {state.body.list.map((p) => (
              <li key={p.orderNo} data-testid="trade-history-row">
                <div>
                  <Link to={`/trade?cityId=${p.cityId}`}>{p.title}</Link>
                  <p className="trade-package__meta">
                    {p.cityName} · <span className="num">{chinaDate(p.startsAt)}</span> 至{' '}
                    <span className="num">{p.endsAt ? chinaDate(p.endsAt) : '长期'}</span>
                  </p>
                </div>
                <span className={`trade-history__state trade-history__state--${p.state}`}>{STATE_TEXT[p.state]}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </main>
  );
}
