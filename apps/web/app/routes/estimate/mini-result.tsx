// /mini/result?estateId 查价结果 (PAGES.md §3.1): the landing of a lookup shared from the mini program or a share
// card — the estate, its 挂牌/成交均价 with the month's change, the last 6 months against its plate, the 3 newest
// deals (masked as for any visitor), '查看完整房价' and '打开APP'. No id → the city's search; an unknown estate → 404.
import { Link, data, redirect } from 'react-router';
import { DEFAULT_CITY_ID, NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/mini-result';
import { trendChart } from '../../features/estate/charts.server.ts';
import { lastMonths } from '../../features/estimate/last-months.ts';
import { DealsBlock } from '../../features/estate/components/DealsBlock.tsx';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { Card } from '../../components/card/Card.tsx';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { openApp } from '../../lib/app-launch.ts';
import { rate, unitPrice } from '../../lib/display.ts';
import '../../features/estate/estate.css';
import '../../features/estimate/estimate.css';

const MONTHS = 6;
const DEALS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const estateId = parseId(url.searchParams.get('estateId'));
  if (estateId === null) {
    throw redirect(`/${parseCityId(url.searchParams.get('cityId')) ?? DEFAULT_CITY_ID}/search`);
  }
  const { estates } = context.services;
  const basic = await estates.basicInfo(estateId);
  if (!basic) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const [chart, deals] = await Promise.all([
    estates.headerChart({ houseId: estateId, months: 12 }).catch(() => null),
    estates.deals({ houseId: estateId, page: 1, size: DEALS }).catch(() => null),
  ]);
  return {
    now: Date.now(),
    basic,
    trend: chart && trendChart(lastMonths(chart, MONTHS), MONTHS),
    deals,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('查价结果') }];
  const { basic } = loaderData;
  return [
    { title: pageTitle(`${basic.name}房价`) },
    {
      name: 'description',
      content: `${basic.name}挂牌均价${unitPrice(basic.listingAvg)}，成交均价${unitPrice(basic.dealAvg)}。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function MiniResultPage({ loaderData }: Route.ComponentProps) {
  const { basic, trend, deals, now } = loaderData;
  const flags = useClientFlags();
  const detail = `/${basic.cityId}/house-detail/${basic.id}`;
  const listingMom = rate(basic.listingMom);
  const dealMom = rate(basic.dealMom);
  return (
    <main className="est-page" data-testid="mini-result">
      <header className="est-subject">
        <h1 className="est-subject__name">{basic.name}</h1>
        <p className="est-subject__region">
          {basic.districtName} · {basic.plateName}
          {basic.buildYear ? ` · ${basic.buildYear}年建成` : ''}
        </p>
      </header>
      <section className="mini-prices" aria-label="均价">
        <div>
          <p className="mini-prices__label">挂牌均价{basic.month ? `（${basic.month.replace('-', '年')}月）` : ''}</p>
          <p className="mini-prices__value num">{unitPrice(basic.listingAvg)}</p>
          <p className="mini-prices__mom">
            环比上月 <span className={`num ${listingMom.className}`}>{listingMom.text}</span>
          </p>
        </div>
        <div>
          <p className="mini-prices__label">
            成交均价{basic.dealMonth ? `（${basic.dealMonth.replace('-', '年')}月）` : ''}
          </p>
          <p className="mini-prices__value num">{unitPrice(basic.dealAvg)}</p>
          <p className="mini-prices__mom">
            环比上月 <span className={`num ${dealMom.className}`}>{dealMom.text}</span>
          </p>
        </div>
      </section>
      {trend ? (
        <Card title={`近${MONTHS}个月走势`}>
          <SvgChart
            svg={trend.svg}
            label={`${basic.name}与${basic.plateName}近${MONTHS}个月挂牌均价`}
            takeaway={<span className={`trend-${trend.trend}`}>{trend.takeaway}</span>}
          />
        </Card>
      ) : null}
      {deals ? <DealsBlock cityId={basic.cityId} estateId={basic.id} deals={deals} now={now} /> : null}
      <div className="est-actions">
        <Link className="est-actions__primary" to={detail} data-testid="mini-detail">
          查看完整房价
        </Link>
        <button type="button" className="est-actions__secondary" onClick={() => openApp(flags, detail)}>
          打开APP
        </button>
      </div>
    </main>
  );
}
