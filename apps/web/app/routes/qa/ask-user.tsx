// /ask/list/{id} TA的问答 (PAGES.md §3.8, interpreted as a user's public Q&A): the profile (nickname, avatar, label,
// counts) with 关注 (POST subscribe/author), and their questions and answers. An id that is no number → 404.
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, pageTitle, parseId, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/ask-user';
import { UserQa } from '../../features/qa/QaPeople.tsx';
import { useQaCity } from '../../features/qa/parts.tsx';

export function loader({ params }: Route.LoaderArgs) {
  const userId = parseId(params.id);
  if (userId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { userId };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('TA的问答') },
  { name: 'description', content: `TA提过的问题和回答。${SITE_DESCRIPTION}` },
];

export default function AskUserPage({ loaderData }: Route.ComponentProps) {
  const cityId = useQaCity();
  return <UserQa key={loaderData.userId} userId={loaderData.userId} cityId={cityId} />;
}
