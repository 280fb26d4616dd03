// /{city}/house-report-weekly?estateId&week 小区周报 (PAGES.md §3.4): a week of one estate — new listings,
// price changes, deals and the asking average against the week before. PAGES asks for login and a
// subscription; there is no login yet, so everyone sees the public week and the '登录后订阅' call to action.
import { Link, data } from 'react-router';
import {
  DEAL_FREE_ROWS,
  NOT_FOUND_MESSAGE,
  DEAL_DELAY_NOTE,
  SITE_DESCRIPTION,
  estateWeeklyQuery,
  pageTitle,
  parseCityId,
  percentChange,
  roomLabel,
  type WeekDealRow,
  type WeekListingRow,
  type WeekPriceChangeRow,
  parseId,
  isPlausibleDay,
} from '@fjt/domain';
import type { Route } from './+types/house-report-weekly';
import { Figures, ReportActions, ReportSection } from '../../features/reports/ReportParts.tsx';
import { WeekFiguresSection, WeekPicker, dayTitle, weekTitle } from '../../features/reports/WeekParts.tsx';
import { area, totalPrice, unitPrice } from '../../lib/display.ts';
import { EmptyNote, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { VipUnlockNote } from '../../components/vip-unlock/VipUnlock.tsx';
import { useMemberView } from '../../lib/membership.ts';
import '../../features/reports/reports.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const url = new URL(request.url);
  const estateId = parseId(url.searchParams.get('estateId') ?? undefined);
  if (cityId === null || estateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const week = url.searchParams.get('week');
  const query = estateWeeklyQuery.parse({
    estateId,
    week: week && isPlausibleDay(week) ? week : undefined,
  });
  const report = await context.services.reports.estateWeekly(query);
  if (!report || report.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { report, redirect: `${url.pathname}${url.search}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('小区周报') }];
  const { report } = loaderData;
  return [
    { title: pageTitle(`${report.estateName}小区周报`) },
    {
      name: 'description',
      content: `${report.estateName}本周新增挂牌${report.figures.newListingCount}套、调价${report.priceChanges.length}次、成交${report.figures.dealCount}套。${SITE_DESCRIPTION}`,
    },
  ];
};

function Rows({ rows, empty }: { rows: (WeekListingRow | WeekPriceChangeRow | WeekDealRow)[]; empty: string }) {
  if (rows.length === 0) return <EmptyNote>{empty}</EmptyNote>;
  return (
    <DataTable report>
      <thead>
        <tr>
          <th scope="col">户型面积</th>
          <th scope="col">日期</th>
          <th scope="col">总价</th>
          <th scope="col">单价</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.id}-${r.date}`}>
            <td>
              {roomLabel(r.rooms, r.halls)} {area(r.area)}
            </td>
            {/* a masked deal tells its month only */}
            <td>{'masked' in r && r.masked ? `${Number(r.date.slice(5, 7))}月**日` : dayTitle(r.date)}</td>
            <td>
              {'oldTotalPrice' in r ? (
                <>
                  <span className={r.totalPrice < r.oldTotalPrice ? 'trend-down' : 'trend-up'}>
                    {totalPrice(r.totalPrice)}
                  </span>
                  <br />
                  <s className="rpt-hint">{totalPrice(r.oldTotalPrice)}</s>
                </>
              ) : 'masked' in r && r.masked ? (
                '**万'
              ) : (
                totalPrice(r.totalPrice)
              )}
            </td>
            <td>{'masked' in r && r.masked ? '**' : unitPrice(r.unitPrice)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

export default function HouseReportWeeklyPage({ loaderData }: Route.ComponentProps) {
  const { redirect } = loaderData;
  // the week's deals past the estate's latest are masked on the shared page; a member's come again in full
  const report = useMemberView(
    loaderData.report,
    `report/estate-weekly?estateId=${loaderData.report.estateId}${loaderData.report.week ? `&week=${loaderData.report.week.start}` : ''}`,
    loaderData.report.deals.some((d) => d.masked),
  );
  const hrefFor = (start: string) => `/${report.cityId}/house-report-weekly?estateId=${report.estateId}&week=${start}`;
  return (
    <main className="rpt" data-testid="house-report-weekly">
      <header className="rpt-head">
        <h1>{report.estateName}小区周报</h1>
        <p className="rpt-head__sub">
          {report.plateName} · {report.week ? weekTitle(report.week) : '暂无周数据'}
        </p>
      </header>
      <div className="rpt-controls">
        {report.week ? <WeekPicker week={report.week} weeks={report.weeks} hrefFor={hrefFor} /> : null}
        <ReportActions printable={false} />
      </div>
      <div className="rpt-cta no-print" data-testid="subscribe-cta">
        <p>订阅后每周一推送本小区的新增挂牌、调价与成交</p>
        <Link className="rpt-button rpt-button--primary" to={`/login?redirect=${encodeURIComponent(redirect)}`}>
          登录后订阅
        </Link>
      </div>
      {report.week === null ? (
        <EmptyState as="section" art="data" title="暂无周数据" />
      ) : (
        <>
          <ReportSection id="weekly-asking" title="挂牌均价周变化">
            <Figures
              two
              items={[
                {
                  label: '本周末挂牌均价',
                  value: <span data-testid="weekly-asking-avg">{unitPrice(report.askingAvg)}</span>,
                  change: { label: '周环比', value: report.askingWow },
                },
                { label: '上周末挂牌均价', value: unitPrice(report.previousAskingAvg) },
              ]}
            />
            <p className="rpt-hint">按周末在售房源的当时挂牌价计算（含调价）</p>
          </ReportSection>
          <WeekFiguresSection
            figures={report.figures}
            previous={report.previous}
            dealAvgWow={percentChange(report.previous.dealAvg, report.figures.dealAvg)}
          />
          <ReportSection id="weekly-new" title="新增挂牌">
            <Rows rows={report.newListings} empty="本周暂无新增挂牌" />
          </ReportSection>
          <ReportSection id="weekly-changes" title="调价房源">
            <Rows rows={report.priceChanges} empty="本周暂无调价" />
          </ReportSection>
          <ReportSection id="weekly-deals" title="本周成交">
            <Rows rows={report.deals} empty={`本周暂无成交（${DEAL_DELAY_NOTE}）`} />
            {report.deals.some((d) => d.masked) ? (
              <div className="no-print">
                <VipUnlockNote>{`小区最新${DEAL_FREE_ROWS}条之外的成交价与成交日期仅会员可见`}</VipUnlockNote>
              </div>
            ) : null}
          </ReportSection>
        </>
      )}
      <p className="rpt-hint no-print">
        <Link to={`/${report.cityId}/house-report?estateId=${report.estateId}`}>查看小区报告 ›</Link>
      </p>
    </main>
  );
}
