// The blocks the /trade pages share (PAGES.md §3.10): the city's deal overview (成交套数, 网签量, 成交均价, 环比),
// a package card, the permit bar (已开通, its end, 查看成交 and 导出CSV), the city's news and the loading skeleton.
import { Link } from 'react-router';
import type { TradeOverview, TradePackage, VipAuthorBody } from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { CityNews } from '../../components/city-news/CityNews.tsx';
import { chinaDate, monthTitle, rate, unitPrice } from '../../lib/display.ts';
import { yuan } from '../../lib/money.ts';
import { tradeExportHref, tradeProductHref } from './use-trade.ts';
import './trade.css';

export function TradeOverviewCard({ cityName, overview }: { cityName: string; overview: TradeOverview }) {
  const countMom = rate(overview.countMom);
  const avgMom = rate(overview.avgMom);
  return (
    <Card
      id="trade-overview"
      title={`${cityName}成交概况${overview.month ? ` · ${monthTitle(overview.month)}` : ''}`}
      className="trade-overview"
    >
      {overview.month ? (
        <dl className="trade-overview__grid">
          <div>
            <dt>成交套数</dt>
            <dd className="num">{overview.dealCount}</dd>
            <dd className={countMom.className}>环比 {countMom.text}</dd>
          </div>
          <div>
            <dt>网签量</dt>
            <dd className="num">{overview.netsignCount}</dd>
            <dd className="trade-overview__note">套</dd>
          </div>
          <div>
            <dt>成交均价</dt>
            <dd className="num">{unitPrice(overview.dealAvg)}</dd>
            <dd className={avgMom.className}>环比 {avgMom.text}</dd>
          </div>
        </dl>
      ) : (
        <p className="trade-overview__none">该城市暂未发布成交数据</p>
      )}
      <p className="trade-overview__foot">
        近12个月共成交 <span className="num">{overview.dealCount12}</span> 套
      </p>
    </Card>
  );
}

export function TradePackageCard({ pkg, permitted }: { pkg: TradePackage; permitted: boolean }) {
  return (
    <Link className="trade-package" to={tradeProductHref(pkg.productCode)} data-testid="trade-package">
      <div className="trade-package__main">
        <h3 className="trade-package__title">{pkg.title}</h3>
        <p className="trade-package__sub">{pkg.subtitle}</p>
        <p className="trade-package__meta">
          {pkg.coverage} · {pkg.updateCycle} · 已售 <span className="num">{pkg.soldCount}</span>
        </p>
      </div>
      <div className="trade-package__price">
        <strong className="num">¥{yuan(pkg.price)}</strong>
        {pkg.originPrice !== null ? <del className="num">¥{yuan(pkg.originPrice)}</del> : null}
        <span className="trade-package__go">{permitted ? '续费' : '购买'} ›</span>
      </div>
    </Link>
  );
}

/**
 * 已开通: the permit's end, the city's deals and the CSV export; a member without a permit has the same (export is a
 * membership right), shown as 会员. Nothing for anyone else.
 */
export function TradePermitBar({
  cityId,
  permit,
  member,
}: {
  cityId: number;
  permit: VipAuthorBody | null;
  member: boolean;
}) {
  const permitted = permit?.isTradePremit === true;
  if (!permitted && !member) return null;
  return (
    <section className="trade-permit" aria-label="成交数据权限" data-testid="trade-permit">
      <p className="trade-permit__badge">
        <span className="trade-permit__tag">{permitted ? '已开通' : '会员'}</span>
        {permitted && permit?.expiresAt ? (
          <>
            有效期至<span className="num">{chinaDate(permit.expiresAt)}</span>
          </>
        ) : permitted ? null : (
          '会员可查看全部成交价并导出'
        )}
      </p>
      <div className="trade-permit__actions">
        <Link className="btn" to={`/${cityId}/deal-search`}>
          查看成交
        </Link>
        <a className="btn btn-primary" href={tradeExportHref(cityId)} download data-testid="trade-export">
          导出CSV
        </a>
      </div>
    </section>
  );
}

export function TradeSkeleton() {
  return (
    <div className="trade-skeleton" aria-busy="true" data-testid="trade-loading">
      <span className="sk-bone" style={{ height: 120 }} />
      <span className="sk-bone" style={{ height: 84 }} />
      <span className="sk-bone" style={{ height: 84 }} />
    </div>
  );
}

/** 市场资讯 of the city (trading/newsView). */
export function TradeNews({ cityId }: { cityId: number }) {
  return (
    <Card id="trade-news" title="市场资讯">
      <CityNews cityId={cityId} />
    </Card>
  );
}
