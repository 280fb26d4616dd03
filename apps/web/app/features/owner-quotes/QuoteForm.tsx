// 卖房报价's form (PAGES.md §3.7): expected price in 万 (> 0; a warning, never a refusal, when far from the estate's
// 挂牌均价 × the area of the owner's valuation), timeline and contact chips, an optional note; NEW POST
// estimate/quotation/submit with one Idempotency-Key per opening (a second tap or a lost answer makes no second
// quote). Sent: the spec §9 pledge toast, then `onSent` with the stored quote.
import { useState, type FormEvent } from 'react';
import {
  CONTACT_PREFERENCES,
  CONTACT_PREFERENCE_LABELS,
  IDEMPOTENCY_HEADER,
  LEAD_SUCCESS_TOAST,
  QUOTE_NOTE_MAX,
  QUOTE_TIMELINES,
  QUOTE_TIMELINE_LABELS,
  checkQuotePrice,
  ownerQuoteInput,
  quotePriceWarning,
  type ContactPreference,
  type OwnerQuote,
  type QuoteTimeline,
} from '@fjt/domain';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { callApi } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { wan } from './format.ts';

type Field = 'expectedPrice' | 'timeline' | 'contactPreference' | 'note';

export function QuoteForm({
  estateId,
  verificationId,
  recordId,
  roomLabel,
  avgUnitPrice,
  area,
  estimate,
  onSent,
}: {
  estateId: number;
  verificationId: number;
  recordId: number | null;
  roomLabel: string | null;
  avgUnitPrice: number | null;
  area: number | null;
  estimate: number | null;
  onSent: (quote: OwnerQuote) => void;
}) {
  const [key] = useState(newIdempotencyKey);
  const [price, setPrice] = useState('');
  const [timeline, setTimeline] = useState<QuoteTimeline | null>(null);
  const [contact, setContact] = useState<ContactPreference>('phone');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  /** A field's error goes as soon as the field is changed. */
  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const priceNumber = price.trim() === '' ? null : Number(price);
  const check = checkQuotePrice(priceNumber, avgUnitPrice, area);
  const warning = quotePriceWarning(check);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      estateId,
      verificationId,
      ...(recordId === null ? {} : { recordId }),
      expectedPrice: priceNumber ?? Number.NaN,
      timeline: timeline ?? '',
      contactPreference: contact,
      ...(note.trim() ? { note } : {}),
      page: '/estimate/quotation/form',
    };
    const parsed = ownerQuoteInput.safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    const res = await callApi<OwnerQuote>('estimate/quotation/submit', input, { [IDEMPOTENCY_HEADER]: key });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '提交失败，请稍后重试');
    showToast(LEAD_SUCCESS_TOAST);
    onSent(res.body);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="卖房报价" data-testid="oq-quote-form">
      <section className="oq-section" aria-label="期望售价">
        <h2>期望售价</h2>
        {roomLabel ? <p className="oq-hint">已认证房屋：{roomLabel}</p> : null}
        <label className="oq-field">
          <span>期望售价（万元）</span>
          <input
            name="expectedPrice"
            inputMode="decimal"
            placeholder="请输入期望售价，如 350"
            aria-invalid={errors.expectedPrice ? true : undefined}
            value={price}
            onChange={(e) => {
              setPrice(e.target.value.replace(/[^\d.]/g, ''));
              clear('expectedPrice');
            }}
          />
          {errors.expectedPrice ? (
            <span className="oq-error" data-testid="oq-error-price">
              {errors.expectedPrice}
            </span>
          ) : null}
        </label>
        {check.referenceWan !== null ? (
          <p className="oq-ref" data-testid="oq-reference">
            <span>参考：小区挂牌均价 × {area}㎡</span>
            <span className="num">约{check.referenceWan}万</span>
          </p>
        ) : null}
        {estimate !== null ? (
          <p className="oq-ref">
            <span>您的估价结果</span>
            <span className="num">{wan(estimate)}</span>
          </p>
        ) : null}
        {warning ? (
          <p className="oq-warn" role="status" data-testid="oq-price-warning">
            {warning}
          </p>
        ) : null}
      </section>

      <section className="oq-section" aria-label="出售安排">
        <fieldset className="oq-chips oq-group">
          <legend>计划出售时间</legend>
          {QUOTE_TIMELINES.map((t) => (
            <button
              key={t}
              type="button"
              className="oq-chip"
              aria-pressed={timeline === t}
              onClick={() => {
                setTimeline(t);
                clear('timeline');
              }}
            >
              {QUOTE_TIMELINE_LABELS[t]}
            </button>
          ))}
          {errors.timeline ? (
            <span className="oq-error" data-testid="oq-error-timeline">
              {errors.timeline}
            </span>
          ) : null}
        </fieldset>
        <fieldset className="oq-chips oq-group">
          <legend>希望经纪人如何联系您</legend>
          {CONTACT_PREFERENCES.map((c) => (
            <button
              key={c}
              type="button"
              className="oq-chip"
              aria-pressed={contact === c}
              onClick={() => setContact(c)}
            >
              {CONTACT_PREFERENCE_LABELS[c]}
            </button>
          ))}
        </fieldset>
        <label className="oq-field">
          <span>补充说明（选填）</span>
          <textarea
            name="note"
            maxLength={QUOTE_NOTE_MAX}
            placeholder="如 满五唯一、南北通透、可随时看房"
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              clear('note');
            }}
          />
          {errors.note ? <span className="oq-error">{errors.note}</span> : null}
        </label>
        <p className="oq-hint">提交后，服务该小区的经纪人会结合近期成交给出挂牌建议，并通过虚拟号码联系您。</p>
      </section>

      <button type="submit" className="btn btn-primary oq-submit" disabled={busy}>
        提交报价
      </button>
    </form>
  );
}
