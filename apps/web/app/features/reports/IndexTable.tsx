// Price indices with their sources (上月/上年同期 = 100), as the city report shows them.
import type { PriceIndexRow } from '@fjt/domain';
import { decimal } from '../../lib/display.ts';
import { DataTable } from '../../components/data-table/DataTable.tsx';

const show = (v: number | null) => (v === null ? '--' : decimal(v, 1));
const trendClass = (v: number | null) => (v === null || v === 100 ? 'trend-flat' : v > 100 ? 'trend-up' : 'trend-down');

export function IndexTable({ rows }: { rows: PriceIndexRow[] }) {
  return (
    <>
      <DataTable report>
        <thead>
          <tr>
            <th scope="col">指数</th>
            <th scope="col">环比</th>
            <th scope="col">同比</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.source}-${r.name}`}>
              <td>
                {r.name}
                <br />
                <span className="rpt-hint">来源：{r.source}</span>
              </td>
              <td className={trendClass(r.mom)}>{show(r.mom)}</td>
              <td className={trendClass(r.yoy)}>{show(r.yoy)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <p className="rpt-hint">指数以上月、上年同月为100</p>
    </>
  );
}
