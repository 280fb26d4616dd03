// /activity/mortgage 房贷计算 (PAGES.md §3.7): 商贷/公积金/组合 mortgages from the rates of config/loan-rates
// (the domain rules file, read here as the endpoint answers it), 等额本息/等额本金, the schedule and '咨询贷款'
// (POST loan/consult/phone). The inputs live in the URL query (shareable); the loader reads them to draw the
// balance chart, the same for every visitor with the same query.
import {
  pageTitle,
  SITE_DESCRIPTION,
  chinaDay,
  loanRatesOn,
  minDownPaymentPct,
  mortgageFormFromQuery,
  planMortgage,
  ratePctText,
} from '@fjt/domain';
import type { Route } from './+types/mortgage';
import { MortgageCalculator } from '../../features/loans/MortgageCalculator.tsx';
import { balanceChart } from '../../features/loans/charts.server.ts';
import { useVisitCity } from '../../lib/visit-city.ts';
import '../../components/lead-form/lead-form.css';
import '../../features/loans/loans.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rates = loanRatesOn(chinaDay(new Date()));
  const form = mortgageFormFromQuery(url.searchParams);
  const minDownPct = minDownPaymentPct(form.kind !== 'commercial' && form.secondHome, rates.asOf);
  const result = planMortgage(form, { lpr: rates.lpr, fund: rates.fund, minDownPct });
  const cities = await context.services.geo.listCities();
  return {
    form,
    rates,
    chartSvg: result.ok ? balanceChart(result.plan.schedule) : null,
    cityIds: cities.map((c) => c.id),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle('房贷计算器') },
  {
    name: 'description',
    content: `房贷计算器：商业贷款、公积金贷款、组合贷款，等额本息与等额本金的月供、利息和还款计划。当前5年期以上LPR ${
      loaderData ? ratePctText(loaderData.rates.lpr.overFiveYearsPct) : ''
    }。${SITE_DESCRIPTION}`,
  },
];

export default function MortgagePage({ loaderData }: Route.ComponentProps) {
  const { form, rates, chartSvg, cityIds } = loaderData;
  const cityId = useVisitCity(null, cityIds);
  return (
    <main className="loan-page" data-testid="mortgage-page">
      <h1 className="visually-hidden">房贷计算</h1>
      <MortgageCalculator initial={form} rates={rates} chartSvg={chartSvg} cityId={cityId} />
      <section className="loan-notes" aria-label="说明">
        <h2>说明</h2>
        <ul>
          <li>
            贷款市场报价利率（LPR）：1年期 {ratePctText(rates.lpr.oneYearPct)}，5年期以上{' '}
            {ratePctText(rates.lpr.overFiveYearsPct)}，{rates.lpr.effective} 起执行（{rates.lpr.source.issuer}）。
          </li>
          <li>
            公积金贷款利率：首套5年以下（含）{ratePctText(rates.fund.firstUpToFivePct)}、5年以上{' '}
            {ratePctText(rates.fund.firstOverFivePct)}；二套不低于 {ratePctText(rates.fund.secondUpToFivePct)}、
            {ratePctText(rates.fund.secondOverFivePct)}，{rates.fund.effective} 起执行（{rates.fund.source.issuer}）。
          </li>
          <li>
            全国最低首付比例：首套 {rates.downPayment.firstHomePct}%、二套 {rates.downPayment.secondHomePct}
            %，各城市可能更高；公积金贷款额度以当地公积金中心规定为准。
          </li>
          <li>金额按月计息、四舍五入到分，最后一期补齐尾差。计算结果仅供参考，实际以银行审批为准。</li>
        </ul>
      </section>
    </main>
  );
}
