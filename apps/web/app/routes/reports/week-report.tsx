// /{city}/week-report 城市周报 and /{city}/week-report/{districtId?}/{plateId} 板块周报 (PAGES.md §3.4): a
// week (Monday–Sunday) of new listings, price cuts and deals counted from the rows, against the week before;
// the city page picks a district (?districtId), a district its plates; ?week picks an archived week.
import { Link, data } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  pageTitle,
  parseCityId,
  weeklyReportQuery,
  isPlausibleDay,
} from '@fjt/domain';
import type { Route } from './+types/week-report';
import { DataSource, ReportActions, ReportSection, RateText } from '../../features/reports/ReportParts.tsx';
import {
  HotEstates,
  WeekAreaTable,
  WeekFiguresSection,
  WeekPicker,
  weekTitle,
} from '../../features/reports/WeekParts.tsx';
import { monthTitle, unitPrice } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/reports/reports.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  const week = url.searchParams.get('week');
  const query = weeklyReportQuery.safeParse({
    cityId,
    districtId: params.districtId ?? (url.searchParams.get('districtId') || undefined),
    plateId: params.plateId,
    week: week && isPlausibleDay(week) ? week : undefined,
  });
  if (!query.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const report = await context.services.reports.weekly(query.data);
  if (!report) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { report };
}

const LEVEL_TITLE = { city: '城市周报', district: '区县周报', plate: '板块周报' } as const;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('周报') }];
  const { report } = loaderData;
  return [
    { title: pageTitle(`${report.target.name}${LEVEL_TITLE[report.level]}`) },
    {
      name: 'description',
      content: `${report.target.name}本周新增挂牌${report.figures.newListingCount}套、成交${report.figures.dealCount}套。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function WeekReportPage({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const base = `/${report.cityId}/week-report`;
  const selfPath =
    report.level === 'plate'
      ? `${base}/${report.target.districtId}/${report.target.id}`
      : report.level === 'district'
        ? `${base}?districtId=${report.target.id}`
        : base;
  const hrefFor = (start: string) => `${selfPath}${selfPath.includes('?') ? '&' : '?'}week=${start}`;
  const keepWeek = report.week && report.week.start !== report.weeks[0]?.start ? `week=${report.week.start}` : '';
  const withWeek = (path: string) => (keepWeek ? `${path}${path.includes('?') ? '&' : '?'}${keepWeek}` : path);
  return (
    <main className="rpt" data-testid="week-report">
      <header className="rpt-head">
        <h1>
          {report.target.name}
          {LEVEL_TITLE[report.level]}
        </h1>
        <p className="rpt-head__sub">
          {report.week ? weekTitle(report.week) : '暂无周数据'}
          {report.level !== 'city' ? ` · ${report.cityName}` : ''}
        </p>
      </header>
      <div className="rpt-controls">
        {report.week ? <WeekPicker week={report.week} weeks={report.weeks} hrefFor={hrefFor} /> : null}
        <ReportActions printable={false} />
      </div>
      {report.level !== 'city' ? (
        <nav className="rpt-section" aria-label="返回">
          <ul className="rpt-links">
            <li>
              <Link to={withWeek(base)}>{report.cityName}城市周报</Link>
            </li>
            {report.level === 'plate' && report.target.districtId ? (
              <li>
                <Link to={withWeek(`${base}?districtId=${report.target.districtId}`)}>所在区县周报</Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
      {report.week === null ? (
        <EmptyState as="section" art="data" title="暂无周数据" hint="有新增挂牌或成交后这里会生成周报" />
      ) : (
        <>
          <WeekFiguresSection figures={report.figures} previous={report.previous} dealAvgWow={report.dealAvgWow} />
          {report.month ? (
            <ReportSection id="week-month" title="月度均价">
              <p className="rpt-summary">
                {monthTitle(report.month)}挂牌均价{' '}
                <strong data-testid="week-listing-avg">{unitPrice(report.listingAvg)}</strong>，环比{' '}
                <RateText value={report.listingMom} />
              </p>
              <p className="rpt-hint">月度均价与城市报告、区域报告同源</p>
            </ReportSection>
          ) : null}
          {report.areas.length > 0 ? (
            <ReportSection id="week-areas" title={report.level === 'city' ? '各区本周' : '各板块本周'} long>
              <WeekAreaTable
                rows={report.areas}
                nameHeader={report.level === 'city' ? '区县' : '板块'}
                linkTo={(row) =>
                  withWeek(
                    report.level === 'city' ? `${base}?districtId=${row.id}` : `${base}/${report.target.id}/${row.id}`,
                  )
                }
              />
              <p className="rpt-hint">点击{report.level === 'city' ? '区县' : '板块'}查看其周报</p>
            </ReportSection>
          ) : null}
          <HotEstates cityId={report.cityId} rows={report.hotEstates} />
        </>
      )}
      <DataSource month={report.month} />
    </main>
  );
}
