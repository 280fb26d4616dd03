// 还款计划: the schedule by year, each year opening onto its 12 months. Month rows are rendered only for the open
// years, so a 360-month schedule costs 30 rows until the user asks for more.
import { useMemo, useState } from 'react';
import { scheduleByYear, type LoanSchedule } from '@fjt/domain';
import { yuanOfFen } from './format.ts';

export function Schedule({ schedule }: { schedule: LoanSchedule }) {
  const years = useMemo(() => scheduleByYear(schedule), [schedule]);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (year: number) =>
    setOpen((old) => {
      const next = new Set(old);
      if (!next.delete(year)) next.add(year);
      return next;
    });
  return (
    <table className="loan-schedule" data-testid="loan-schedule">
      <thead>
        <tr>
          <th scope="col">期数</th>
          <th scope="col">月供(元)</th>
          <th scope="col">本金(元)</th>
          <th scope="col">利息(元)</th>
          <th scope="col">剩余(元)</th>
        </tr>
      </thead>
      {years.map((y) => {
        const isOpen = open.has(y.year);
        return (
          <tbody key={y.year} className={isOpen ? 'is-open' : undefined}>
            <tr className="loan-schedule__year">
              <th scope="row">
                <button
                  type="button"
                  aria-expanded={isOpen}
                  onClick={() => toggle(y.year)}
                  data-testid={`loan-year-${y.year}`}
                >
                  第{y.year}年<span aria-hidden="true">{isOpen ? '▴' : '▾'}</span>
                </button>
              </th>
              <td className="num">{yuanOfFen(y.paymentFen)}</td>
              <td className="num">{yuanOfFen(y.principalFen)}</td>
              <td className="num">{yuanOfFen(y.interestFen)}</td>
              <td className="num">{yuanOfFen(y.remainingFen)}</td>
            </tr>
            {isOpen
              ? y.months.map((m) => (
                  <tr key={m.month} className="loan-schedule__month" data-testid="loan-month">
                    <th scope="row" className="num">
                      {m.month}期
                    </th>
                    <td className="num">{yuanOfFen(m.paymentFen)}</td>
                    <td className="num">{yuanOfFen(m.principalFen)}</td>
                    <td className="num">{yuanOfFen(m.interestFen)}</td>
                    <td className="num">{yuanOfFen(m.remainingFen)}</td>
                  </tr>
                ))
              : null}
          </tbody>
        );
      })}
    </table>
  );
}
