// The phone input of the lead forms (spec §2, §5): prefilled with the account's masked number, which stays as it
// is until the user edits it; the first edit clears it for a new number. Left unedited, the form sends no
// mobile and the server uses the account's own number (leads.ts saveRealPriceInput).
import { useEffect, useState } from 'react';
import {
  LEAD_CONSENTS,
  LEAD_CONSENT_VERSION,
  MOBILE_FORMAT_ERROR,
  isValidMobile,
  type LeadConsentVersion,
  type UserInfo,
} from '@fjt/domain';

export interface PhoneState {
  value: string;
  /** True once the user typed: the prefilled (masked) number no longer stands. */
  edited: boolean;
  /** The account's masked number the field was prefilled with, if any. */
  prefilled: string | null;
}

/** The field's next state after an input event, given what the input now holds. */
export function nextPhone(state: PhoneState, next: string): PhoneState {
  if (state.edited || !state.prefilled) return { ...state, value: next.replace(/\D/g, '').slice(0, 11), edited: true };
  const masked = state.prefilled;
  // typed after the masked number: keep only what was typed; replaced it whole (select all): keep the new text;
  // anything else (a deletion, a digit among the stars) clears the field
  const typed = next.startsWith(masked) ? next.slice(masked.length) : next.includes('*') ? '' : next;
  return { ...state, value: typed.replace(/\D/g, '').slice(0, 11), edited: true };
}

/**
 * What the form sends as `mobile`: undefined for the unedited account number, the typed number when valid, or
 * an error (the toast of spec §5) when there is nothing valid to send.
 */
export function phoneToSend(
  state: PhoneState,
): { ok: true; mobile: string | undefined } | { ok: false; error: string } {
  if (!state.edited && state.prefilled) return { ok: true, mobile: undefined };
  return isValidMobile(state.value) ? { ok: true, mobile: state.value } : { ok: false, error: MOBILE_FORMAT_ERROR };
}

export function usePhone(user: UserInfo | null): [PhoneState, (next: string) => void] {
  const [state, setState] = useState<PhoneState>({ value: '', edited: false, prefilled: null });
  const mobile = user?.mobile ?? null;
  useEffect(() => {
    // the profile answers after the form opened: prefill unless the user has already typed
    if (mobile) setState((s) => (s.edited ? s : { value: mobile, edited: false, prefilled: mobile }));
  }, [mobile]);
  return [state, (next) => setState((s) => nextPhone(s, next))];
}

export function PhoneField({
  phone,
  onChange,
  consent = LEAD_CONSENT_VERSION,
}: {
  phone: PhoneState;
  onChange: (next: string) => void;
  /** Which consent text the form shows (the one its endpoint records). */
  consent?: LeadConsentVersion;
}) {
  return (
    <div className="lead-phone">
      <label className="lead-phone__row">
        <span className="lead-phone__label">手机号</span>
        <input
          className="lead-phone__input num"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          name="mobile"
          placeholder="请输入手机号"
          value={phone.value}
          onChange={(e) => onChange(e.target.value)}
          data-testid="lead-phone"
        />
      </label>
      <p className="lead-phone__note" data-testid="lead-consent">
        {LEAD_CONSENTS[consent]}
      </p>
    </div>
  );
}
