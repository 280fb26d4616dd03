// '不再联系我' on 我的 (issue 14): whether agents may still contact the user about the demands they sent (NEW GET
// lead/consent), and withdrawing that consent after a confirm (NEW POST lead/consent/withdraw), which closes the
// open demands. The action sheet and toast load on the tap, not with the page.
import { useEffect, useState } from 'react';
import { WITHDRAW_DONE_TOAST } from './lead-consent-copy.ts';
import type { LeadConsentState } from '@fjt/domain';
import { loadLeadConsent, withdrawLeadConsent } from '../../components/lead-form/lead-api.ts';

function consentText(consent: LeadConsentState | null, withdrawn: boolean): string {
  if (withdrawn) return '已关闭';
  if (!consent) return '';
  if (!consent.active) return '未授权联系';
  return consent.openLeads > 0 ? `${consent.openLeads}条需求进行中` : '';
}

export function LeadConsentEntry() {
  const [consent, setConsent] = useState<LeadConsentState | null>(null);
  const [busy, setBusy] = useState(false);
  const [withdrawn, setWithdrawn] = useState(false);
  useEffect(() => {
    let live = true;
    void loadLeadConsent().then((res) => {
      if (live && res.resultCode === 0 && res.body) setConsent(res.body);
    });
    return () => {
      live = false;
    };
  }, []);

  const withdraw = async () => {
    if (busy) return;
    const [{ chooseAction }, { showToast }] = await Promise.all([
      import('../../lib/action-sheet.ts'),
      import('../../lib/toast.ts'),
    ]);
    const open = consent?.openLeads ?? 0;
    const chosen = await chooseAction(
      [{ key: 'withdraw', text: '不再联系我', danger: true }],
      open > 0 ? `经纪人将不再联系您，进行中的${open}条需求将关闭` : '经纪人将不再就您提交的需求联系您',
    );
    if (chosen !== 'withdraw') return;
    setBusy(true);
    const res = await withdrawLeadConsent();
    setBusy(false);
    if (res.resultCode !== 0) {
      showToast(res.errMsg || '操作失败，请稍后再试');
      return;
    }
    setConsent({ active: false, openLeads: 0 });
    setWithdrawn(true);
    showToast(WITHDRAW_DONE_TOAST);
  };

  const inactive = consent !== null && !consent.active;
  return (
    <ul className="acct-list" aria-label="经纪人联系" data-testid="lead-consent-entry">
      <li>
        <button type="button" disabled={busy || inactive} onClick={() => void withdraw()}>
          <span className="acct-list__label">不再联系我</span>
          <span className="acct-list__value">{consentText(consent, withdrawn)}</span>
          <span className="acct-list__arrow" aria-hidden="true">
            ›
          </span>
        </button>
      </li>
    </ul>
  );
}
