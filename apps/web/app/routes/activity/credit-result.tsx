// /activity/credit/result 评估结果 (PAGES.md §3.13): the score with its band, the loan capacity under the 50% /
// 55% debt-to-income rule at the current rate, links to the per-answer explanations and the mortgage calculator,
// and '咨询贷款' (POST loan/consult/phone). Login; another user's record answers 403.
import { useState } from 'react';
import { Link } from 'react-router';
import { DEBT_TO_INCOME_RULE, SITE_DESCRIPTION, pageTitle, ratePctText, type CreditResultBody } from '@fjt/domain';
import type { Route } from './+types/credit-result';
import { callApi } from '../../lib/session.ts';
import { useVisitCity } from '../../lib/visit-city.ts';
import { LoanConsultSheet } from '../../features/loans/LoanConsultSheet.tsx';
import { wanOfYuan } from '../../features/loans/format.ts';
import { CreditResultGate } from '../../features/loans/CreditResultGate.tsx';
import '../../components/lead-form/lead-form.css';
import '../../features/loans/loans.css';

export async function loader({ context }: Route.LoaderArgs) {
  const cities = await context.services.geo.listCities();
  return { cityIds: cities.map((c) => c.id) };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('评估结果 - 购房信用评估') },
  { name: 'description', content: `信用评分、可贷额度与贷款咨询。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function CreditResultPage({ loaderData }: Route.ComponentProps) {
  return (
    <CreditResultGate
      empty={{ title: '还没有评估结果', hint: '回答10道题，了解您能贷多少', testId: 'credit-result-empty' }}
      failTitle="评估结果加载失败"
      rows={4}
    >
      {(r) => <Result r={r} cityIds={loaderData.cityIds} />}
    </CreditResultGate>
  );
}

function Result({ r, cityIds }: { r: CreditResultBody; cityIds: number[] }) {
  const cityId = useVisitCity(null, cityIds);
  const [consulting, setConsulting] = useState(false);
  const totalWan = Math.max(1, Math.round(r.loanCapacity / 0.7 / 10_000));
  const calcHref = `/activity/mortgage?kind=commercial&totalWan=${totalWan}&downPct=30&years=${r.years}&bp=0&method=equal-payment`;
  return (
    <main className="loan-page" data-testid="credit-result">
      <h1 className="visually-hidden">评估结果</h1>
      <section className="loan-card credit-score" aria-label="信用评分">
        <p className="loan-result__label">购房信用评分</p>
        <p className="credit-score__value num" data-testid="credit-score">
          {r.score}
        </p>
        <span className="credit-score__band" data-testid="credit-band">
          {r.band}
        </span>
        <p className="credit-score__advice">{r.advice}</p>
        {r.capped ? <p className="loan-field__error">您目前有逾期未还的欠款，结清前银行基本不会批贷。</p> : null}
      </section>
      <section className="loan-card loan-result" aria-label="可贷额度">
        <p className="loan-result__label">预计可贷额度</p>
        <p className="loan-result__payment num" data-testid="credit-capacity">
          {r.loanCapacity > 0 ? `${wanOfYuan(r.loanCapacity)}万` : '暂无法估算'}
        </p>
        <dl className="loan-result__grid">
          <div>
            <dt>月供上限</dt>
            <dd className="num">{r.maxMonthlyPayment.toLocaleString('en-US')}元</dd>
          </div>
          <div>
            <dt>负债收入比</dt>
            <dd className="num">{r.debtRatioPct}%</dd>
          </div>
          <div>
            <dt>按利率</dt>
            <dd className="num">{ratePctText(r.annualPct)}</dd>
          </div>
        </dl>
        <p className="credit-note" style={{ marginTop: 12, textAlign: 'left' }}>
          按{DEBT_TO_INCOME_RULE.source.document}：月房贷不超过收入的{DEBT_TO_INCOME_RULE.housingPct}%、所有债务不超过
          {DEBT_TO_INCOME_RULE.allDebtsPct}%；按{r.years}年等额本息、当前5年期以上LPR折算。
        </p>
        <button
          type="button"
          className="btn btn-primary loan-result__consult"
          onClick={() => setConsulting(true)}
          data-testid="loan-consult"
        >
          咨询贷款
        </button>
      </section>
      <div className="credit-nav">
        <Link
          className="btn"
          to={`/activity/credit/credit-evaluation/answer?id=${r.id}`}
          data-testid="credit-answers-link"
        >
          查看逐题解析
        </Link>
        <Link className="btn" to={calcHref}>
          算算月供
        </Link>
      </div>
      <Link className="loan-notes" to="/activity/credit" style={{ display: 'block' }}>
        重新评估 ›
      </Link>
      <LoanConsultSheet
        visible={consulting}
        onClose={() => setConsulting(false)}
        cityId={cityId}
        summary={r.loanCapacity > 0 ? `预计可贷${wanOfYuan(r.loanCapacity)}万` : null}
        onSent={() => void callApi('activity/credit/consulted', { id: r.id })}
      />
    </main>
  );
}
