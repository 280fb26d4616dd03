// /activity/credit/credit-evaluation/answer 评估解析 (PAGES.md §3.13, the spec's literal child): each answer with
// its points and why it matters to a bank. Login; the owner's record only.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type CreditResultBody } from '@fjt/domain';
import type { Route } from './+types/credit-answer';
import { CreditResultGate } from '../../features/loans/CreditResultGate.tsx';
import '../../features/loans/loans.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('评估解析 - 购房信用评估') },
  { name: 'description', content: `逐题解析您的购房信用评估答案。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function CreditAnswerPage() {
  return (
    <CreditResultGate
      empty={{ title: '没有找到评估记录', hint: '完成一次评估后即可查看逐题解析' }}
      failTitle="评估解析加载失败"
      rows={6}
    >
      {(r) => <Answers r={r} />}
    </CreditResultGate>
  );
}

function Answers({ r }: { r: CreditResultBody }) {
  return (
    <main className="loan-page" data-testid="credit-answer">
      <h1 className="visually-hidden">评估解析</h1>
      <section className="loan-card" aria-label="逐题解析">
        <p className="credit-note">
          答题得分 {r.answerScore} / 100，负债收入比 {r.debtRatioPct}% ，综合评分 <strong>{r.score}</strong>（{r.band}
          ）。
        </p>
        <ol className="credit-items">
          {r.items.map((item) => (
            <li key={item.questionId} data-testid="credit-item">
              <h3>
                {item.title}
                <span className={item.points < item.maxPoints * 0.6 ? 'is-low num' : 'num'}>
                  {item.points}/{item.maxPoints}分
                </span>
              </h3>
              <p className="credit-items__answer">您的回答：{item.answer}</p>
              <p>{item.note}</p>
              <p className="credit-items__why">银行为什么关注：{item.why}</p>
            </li>
          ))}
        </ol>
      </section>
      <Link className="btn btn-primary credit-cta" to={`/activity/credit/result?id=${r.id}`}>
        返回评估结果
      </Link>
    </main>
  );
}
