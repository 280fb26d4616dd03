// The estate's rent level: 租金均价 (元/月 and 元/㎡·月), MoM, 租售比, 在租套数 and the 12-month trend.
import { formatMoney, formatRate, type RentSummary } from '@fjt/domain';
import { Sparkline } from '../../components/sparkline/Sparkline.tsx';

export function RentHeader({ summary }: { summary: RentSummary }) {
  const rate = formatRate(summary.rentMom);
  return (
    <section className="rent-header" aria-label="租金水平">
      <h1 className="rent-header__name">{summary.estateName}</h1>
      {summary.plateName ? <p className="rent-header__plate">{summary.plateName}</p> : null}
      <div className="rent-header__figures">
        <div>
          <p className="rent-header__label">租金均价</p>
          <p className="rent-header__value num">
            {formatMoney(summary.rentAvgMonthly)}
            <small>元/月</small>
          </p>
        </div>
        <div>
          <p className="rent-header__label">单价</p>
          <p className="rent-header__value num">
            {summary.rentAvg === null ? '--' : summary.rentAvg.toFixed(1)}
            <small>元/㎡·月</small>
          </p>
        </div>
      </div>
      <dl className="rent-header__facts">
        <div>
          <dt>环比</dt>
          <dd>
            <span className={`trend-${rate.trend}`}>{rate.text}</span>
          </dd>
        </div>
        <div>
          <dt>租售比</dt>
          <dd className="num">{summary.rentToPrice === null ? '--' : `1:${summary.rentToPrice}`}</dd>
        </div>
        <div>
          <dt>在租</dt>
          <dd className="num">{summary.onRentCount}套</dd>
        </div>
      </dl>
      <Sparkline values={summary.trend.map((p) => p.rentAvg)} width={320} height={56} label="近12个月租金走势" />
    </section>
  );
}
