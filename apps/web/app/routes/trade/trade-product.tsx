// /trade/{productid} 数据套餐 (PAGES.md §3.10): a deal-data package — its fields, coverage, update cycle, price, the
// city's overview and sample deals (masked unless the viewer may see the city's deals, the one deal-row rule of the
// server) — with 立即购买 → /trade/order, or for a permit holder 查看成交 and 导出CSV. {productid} is the package's
// code (the catalogue's href) or its numeric id. Asked from the browser (trading/trade-detail) with the session.
import { Link, useParams } from 'react-router';
import {
  PRODUCT_MESSAGES,
  SITE_DESCRIPTION,
  TRADE_MESSAGES,
  pageTitle,
  parseId,
  type TradeDetailBody,
} from '@fjt/domain';
import type { Route } from './+types/trade-product';
import { Card } from '../../components/card/Card.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { DealRowView } from '../../features/deals/DealRowView.tsx';
import { yuan } from '../../lib/money.ts';
import { clearPayCallback } from '../../features/checkout/pay-callback.ts';
import { TradeOverviewCard, TradePermitBar, TradeSkeleton } from '../../features/trade/TradeBlocks.tsx';
import { tradeOrderHref, useTradePermit } from '../../features/trade/use-trade.ts';
import { useApi } from '../../lib/use-api.ts';
import { useMembership } from '../../lib/membership.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('数据套餐') },
  { name: 'description', content: `成交数据套餐：包含字段、覆盖范围、更新周期、价格与成交样例。${SITE_DESCRIPTION}` },
];

/** What trading/trade-detail answers for a package that is not (or no longer) on sale, or a malformed code. */
const GONE = new Set<string>([TRADE_MESSAGES.unknownProduct, PRODUCT_MESSAGES.unknown, TRADE_MESSAGES.productMissing]);

function detailPath(productid: string): string {
  const id = parseId(productid);
  return id !== null
    ? `trading/trade-detail?productId=${id}`
    : `trading/trade-detail?${new URLSearchParams({ productCode: productid })}`;
}

export default function TradeProductPage() {
  const { productid = '' } = useParams();
  const { state, retry } = useApi<TradeDetailBody>(detailPath(productid));
  const cityId = state.status === 'ready' ? state.body.product.cityId : null;
  const permit = useTradePermit(cityId);
  const membership = useMembership();
  const now = Date.now();

  if (state.status === 'loading') {
    return (
      <main className="trade-page" data-testid="trade-product-page">
        <TradeSkeleton />
      </main>
    );
  }
  if (state.status === 'error') {
    const gone = GONE.has(state.message) || state.message.includes('格式');
    return (
      <main className="trade-page" data-testid="trade-product-page">
        <EmptyState
          art="data"
          title={gone ? '数据包不存在或已下架' : '数据包加载失败'}
          hint={gone ? '看看其他数据套餐' : state.message}
          testId="trade-product-error"
          action={
            gone ? (
              <Link className="btn btn-primary" to="/trade">
                查看数据套餐
              </Link>
            ) : (
              <button type="button" className="btn btn-primary" onClick={retry}>
                重新加载
              </button>
            )
          }
        />
      </main>
    );
  }

  const { product, cityName, overview, sample, unlocked } = state.body;
  const permitted = permit?.isTradePremit === true;
  return (
    <main className="trade-page" data-testid="trade-product-page">
      <Card id="trade-product" title={product.title}>
        <p className="trade-package__sub">{product.subtitle}</p>
        <dl className="trade-facts">
          <div>
            <dt>覆盖范围</dt>
            <dd>{product.coverage}</dd>
          </div>
          <div>
            <dt>更新周期</dt>
            <dd>{product.updateCycle}</dd>
          </div>
          <div>
            <dt>有效期</dt>
            <dd>
              <span className="num">{product.durationDays}</span>天，多次购买顺延
            </dd>
          </div>
          <div>
            <dt>价格</dt>
            <dd>
              <strong className="num">¥{yuan(product.price)}</strong>
              {product.originPrice !== null ? (
                <>
                  {' '}
                  <del className="num">¥{yuan(product.originPrice)}</del>
                </>
              ) : null}
            </dd>
          </div>
        </dl>
      </Card>
      <TradePermitBar cityId={product.cityId} permit={permit} member={membership === 'member'} />
      <Card id="trade-fields" title="包含字段">
        <ul className="trade-fields">
          {product.fields.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      </Card>
      <TradeOverviewCard cityName={cityName} overview={overview} />
      <Card id="trade-sample" title={unlocked ? '最新成交' : '成交样例（购买后查看成交价）'}>
        {sample.length === 0 ? (
          <EmptyState frame="plain" art={null} title="近3个月暂无成交样例" />
        ) : (
          sample.map((deal) => (
            <div key={deal.id} data-testid="trade-sample-row" data-masked={deal.masked}>
              <p className="trade-sample__estate">
                {deal.districtName} · {deal.estateName}
              </p>
              <DealRowView
                deal={deal}
                now={now}
                to={`/${product.cityId}/deal-history/${deal.estateId}/detail?dealId=${deal.id}`}
                unlock={{ to: tradeOrderHref(product.productCode), label: '购买后查看' }}
              />
            </div>
          ))
        )}
      </Card>
      {permitted ? null : (
        <div className="bottom-bar checkout-bar">
          <p className="checkout-bar__amount">
            {product.durationDays}天<strong className="num">¥{yuan(product.price)}</strong>
          </p>
          <Link
            className="btn btn-primary checkout-bar__pay"
            to={tradeOrderHref(product.productCode)}
            onClick={() => clearPayCallback()}
            data-testid="trade-buy"
          >
            立即购买
          </Link>
        </div>
      )}
    </main>
  );
}
