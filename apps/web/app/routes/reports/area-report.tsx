// /{city}/area-report?districtId&month 区域报告 (PAGES.md §3.4): a district's monthly report — figures from
// price_series (the same row every page shows), trend against the city, plates, price segments, new supply.
// No districtId → the city's first district; an unpublished month → the newest published one.
import { data, useNavigate } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  areaReportQuery,
  pageTitle,
  parseCityId,
  isPlausibleMonth,
} from '@fjt/domain';
import type { Route } from './+types/area-report';
import { reportTrendChart, segmentChart } from '../../features/reports/charts.server.ts';
import { CoreFigures, SegmentSection, SupplySection, TrendSection } from '../../features/reports/MonthlyBlocks.tsx';
import {
  AreaTable,
  DataSource,
  MonthPicker,
  ReportActions,
  ReportSection,
} from '../../features/reports/ReportParts.tsx';
import { monthTitle, unitPrice } from '../../lib/display.ts';
import { EmptyNote, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/reports/reports.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  const month = url.searchParams.get('month');
  const query = areaReportQuery.safeParse({
    cityId,
    districtId: url.searchParams.get('districtId') || undefined,
    // A malformed month in a shared link falls back to the newest one.
    month: month && isPlausibleMonth(month) ? month : undefined,
  });
  if (!query.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const report = await context.services.reports.area(query.data);
  if (!report) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return {
    report,
    trendChart: reportTrendChart(report.trend, report.districtName, report.cityName),
    segments: segmentChart(report.segments),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('区域报告') }];
  const { report } = loaderData;
  const when = report.month ? monthTitle(report.month) : '';
  return [
    { title: pageTitle(`${report.districtName}${when}区域报告`) },
    {
      name: 'description',
      content: `${report.cityName}${report.districtName}${when}二手房挂牌均价${unitPrice(report.figures.listingAvg)}，成交${report.figures.dealCount}套。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function AreaReportPage({ loaderData }: Route.ComponentProps) {
  const { report, trendChart, segments } = loaderData;
  const navigate = useNavigate();
  const href = (change: { districtId?: number; month?: string }) => {
    const q = new URLSearchParams({ districtId: String(change.districtId ?? report.districtId) });
    const month = change.month ?? report.month;
    if (month) q.set('month', month);
    return `/${report.cityId}/area-report?${q}`;
  };
  return (
    <main className="rpt" data-testid="area-report">
      <header className="rpt-head">
        <h1>
          {report.districtName}
          {report.month ? monthTitle(report.month) : ''}区域报告
        </h1>
        <p className="rpt-head__sub">{report.cityName} · 二手房月度市场报告</p>
      </header>
      <div className="rpt-controls">
        <label>
          区县
          <select
            value={report.districtId}
            aria-label="切换区县"
            onChange={(e) => navigate(href({ districtId: Number(e.target.value) }), { replace: true })}
          >
            {report.districts.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
        {report.month ? (
          <MonthPicker month={report.month} months={report.months} hrefFor={(month) => href({ month })} />
        ) : null}
        <ReportActions />
      </div>
      {report.month === null ? (
        <EmptyState as="section" art="data" title="暂无已发布的月度数据" hint="数据发布后这里会生成区域报告" />
      ) : (
        <>
          <ReportSection id="report-summary" title="本月小结">
            <p className="rpt-summary">{report.summary}</p>
          </ReportSection>
          <CoreFigures figures={report.figures} activity={report.activity} />
          <TrendSection chart={trendChart} />
          <ReportSection id="report-plates" title="板块行情" long>
            {report.plates.length === 0 ? (
              <EmptyNote>该区县暂无板块数据</EmptyNote>
            ) : (
              <AreaTable
                rows={report.plates}
                nameHeader="板块"
                linkTo={(p) => `/${report.cityId}/plate-detail/${p.id}`}
              />
            )}
            <p className="rpt-hint">全市挂牌均价 {unitPrice(report.city.listingAvg)}，按板块挂牌均价由高到低排列</p>
          </ReportSection>
          <div className="rpt-page-break" />
          <SegmentSection chart={segments} />
          <SupplySection title="新增供应" rows={report.newSupply} empty="该区县暂无在售或待售新房" />
        </>
      )}
      <DataSource month={report.month} />
    </main>
  );
}
