// The deal history's summary (PAGES.md §3.3): 近12月成交N套, 成交均价 with its MoM, 成交周期 and 议价空间,
// all of the 12 months ending with the city's newest published month.
import { DEAL_DELAY_NOTE, type DealOverviewBody } from '@fjt/domain';
import { days, monthTitle, percent, rate, unitPrice } from '../../lib/display.ts';

export function DealSummary({
  estateName,
  where,
  overview,
}: {
  estateName: string;
  where: string;
  overview: DealOverviewBody;
}) {
  const mom = rate(overview.dealMom);
  return (
    <section className="deal-summary" aria-label="成交概况">
      <h1 className="deal-summary__name">{estateName}成交记录</h1>
      <p className="deal-summary__where">{where}</p>
      <dl className="deal-summary__figures">
        <div>
          <dt>近12月成交</dt>
          <dd>
            <span className="num">{overview.dealCount12}</span>
            <small>套</small>
          </dd>
        </div>
        <div>
          <dt>成交均价{overview.dealMonth ? `（${monthTitle(overview.dealMonth)}）` : ''}</dt>
          <dd>
            <span className="num">{unitPrice(overview.dealAvg)}</span>
          </dd>
          <dd className={`deal-summary__rate ${mom.className}`}>环比{mom.text}</dd>
        </div>
        <div>
          <dt>成交周期</dt>
          <dd>
            <span className="num">{days(overview.avgCycleDays)}</span>
          </dd>
        </div>
        <div>
          <dt>议价空间</dt>
          <dd>
            <span className="num">{percent(overview.avgBargainPct)}</span>
          </dd>
        </div>
      </dl>
      <p className="deal-summary__note">{DEAL_DELAY_NOTE}</p>
    </section>
  );
}
