// The blocks the district and city monthly reports share: core figures, trend, price segments, new supply.
import type { MonthActivity, NewSupplyRow, SeriesFigures } from '@fjt/domain';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { days, decimal, percent, unitPrice } from '../../lib/display.ts';
import type { ReportChart } from './charts.server.ts';
import { Figures, RateText, ReportSection } from './ReportParts.tsx';
import { EmptyNote } from '../../components/empty-state/EmptyState.tsx';
import { DataTable } from '../../components/data-table/DataTable.tsx';

export function CoreFigures({ figures, activity }: { figures: SeriesFigures; activity: MonthActivity }) {
  return (
    <ReportSection id="report-figures" title="核心指标">
      <Figures
        items={[
          {
            label: '挂牌均价',
            value: <span data-testid="report-listing-avg">{unitPrice(figures.listingAvg)}</span>,
            change: { label: '环比', value: figures.listingMom },
          },
          { label: '挂牌均价同比', value: <RateText value={figures.listingYoy} /> },
          {
            label: '成交均价',
            value: <span data-testid="report-deal-avg">{unitPrice(figures.dealAvg)}</span>,
            change: { label: '环比', value: figures.dealMom },
          },
          { label: '成交套数', value: <span data-testid="report-deal-count">{figures.dealCount}套</span> },
          { label: '月末在售', value: `${figures.listingCount}套` },
          { label: '新增挂牌', value: `${activity.newListingCount}套` },
          { label: '成交周期', value: days(activity.avgCycleDays) },
          { label: '议价空间', value: percent(activity.avgBargainPct) },
          { label: '房东溢价系数', value: figures.premium === null ? '--' : decimal(figures.premium, 2) },
        ]}
      />
    </ReportSection>
  );
}

export function TrendSection({ chart }: { chart: ReportChart | null }) {
  if (!chart) return null;
  return (
    <ReportSection id="report-trend" title="价格走势">
      <SvgChart svg={chart.svg} takeaway={chart.takeaway} label="近12个月均价走势" />
    </ReportSection>
  );
}

export function SegmentSection({ chart }: { chart: ReportChart | null }) {
  return (
    <ReportSection id="report-segments" title="成交价格段">
      {chart ? (
        <SvgChart svg={chart.svg} takeaway={chart.takeaway} label="当月成交总价段分布（万）" />
      ) : (
        <EmptyNote>当月暂无成交，换个月份看看</EmptyNote>
      )}
    </ReportSection>
  );
}

export function SupplySection({ title, rows, empty }: { title: string; rows: NewSupplyRow[]; empty: string }) {
  return (
    <ReportSection id="report-supply" title={title}>
      {rows.length === 0 ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <DataTable report>
          <thead>
            <tr>
              <th scope="col">楼盘</th>
              <th scope="col">状态</th>
              <th scope="col">参考均价</th>
              <th scope="col">开盘</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  {r.name}
                  <br />
                  <span className="rpt-hint">{r.districtName}</span>
                </td>
                <td>{r.saleStatus}</td>
                <td>{unitPrice(r.avgPrice)}</td>
                <td>{r.openingDate ?? '--'}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </ReportSection>
  );
}
