// /ops 概览: who I am, my roles, and the consoles my roles open.
import { Link, useRouteLoaderData } from 'react-router';
import { STAFF_ROLE_LABELS, pageTitle } from '@fjt/domain';
import type { Route } from './+types/overview';
import type { loader as layoutLoader } from './layout.tsx';
import { consolesFor } from '../../features/ops/consoles.ts';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('工作台') }, { name: 'robots', content: 'noindex' }];

export default function OpsOverview() {
  const layout = useRouteLoaderData<typeof layoutLoader>('ops');
  if (!layout) return null;
  const { viewer } = layout;
  const consoles = consolesFor(viewer.roles).filter((c) => c.id !== 'ops-home');
  return (
    <>
      <h1 className="ops-title">概览</h1>
      <section className="ops-panel" aria-labelledby="ops-me">
        <h2 id="ops-me" className="ops-panel__title">
          我的账号
        </h2>
        <dl className="ops-facts">
          <dt>手机号</dt>
          <dd className="num" data-testid="ops-me-mobile">
            {viewer.mobile}
          </dd>
          <dt>昵称</dt>
          <dd>{viewer.nickname ?? '未设置'}</dd>
          <dt>用户ID</dt>
          <dd className="num">{viewer.userId}</dd>
          <dt>角色</dt>
          <dd>
            {viewer.roles.map((r) => (
              <span key={r} className="ops-chip" data-role={r}>
                {STAFF_ROLE_LABELS[r]}
                <span className="ops-chip__code">{r}</span>
              </span>
            ))}
          </dd>
        </dl>
      </section>
      <section className="ops-panel" aria-labelledby="ops-consoles">
        <h2 id="ops-consoles" className="ops-panel__title">
          控制台
        </h2>
        <ul className="ops-consoles">
          {consoles.map((c) => (
            <li key={c.id}>
              <Link to={c.to} className="ops-consoles__link">
                <strong>{c.title}</strong>
                <span>{c.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
