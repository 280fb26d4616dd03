// /promotion/exchange-vip 兑换会员 (issue 12): a 16-character code from an activity or a partner gives its VIP days
// once, after the membership still running (POST promotion/exchange-vip). Login first.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  EXCHANGE_CODE_FORMAT_ERROR,
  EXCHANGE_CODE_LENGTH,
  SITE_DESCRIPTION,
  normaliseExchangeCode,
  pageTitle,
  type MemberStatus,
} from '@fjt/domain';
import type { Route } from './+types/exchange-vip';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { forgetMembership } from '../../lib/membership.ts';
import { chinaDate } from '../../features/account/format.ts';
import '../../features/account/account.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('兑换会员') },
  { name: 'description', content: `输入兑换码，领取房价通会员天数。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function ExchangeVipPage() {
  const viewer = useLoginGuard();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ days: number; status: MemberStatus } | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    const raw = new FormData(event.currentTarget).get('code');
    const code = normaliseExchangeCode(typeof raw === 'string' ? raw : '');
    if (code.length !== EXCHANGE_CODE_LENGTH) return setError(code ? EXCHANGE_CODE_FORMAT_ERROR : '请输入兑换码');
    setBusy(true);
    const res = await callApi<{ days: number; status: MemberStatus }>('promotion/exchange-vip', { code });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return setError(res.errMsg || '兑换失败，请稍后再试');
    forgetMembership(); // member-only rows are asked for again
    setDone(res.body);
  };

  if (viewer.status !== 'user') {
    return (
      <main className="acct" aria-busy="true">
        <div className="acct-panel">
          <span className="sk-bone" style={{ width: '60%', height: 18 }} />
        </div>
      </main>
    );
  }

  return (
    <main className="acct" data-testid="exchange-vip">
      {done ? (
        <section className="acct-login-card" data-testid="exchange-done">
          <h2>兑换成功</h2>
          <p>
            已领取<span className="num">{done.days}</span>天会员，会员有效期至
            <span className="num">{chinaDate(done.status.expiresAt!)}</span>
          </p>
          <Link className="btn btn-primary" to="/profile">
            返回我的
          </Link>
        </section>
      ) : (
        <form className="acct-form" onSubmit={(e) => void submit(e)} noValidate>
          <h1>兑换会员</h1>
          <p className="acct-form__sub">输入16位兑换码，领取会员天数；已是会员的，天数顺延</p>
          <label className="acct-field">
            <span className="visually-hidden">兑换码</span>
            <input
              name="code"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={19}
              placeholder="请输入16位兑换码"
            />
          </label>
          <p className="acct-error" role="alert" data-testid="exchange-error">
            {error}
          </p>
          <button type="submit" className="btn btn-primary acct-submit" disabled={busy}>
            {busy ? '兑换中…' : '立即兑换'}
          </button>
        </form>
      )}
      <p className="acct-hint">兑换码一码一次，过期作废；兑换后不可退还或转让。</p>
    </main>
  );
}
