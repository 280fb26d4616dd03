// /{city}/city-report?month 城市报告 (PAGES.md §3.4): the city's monthly report — 均价 MoM/YoY, stock, days on
// market, volume, districts, price segments, openings and source-labelled indices. Figures are the city's
// price_series row; a month that is not published yet (e.g. the current one) shows the newest published one.
import { Link, data } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  cityReportQuery,
  pageTitle,
  parseCityId,
  isPlausibleMonth,
} from '@fjt/domain';
import type { Route } from './+types/city-report';
import { reportTrendChart, segmentChart } from '../../features/reports/charts.server.ts';
import { CoreFigures, SegmentSection, SupplySection, TrendSection } from '../../features/reports/MonthlyBlocks.tsx';
import {
  AreaTable,
  DataSource,
  MonthPicker,
  ReportActions,
  ReportSection,
} from '../../features/reports/ReportParts.tsx';
import { IndexTable } from '../../features/reports/IndexTable.tsx';
import { monthTitle, unitPrice } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/reports/reports.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const month = new URL(request.url).searchParams.get('month');
  const query = cityReportQuery.parse({ cityId, month: month && isPlausibleMonth(month) ? month : undefined });
  const report = await context.services.reports.city(query);
  if (!report) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return {
    report,
    trendChart: reportTrendChart(report.trend, report.cityName, null),
    segments: segmentChart(report.segments),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('城市报告') }];
  const { report } = loaderData;
  const when = report.month ? monthTitle(report.month) : '';
  return [
    { title: pageTitle(`${report.cityName}${when}城市报告`) },
    {
      name: 'description',
      content: `${report.cityName}${when}二手房挂牌均价${unitPrice(report.figures.listingAvg)}，成交${report.figures.dealCount}套，各区行情与价格段。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function CityReportPage({ loaderData }: Route.ComponentProps) {
  const { report, trendChart, segments } = loaderData;
  const hrefFor = (month: string) => `/${report.cityId}/city-report?month=${month}`;
  return (
    <main className="rpt" data-testid="city-report">
      <header className="rpt-head">
        <h1>
          {report.cityName}
          {report.month ? monthTitle(report.month) : ''}城市报告
        </h1>
        <p className="rpt-head__sub">二手房月度市场报告</p>
      </header>
      <div className="rpt-controls">
        {report.month ? <MonthPicker month={report.month} months={report.months} hrefFor={hrefFor} /> : null}
        <ReportActions />
      </div>
      {report.month === null ? (
        <EmptyState as="section" art="data" title="暂无已发布的月度数据" hint="数据发布后这里会生成城市报告" />
      ) : (
        <>
          <ReportSection id="report-summary" title="本月小结">
            <p className="rpt-summary">{report.summary}</p>
          </ReportSection>
          <CoreFigures figures={report.figures} activity={report.activity} />
          <TrendSection chart={trendChart} />
          <ReportSection id="report-districts" title="各区行情" long>
            <AreaTable
              rows={report.districts}
              nameHeader="区县"
              linkTo={(d) => `/${report.cityId}/area-report?districtId=${d.id}&month=${report.month}`}
            />
            <p className="rpt-hint">点击区县查看区域报告</p>
          </ReportSection>
          <div className="rpt-page-break" />
          <SegmentSection chart={segments} />
          <SupplySection title="本月新房开盘" rows={report.openings} empty="本月暂无新房开盘" />
          <ReportSection id="report-indices" title="价格指数">
            <IndexTable rows={report.indices} />
          </ReportSection>
          <p className="rpt-hint no-print">
            <Link to={`/${report.cityId}/week-report`}>查看本周城市周报 ›</Link>
          </p>
        </>
      )}
      <DataSource month={report.month} />
    </main>
  );
}
