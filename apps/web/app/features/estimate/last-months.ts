// The short trend of /mini/result: the tail of house/header-chart-plate's 12 months, the estate against its plate.
import type { HeaderChartBody } from '@fjt/domain';

/** The last `months` of the 12-month chart, the estate and its plate only, each with its change over them. */
export function lastMonths(body: HeaderChartBody, months: number): HeaderChartBody {
  const from = Math.max(0, body.months.length - months);
  return {
    months: body.months.slice(from),
    series: body.series
      .filter((s) => s.level !== 'district')
      .map((s) => {
        const values = s.values.slice(from);
        const present = values.filter((v): v is number => v !== null);
        const first = present[0];
        const last = present[present.length - 1];
        const change = present.length >= 2 && first ? ((last! - first) / first) * 100 : null;
        return { ...s, values, change: s.level === 'estate' ? change : null };
      }),
  };
}
