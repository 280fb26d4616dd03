// /activity/taxes/answer 税费明细 (PAGES.md §3.7): the breakdown of one resale's taxes, its state in the query (a
// shareable link). Who pays what, the amount's working, the rule and source behind each line, the buyer's and the
// seller's totals, and a bar chart. A query that does not parse shows its Chinese message and the way back.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, computeResaleTaxes, pageTitle, resaleTaxQuery, type TaxLine } from '@fjt/domain';
import type { Route } from './+types/taxes-answer';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { Source } from '../../features/policy/Source.tsx';
import { taxChart } from '../../features/policy/charts.server.ts';
import '../../features/policy/policy.css';

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = resaleTaxQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success)
    return { error: parsed.error.issues[0]?.message ?? '参数有误', back: '/activity/taxes' } as const;
  const q = parsed.data;
  const result = computeResaleTaxes({
    cityId: q.cityId,
    totalPriceWan: q.price,
    area: q.area,
    originalPriceWan: q.original ?? null,
    holding: q.holding,
    sellerOnlyHome: q.only,
    buyerHome: q.buyer,
    agentBuyerRate: q.agent === undefined ? null : q.agent / 100,
  });
  if (!result) return { error: '城市不存在', back: '/activity/taxes' } as const;
  return {
    error: null,
    back: `/activity/taxes?${url.searchParams.toString()}`,
    result,
    input: q,
    chart: taxChart(result),
  } as const;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('税费明细') },
  { name: 'description', content: `二手房交易税费明细：契税、增值税、个税与中介费及其依据。${SITE_DESCRIPTION}` },
];

/** 30000 → '3.00万'; below 1万 in 元. */
function money(yuan: number): string {
  if (yuan === 0) return '0元';
  if (yuan < 10_000) return `${yuan.toLocaleString('zh-CN')}元`;
  return `${(yuan / 10_000).toFixed(2)}万`;
}

function Line({ line }: { line: TaxLine }) {
  return (
    <li className="pl-line" data-testid={`line-${line.key}-${line.payer}`}>
      <div className="pl-line__head">
        <span className="pl-line__label">
          {line.label}
          {line.custom ? <em className="pl-tag">惯例，非法定</em> : null}
        </span>
        <strong className="pl-line__amount">{money(line.amount)}</strong>
      </div>
      <p className="pl-line__basis">{line.basis}</p>
      <details className="pl-line__rule">
        <summary>规则与依据</summary>
        <p>{line.rule}</p>
        <Source {...line.source} custom={line.custom} />
      </details>
    </li>
  );
}

export default function TaxesAnswerPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.error !== null) {
    return (
      <main className="pl-page" data-testid="taxes-answer-page">
        <EmptyState
          title={loaderData.error}
          hint="计算条件不完整或有误，请返回重新填写。"
          action={
            <Link className="btn btn-primary" to={loaderData.back}>
              返回填写
            </Link>
          }
        />
      </main>
    );
  }
  const { result, input, chart, back } = loaderData;
  const buyer = result.lines.filter((l) => l.payer === 'buyer');
  const seller = result.lines.filter((l) => l.payer === 'seller');
  return (
    <main className="pl-page" data-testid="taxes-answer-page">
      <section className="pl-total" aria-label="税费合计">
        <p className="pl-total__caption">
          {result.cityName} · 总价{input.price}万 · {input.area}㎡
        </p>
        <p className="pl-total__sum" data-testid="tax-total">
          合计 <strong>{money(result.total)}</strong>
        </p>
        <div className="pl-total__split">
          <div>
            <span>买方支付</span>
            <strong data-testid="buyer-total">{money(result.buyerTotal)}</strong>
          </div>
          <div>
            <span>卖方支付</span>
            <strong data-testid="seller-total">{money(result.sellerTotal)}</strong>
          </div>
        </div>
      </section>
      {chart ? (
        <section className="pl-card" aria-label="税费构成">
          <SvgChart svg={chart} label="买卖双方各项税费" takeaway="各项税费金额（元），蓝色为买方、橙色为卖方" />
        </section>
      ) : null}
      <section className="pl-card" aria-label="买方税费">
        <h2 className="pl-card__title">买方支付</h2>
        <ul className="pl-lines">
          {buyer.map((l) => (
            <Line key={l.label} line={l} />
          ))}
        </ul>
      </section>
      <section className="pl-card" aria-label="卖方税费">
        <h2 className="pl-card__title">卖方支付</h2>
        <ul className="pl-lines">
          {seller.map((l) => (
            <Line key={l.label} line={l} />
          ))}
        </ul>
        <p className="pl-form__note">买卖合同可约定由买方承担卖方税费（俗称“到手价”），以合同为准。</p>
      </section>
      <section className="pl-card" aria-label="说明">
        <h2 className="pl-card__title">说明</h2>
        <ul className="pl-notes">
          {result.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
      <div className="pl-actions">
        <Link className="btn" to={back}>
          修改条件
        </Link>
        <Link className="btn btn-primary" to={`/activity/qualification?cityId=${result.cityId}`}>
          查购房资格
        </Link>
      </div>
    </main>
  );
}
