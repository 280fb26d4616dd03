// 挂牌均价 / 成交均价 with MoM, 房东溢价系数 with the ⓘ price guide, 在售/在租套数 (PAGES.md §3.2).
import type { EstateBasicInfo } from '@fjt/domain';
import { MISSING_VALUE } from '@fjt/domain';
import { useSendOrder } from '../../../components/layouts/SendOrderLayout.tsx';
import { decimal, monthTitle, rate, unitPrice } from '../../../lib/display.ts';

function Figure({ label, value, mom }: { label: string; value: number | null; mom: number | null }) {
  const change = rate(mom);
  const price = unitPrice(value);
  return (
    <div className="estate-price__figure">
      <p className="estate-price__label">{label}</p>
      <p className="estate-price__value num">
        {price === MISSING_VALUE ? price : price.replace('元/㎡', '')}
        {price === MISSING_VALUE ? null : <small className="estate-price__unit">元/㎡</small>}
      </p>
      <p className="estate-price__mom">
        环比 <span className={change.className}>{change.text}</span>
      </p>
    </div>
  );
}

export function PriceCard({ basic }: { basic: EstateBasicInfo }) {
  const { showPriceGuide } = useSendOrder();
  const dealLabel =
    basic.dealMonth && basic.dealMonth !== basic.month ? `成交均价（${monthTitle(basic.dealMonth)}）` : '成交均价';
  return (
    <section className="estate-price" aria-label="小区均价" data-testid="estate-price">
      {basic.month ? <p className="estate-price__month">{monthTitle(basic.month)}</p> : null}
      <div className="estate-price__figures">
        <Figure label="挂牌均价" value={basic.listingAvg} mom={basic.listingMom} />
        <Figure label={dealLabel} value={basic.dealAvg} mom={basic.dealMom} />
      </div>
      <dl className="estate-price__facts">
        <div>
          <dt>
            房东溢价系数
            <button type="button" className="estate-price__info" aria-label="房东溢价系数说明" onClick={showPriceGuide}>
              ⓘ
            </button>
          </dt>
          <dd className="num">{basic.premium === null ? MISSING_VALUE : decimal(basic.premium, 2)}</dd>
        </div>
        <div>
          <dt>在售</dt>
          <dd className="num">{basic.onSaleCount}套</dd>
        </div>
        <div>
          <dt>在租</dt>
          <dd className="num">{basic.onRentCount}套</dd>
        </div>
      </dl>
    </section>
  );
}
