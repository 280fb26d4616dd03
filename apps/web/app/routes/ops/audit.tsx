// /ops/audit 审计日志: every staff action and money movement, newest first, 50 a page, filtered by actor (user id)
// and action; ops only. Filters and page live in the URL (a GET form), so a view can be shared among staff.
import { Form, Link, useNavigation } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_PAGE_SIZE, auditQuery, pageTitle } from '@fjt/domain';
import type { Route } from './+types/audit';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { OpsPager } from '../../features/ops/OpsPager.tsx';
import { opsTime } from '../../features/ops/format.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-audit');
  const url = new URL(request.url);
  // each filter on its own: an invalid one is dropped, the others kept
  const chosen: Record<string, string> = {};
  for (const key of ['page', 'actorId', 'action'] as const) {
    const value = url.searchParams.get(key)?.trim();
    if (value && auditQuery.safeParse({ [key]: value }).success) chosen[key] = value;
  }
  const query = auditQuery.parse({ ...chosen, size: AUDIT_PAGE_SIZE });
  const log = await context.services.staff.auditLog(query);
  return { ...log, page: query.page, actorId: query.actorId ?? null, action: query.action ?? null };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('审计日志') },
  { name: 'robots', content: 'noindex' },
];

function hrefOf(page: number, actorId: number | null, action: string | null) {
  const params = new URLSearchParams();
  if (actorId !== null) params.set('actorId', String(actorId));
  if (action) params.set('action', action);
  if (page > 1) params.set('page', String(page));
  const qs = params.toString();
  return `/ops/audit${qs ? `?${qs}` : ''}`;
}

export default function OpsAudit({ loaderData }: Route.ComponentProps) {
  const { list, total, page, actorId, action } = loaderData;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const loading = useNavigation().state === 'loading';
  const filtered = actorId !== null || action !== null;
  const actions = [...new Set<string>([...AUDIT_ACTIONS, ...(action ? [action] : [])])];
  return (
    <>
      <h1 className="ops-title">审计日志</h1>
      <section className="ops-panel" aria-label="筛选">
        <Form method="get" className="ops-form" key={`${actorId}-${action}`}>
          <label className="ops-field">
            <span>操作人ID</span>
            <input name="actorId" inputMode="numeric" defaultValue={actorId ?? ''} placeholder="全部" maxLength={10} />
          </label>
          <label className="ops-field">
            <span>操作</span>
            <select name="action" defaultValue={action ?? ''}>
              <option value="">全部</option>
              {actions.map((a) => (
                <option key={a} value={a}>
                  {AUDIT_ACTION_LABELS[a] ?? a}（{a}）
                </option>
              ))}
            </select>
          </label>
          <div className="ops-form__actions">
            <button type="submit" className="btn btn-primary ops-btn">
              筛选
            </button>
            {filtered ? (
              <Link to="/ops/audit" className="btn ops-btn">
                清除
              </Link>
            ) : null}
          </div>
        </Form>
      </section>
      <section className="ops-panel" aria-labelledby="ops-audit-list" aria-busy={loading}>
        <h2 id="ops-audit-list" className="ops-panel__title">
          记录 <span className="ops-count num">{total}</span>
        </h2>
        {list.length === 0 ? (
          <EmptyState
            frame="plain"
            art="search"
            title={filtered ? '没有符合条件的记录' : '暂无审计记录'}
            action={
              filtered ? (
                <Link to="/ops/audit" className="btn">
                  清除筛选条件
                </Link>
              ) : undefined
            }
          />
        ) : (
          <div className="ops-table-wrap">
            <table className="ops-table ops-table--audit" data-testid="ops-audit-table">
              <thead>
                <tr>
                  <th scope="col">时间</th>
                  <th scope="col">操作人</th>
                  <th scope="col">操作</th>
                  <th scope="col">对象</th>
                  <th scope="col">详情</th>
                  <th scope="col">IP</th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => (
                  <tr key={r.id} data-action={r.action}>
                    <td className="num ops-nowrap">{opsTime(r.createdAt)}</td>
                    <td className="num ops-nowrap">
                      {r.actorId === null ? (
                        '命令行/系统'
                      ) : (
                        <Link to={hrefOf(1, r.actorId, action)} title="只看此人的操作">
                          {r.actor ?? '已注销'} #{r.actorId}
                        </Link>
                      )}
                    </td>
                    <td className="ops-nowrap">
                      {AUDIT_ACTION_LABELS[r.action] ?? r.action}
                      <span className="ops-chip__code">{r.action}</span>
                    </td>
                    <td className="num ops-nowrap">
                      {r.targetType ?? '—'}
                      {r.targetId ? ` #${r.targetId}` : ''}
                    </td>
                    <td>
                      <code className="ops-detail">{r.detail === null ? '—' : JSON.stringify(r.detail)}</code>
                    </td>
                    <td className="num">{r.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <OpsPager page={page} pages={pages} hrefOf={(p) => hrefOf(p, actorId, action)} />
      </section>
    </>
  );
}
