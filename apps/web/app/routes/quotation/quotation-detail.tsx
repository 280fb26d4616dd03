// /quotation/detail?level&id 行情详情 (PAGES.md §3.1): one district or plate over 36 months — 挂牌均价 vs 成交均价
// with the 房东溢价系数 line, the monthly table, and its plates or estates.
import { useState } from 'react';
import { Link, data } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  formatRate,
  pageTitle,
  percentChange,
  quotationDetailQuery,
} from '@fjt/domain';
import type { Route } from './+types/quotation-detail';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { LazyPriceGuidePopup as PriceGuidePopup } from '../../components/price-guide/LazyPriceGuidePopup.tsx';
import { quotationChart } from '../../features/quotation/charts.server.ts';
import { MonthTable } from '../../features/quotation/MonthTable.tsx';
import { SubAreaList } from '../../features/quotation/SubAreaList.tsx';
import { premiumText } from '../../features/quotation/QuotationTable.tsx';
import { monthTitle, rate, unitPrice } from '../../lib/display.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { Card } from '../../components/card/Card.tsx';
import '../../features/quotation/quotation.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = quotationDetailQuery.safeParse({
    level: url.searchParams.get('level') ?? undefined,
    id: url.searchParams.get('id') ?? undefined,
  });
  if (!query.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const detail = await context.services.quotation.detail(query.data);
  if (!detail) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const city = await context.services.geo.getCity(detail.cityId);
  const values = detail.series.map((m) => m.listingAvg).filter((v): v is number => v !== null);
  return {
    detail,
    cityName: city?.name ?? '',
    chart: quotationChart(detail.series),
    change: percentChange(values[0], values.at(-1)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('行情详情') }];
  const { detail, cityName } = loaderData;
  return [
    { title: pageTitle(`${detail.name}房价行情`) },
    {
      name: 'description',
      content: `${cityName}${detail.name}近36个月二手房挂牌均价、成交均价、房东溢价系数与月度明细。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function QuotationDetailPage({ loaderData }: Route.ComponentProps) {
  const { detail, cityName, chart, change } = loaderData;
  const [guide, setGuide] = useState(false);
  const latest = detail.series.at(-1);
  const mom = rate(latest?.listingMom);
  const trend = formatRate(change);
  return (
    <main className="quotation">
      <header className="quotation-head">
        <p className="quotation-head__crumb">
          <Link to={`/quotation?cityId=${detail.cityId}`}>{cityName}行情</Link>
          {detail.parent ? (
            <>
              {' / '}
              <Link to={`/quotation/detail?level=district&id=${detail.parent.id}&cityId=${detail.cityId}`}>
                {detail.parent.name}
              </Link>
            </>
          ) : null}
        </p>
        <h1>{detail.name}房价行情</h1>
        {latest && detail.month ? (
          <dl className="quotation-figures">
            <div>
              <dt>{monthTitle(detail.month)}挂牌均价</dt>
              <dd className="num">{unitPrice(latest.listingAvg)}</dd>
            </div>
            <div>
              <dt>成交均价</dt>
              <dd className="num">{unitPrice(latest.dealAvg)}</dd>
            </div>
            <div>
              <dt>环比</dt>
              <dd className={`num ${mom.className}`}>{mom.text}</dd>
            </div>
            <div>
              <dt>
                <button type="button" onClick={() => setGuide(true)} aria-label="房东溢价系数说明">
                  房东溢价系数 ⓘ
                </button>
              </dt>
              <dd className="num">{premiumText(latest.premium)}</dd>
            </div>
          </dl>
        ) : null}
      </header>
      {chart ? (
        <Card flush title="近36个月走势">
          <SvgChart
            svg={chart}
            label={`${detail.name}近36个月挂牌均价、成交均价与房东溢价系数`}
            takeaway={
              change === null ? null : (
                <>
                  近36个月挂牌均价<span className={`trend-${trend.trend}`}>{trend.text}</span>
                </>
              )
            }
          />
        </Card>
      ) : (
        <EmptyState
          as="section"
          art="data"
          title={`${detail.name}暂无行情数据`}
          action={
            <Link className="btn btn-primary" to={`/quotation?cityId=${detail.cityId}`}>
              查看全市行情
            </Link>
          }
        />
      )}
      {chart ? (
        <Card flush title="月度明细">
          <MonthTable series={detail.series} />
        </Card>
      ) : null}
      {detail.subAreas.length > 0 ? (
        <Card flush title={detail.subLevel === 'plate' ? '各板块行情' : '小区行情'}>
          <SubAreaList detail={detail} />
        </Card>
      ) : null}
      <PriceGuidePopup visible={guide} onClose={() => setGuide(false)} />
    </main>
  );
}
