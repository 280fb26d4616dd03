// The console's block for a lead that carries an owner's 卖房报价 (NEW GET ops/leads/{id}/owner-quote): the quote
// with the room masked to its 楼栋, and for the lead's own agent the 挂牌建议 form (price 万 + note ≤ 200, NEW POST
// …/owner-quote/advice). A lead without a quote shows nothing.
import { useEffect, useState, type FormEvent } from 'react';
import { ADVICE_NOTE_MAX, quoteAdviceInput, type OpsOwnerQuote } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { contactLabel, timelineLabel, wan } from './format.ts';
import './owner-quotes.css';

export function OpsQuoteBlock({ leadId, mine }: { leadId: number; mine: boolean }) {
  const [quote, setQuote] = useState<OpsOwnerQuote | null>(null);
  const [price, setPrice] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void callApi<OpsOwnerQuote>(`ops/leads/${leadId}/owner-quote`).then((res) => {
      if (live && res.resultCode === 0 && res.body) setQuote(res.body);
    });
    return () => {
      live = false;
    };
  }, [leadId]);

  if (!quote) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { price: price.trim() === '' ? Number.NaN : Number(price), ...(note.trim() ? { note } : {}) };
    const parsed = quoteAdviceInput.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '请检查输入');
    setError(null);
    setBusy(true);
    const res = await callApi<OpsOwnerQuote>(`ops/leads/${leadId}/owner-quote/advice`, input);
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return showToast(res.errMsg || '操作失败，请稍后重试');
    setQuote(res.body);
    setPrice('');
    setNote('');
    showToast('挂牌建议已发送给业主');
  };

  return (
    <div className="ops-owner-quote" data-testid={`ops-owner-quote-${leadId}`}>
      <dl className="ops-facts">
        <dt>业主报价</dt>
        <dd data-testid="ops-owner-quote-facts">
          {quote.building} · 期望<strong className="num">{wan(quote.expectedPrice)}</strong> ·{' '}
          {timelineLabel(quote.timeline)} · {contactLabel(quote.contactPreference)}
          {quote.note ? (
            <>
              <br />
              {quote.note}
            </>
          ) : null}
        </dd>
        {quote.advice ? (
          <>
            <dt>挂牌建议</dt>
            <dd data-testid="ops-owner-quote-advice">
              <span className="num">{wan(quote.advice.price)}</span>
              {quote.advice.note ? ` · ${quote.advice.note}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      {mine ? (
        <form className="ops-form" onSubmit={(e) => void submit(e)} noValidate aria-label="挂牌建议">
          <label className="ops-field">
            <span>建议挂牌价（万元）</span>
            <input
              name="advicePrice"
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value.replace(/[^\d.]/g, ''))}
            />
          </label>
          <label className="ops-field">
            <span>建议说明（选填，{ADVICE_NOTE_MAX}字内）</span>
            <input
              name="adviceNote"
              maxLength={ADVICE_NOTE_MAX}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </label>
          {error ? (
            <p className="oq-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="ops-form__actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {quote.advice ? '更新挂牌建议' : '发送挂牌建议'}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
