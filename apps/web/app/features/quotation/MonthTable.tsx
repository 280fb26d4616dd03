// 行情详情's monthly table, newest month first: both averages, 环比, counts and 房东溢价系数. The last 12 months
// show at first; the rest of the 36 unfold on demand.
import { useState } from 'react';
import { formatMoney, type QuotationMonth } from '@fjt/domain';
import { WideTable } from '../../components/wide-table/WideTable.tsx';
import { rate } from '../../lib/display.ts';
import { premiumText } from './QuotationTable.tsx';

const FIRST_ROWS = 12;

export function MonthTable({ series }: { series: QuotationMonth[] }) {
  const [all, setAll] = useState(false);
  const rows = [...series].reverse();
  return (
    <>
      <WideTable label="月度明细（可左右滑动）">
        <table className="quotation-table quotation-table--months" aria-label="月度明细">
          <thead>
            <tr>
              <th scope="col">月份</th>
              <th scope="col">挂牌均价</th>
              <th scope="col">成交均价</th>
              <th scope="col">环比</th>
              <th scope="col">挂牌量</th>
              <th scope="col">成交量</th>
              <th scope="col">溢价系数</th>
            </tr>
          </thead>
          <tbody>
            {(all ? rows : rows.slice(0, FIRST_ROWS)).map((m) => {
              const mom = rate(m.listingMom);
              return (
                <tr key={m.month}>
                  <th scope="row" className="num">
                    {m.month.replace('-', '.')}
                  </th>
                  <td className="num">{formatMoney(m.listingAvg)}</td>
                  <td className="num">{formatMoney(m.dealAvg)}</td>
                  <td className={`num ${mom.className}`}>{mom.text}</td>
                  <td className="num">{m.listingCount}</td>
                  <td className="num">{m.dealCount}</td>
                  <td className="num">{premiumText(m.premium)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </WideTable>
      {!all && rows.length > FIRST_ROWS ? (
        <button type="button" className="quotation-more" onClick={() => setAll(true)}>
          展开全部{rows.length}个月
        </button>
      ) : null}
    </>
  );
}
