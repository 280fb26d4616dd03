// /dev/sms 沙箱短信 (issue 11): what the sandbox SMS gateway "sent" — the latest login codes, newest first,
// refreshed every 3 s; an alert SMS shows its short link (issue 18). Only with SMS_PROVIDER=sandbox (the default outside production); a 404 otherwise.
import { useEffect, useState } from 'react';
import { Link, data, useSearchParams } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, isValidMobile, maskPhone, pageTitle } from '@fjt/domain';
import type { Route } from './+types/dev-sms';
import { callApi } from '../../lib/session.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import '../../features/account/account.css';

interface SmsRow {
  phone: string;
  template: string;
  code: string | null;
  createdAt: string;
  /** An alert SMS's short link (issue 18). */
  link: string | null;
}

export function loader({ context }: Route.LoaderArgs) {
  if (!context.smsSandbox) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('沙箱短信') },
  { name: 'description', content: `开发环境的沙箱短信网关：最近发出的登录验证码。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

const REFRESH_MS = 3000;

export default function DevSmsPage() {
  const [search, setSearch] = useSearchParams();
  const phone = search.get('phone') ?? '';
  const [rows, setRows] = useState<SmsRow[] | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    const load = async () => {
      const query = isValidMobile(phone) ? `?phone=${phone}` : '';
      const res = await callApi<{ list: SmsRow[] }>(`dev/sms-outbox${query}`);
      if (!live) return;
      if (res.resultCode === 0 && res.body) {
        setRows(res.body.list);
        setError('');
      } else setError(res.errMsg || 'Network Error.');
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [phone]);

  return (
    <main className="acct" data-testid="dev-sms">
      <section className="acct-panel">
        <h2>沙箱短信（仅开发环境）</h2>
        <p>短信网关为沙箱模式：验证码不会真正发出，而是记录在这里。每3秒自动刷新。</p>
        <form
          className="acct-field"
          onSubmit={(e) => {
            e.preventDefault();
            const value = new FormData(e.currentTarget).get('phone');
            setSearch(typeof value === 'string' && value ? { phone: value } : {}, { replace: true });
          }}
        >
          <input
            name="phone"
            type="tel"
            inputMode="numeric"
            maxLength={11}
            placeholder="按手机号筛选"
            defaultValue={phone}
          />
          <button type="submit" className="acct-code-btn">
            筛选
          </button>
        </form>
        {error ? <p className="acct-error">{error}</p> : null}
        {rows === null ? (
          <p className="acct-list__value">加载中…</p>
        ) : rows.length === 0 ? (
          <EmptyState
            frame="plain"
            title="还没有短信"
            hint="在登录页获取验证码后，这里会显示最新的验证码"
            action={
              <Link className="btn" to="/login">
                去登录
              </Link>
            }
          />
        ) : (
          <ul className="acct-sms" data-testid="sms-list">
            {rows.map((r) => (
              <li key={`${r.phone}-${r.createdAt}-${r.code ?? r.template}`}>
                <span>
                  <span data-testid="sms-phone" data-phone={r.phone}>
                    {maskPhone(r.phone)}
                  </span>
                  <br />
                  <small className="acct-list__value">{r.createdAt.replace('T', ' ').replace('Z', '')} UTC</small>
                </span>
                {r.link ? (
                  <Link className="btn" to={r.link} data-testid="sms-link">
                    打开链接
                  </Link>
                ) : (
                  <span className="acct-sms__code" data-testid="sms-code">
                    {r.code ?? r.template}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
