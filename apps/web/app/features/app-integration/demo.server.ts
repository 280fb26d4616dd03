// The /demo loader (PAGES.md §3.15): a 404 unless the debug flag is on (context.debugPages; false in a
// deployment); with it, the showcase's charts drawn on the server from mock figures.
import { data } from 'react-router';
import { renderBarChart, renderLineChart } from '../../components/charts/render.server.ts';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { DEAL, LISTING, MONTHS } from './demo-data.ts';

export function demoLoader(debugPages: boolean | undefined) {
  if (!debugPages) throw data(null, { status: 404 });
  return {
    line: renderLineChart({
      months: MONTHS,
      series: [
        { name: '挂牌均价', color: CHART_COLORS.estate, values: LISTING },
        { name: '成交均价', color: CHART_COLORS.plate, values: DEAL },
      ],
    }),
    bar: renderBarChart({
      categories: ['示例区', '中心区', '新城区', '老城区'],
      series: [{ name: '成交套数', color: CHART_COLORS.bar, values: [320, 510, 180, 260] }],
    }),
  };
}
