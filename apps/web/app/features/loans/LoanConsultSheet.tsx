// '咨询贷款' (PAGES.md §3.7, §3.13): the lead forms' sheet, phone field (the account's number prefilled) and privacy
// note, sent to POST loan/consult/phone with one Idempotency-Key per opening; success toasts the spec §9 pledge.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { IDEMPOTENCY_HEADER, LEAD_SUCCESS_TOAST, type SaveRealPriceBody, type UserInfo } from '@fjt/domain';
import { LeadSheet } from '../../components/lead-form/LeadSheet.tsx';
import { PhoneField, phoneToSend, usePhone } from '../../components/lead-form/PhoneField.tsx';
import { PrivacyNote } from '../../components/lead-form/PrivacyNote.tsx';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { callApi, checkLogin } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';

export const CONSULT_TITLE = '咨询贷款';

function ConsultBody({
  cityId,
  summary,
  onDone,
}: {
  cityId: number;
  summary: string | null;
  onDone: (sent: boolean) => void;
}) {
  const navigate = useNavigate();
  const page = useLocation().pathname.slice(0, 300);
  const [user, setUser] = useState<UserInfo | null>(null);
  const [phone, setPhone] = usePhone(user);
  const [key] = useState(newIdempotencyKey);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    let live = true;
    void checkLogin().then((u) => live && setUser(u));
    return () => {
      live = false;
    };
  }, []);

  const send = async () => {
    if (sending) return;
    const mobile = phoneToSend(phone);
    if (!mobile.ok) {
      showToast(mobile.error);
      return;
    }
    setSending(true);
    const res = await callApi<SaveRealPriceBody>(
      'loan/consult/phone',
      { cityId, page, ...(mobile.mobile === undefined ? {} : { mobile: mobile.mobile }) },
      { [IDEMPOTENCY_HEADER]: key },
    );
    setSending(false);
    if (res.resultCode !== 0) {
      showToast(res.errMsg || '提交失败，请稍后再试');
      return;
    }
    showToast(LEAD_SUCCESS_TOAST);
    onDone(true);
  };

  return (
    <>
      <p className="loan-consult__lead">
        贷款顾问将为您对比各银行的利率加点、放款时间和审批要求{summary ? `（${summary}）` : ''}。
      </p>
      <PhoneField phone={phone} onChange={setPhone} />
      <button
        type="button"
        className="btn btn-primary loan-consult__submit"
        disabled={sending}
        onClick={() => void send()}
        data-testid="loan-consult-submit"
      >
        免费咨询
      </button>
      <PrivacyNote onOpen={(href) => void navigate(href)} />
    </>
  );
}

export function LoanConsultSheet({
  visible,
  onClose,
  cityId,
  summary = null,
  onSent,
}: {
  visible: boolean;
  onClose: () => void;
  cityId: number | null;
  /** What the user computed, shown to them ('贷款210万 · 30年'). */
  summary?: string | null;
  /** After the lead was accepted (the result page records it on the evaluation). */
  onSent?: () => void;
}) {
  return (
    <LeadSheet visible={visible && cityId !== null} onClose={onClose} title={CONSULT_TITLE} testId="loan-consult-sheet">
      {cityId !== null ? (
        <ConsultBody
          cityId={cityId}
          summary={summary}
          onDone={(sent) => {
            onClose();
            if (sent) onSent?.();
          }}
        />
      ) : null}
    </LeadSheet>
  );
}
