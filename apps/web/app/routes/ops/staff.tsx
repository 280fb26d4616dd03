// /ops/staff 工作人员: every member of staff with their roles; an ops user grants or revokes a role by phone
// (POST ops/staff/grant|revoke, each writing an audit row). Other staff see the list only.
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import {
  MOBILE_FORMAT_ERROR,
  STAFF_ROLES,
  STAFF_ROLE_LABELS,
  isValidMobile,
  pageTitle,
  type StaffChangeBody,
  type StaffRole,
} from '@fjt/domain';
import type { Route } from './+types/staff';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { opsTime } from '../../features/ops/format.ts';
import { callApi } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStaff(context, request, 'ops-staff');
  const { list } = await context.services.staff.listStaff();
  return { list, me: viewer.userId, canManage: viewer.roles.includes('ops') };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('工作人员') },
  { name: 'robots', content: 'noindex' },
];

type Change = 'grant' | 'revoke';

export default function OpsStaff({ loaderData }: Route.ComponentProps) {
  const { list, me, canManage } = loaderData;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  async function change(kind: Change, mobile: string, role: StaffRole): Promise<boolean> {
    setBusy(true);
    try {
      const res = await callApi<StaffChangeBody>(`ops/staff/${kind}`, { mobile, role });
      if (res.resultCode !== 0 || !res.body) {
        showToast(res.errMsg || '操作失败，请稍后再试');
        return false;
      }
      const label = STAFF_ROLE_LABELS[role];
      showToast(
        res.body.changed
          ? `${kind === 'grant' ? '已授予' : '已撤销'}${label}角色`
          : `${kind === 'grant' ? '已有' : '没有'}${label}角色，无需变更`,
      );
      await revalidator.revalidate();
      return true;
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1 className="ops-title">工作人员</h1>
      {canManage ? <ChangeForm busy={busy} onChange={change} /> : null}
      <section className="ops-panel" aria-labelledby="ops-staff-list">
        <h2 id="ops-staff-list" className="ops-panel__title">
          全部工作人员 <span className="ops-count num">{list.length}</span>
        </h2>
        {list.length === 0 ? (
          <EmptyState frame="plain" title="暂无工作人员" hint="用 npm run ops -- staff add 授予第一个角色" />
        ) : (
          <div className="ops-table-wrap">
            <table className="ops-table ops-table--staff" data-testid="ops-staff-table">
              <thead>
                <tr>
                  <th scope="col">用户ID</th>
                  <th scope="col">手机号</th>
                  <th scope="col">昵称</th>
                  <th scope="col">角色（授予时间 · 授予人）</th>
                </tr>
              </thead>
              <tbody>
                {list.map((m) => (
                  <tr key={m.userId} data-phone={m.phone}>
                    <td className="num">{m.userId}</td>
                    <td className="num">{m.phone}</td>
                    <td>{m.nickname ?? '—'}</td>
                    <td>
                      <ul className="ops-roles">
                        {m.roles.map((r) => (
                          <li key={r.role} className="ops-roles__item">
                            <span className="ops-chip" data-role={r.role}>
                              {STAFF_ROLE_LABELS[r.role]}
                            </span>
                            <span className="ops-roles__when">
                              {opsTime(r.grantedAt)} · {r.grantedBy ?? '命令行'}
                            </span>
                            {canManage && !(m.userId === me && r.role === 'ops') ? (
                              <button
                                type="button"
                                className="ops-link-button"
                                disabled={busy}
                                aria-label={`撤销 ${m.phone} 的${STAFF_ROLE_LABELS[r.role]}角色`}
                                onClick={() => {
                                  if (window.confirm(`确定撤销 ${m.phone} 的${STAFF_ROLE_LABELS[r.role]}角色？`))
                                    void change('revoke', m.phone, r.role);
                                }}
                              >
                                撤销
                              </button>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}

function ChangeForm({
  busy,
  onChange,
}: {
  busy: boolean;
  onChange: (kind: Change, mobile: string, role: StaffRole) => Promise<boolean>;
}) {
  const [mobile, setMobile] = useState('');
  const [role, setRole] = useState<StaffRole>('support');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const kind = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value as Change;
    const phone = mobile.trim();
    if (!isValidMobile(phone)) {
      setError(MOBILE_FORMAT_ERROR);
      return;
    }
    setError(null);
    if (kind === 'revoke' && !window.confirm(`确定撤销 ${phone} 的${STAFF_ROLE_LABELS[role]}角色？`)) return;
    if (await onChange(kind === 'revoke' ? 'revoke' : 'grant', phone, role)) setMobile('');
  }

  return (
    <section className="ops-panel" aria-labelledby="ops-staff-change">
      <h2 id="ops-staff-change" className="ops-panel__title">
        授予或撤销角色
      </h2>
      <form className="ops-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="ops-field">
          <span>手机号</span>
          <input
            name="mobile"
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            placeholder="11位手机号，新号码将自动注册"
            value={mobile}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'ops-staff-error' : undefined}
            onChange={(e) => setMobile(e.target.value.replace(/\D/g, ''))}
          />
        </label>
        <label className="ops-field">
          <span>角色</span>
          <select name="role" value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {STAFF_ROLE_LABELS[r]}（{r}）
              </option>
            ))}
          </select>
        </label>
        <div className="ops-form__actions">
          <button type="submit" name="change" value="grant" className="btn btn-primary ops-btn" disabled={busy}>
            授予
          </button>
          <button type="submit" name="change" value="revoke" className="btn ops-btn" disabled={busy}>
            撤销
          </button>
        </div>
        {error ? (
          <p className="ops-form__error" id="ops-staff-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
}
