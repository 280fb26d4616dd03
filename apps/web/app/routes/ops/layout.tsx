// /ops/* 工作台 (issue 11): the staff area's own layout — a wide, desktop-friendly page with a side nav of the
// consoles (features/ops/consoles.ts) instead of the phone column and tab bar. Role-gated on the server (visitor →
// login, non-staff → 403), never cached, never indexed.
import { NavLink, Outlet } from 'react-router';
import { STAFF_ROLE_LABELS, pageTitle } from '@fjt/domain';
import type { Route } from './+types/layout';
import { consolesFor } from '../../features/ops/consoles.ts';
import { requireStaff } from '../../features/ops/require-staff.ts';
import '../../features/ops/ops.css';

export function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireStaff(context, request);
  return { viewer, consoles: consolesFor(viewer.roles).map(({ id, to, title }) => ({ id, to, title })) };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle('工作台') }, { name: 'robots', content: 'noindex' }];

export default function OpsLayout({ loaderData }: Route.ComponentProps) {
  const { viewer, consoles } = loaderData;
  return (
    <div className="ops-layout" data-testid="ops-layout">
      <header className="ops-top">
        <a className="ops-top__brand" href="/">
          房价通 · 工作台
        </a>
        <span className="ops-top__who">
          {viewer.nickname ?? viewer.mobile}
          <span className="ops-top__roles">{viewer.roles.map((r) => STAFF_ROLE_LABELS[r]).join(' / ')}</span>
        </span>
      </header>
      <nav className="ops-nav" aria-label="控制台">
        {consoles.map((c) => (
          <NavLink key={c.id} to={c.to} end className="ops-nav__link">
            {c.title}
          </NavLink>
        ))}
      </nav>
      <main className="ops-main">
        <Outlet />
      </main>
    </div>
  );
}
