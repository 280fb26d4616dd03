// /activity/credit/form 基本信息 (PAGES.md §3.13): monthly income, other debts, 公积金 deposit and balance,
// household. Login first (a visitor goes to /login and comes back). Checked with the submit's own schema, field by
// field; kept in the session's draft, then on to the questions.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  HOUSEHOLD_LABELS,
  HOUSEHOLDS,
  SITE_DESCRIPTION,
  creditFormInput,
  pageTitle,
  type Household,
} from '@fjt/domain';
import type { Route } from './+types/credit-form';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useLoginGuard } from '../../lib/session.ts';
import { readCreditDraft, writeCreditDraft } from '../../features/loans/credit-draft.ts';
import '../../features/loans/loans.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('基本信息 - 购房信用评估') },
  { name: 'description', content: `填写收入、负债与公积金情况。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

type Field = 'monthlyIncome' | 'monthlyDebt' | 'fundMonthly' | 'fundBalance';
const FIELDS: { key: Field; label: string; hint: string }[] = [
  { key: 'monthlyIncome', label: '家庭月收入', hint: '税后，可计入共同还款人' },
  { key: 'monthlyDebt', label: '每月其他还款', hint: '车贷、消费贷、信用卡分期等' },
  { key: 'fundMonthly', label: '公积金月缴存额', hint: '个人+单位，没有填0' },
  { key: 'fundBalance', label: '公积金账户余额', hint: '没有填0' },
];

export default function CreditFormPage() {
  const viewer = useLoginGuard();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({
    monthlyIncome: '',
    monthlyDebt: '0',
    fundMonthly: '0',
    fundBalance: '0',
  });
  const [household, setHousehold] = useState<Household>('married');
  const [errors, setErrors] = useState<Partial<Record<Field | 'household', string>>>({});

  useEffect(() => {
    const { form } = readCreditDraft();
    if (!form) return;
    setValues({
      monthlyIncome: String(form.monthlyIncome),
      monthlyDebt: String(form.monthlyDebt),
      fundMonthly: String(form.fundMonthly),
      fundBalance: String(form.fundBalance),
    });
    setHousehold(form.household);
  }, []);

  const next = () => {
    const parsed = creditFormInput.safeParse({ ...values, household });
    if (!parsed.success) {
      const found: Partial<Record<Field | 'household', string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field | 'household';
        found[key] ??= values[key as Field]?.trim() === '' ? '请填写此项' : issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    writeCreditDraft({ ...readCreditDraft(), form: parsed.data });
    void navigate('/activity/credit/question');
  };

  if (viewer.status !== 'user') {
    return (
      <main className="loan-page">
        <RowsSkeleton count={4} />
      </main>
    );
  }
  return (
    <main className="loan-page" data-testid="credit-form">
      <h1 className="visually-hidden">基本信息</h1>
      <section className="loan-card" aria-label="收入与负债">
        {FIELDS.map((f) => (
          <div key={f.key}>
            <label className="credit-field">
              <span>
                {f.label}
                <small>{f.hint}</small>
              </span>
              <span className="loan-field__input">
                <input
                  className="num"
                  inputMode="numeric"
                  name={f.key}
                  value={values[f.key]}
                  placeholder="请输入"
                  onChange={(e) => {
                    const value = e.target.value.replace(/[^\d]/g, '').slice(0, 9);
                    setValues((v) => ({ ...v, [f.key]: value }));
                    setErrors((old) => ({ ...old, [f.key]: undefined }));
                  }}
                  data-testid={`credit-${f.key}`}
                />
                <em>元</em>
              </span>
            </label>
            {errors[f.key] ? (
              <p className="loan-field__error" role="alert">
                {errors[f.key]}
              </p>
            ) : null}
          </div>
        ))}
        <div className="loan-field loan-field--stack">
          <span className="loan-field__label">家庭情况</span>
          <div className="loan-chips" role="group" aria-label="家庭情况">
            {HOUSEHOLDS.map((h) => (
              <button
                key={h}
                type="button"
                className={household === h ? 'loan-chip is-on' : 'loan-chip'}
                aria-pressed={household === h}
                onClick={() => setHousehold(h)}
              >
                {HOUSEHOLD_LABELS[h]}
              </button>
            ))}
          </div>
        </div>
      </section>
      <button type="button" className="btn btn-primary credit-cta" onClick={next} data-testid="credit-form-next">
        下一步：回答问题
      </button>
      <div className="loan-notes">
        <p>只用于本次评估的计算，仅您本人可见。</p>
      </div>
    </main>
  );
}
