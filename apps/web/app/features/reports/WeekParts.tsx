// Blocks of the week reports: the week's counts against the week before, the week picker, sub-areas and
// the busiest estates.
import { Link, useNavigate } from 'react-router';
import { DEAL_DELAY_NOTE, type HotEstateRow, type WeekAreaRow, type WeekFigures, type WeekRange } from '@fjt/domain';
import { unitPrice } from '../../lib/display.ts';
import { Figures, ReportSection } from './ReportParts.tsx';
import { EmptyNote } from '../../components/empty-state/EmptyState.tsx';
import { DataTable } from '../../components/data-table/DataTable.tsx';

/** 2026-06-01 → '6月1日'. */
export function dayTitle(day: string): string {
  const [, m, d] = day.split('-').map(Number);
  return `${m}月${d}日`;
}

export function weekTitle(week: WeekRange): string {
  return `${dayTitle(week.start)}–${dayTitle(week.end)}`;
}

/** A count against last week: '较上周+3' in red, '较上周-2' in green, '与上周持平' in grey. */
function delta(now: number, before: number): { text: string; className: string } {
  const diff = now - before;
  if (diff === 0) return { text: '与上周持平', className: 'trend-flat' };
  return diff > 0
    ? { text: `较上周+${diff}`, className: 'trend-up' }
    : { text: `较上周${diff}`, className: 'trend-down' };
}

export function WeekFiguresSection({
  figures,
  previous,
  dealAvgWow,
}: {
  figures: WeekFigures;
  previous: WeekFigures;
  dealAvgWow: number | null;
}) {
  return (
    <ReportSection id="week-figures" title="本周数据">
      <Figures
        items={[
          {
            label: '新增挂牌',
            value: <span data-testid="week-new-listings">{figures.newListingCount}套</span>,
            note: delta(figures.newListingCount, previous.newListingCount),
          },
          {
            label: '降价房源',
            value: <span data-testid="week-price-cuts">{figures.priceCutCount}次</span>,
            note: delta(figures.priceCutCount, previous.priceCutCount),
          },
          {
            label: '成交',
            value: <span data-testid="week-deals">{figures.dealCount}套</span>,
            note: delta(figures.dealCount, previous.dealCount),
          },
          {
            label: '成交均价',
            value: unitPrice(figures.dealAvg),
            change: { label: '周环比', value: dealAvgWow },
          },
          { label: '调涨房源', value: `${figures.priceRiseCount}次` },
          { label: '上周成交', value: `${previous.dealCount}套` },
        ]}
      />
      <p className="rpt-hint">{DEAL_DELAY_NOTE}，最近两周的成交尚未全部收录。</p>
    </ReportSection>
  );
}

export function WeekPicker({
  week,
  weeks,
  hrefFor,
}: {
  week: WeekRange;
  weeks: WeekRange[];
  hrefFor: (start: string) => string;
}) {
  const navigate = useNavigate();
  return (
    <label>
      往期
      <select
        value={week.start}
        aria-label="选择周"
        onChange={(e) => navigate(hrefFor(e.target.value), { replace: true })}
      >
        {weeks.map((w, i) => (
          <option key={w.start} value={w.start}>
            {i === 0 ? `本期 ${weekTitle(w)}` : weekTitle(w)}
          </option>
        ))}
      </select>
    </label>
  );
}

export function WeekAreaTable({
  rows,
  nameHeader,
  linkTo,
}: {
  rows: WeekAreaRow[];
  nameHeader: string;
  linkTo: (row: WeekAreaRow) => string;
}) {
  return (
    <DataTable report>
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col">新增挂牌</th>
          <th scope="col">降价</th>
          <th scope="col">成交</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-testid="week-area-row">
            <td>
              <Link to={linkTo(row)}>{row.name}</Link>
            </td>
            <td>{row.newListingCount}</td>
            <td>{row.priceCutCount}</td>
            <td>{row.dealCount}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export function HotEstates({ cityId, rows }: { cityId: number; rows: HotEstateRow[] }) {
  return (
    <ReportSection id="week-hot" title="本周热门小区">
      {rows.length === 0 ? (
        <EmptyNote>本周暂无新增挂牌或成交的小区</EmptyNote>
      ) : (
        <DataTable report>
          <thead>
            <tr>
              <th scope="col">小区</th>
              <th scope="col">新增挂牌</th>
              <th scope="col">成交</th>
              <th scope="col">7日浏览</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((e) => (
              <tr key={e.id} data-testid="week-hot-row">
                <td>
                  <Link to={`/${cityId}/house-detail/${e.id}`}>{e.name}</Link>
                  <br />
                  <span className="rpt-hint">{e.plateName}</span>
                </td>
                <td>{e.newListingCount}</td>
                <td>{e.dealCount}</td>
                <td>{e.views}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </ReportSection>
  );
}
