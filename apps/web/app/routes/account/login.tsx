// /login?redirect 登录 (PAGES.md §3.9): phone + SMS code + agreement. POST login/sms sends the code (60 s before
// another), POST login/mobile signs in (a new phone creates the account), then back to `redirect` — a path of
// this site only. A signed-in visitor goes straight on.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, nativeLink, pageTitle, safeRedirectPath } from '@fjt/domain';
import type { Route } from './+types/login';
import { checkLogin } from '../../lib/session.ts';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { signInWithSms, smsLoginError, useSmsCode } from '../../lib/use-sms-code.ts';
import '../../features/account/account.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('登录') },
  { name: 'description', content: `手机号验证码登录房价通，订阅小区、收藏房源、查看成交价。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const target = safeRedirectPath(search.get('redirect'), '/profile');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState('');
  const sms = useSmsCode(mobile, setError);
  const [busy, setBusy] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  // inside the native app, its own (guest) login signs in and comes back with the token header (PAGES.md §3.9)
  const { isApp } = useClientFlags();

  useEffect(() => {
    let live = true;
    void checkLogin().then((user) => {
      if (live && user) void navigate(target, { replace: true });
    });
    return () => {
      live = false;
    };
  }, [navigate, target]);

  const sendCode = async () => {
    setError('');
    if (await sms.send()) codeInput.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = smsLoginError({ mobile, code, agreed });
    setError(invalid ?? '');
    if (invalid) return;
    setBusy(true);
    const failed = await signInWithSms(mobile, code);
    setBusy(false);
    if (failed) return setError(failed);
    void navigate(target, { replace: true });
  };

  return (
    <main className="acct" data-testid="login-page">
      <form className="acct-form" onSubmit={(e) => void submit(e)} noValidate>
        <h1>手机号登录</h1>
        <p className="acct-form__sub">未注册的手机号验证后将自动创建房价通账号</p>
        {isApp ? (
          <a
            className="btn btn-primary acct-submit acct-app-login"
            href={nativeLink('guestLogin', { redirect: target })}
          >
            使用APP账号一键登录
          </a>
        ) : null}
        <label className="acct-field">
          <span className="acct-field__prefix">+86</span>
          <span className="visually-hidden">手机号</span>
          <input
            name="mobile"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={11}
            placeholder="请输入手机号"
            value={mobile}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label className="acct-field">
          <span className="visually-hidden">验证码</span>
          <input
            ref={codeInput}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="请输入验证码"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          />
          <button
            type="button"
            className="acct-code-btn"
            disabled={sms.wait > 0 || sms.sending}
            onClick={() => void sendCode()}
          >
            {sms.wait > 0 ? `${sms.wait}s后重新获取` : sms.sending ? '发送中…' : '获取验证码'}
          </button>
        </label>
        <p className="acct-error" role="alert" data-testid="login-error">
          {error}
        </p>
        <label className="acct-agree">
          <input type="checkbox" name="agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>
            我已阅读并同意<Link to="/aboutus#agreement">《用户服务协议》</Link>和
            <Link to="/aboutus#privacy">《隐私政策》</Link>
          </span>
        </label>
        <button type="submit" className="btn btn-primary acct-submit" disabled={busy || !mobile || !code}>
          {busy ? '登录中…' : '登录'}
        </button>
      </form>
      <p className="acct-hint">
        登录即可订阅小区价格变动、收藏房源、同步估价记录。验证码5分钟内有效。
        <br />
        收不到验证码？请检查手机号是否正确，60秒后可重新获取。
      </p>
    </main>
  );
}
