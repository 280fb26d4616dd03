// The role check of every /ops loader (the layout's and each console's: a client navigation may ask for one
// console's data alone). The server resolves the viewer for /ops paths only (ADR 0009): a visitor goes to
// login and comes back, a signed-in user without the console's role gets the 403 error page.
import { data, redirect } from 'react-router';
import { STAFF_ONLY, STAFF_ROLE_LABELS, type OpsViewer, type RouterContext } from '@fjt/domain';
import { loginHref } from '../../lib/session.ts';
import { consoleOf } from './consoles.ts';

export function requireStaff(context: RouterContext, request: Request, consoleId?: string): OpsViewer {
  const viewer = context.staff;
  if (!viewer) {
    const url = new URL(request.url);
    throw redirect(loginHref(url.pathname + url.search));
  }
  if (viewer.roles.length === 0) throw data({ message: STAFF_ONLY }, { status: 403 });
  if (consoleId) {
    const target = consoleOf(consoleId);
    if (!target.roles.some((r) => viewer.roles.includes(r))) {
      const who = target.roles.map((r) => STAFF_ROLE_LABELS[r]).join('、');
      throw data({ message: `无权访问：${target.title}仅限${who}` }, { status: 403 });
    }
  }
  return viewer;
}
