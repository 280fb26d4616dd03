// /{city}/house-report?estateId 小区报告 (PAGES.md §3.4, share layout): a one-page estate report — summary,
// rank in the plate, trend, deals, room types, buildings and risk flags — from the estate service calls the
// detail page uses. Opening it issues (once per estate and data month) the certificate printed at its foot. The
// report mall prints it with a print pass (ADR 0013): its deal rows then come unmasked from the server.
import { useMemo } from 'react';
import { Link, data } from 'react-router';
import {
  DEAL_FREE_ROWS,
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  floorLabel,
  pageTitle,
  parseCityId,
  roomLabel,
  parseId,
} from '@fjt/domain';
import type { Route } from './+types/house-report';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { useShare } from '../../components/layouts/ShareLayout.tsx';
import { trendChart } from '../../features/estate/charts.server.ts';
import { CertificateCard } from '../../features/reports/CertificateCard.tsx';
import { DataSource, Figures, ReportSection } from '../../features/reports/ReportParts.tsx';
import { riskFlags } from '../../features/reports/risk-flags.ts';
import { area, days, decimal, monthTitle, percent, totalPrice, unitPrice } from '../../lib/display.ts';
import { EmptyNote, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { VipUnlockNote } from '../../components/vip-unlock/VipUnlock.tsx';
import { useMemberView } from '../../lib/membership.ts';
import '../../features/reports/reports.css';

const LATEST_DEALS = 5;
const BUILDING_ROWS = 6;

const orNull = <T,>(promise: Promise<T | null>): Promise<T | null> => promise.catch(() => null);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const raw = new URL(request.url).searchParams.get('estateId');
  // No estate chosen yet: the page asks for one (an unknown or malformed id is a 404).
  if (!raw) return { cityId, report: null };
  const estateId = parseId(raw);
  if (estateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { estates, reports } = context.services;
  const basic = await estates.basicInfo(estateId);
  if (!basic || basic.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const [trend, deals, roomTypes, buildings, analysis, rank, certificate] = await Promise.all([
    orNull(estates.headerChart({ houseId: estateId, months: 12 })),
    // masked for everyone but the report printer's print pass (ADR 0013: a bought report prints every row)
    orNull(estates.deals({ houseId: estateId, page: 1, size: LATEST_DEALS }, context.printViewer)),
    orNull(estates.roomTypeAnalysis(estateId)),
    orNull(estates.buildingAnalysis(estateId)),
    orNull(estates.listingAnalysis(estateId)),
    orNull(reports.estatePlateRank(estateId)),
    orNull(reports.issueCertificate({ estateId })),
  ]);
  const dealCount12 = roomTypes?.dealCount ?? 0;
  return {
    cityId,
    report: {
      basic,
      trend: trend ? trendChart(trend, 12) : null,
      deals: deals?.list ?? [],
      dealTotal: deals?.total ?? 0,
      roomTypes: roomTypes?.list ?? [],
      // The buildings with the most on sale say the most about the estate's asking prices.
      buildings: [...(buildings?.list ?? [])].sort((x, y) => y.onSaleCount - x.onSaleCount).slice(0, BUILDING_ROWS),
      buildingCount: buildings?.list.length ?? 0,
      analysis,
      rank,
      certificate,
      flags: riskFlags(basic, analysis, dealCount12),
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData?.report)
    return [
      { title: pageTitle('小区报告') },
      { name: 'description', content: `选择一个小区，生成可分享的小区房价报告。${SITE_DESCRIPTION}` },
    ];
  const { basic } = loaderData.report;
  return [
    { title: pageTitle(`${basic.name}小区报告`) },
    {
      name: 'description',
      content: `${basic.name}（${basic.districtName}${basic.plateName}）挂牌均价${unitPrice(basic.listingAvg)}，走势、成交、户型与风险提示。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function HouseReportPage({ loaderData }: Route.ComponentProps) {
  const { cityId, report } = loaderData;
  if (!report) return <ChooseEstate cityId={cityId} />;
  return <HouseReport cityId={cityId} report={report} />;
}

function ChooseEstate({ cityId }: { cityId: number }) {
  return (
    <main className="rpt" data-testid="house-report">
      <header className="rpt-head">
        <h1>小区报告</h1>
        <p className="rpt-head__sub">一页看懂小区：价格、排位、走势、成交与风险</p>
      </header>
      <EmptyState
        as="section"
        art="search"
        title="还没有选择小区"

        action={
          <Link className="rpt-button rpt-button--primary" to={`/${cityId}/search`}>
            搜索小区
          </Link>
        }
      />
    </main>
  );
}

type Report = NonNullable<Route.ComponentProps['loaderData']['report']>;

function HouseReport({ cityId, report }: { cityId: number; report: Report }) {
  const { basic, trend, dealTotal, roomTypes, buildings, buildingCount, analysis, rank, certificate, flags } = report;
  const share = useShare();
  // the latest rows past the free ones are masked on the shared page; a member's come again from the API
  const first = useMemo(
    () => ({ total: dealTotal, page: 1, size: LATEST_DEALS, list: report.deals }),
    [dealTotal, report.deals],
  );
  const deals = useMemberView(
    first,
    `house/deal/list?houseId=${basic.id}&page=1&size=${LATEST_DEALS}`,
    report.deals.some((d) => d.masked),
  ).list;
  return (
    <main className="rpt" data-testid="house-report">
      <header className="rpt-head">
        <h1>{basic.name}小区报告</h1>
        <p className="rpt-head__sub">
          {basic.districtName} · {basic.plateName}
          {basic.buildYear ? ` · ${basic.buildYear}年建成` : ''}
          {basic.month ? ` · 数据至${monthTitle(basic.month)}` : ''}
        </p>
      </header>
      <div className="rpt-controls">
        <div className="rpt-actions no-print">
          <button type="button" onClick={share}>
            分享
          </button>
          <button type="button" className="rpt-button--primary" onClick={() => window.print()}>
            保存图片/PDF
          </button>
        </div>
      </div>

      <ReportSection id="house-summary" title="价格概况">
        <Figures
          items={[
            {
              label: '挂牌均价',
              value: <span data-testid="house-listing-avg">{unitPrice(basic.listingAvg)}</span>,
              change: { label: '环比', value: basic.listingMom },
            },
            {
              label: '成交均价',
              value: unitPrice(basic.dealAvg),
              change: basic.dealMonth ? { label: `${monthTitle(basic.dealMonth)} `, value: basic.dealMom } : undefined,
            },
            { label: '房东溢价系数', value: basic.premium === null ? '--' : decimal(basic.premium, 2) },
            { label: '在售', value: `${basic.onSaleCount}套` },
            { label: '成交周期', value: days(analysis?.avgCycleDays) },
            { label: '议价空间', value: percent(analysis?.avgBargainPct) },
          ]}
        />
      </ReportSection>

      <ReportSection id="house-rank" title="板块内排位">
        {rank?.rank ? (
          <p className="rpt-summary" data-testid="house-rank-text">
            在{basic.plateName}有挂牌均价的{rank.total}个小区中排第{rank.rank}，高于
            <strong>{rank.percentile}%</strong>的小区；板块挂牌均价{unitPrice(rank.plateListingAvg)}。
          </p>
        ) : (
          <EmptyNote>本月暂无挂牌均价，无法在板块内排位</EmptyNote>
        )}
      </ReportSection>

      {trend ? (
        <ReportSection id="house-trend" title="价格走势">
          <SvgChart svg={trend.svg} takeaway={trend.takeaway} label="近12个月挂牌均价走势：小区、板块、区县" />
        </ReportSection>
      ) : null}

      <ReportSection id="house-deals" title="最新成交">
        {deals.length === 0 ? (
          <EmptyNote>近一年暂无成交记录</EmptyNote>
        ) : (
          <DataTable report>
            <thead>
              <tr>
                <th scope="col">成交日期</th>
                <th scope="col">户型面积</th>
                <th scope="col">总价</th>
                <th scope="col">单价</th>
              </tr>
            </thead>
            <tbody>
              {deals.map((d) => (
                <tr key={d.id}>
                  <td className="num">{d.masked ? `${d.dealDate}-**` : d.dealDate}</td>
                  <td>
                    {roomLabel(d.rooms, d.halls)} {area(d.area)}
                    <br />
                    <span className="rpt-hint">{floorLabel(d.floor, d.totalFloors)}</span>
                  </td>
                  <td>{d.masked ? '**万' : totalPrice(d.totalPrice)}</td>
                  <td>{d.masked ? '**' : unitPrice(d.unitPrice)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        {deals.some((d) => d.masked) ? (
          <div className="no-print">
            <VipUnlockNote>{`最新${DEAL_FREE_ROWS}条之外的成交价与成交日期仅会员可见`}</VipUnlockNote>
          </div>
        ) : null}
        {dealTotal > deals.length ? (
          <p className="rpt-hint no-print">
            <Link to={`/${cityId}/deal-history/${basic.id}`}>查看全部{dealTotal}条成交 ›</Link>
          </p>
        ) : null}
      </ReportSection>

      {roomTypes.length > 0 ? (
        <ReportSection id="house-rooms" title="户型分析">
          <DataTable report>
            <thead>
              <tr>
                <th scope="col">户型</th>
                <th scope="col">在售</th>
                <th scope="col">挂牌均价</th>
                <th scope="col">近12月成交</th>
              </tr>
            </thead>
            <tbody>
              {roomTypes.map((r) => (
                <tr key={r.rooms}>
                  <td>{r.label}</td>
                  <td>{r.onSaleCount}套</td>
                  <td>{unitPrice(r.listingAvg)}</td>
                  <td>{r.dealCount}套</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </ReportSection>
      ) : null}

      {buildings.length > 0 ? (
        <ReportSection id="house-buildings" title="楼栋分析">
          <DataTable report>
            <thead>
              <tr>
                <th scope="col">楼栋</th>
                <th scope="col">层数/梯户</th>
                <th scope="col">在售</th>
                <th scope="col">挂牌均价</th>
              </tr>
            </thead>
            <tbody>
              {buildings.map((b) => (
                <tr key={b.id}>
                  <td>{b.name}</td>
                  <td>
                    {b.floors}层 · {b.elevatorRatio}
                  </td>
                  <td>{b.onSaleCount}套</td>
                  <td>{unitPrice(b.listingAvg)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
          {buildingCount > buildings.length ? (
            <p className="rpt-hint">
              共{buildingCount}栋，列出在售最多的{buildings.length}栋
            </p>
          ) : null}
        </ReportSection>
      ) : null}

      <ReportSection id="house-risks" title="风险提示">
        <ul className="rpt-flags">
          {flags.length === 0 ? (
            <li className="rpt-flags__ok">暂未发现明显风险：溢价、去化与价格走势均在正常范围</li>
          ) : (
            flags.map((f) => <li key={f}>{f}</li>)
          )}
        </ul>
      </ReportSection>

      {certificate ? (
        <ReportSection id="house-certificate" title="报告认证">
          <CertificateCard certificate={certificate} />
          <p className="rpt-hint">打开上方链接或访问“报告验真”输入编号，即可核验本报告的真伪</p>
        </ReportSection>
      ) : null}

      <p className="rpt-hint no-print">
        <Link to={`/${cityId}/house-detail/${basic.id}`}>查看{basic.name}完整详情 ›</Link>
        {' · '}
        <Link to={`/${cityId}/house-report-weekly?estateId=${basic.id}`}>小区周报 ›</Link>
      </p>
      <DataSource month={basic.month} />
    </main>
  );
}
