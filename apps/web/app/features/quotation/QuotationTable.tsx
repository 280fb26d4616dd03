// The 行情 board (PAGES.md §3.1): the city row, then its districts; a column header sorts (again: reverses),
// the ⓘ by 房东溢价系数 opens the price guide, a row opens its 36-month detail.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatMoney, type QuotationRow } from '@fjt/domain';
import { LazyPriceGuidePopup as PriceGuidePopup } from '../../components/price-guide/LazyPriceGuidePopup.tsx';
import { WideTable } from '../../components/wide-table/WideTable.tsx';
import { rate } from '../../lib/display.ts';
import { sortRows, type QuotationSort, type SortOrder } from './sorting.ts';

const COLUMNS: { key: QuotationSort; label: string }[] = [
  { key: 'listingAvg', label: '挂牌均价' },
  { key: 'dealAvg', label: '成交均价' },
  { key: 'listingMom', label: '环比' },
  { key: 'listingCount', label: '挂牌量' },
  { key: 'dealCount', label: '成交量' },
  { key: 'premium', label: '房东溢价系数' },
];

export const premiumText = (value: number | null) => (value === null ? '--' : value.toFixed(2));

function Cells({ row }: { row: QuotationRow }) {
  const mom = rate(row.listingMom);
  return (
    <>
      <td className="num">{formatMoney(row.listingAvg)}</td>
      <td className="num">{formatMoney(row.dealAvg)}</td>
      <td className={`num ${mom.className}`}>{mom.text}</td>
      <td className="num">{row.listingCount}</td>
      <td className="num">{row.dealCount}</td>
      <td className="num">{premiumText(row.premium)}</td>
    </>
  );
}

export function QuotationTable({
  cityId,
  city,
  rows,
  sort,
  order,
  sortHref,
}: {
  cityId: number;
  city: QuotationRow | null;
  rows: QuotationRow[];
  sort: QuotationSort | null;
  order: SortOrder;
  sortHref: (sort: QuotationSort, order: SortOrder) => string;
}) {
  const [guide, setGuide] = useState(false);
  const navigate = useNavigate();
  const detail = (row: QuotationRow) => `/quotation/detail?level=district&id=${row.id}&cityId=${cityId}`;
  return (
    <WideTable label="各区行情（可左右滑动）">
      <table className="quotation-table" aria-label="各区行情">
        <caption className="visually-hidden">均价单位：元/㎡；环比为挂牌均价环比；挂牌量、成交量单位：套</caption>
        <thead>
          <tr>
            <th scope="col">区域</th>
            {COLUMNS.map((c) => {
              const active = sort === c.key;
              const next: SortOrder = active && order === 'desc' ? 'asc' : 'desc';
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <Link to={sortHref(c.key, next)} replace preventScrollReset>
                    {c.label}
                    <span aria-hidden="true">{active ? (order === 'asc' ? '↑' : '↓') : '⇅'}</span>
                  </Link>
                  {c.key === 'premium' ? (
                    <button
                      type="button"
                      className="quotation-table__info"
                      onClick={() => setGuide(true)}
                      aria-label="房东溢价系数说明"
                    >
                      ⓘ
                    </button>
                  ) : null}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {city ? (
            <tr className="quotation-table__city">
              <th scope="row">全市</th>
              <Cells row={city} />
            </tr>
          ) : null}
          {sortRows(rows, sort, order).map((row) => (
            <tr key={row.id} onClick={() => navigate(detail(row))} data-testid="quotation-row">
              <th scope="row">
                <Link to={detail(row)}>{row.name}</Link>
              </th>
              <Cells row={row} />
            </tr>
          ))}
        </tbody>
      </table>
      <PriceGuidePopup visible={guide} onClose={() => setGuide(false)} />
    </WideTable>
  );
}
