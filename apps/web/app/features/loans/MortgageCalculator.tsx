// 房贷计算's form and result (PAGES.md §3.7): 商贷/公积金/组合 tabs; 总价, 首付 (chips + custom), 年限 (chips +
// custom), the 商贷 rate as LPR ± BP with the fixing's date and source, the 公积金 amount (组合) and 首套/二套 rate;
// 等额本息/等额本金. The plan is computed here as the user types (packages/domain mortgage.ts, exact to the fen);
// invalid input shows its message under the field and no figures — never NaN. The inputs go to the URL query
// (debounced), so the result can be shared and reloaded; the loader draws the balance chart from them.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DOWN_PAYMENT_CHIPS,
  LOAN_KIND_LABELS,
  LOAN_KINDS,
  LOAN_YEAR_CHIPS,
  REPAYMENT_METHOD_LABELS,
  REPAYMENT_METHODS,
  fundRatePctFor,
  lprPctFor,
  mortgageFormToQuery,
  planMortgage,
  ratePctText,
  scheduleByYear,
  withSpread,
  type LoanSchedule,
  type LoanRatesBody,
  type MortgageField,
  type MortgageForm,
} from '@fjt/domain';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { LoanConsultSheet } from './LoanConsultSheet.tsx';
import { Schedule } from './Schedule.tsx';
import { wanOfFen, yuanOfFen } from './format.ts';

const URL_DELAY_MS = 400;

/** The chart's one-line takeaway: how much of the first and the last year's payments is interest. */
function interestShareText(schedule: LoanSchedule): string {
  const years = scheduleByYear(schedule);
  const share = (y: (typeof years)[number]) => Math.round((y.interestFen / Math.max(y.paymentFen, 1)) * 100);
  if (years.length < 2) return `利息占还款的${share(years[0]!)}%`;
  return `第1年还款中利息占${share(years[0]!)}%，最后一年降至${share(years.at(-1)!)}%`;
}

function FieldError({ field, errors }: { field: MortgageField; errors: Partial<Record<MortgageField, string>> }) {
  const message = errors[field];
  return message ? (
    <p className="loan-field__error" role="alert" data-testid={`loan-error-${field}`}>
      {message}
    </p>
  ) : null;
}

function Chips<T extends string | number>({
  values,
  current,
  unit,
  onPick,
  label,
}: {
  values: readonly T[];
  current: string;
  unit: string;
  onPick: (v: T) => void;
  label: string;
}) {
  return (
    <div className="loan-chips" role="group" aria-label={label}>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          className={String(v) === current.trim() ? 'loan-chip is-on' : 'loan-chip'}
          aria-pressed={String(v) === current.trim()}
          onClick={() => onPick(v)}
        >
          {v}
          {unit}
        </button>
      ))}
    </div>
  );
}

