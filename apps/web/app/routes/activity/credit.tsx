// /activity/credit 购房信用评估 (PAGES.md §3.13): what the loan-readiness quiz looks at and how the loan capacity
// is estimated, then 开始评估 (the form asks for login).
import { Link } from 'react-router';
import { CREDIT_QUESTIONS, DEBT_TO_INCOME_RULE, SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/credit';
import '../../features/loans/loans.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('购房信用评估') },
  {
    name: 'description',
    content: `购房信用评估：${CREDIT_QUESTIONS.length}道题了解您的房贷准备情况，估算可贷额度。${SITE_DESCRIPTION}`,
  },
];

export default function CreditIntroPage() {
  return (
    <main className="loan-page" data-testid="credit-intro">
      <header className="credit-hero">
        <h1>购房信用评估</h1>
        <p>申请房贷前先自查：银行看重哪些信用记录、您能贷多少、哪里需要提前准备。约3分钟完成。</p>
      </header>
      <section className="loan-card credit-card">
        <h2>评估流程</h2>
        <ol className="credit-steps">
          <li>填写收入、负债与公积金情况</li>
          <li>回答{CREDIT_QUESTIONS.length}道信用与工作情况问题</li>
          <li>查看信用评分、可贷额度与逐题解析</li>
        </ol>
      </section>
      <section className="loan-card credit-card">
        <h2>可贷额度怎么算</h2>
        <p className="credit-note">
          按{DEBT_TO_INCOME_RULE.source.document}，银行要求借款人月房贷支出不超过月收入的
          {DEBT_TO_INCOME_RULE.housingPct}%，所有债务月支出不超过月收入的{DEBT_TO_INCOME_RULE.allDebtsPct}
          %。我们据此算出您每月可承担的房贷，再按当前5年期以上LPR、30年等额本息折算成贷款额度。
        </p>
      </section>
      <Link className="btn btn-primary credit-cta" to="/activity/credit/form" data-testid="credit-start">
        开始评估
      </Link>
      <div className="loan-notes">
        <p>评估结果仅供参考，不构成银行的审批承诺；您的填写内容仅本人可见。</p>
      </div>
    </main>
  );
}
