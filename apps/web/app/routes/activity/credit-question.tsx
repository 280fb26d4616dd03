// /activity/credit/question 信用问卷 (PAGES.md §3.13): the questions of GET activity/credit/questions, one per
// screen with a progress bar; an answer moves on, 上一题 goes back; the last one submits the draft's form and the
// answers (POST activity/credit/submit) and opens the result. Login first; without the form → the form.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  SITE_DESCRIPTION,
  pageTitle,
  type CreditAnswers,
  type CreditForm,
  type CreditQuestionsBody,
  type CreditResultBody,
} from '@fjt/domain';
import type { Route } from './+types/credit-question';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { useApi } from '../../lib/use-api.ts';
import { clearCreditDraft, readCreditDraft, writeCreditDraft } from '../../features/loans/credit-draft.ts';
import '../../features/loans/loans.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('信用问卷 - 购房信用评估') },
  { name: 'description', content: `约10道题，一屏一题。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function CreditQuestionPage() {
  const viewer = useLoginGuard();
  const navigate = useNavigate();
  const { state, retry } = useApi<CreditQuestionsBody>(viewer.status === 'user' ? 'activity/credit/questions' : null);
  const [form, setForm] = useState<CreditForm | null | undefined>(undefined);
  const [answers, setAnswers] = useState<CreditAnswers>({});
  const [index, setIndex] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    const draft = readCreditDraft();
    setForm(draft.form);
    setAnswers(draft.answers);
  }, []);

  if (viewer.status !== 'user' || form === undefined || state.status === 'loading') {
    return (
      <main className="loan-page">
        <RowsSkeleton count={4} />
      </main>
    );
  }
  if (form === null) {
    return (
      <main className="loan-page">
        <EmptyState
          title="请先填写基本信息"
          hint="评估需要您的收入与负债情况"
          testId="credit-no-form"
          action={
            <Link className="btn btn-primary" to="/activity/credit/form">
              去填写
            </Link>
          }
        />
      </main>
    );
  }
  if (state.status === 'error') {
    return (
      <main className="loan-page">
        <LoadFailed title="问题加载失败" message={state.message} retry={retry} />
      </main>
    );
  }

  const { questions } = state.body;
  const total = questions.length;
  const at = Math.min(index, total - 1);
  const question = questions[at]!;
  const answeredCount = questions.filter((q) => answers[q.id]).length;
  const last = at === total - 1;

  const pick = (optionId: string) => {
    const next = { ...answers, [question.id]: optionId };
    setAnswers(next);
    writeCreditDraft({ form, answers: next });
    if (!last) setIndex(at + 1);
  };

  const submit = async () => {
    if (sending) return;
    const missing = questions.findIndex((q) => !answers[q.id]);
    if (missing >= 0) {
      setIndex(missing);
      showToast('还有题目没有回答');
      return;
    }
    setSending(true);
    const res = await callApi<CreditResultBody>('activity/credit/submit', { form, answers });
    setSending(false);
    if (res.resultCode !== 0 || !res.body) {
      showToast(res.errMsg || '提交失败，请稍后再试');
      return;
    }
    clearCreditDraft();
    void navigate(`/activity/credit/result?id=${res.body.id}`);
  };

  return (
    <main className="loan-page" data-testid="credit-question">
      <h1 className="visually-hidden">信用问卷</h1>
      <div
        className="credit-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answeredCount}
        aria-label="答题进度"
      >
        <span style={{ width: `${(answeredCount / total) * 100}%` }} />
      </div>
      <p className="credit-progress__text num" data-testid="credit-progress">
        第 {at + 1} / {total} 题
      </p>
      <section className="loan-card credit-question" aria-label={`第${at + 1}题`}>
        <h2>{question.title}</h2>
        <ul className="credit-options">
          {question.options.map((o) => (
            <li key={o.id}>
              <button
                type="button"
                className={answers[question.id] === o.id ? 'credit-option is-on' : 'credit-option'}
                aria-pressed={answers[question.id] === o.id}
                onClick={() => pick(o.id)}
                data-testid="credit-option"
              >
                {o.label}
              </button>
            </li>
          ))}
        </ul>
        <p className="credit-note" style={{ marginTop: 12 }}>
          为什么问：{question.why}
        </p>
      </section>
      <div className="credit-nav">
        <button
          type="button"
          className="btn"
          disabled={at === 0}
          onClick={() => setIndex(at - 1)}
          data-testid="credit-prev"
        >
          上一题
        </button>
        {last ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={sending || !answers[question.id]}
            onClick={() => void submit()}
            data-testid="credit-submit"
          >
            提交评估
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            disabled={!answers[question.id]}
            onClick={() => setIndex(at + 1)}
            data-testid="credit-next"
          >
            下一题
          </button>
        )}
      </div>
    </main>
  );
}