export function MortgageCalculator({
  initial,
  rates,
  chartSvg,
  cityId,
}: {
  initial: MortgageForm;
  rates: LoanRatesBody;
  chartSvg: string | null;
  cityId: number | null;
}) {
  const [form, setForm] = useState<MortgageForm>(initial);
  const [showSchedule, setShowSchedule] = useState(false);
  const [consulting, setConsulting] = useState(false);
  const [, setSearchParams] = useSearchParams();
  const set = <K extends keyof MortgageForm>(key: K, value: MortgageForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const minDownPct =
    form.kind !== 'commercial' && form.secondHome ? rates.downPayment.secondHomePct : rates.downPayment.firstHomePct;
  const result = useMemo(
    () => planMortgage(form, { lpr: rates.lpr, fund: rates.fund, minDownPct }),
    [form, rates, minDownPct],
  );
  const errors = result.ok ? {} : result.errors;

  // the URL follows the inputs (replace: typing is not history), once the user pauses
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(
      () => setSearchParams(mortgageFormToQuery(form), { replace: true, preventScrollReset: true }),
      URL_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [form, setSearchParams]);

  const years = Number(form.years);
  const termYears = Number.isInteger(years) && years >= 1 ? years : 30;
  const lprPct = lprPctFor(termYears, rates.lpr);
  const bp = Number(form.bp);
  const commercialPct = Number.isInteger(bp) ? withSpread(lprPct, bp) : null;
  const fundPct = fundRatePctFor(termYears, form.secondHome, rates.fund);
  const lprName = termYears > rates.limits.longTermFromYears ? '5年期以上LPR' : '1年期LPR';
  const plan = result.ok ? result.plan : null;
  const equalPrincipal = form.method === 'equal-principal';

  return (
    <>
      <div className="loan-tabs" role="tablist" aria-label="贷款类型">
        {LOAN_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            role="tab"
            aria-selected={form.kind === kind}
            className={form.kind === kind ? 'loan-tab is-on' : 'loan-tab'}
            onClick={() => set('kind', kind)}
            data-testid={`loan-kind-${kind}`}
          >
            {LOAN_KIND_LABELS[kind]}
          </button>
        ))}
      </div>

      <section className="loan-card loan-form" aria-label="贷款信息">
        <label className="loan-field">
          <span className="loan-field__label">房屋总价</span>
          <span className="loan-field__input">
            <input
              className="num"
              inputMode="decimal"
              name="totalWan"
              value={form.totalWan}
              placeholder="请输入"
              onChange={(e) => set('totalWan', e.target.value)}
              data-testid="loan-total"
            />
            <em>万元</em>
          </span>
        </label>
        <FieldError field="totalWan" errors={errors} />

        <div className="loan-field loan-field--stack">
          <span className="loan-field__label">
            首付比例
            {plan ? <small className="num">首付{wanOfFen(plan.downPaymentFen)}万</small> : null}
          </span>
          <Chips
            label="首付比例"
            values={DOWN_PAYMENT_CHIPS.filter((v) => v >= minDownPct)}
            current={form.downPct}
            unit="%"
            onPick={(v) => set('downPct', String(v))}
          />
          <span className="loan-field__input loan-field__input--custom">
            <span>自定义</span>
            <input
              className="num"
              inputMode="numeric"
              name="downPct"
              aria-label="自定义首付比例"
              value={form.downPct}
              onChange={(e) => set('downPct', e.target.value)}
              data-testid="loan-down"
            />
            <em>%</em>
          </span>
        </div>
        <FieldError field="downPct" errors={errors} />

        {form.kind === 'combo' ? (
          <>
            <label className="loan-field">
              <span className="loan-field__label">公积金贷款</span>
              <span className="loan-field__input">
                <input
                  className="num"
                  inputMode="decimal"
                  name="fundWan"
                  value={form.fundWan}
                  onChange={(e) => set('fundWan', e.target.value)}
                  data-testid="loan-fund"
                />
                <em>万元</em>
              </span>
            </label>
            <FieldError field="fundWan" errors={errors} />
            {plan ? (
              <p className="loan-field__hint" data-testid="loan-combo-split">
                商业贷款 {wanOfFen(plan.parts.find((p) => p.kind === 'commercial')?.principalFen ?? 0)}万 + 公积金贷款{' '}
                {wanOfFen(plan.parts.find((p) => p.kind === 'fund')?.principalFen ?? 0)}万
              </p>
            ) : null}
          </>
        ) : null}

        <div className="loan-field loan-field--stack">
          <span className="loan-field__label">贷款年限</span>
          <Chips
            label="贷款年限"
            values={LOAN_YEAR_CHIPS}
            current={form.years}
            unit="年"
            onPick={(v) => set('years', String(v))}
          />
          <span className="loan-field__input loan-field__input--custom">
            <span>自定义</span>
            <input
              className="num"
              inputMode="numeric"
              name="years"
              aria-label="自定义贷款年限"
              value={form.years}
              onChange={(e) => set('years', e.target.value)}
              data-testid="loan-years"
            />
            <em>年</em>
          </span>
        </div>
        <FieldError field="years" errors={errors} />

        {form.kind !== 'fund' ? (
          <div className="loan-field loan-field--stack" data-testid="loan-rate-commercial">
            <span className="loan-field__label">
              商贷利率
              <small className="num">
                执行利率 {commercialPct !== null && commercialPct > 0 ? ratePctText(commercialPct) : '--'}
              </small>
            </span>
            <span className="loan-rate">
              <span className="num">
                {lprName} {ratePctText(lprPct)}
              </span>
              <span className="loan-rate__bp">
                <button
                  type="button"
                  aria-label="减5个基点"
                  onClick={() => set('bp', String((Number.isInteger(bp) ? bp : 0) - 5))}
                >
                  −
                </button>
                <input
                  className="num"
                  inputMode="numeric"
                  name="bp"
                  aria-label="LPR加点（BP）"
                  value={form.bp}
                  onChange={(e) => set('bp', e.target.value)}
                  data-testid="loan-bp"
                />
                <button
                  type="button"
                  aria-label="加5个基点"
                  onClick={() => set('bp', String((Number.isInteger(bp) ? bp : 0) + 5))}
                >
                  +
                </button>
                <em>BP</em>
              </span>
            </span>
            <span className="loan-field__source">
              LPR {rates.lpr.effective} 起执行 · {rates.lpr.source.issuer}公布；1BP=0.01%，5年以上贷款按5年期以上LPR定价
            </span>
          </div>
        ) : null}
        <FieldError field="bp" errors={errors} />

        {form.kind !== 'commercial' ? (
          <div className="loan-field loan-field--stack" data-testid="loan-rate-fund">
            <span className="loan-field__label">
              公积金利率<small className="num">{ratePctText(fundPct)}</small>
            </span>
            <div className="loan-chips" role="group" aria-label="首套或二套">
              {[false, true].map((second) => (
                <button
                  key={String(second)}
                  type="button"
                  className={form.secondHome === second ? 'loan-chip is-on' : 'loan-chip'}
                  aria-pressed={form.secondHome === second}
                  onClick={() => set('secondHome', second)}
                >
                  {second ? '二套' : '首套'}
                </button>
              ))}
            </div>
            <span className="loan-field__source">
              {rates.fund.effective} 起执行 · {rates.fund.source.issuer}公布；二套为不低于该利率
            </span>
          </div>
        ) : null}

        <div className="loan-field">
          <span className="loan-field__label">还款方式</span>
          <div className="loan-switch" role="group" aria-label="还款方式">
            {REPAYMENT_METHODS.map((m) => (
              <button
                key={m}
                type="button"
                className={form.method === m ? 'is-on' : undefined}
                aria-pressed={form.method === m}
                onClick={() => set('method', m)}
                data-testid={`loan-method-${m}`}
              >
                {REPAYMENT_METHOD_LABELS[m]}
              </button>
            ))}
          </div>
        </div>
      </section>

      {plan ? (
        <section className="loan-card loan-result" aria-label="计算结果" data-testid="loan-result">
          <p className="loan-result__label">{equalPrincipal ? '首月月供（元）' : '每月月供（元）'}</p>
          <p className="loan-result__payment num" data-testid="loan-monthly">
            {yuanOfFen(plan.schedule.firstPaymentFen)}
          </p>
          {equalPrincipal ? (
            <p className="loan-result__decrease" data-testid="loan-decrease">
              每月递减约 <span className="num">{yuanOfFen(plan.schedule.monthlyDecreaseFen)}</span> 元
            </p>
          ) : null}
          <dl className="loan-result__grid">
            <div>
              <dt>贷款总额</dt>
              <dd className="num" data-testid="loan-principal">
                {wanOfFen(plan.loanFen)}万
              </dd>
            </div>
            <div>
              <dt>支付利息</dt>
              <dd className="num" data-testid="loan-interest">
                {wanOfFen(plan.schedule.totalInterestFen)}万
              </dd>
            </div>
            <div>
              <dt>还款总额</dt>
              <dd className="num">{wanOfFen(plan.schedule.totalPaymentFen)}万</dd>
            </div>
          </dl>
          {plan.parts.length > 1 ? (
            <ul className="loan-result__parts" data-testid="loan-parts">
              {plan.parts.map((p) => (
                <li key={p.kind}>
                  {p.kind === 'fund' ? '公积金' : '商贷'} {wanOfFen(p.principalFen)}万 · {ratePctText(p.annualPct)} ·{' '}
                  {equalPrincipal ? '首月' : '月供'}{' '}
                  <span className="num">{yuanOfFen(p.schedule.firstPaymentFen)}</span>元
                </li>
              ))}
            </ul>
          ) : null}
          <div className="loan-share" aria-label="本金与利息占比">
            <span className="loan-share__principal" style={{ flexGrow: plan.loanFen }} title="本金" />
            <span className="loan-share__interest" style={{ flexGrow: plan.schedule.totalInterestFen }} title="利息" />
          </div>
          <p className="loan-share__legend">
            <span className="dot dot--principal" />
            本金 {Math.round((plan.loanFen / plan.schedule.totalPaymentFen) * 100)}%
            <span className="dot dot--interest" />
            利息 {Math.round((plan.schedule.totalInterestFen / plan.schedule.totalPaymentFen) * 100)}%
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
      ) : (
        <section
          className="loan-card loan-result loan-result--empty"
          aria-label="计算结果"
          data-testid="loan-result-empty"
        >
          <p>请按提示修改上面标红的内容，即可看到月供和利息。</p>
        </section>
      )}

      {plan && chartSvg ? (
        <section className="loan-card" aria-label="剩余本金走势">
          <SvgChart svg={chartSvg} label="每年末剩余本金与累计利息" takeaway={interestShareText(plan.schedule)} />
        </section>
      ) : null}

      {plan ? (
        <section className="loan-card" aria-label="还款计划">
          <button
            type="button"
            className="loan-schedule__toggle"
            aria-expanded={showSchedule}
            onClick={() => setShowSchedule((s) => !s)}
            data-testid="loan-schedule-toggle"
          >
            还款计划（共{plan.schedule.months}期）<span aria-hidden="true">{showSchedule ? '收起 ▴' : '展开 ▾'}</span>
          </button>
          {showSchedule ? <Schedule schedule={plan.schedule} /> : null}
        </section>
      ) : null}

      <LoanConsultSheet
        visible={consulting}
        onClose={() => setConsulting(false)}
        cityId={cityId}
        summary={plan ? `贷款${wanOfFen(plan.loanFen)}万 · ${plan.years}年` : null}
      />
    </>
  );
}
