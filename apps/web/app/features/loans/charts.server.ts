// 房贷计算's chart, drawn in the loader from the URL's inputs: the balance still owed at the end of each year
// (left axis, 万) and the interest paid so far (right axis, 万), drawn by components/charts like the other charts.
import { scheduleByYear, type LoanSchedule } from '@fjt/domain';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { renderTwoAxisLineChart } from '../../components/charts/render.server.ts';

const wan = (fen: number) => fen / 1_000_000;

export function balanceChart(schedule: LoanSchedule): string {
  const years = scheduleByYear(schedule);
  let paidInterest = 0;
  const interest = years.map((y) => (paidInterest += y.interestFen));
  return renderTwoAxisLineChart({
    labels: years.map((y) => `${y.year}年`),
    labelStep: years.length > 10 ? 5 : years.length > 5 ? 2 : 1,
    height: 200,
    left: { format: (v) => `${Number(v.toFixed(1))}万`, minStep: 0.1 },
    right: { format: (v) => `${Number(v.toFixed(1))}万`, minStep: 0.1 },
    series: [
      { name: '剩余本金', color: CHART_COLORS.estate, values: years.map((y) => wan(y.remainingFen)), width: 2 },
      {
        name: '累计利息（右轴）',
        color: CHART_COLORS.plate,
        values: interest.map(wan),
        width: 1.5,
        right: true,
        dashed: true,
      },
    ],
  });
}
