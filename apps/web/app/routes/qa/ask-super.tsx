// /ask/super/{id?} 达人主页 (PAGES.md §3.8): with an id, a 达人's public profile (label, answers, likes, the estates
// they answer for, recent answers); without one, my queue of routed questions (达人 only, else '暂无权限'; a visitor
// goes to login). Read in the browser (question-answer/super).
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, pageTitle, parseId, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/ask-super';
import { SuperPage } from '../../features/qa/QaPeople.tsx';
import { useQaCity } from '../../features/qa/parts.tsx';

export function loader({ params }: Route.LoaderArgs) {
  if (params.id === undefined) return { superId: null };
  const superId = parseId(params.id);
  if (superId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { superId };
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(d?.superId ? '达人主页' : '达人答题') },
  { name: 'description', content: `房价通达人：回答的问题与负责答疑的小区。${SITE_DESCRIPTION}` },
  ...(d?.superId ? [] : [{ name: 'robots', content: 'noindex' }]),
];

export default function AskSuperPage({ loaderData }: Route.ComponentProps) {
  const cityId = useQaCity();
  return <SuperPage key={loaderData.superId ?? 0} superId={loaderData.superId} cityId={cityId} />;
}
