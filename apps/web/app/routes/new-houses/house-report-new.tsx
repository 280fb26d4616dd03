// /{city}/house-report-new 新房报告 (PAGES.md §3.5): the city's monthly new-house report, from what the data
// holds: supply = presale permits issued (and their units) and openings; stock and a 去化率 derived from the
// unit types' statuses (the data has no unit sales); mean 参考均价 by district against the district's resale
// 挂牌均价 (price_series, same month); the month's projects by 摇号登记人数.
import { Link, data, useNavigate } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  newHouseReportQuery,
  pageTitle,
  parseCityId,
  percentChange,
} from '@fjt/domain';
import type { Route } from './+types/house-report-new';
import { monthTitle, rate, unitPrice } from '../../lib/display.ts';
import { ProjectCard } from '../../features/new-houses/ProjectCard.tsx';
import { ReportActions } from '../../features/reports/ReportParts.tsx';
import { premiumText } from '../../features/new-houses/ProjectDossier.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { Card } from '../../components/card/Card.tsx';
import '../../features/new-houses/new-houses.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const month = new URL(request.url).searchParams.get('month');
  const query = newHouseReportQuery.safeParse({ cityId, month: month ?? undefined });
  const report = await context.services.newHouses.report(query.success ? query.data : { cityId });
  if (!report) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, report };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const r = d?.report;
  const when = r?.month ? monthTitle(r.month) : '';
  return [
    { title: pageTitle(`${r?.cityName ?? ''}${when}新房报告`) },
    {
      name: 'description',
      content: `${r?.cityName ?? ''}${when}新房供应、开盘、去化与各区参考均价。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function HouseReportNewPage({ loaderData }: Route.ComponentProps) {
  const { cityId, report } = loaderData;
  const navigate = useNavigate();
  const { supply, stock } = report;
  const mom = rate(supply.permitUnitsMom);
  const peak = Math.max(1, ...report.trend.map((t) => t.permitUnits));
  return (
    <main className="nh">
      <header className="nh-head">
        <h1>
          {report.cityName}
          {report.month ? monthTitle(report.month) : ''}新房报告
        </h1>
        {report.month ? (
          <label className="nh-head__picker no-print">
            报告月份
            <select
              value={report.month}
              aria-label="报告月份"
              onChange={(e) => navigate(`/${cityId}/house-report-new?month=${e.target.value}`, { replace: true })}
            >
              {report.months.map((m) => (
                <option key={m} value={m}>
                  {monthTitle(m)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <ReportActions />
      </header>

      <Card flush title="新增供应" label="供应">
        <dl className="nh-facts nh-facts--three">
          <div>
            <dt>新增预售证</dt>
            <dd>{supply.permitCount}张</dd>
          </div>
          <div>
            <dt>预售房源</dt>
            <dd>{supply.permitUnits}套</dd>
          </div>
          <div>
            <dt>环比</dt>
            <dd className={mom.className}>{mom.text}</dd>
          </div>
          <div>
            <dt>开盘楼盘</dt>
            <dd>{supply.openingCount}个</dd>
          </div>
          <div>
            <dt>上月预售房源</dt>
            <dd>{supply.previousPermitUnits}套</dd>
          </div>
        </dl>
        <p className="nh-takeaway">近12个月预售房源（套）</p>
        <ol className="nh-bars" aria-label="近12个月预售房源">
          {report.trend.map((t) => (
            <li key={t.month} title={`${monthTitle(t.month)} ${t.permitUnits}套`}>
              <span className="nh-bars__bar" style={{ height: `${Math.round((t.permitUnits / peak) * 100)}%` }} />
              <small>{Number(t.month.slice(5))}月</small>
            </li>
          ))}
        </ol>
      </Card>

      <Card flush title="存量与去化">
        <dl className="nh-facts nh-facts--three">
          <div>
            <dt>在售楼盘</dt>
            <dd>{stock.sellingCount}个</dd>
          </div>
          <div>
            <dt>待开盘</dt>
            <dd>{stock.upcomingCount}个</dd>
          </div>
          <div>
            <dt>已售罄</dt>
            <dd>{stock.soldOutCount}个</dd>
          </div>
          <div>
            <dt>户型去化率</dt>
            <dd>{stock.unitTypeSellThroughPct !== null ? `${stock.unitTypeSellThroughPct.toFixed(1)}%` : '--'}</dd>
          </div>
        </dl>
        <p className="nh-hint">
          户型去化率 = 已开盘楼盘中售罄户型数 ÷ 户型总数（{stock.unitTypeCount}个），按户型状态估算，非网签成交套数
        </p>
      </Card>

      <Card flush title="各区新房参考均价" label="各区参考均价">
        {report.districts.length === 0 ? (
          <p className="nh-hint">本月暂无在售楼盘公布参考均价</p>
        ) : (
          <DataTable>
            <thead>
              <tr>
                <th>区县</th>
                <th>在售楼盘</th>
                <th>新房均价</th>
                <th>二手挂牌</th>
                <th>新房较二手</th>
              </tr>
            </thead>
            <tbody>
              {report.districts.map((d) => {
                const pct = percentChange(d.resaleListingAvg, d.avgPrice);
                return (
                  <tr key={d.districtId}>
                    <td>{d.districtName}</td>
                    <td>{d.projectCount}个</td>
                    <td>{unitPrice(d.avgPrice)}</td>
                    <td>{unitPrice(d.resaleListingAvg)}</td>
                    <td className={rate(pct).className}>{premiumText(pct)}</td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
        <p className="nh-hint">新房均价为在售楼盘参考均价的平均值；二手挂牌均价取自当月价格序列</p>
      </Card>

      <Card flush className="nh-card-bleed" title="本月热门楼盘">
        {report.topProjects.length === 0 ? (
          <EmptyState
            frame="plain"
            title="本月暂无开盘或取证楼盘"
            action={
              <Link to={`/${cityId}/calendar`} className="btn btn-primary">
                查看开盘日历
              </Link>
            }
          />
        ) : (
          <ul className="nh-list">
            {report.topProjects.map((p) => (
              <li key={p.id}>
                <ProjectCard
                  cityId={cityId}
                  project={p}
                  extra={
                    <>
                      {p.monthPermitUnits > 0 ? `本月取证${p.monthPermitUnits}套` : '本月开盘'}
                      {p.heat !== null ? ` · ${p.heat}人登记摇号` : ''}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </main>
  );
}
