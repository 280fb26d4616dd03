// The invitee's claim (issue 18): a phone and its SMS code (POST login/sms, login/mobile — a signed-in visitor skips
// them), then the claim — POST invitation/get-coupon (the hub's link) or invitation/receive {variant} (the
// campaigns'). The device id cookie is made first: the server's once-per-device rule reads it.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { INVITATION_CODE_PATTERN, type InvitationClaimBody } from '@fjt/domain';
import { callApi, useViewer } from '../../lib/session.ts';
import { ensureDeviceId } from '../../lib/device.ts';
import { signInWithSms, smsLoginError, useSmsCode } from '../../lib/use-sms-code.ts';
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
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  // a double tap submits before the re-render that disables the button
  const claiming = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const smsCode = useSmsCode(mobile, setError);
  useEffect(() => {
    ensureDeviceId();
  }, []);
  const codeOk = INVITATION_CODE_PATTERN.test(code);
  const signedIn = viewer.status === 'user';

  const sendCode = () => {
    setError(null);
    void smsCode.send();
  };

  const claim = async () => {
    if (claiming.current) return;
    const invalid = signedIn ? null : smsLoginError({ mobile, code: sms, agreed });
    setError(invalid);
    if (invalid) return;
    claiming.current = true;
    setBusy(true);
    try {
      ensureDeviceId();
      if (!signedIn) {
        const failed = await signInWithSms(mobile, sms);
        if (failed) return setError(failed);
      }
      const res = variant
        ? await callApi<InvitationClaimBody>('invitation/receive', { code, variant })
        : await callApi<InvitationClaimBody>('invitation/get-coupon', { code });
      if (res.resultCode !== 0 || !res.body) return setError(res.errMsg || '领取失败，请稍后重试');
      onDone(res.body);
    } finally {
      claiming.current = false;
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
                disabled={smsCode.wait > 0 || smsCode.sending}
                onClick={sendCode}
                data-testid="claim-send"
              >
                {smsCode.wait > 0 ? `${smsCode.wait}秒后重发` : smsCode.sending ? '发送中…' : '获取验证码'}
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
