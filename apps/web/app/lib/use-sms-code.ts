// Signing in with a phone and an SMS code (PAGES.md §3.9), shared by /login and the invitation claim form: POST
// login/sms sends the code (one request at a time, then a countdown before another), the form's checks in the
// login page's words, and POST login/mobile, which signs in (a new phone creates the account).
import { useCallback, useEffect, useRef, useState } from 'react';
import { MOBILE_FORMAT_ERROR, isValidMobile, type UserInfo } from '@fjt/domain';
import { callApi, rememberLogin } from './session.ts';

export const AGREEMENT_REQUIRED = '请先阅读并同意《用户服务协议》和《隐私政策》';
export const SMS_CODE_ERROR = '请输入6位验证码';
/** When login/sms does not say how long to wait. */
const RESEND_SECONDS = 60;

export interface SmsCode {
  /** Seconds before another code may be sent; 0: now. */
  wait: number;
  /** A request is on its way. */
  sending: boolean;
  /** Sends a code to `mobile`; false (after onError) when it was refused or not sent. */
  send: () => Promise<boolean>;
}

export function useSmsCode(mobile: string, onError: (message: string) => void): SmsCode {
  const [wait, setWait] = useState(0);
  const [sending, setSending] = useState(false);
  // a second tap before the re-render that disables the button
  const inFlight = useRef(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const send = useCallback(async () => {
    if (inFlight.current || wait > 0) return false;
    if (!isValidMobile(mobile)) {
      onError(MOBILE_FORMAT_ERROR);
      return false;
    }
    inFlight.current = true;
    setSending(true);
    try {
      const res = await callApi<{ resendAfter: number }>('login/sms', { mobile });
      if (res.resultCode !== 0 || !res.body) {
        onError(res.errMsg || '验证码发送失败，请稍后再试');
        return false;
      }
      setWait(res.body.resendAfter || RESEND_SECONDS);
      return true;
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, [mobile, wait, onError]);

  return { wait, sending, send };
}

/** What is wrong with the sign-in form, in the order a user fixes it; null when it can be sent. */
export function smsLoginError(form: { mobile: string; code: string; agreed: boolean }): string | null {
  if (!isValidMobile(form.mobile)) return MOBILE_FORMAT_ERROR;
  if (!/^\d{6}$/.test(form.code)) return SMS_CODE_ERROR;
  if (!form.agreed) return AGREEMENT_REQUIRED;
  return null;
}

/** POST login/mobile; the signed-in user is remembered. Answers the error message, or null once signed in. */
export async function signInWithSms(mobile: string, code: string): Promise<string | null> {
  const res = await callApi<{ user: UserInfo }>('login/mobile', { mobile, code, client: 'web' });
  if (res.resultCode !== 0 || !res.body) return res.errMsg || '登录失败，请稍后再试';
  rememberLogin(res.body.user);
  return null;
}
