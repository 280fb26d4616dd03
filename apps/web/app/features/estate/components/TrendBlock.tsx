// 价格走势: the estate against its plate and district, 12 or 36 months. Both drawings come with the page
// (SVG from the server), so switching tabs needs no chart code and no request.
import { useState } from 'react';
import { SvgChart } from '../../../components/charts/SvgChart.tsx';
import type { TrendChart } from '../types.ts';
import { Card } from '../../../components/card/Card.tsx';

export function TrendBlock({ trends, estateName }: { trends: TrendChart[]; estateName: string }) {
  const [months, setMonths] = useState(trends[0]?.months ?? 12);
  const chart = trends.find((t) => t.months === months) ?? trends[0];
  if (!chart) return null;
  return (
    <Card id="estate-trend" title="价格走势">
      <div className="estate-tabs" role="tablist" aria-label="走势时间范围">
        {trends.map((t) => (
          <button
            key={t.months}
            type="button"
            role="tab"
            aria-selected={t.months === chart.months}
            className="estate-tabs__tab"
            onClick={() => setMonths(t.months)}
          >
            近{t.months}个月
          </button>
        ))}
      </div>
      <SvgChart
        svg={chart.svg}
        label={`${estateName}与所在板块、区县近${chart.months}个月挂牌均价走势`}
        takeaway={<span className={`trend-${chart.trend}`}>{chart.takeaway}</span>}
      />
    </Card>
  );
}
