// /ops/codes 兑换码 (ops role): make a batch of single-use VIP exchange codes (POST ops/codes/create). The codes are
// shown here once — only their hashes are kept — to copy into the activity or the partner's mail. Audited.
import { useState, type FormEvent } from 'react';
import { pageTitle, type CodesCreateBody } from '@fjt/domain';
import type { Route } from './+types/codes';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { opsTime } from '../../features/ops/format.ts';
import { callApi } from '../../lib/session.ts';
import { copyText } from '../../lib/copy-text.ts';

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-codes');
  return null;
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('兑换码') }, { name: 'robots', content: 'noindex' }];

export default function OpsCodes() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [made, setMade] = useState<CodesCreateBody | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError('');
    const form = new FormData(event.currentTarget);
    const num = (name: string) => Number(form.get(name));
    setBusy(true);
    const res = await callApi<CodesCreateBody>('ops/codes/create', {
      count: num('count'),
      days: num('days'),
      validDays: num('validDays'),
    });
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) return setError(res.errMsg || '生成失败，请稍后再试');
    setMade(res.body);
  };

  return (
    <>
      <h1 className="ops-title">兑换码</h1>
      <section className="ops-panel" aria-labelledby="ops-codes-form">
        <h2 id="ops-codes-form" className="ops-panel__title">
          生成一批兑换码
        </h2>
        <p className="ops-hint">
          每个兑换码可兑换一次会员天数（在用户当前会员之后顺延）。兑换码只在生成时显示一次，请立即复制保存。
        </p>
        <form className="ops-form" onSubmit={(e) => void submit(e)} noValidate>
          <label className="ops-field">
            <span>数量</span>
            <input name="count" type="number" inputMode="numeric" min={1} max={500} defaultValue={10} />
          </label>
          <label className="ops-field">
            <span>会员天数</span>
            <input name="days" type="number" inputMode="numeric" min={1} max={3650} defaultValue={30} />
          </label>
          <label className="ops-field">
            <span>有效期（天）</span>
            <input name="validDays" type="number" inputMode="numeric" min={1} max={3650} defaultValue={90} />
          </label>
          <div className="ops-form__actions">
            <button type="submit" className="btn btn-primary ops-btn" disabled={busy}>
              {busy ? '生成中…' : '生成'}
            </button>
          </div>
          {error ? (
            <p className="ops-form__error" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </section>
      {made ? (
        <section className="ops-panel" aria-labelledby="ops-codes-made" data-testid="ops-codes-made">
          <h2 id="ops-codes-made" className="ops-panel__title">
            批次 {made.batch} <span className="ops-count num">{made.codes.length}</span>
          </h2>
          <p className="ops-hint">有效期至 {opsTime(made.expiresAt)}</p>
          <button type="button" className="btn ops-btn" onClick={() => void copyText(made.codes.join('\n'))}>
            复制全部
          </button>
          <ol className="ops-codes num" data-testid="ops-codes-list">
            {made.codes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}
