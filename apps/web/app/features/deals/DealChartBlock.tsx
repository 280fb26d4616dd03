// 月度成交: bars for the month's deals, a line for their 成交均价, 12 or 36 months. Both drawings come with
// the page (SVG from the server), so switching needs no chart code and no request.
import { useState } from 'react';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import type { DealChart } from './types.ts';
import { Card } from '../../components/card/Card.tsx';

export function DealChartBlock({ charts, takeaways }: { charts: DealChart[]; takeaways: Record<number, string> }) {
  const [months, setMonths] = useState(charts[0]?.months ?? 12);
  const chart = charts.find((c) => c.months === months) ?? charts[0];
  if (!chart) return null;
  return (
    <Card flush title="月度成交">
      <div className="deal-tabs" role="tablist" aria-label="成交走势时间范围">
        {charts.map((c) => (
          <button
            key={c.months}
            type="button"
            role="tab"
            aria-selected={c.months === chart.months}
            className="deal-tabs__tab"
            onClick={() => setMonths(c.months)}
          >
            近{c.months}个月
          </button>
        ))}
      </div>
      <SvgChart
        svg={chart.svg}
        label={`近${chart.months}个月每月成交套数与成交均价`}
        takeaway={takeaways[chart.months]}
      />
    </Card>
  );
}
