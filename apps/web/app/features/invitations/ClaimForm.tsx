// The invitee's claim (issue 18): a phone and its SMS code (POST login/sms, login/mobile — a signed-in visitor skips
// them), then the claim — POST invitation/get-coupon (the hub's link) or invitation/receive {variant} (the
// campaigns'). The device id cookie is made first: the server's once-per-device rule reads it.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { INVITATION_CODE_PATTERN, type InvitationClaimBody, type UserInfo } from '@fjt/domain';
import { callApi, rememberLogin, useViewer } from '../../lib/session.ts';
import { ensureDeviceId } from '../../lib/device.ts';
import './invitations.css';

export function ClaimForm({
  code,
  variant,
  onDone,
  cta = '立即领取',
}: {
  code: string;
  /** '' : the hub's get-coupon; otherwise the campaign's receive. */
  variant: '' | 'invitation' | 'invitation2';
  onDone: (result: InvitationClaimBody) => void;
  cta?: string;
}) {
  const viewer = useViewer();
  const [mobile, setMobile] = useState('');
  const [sms, setSms] = useState('');
  const [wait, setWait] = useState(0);
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    ensureDeviceId();
  }, []);
  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait((w) => w - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);
  const codeOk = INVITATION_CODE_PATTERN.test(code);
  const signedIn = viewer.status === 'user';

  const sendCode = async () => {
    setError(null);
    if (!/^1\d{10}$/.test(mobile)) return setError('请输入正确的手机号');
    const res = await callApi<{ resendAfter: number }>('login/sms', { mobile });
    if (res.resultCode !== 0) return setError(res.errMsg || '验证码发送失败，请稍后重试');
    setWait(res.body?.resendAfter ?? 60);
  };

  const claim = async () => {
    if (busy) return;
    setError(null);
    if (!signedIn) {
      if (!/^1\d{10}$/.test(mobile)) return setError('请输入正确的手机号');
      if (!/^\d{6}$/.test(sms)) return setError('请输入6位验证码');
      if (!agreed) return setError('请先阅读并同意《用户服务协议》和《隐私政策》');
    }
    setBusy(true);
    try {
      ensureDeviceId();
      if (!signedIn) {
        const login = await callApi<{ user: UserInfo }>('login/mobile', { mobile, code: sms, client: 'web' });
        if (login.resultCode !== 0 || !login.body) return setError(login.errMsg || '登录失败，请重试');
        rememberLogin(login.body.user);
      }
      const res = variant
        ? await callApi<InvitationClaimBody>('invitation/receive', { code, variant })
        : await callApi<InvitationClaimBody>('invitation/get-coupon', { code });
      if (res.resultCode !== 0 || !res.body) return setError(res.errMsg || '领取失败，请稍后重试');
      onDone(res.body);
    } finally {
      setBusy(false);
    }
  };

  if (!codeOk) {
    return (
      <p className="invite-form__error" role="alert" data-testid="claim-bad-code">
        邀请链接无效，请向好友重新索取邀请链接
      </p>
    );
  }
  return (
    <form
      className="invite-form"
      data-testid="claim-form"
      onSubmit={(e) => {
        e.preventDefault();
        void claim();
      }}
    >
      <p>
        好友邀请码 <strong className="num">{code}</strong>
      </p>
      {signedIn ? (
        <p data-testid="claim-signed-in">已登录 {viewer.user.mobile}，可直接领取</p>
      ) : (
        <>
          <label>
            手机号
            <input
              type="tel"
              inputMode="numeric"
              maxLength={11}
              placeholder="请输入手机号"
              value={mobile}
              onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
              data-testid="claim-mobile"
            />
          </label>
          <label>
            验证码
            <span className="invite-form__code">
              <input
                type="text"
                inputMode="numeric"
                maxLength={6}
                placeholder="6位验证码"
                value={sms}
                onChange={(e) => setSms(e.target.value.replace(/\D/g, ''))}
                data-testid="claim-sms"
              />
              <button
                type="button"
                className="btn"
                disabled={wait > 0}
                onClick={() => void sendCode()}
                data-testid="claim-send"
              >
                {wait > 0 ? `${wait}秒后重发` : '获取验证码'}
              </button>
            </span>
          </label>
          <label style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <input
              type="checkbox"
              checked={agreed}
              onChange={(e) => setAgreed(e.target.checked)}
              data-testid="claim-agree"
            />
            <span>
              我已阅读并同意<Link to="/aboutus#agreement">《用户服务协议》</Link>和
              <Link to="/aboutus#privacy">《隐私政策》</Link>
            </span>
          </label>
        </>
      )}
      {error ? (
        <p className="invite-form__error" role="alert" data-testid="claim-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={busy}
        data-testid="claim-submit"
        style={{ minHeight: 44 }}
      >
        {busy ? '领取中…' : cta}
      </button>
    </form>
  );
}
