// The city price card: 挂牌均价 / 成交均价 with MoM, a 12-month sparkline and 房东溢价系数 with its ⓘ.
import { useState } from 'react';
import { formatMoney, formatRate, type CityOverview } from '@fjt/domain';
import { Sparkline } from '../../components/sparkline/Sparkline.tsx';
import { LazyPriceGuidePopup as PriceGuidePopup } from '../../components/price-guide/LazyPriceGuidePopup.tsx';

function Change({ value }: { value: number | null }) {
  const rate = formatRate(value);
  return <span className={`trend-${rate.trend}`}>{rate.text}</span>;
}

export function PriceCard({ overview }: { overview: CityOverview }) {
  const [guide, setGuide] = useState(false);
  const [year, month] = overview.month?.split('-') ?? [];
  const yearly = overview.trend.length >= 2 ? overview.trend : [];
  const first = yearly[0]?.listingAvg;
  const last = yearly[yearly.length - 1]?.listingAvg;
  const yearChange = first && last ? ((last - first) / first) * 100 : null;
  return (
    <section className="price-card" aria-label="城市房价">
      <header className="price-card__head">
        <h2>{overview.cityName}二手房价</h2>
        <span className="price-card__month">{year ? `${year}年${Number(month)}月` : '暂无数据'}</span>
      </header>
      <div className="price-card__figures">
        <div>
          <p className="price-card__label">挂牌均价</p>
          <p className="price-card__value num">
            {formatMoney(overview.listingAvg)}
            <small>元/㎡</small>
          </p>
          <p className="price-card__change">
            环比 <Change value={overview.listingMom} />
          </p>
        </div>
        <div>
          <p className="price-card__label">成交均价</p>
          <p className="price-card__value num">
            {formatMoney(overview.dealAvg)}
            <small>元/㎡</small>
          </p>
          <p className="price-card__change">
            环比 <Change value={overview.dealMom} />
          </p>
        </div>
      </div>
      <div className="price-card__foot">
        <div className="price-card__trend">
          <Sparkline values={yearly.map((p) => p.listingAvg)} label="近12个月挂牌均价走势" />
          {yearChange !== null ? (
            <span>
              近12个月 <Change value={Math.round(yearChange * 10) / 10} />
            </span>
          ) : null}
        </div>
        <button
          type="button"
          className="price-card__premium"
          onClick={() => setGuide(true)}
          aria-label="房东溢价系数说明"
        >
          房东溢价系数 <strong className="num">{overview.premium === null ? '--' : overview.premium.toFixed(2)}</strong>{' '}
          ⓘ
        </button>
      </div>
      <PriceGuidePopup visible={guide} onClose={() => setGuide(false)} />
    </section>
  );
}
