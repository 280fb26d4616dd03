// /activity/msglink?code (PAGES.md §3.13): the SMS short link. The loader resolves the signed code on the server
// (Services.msgLinks: signature before any lookup, then unknown and expired refused; a click counted) and answers
// with a 302 to the link's same-origin target — no flash of a page — or to /activity/msglink/error?reason.
import { redirect } from 'react-router';
import { MSGLINK_CODE_PATTERN, MSGLINK_ERROR_PATH, pageTitle, safeRedirectPath } from '@fjt/domain';
import type { Route } from './+types/msglink';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';

export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get('code');
  if (!code || !MSGLINK_CODE_PATTERN.test(code)) throw redirect(`${MSGLINK_ERROR_PATH}?reason=invalid`);
  const found = await context.services.msgLinks.resolve(code);
  if ('error' in found) throw redirect(`${MSGLINK_ERROR_PATH}?reason=${found.error}`);
  throw redirect(safeRedirectPath(found.target, '/'));
}

export const meta = () => [
  { title: pageTitle('短信链接') },
  { name: 'description', content: '打开短信中的链接（提醒、周报、订单）并跳转到对应页面。' },
  { name: 'robots', content: 'noindex' },
];

export default function MsgLinkPage() {
  // never shown: the loader always redirects
  return <RowsSkeleton count={2} />;
}
