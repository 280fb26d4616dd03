// /{city}/questions 问答 (PAGES.md §3.8): the city's buyer questions — tabs 热门/最新/待回答, topic chips, cards
// (title, estate, answer count, the best answer's start), 提问. Rendered on the server from question-answer/list.
import { Link } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/questions';
import { QuestionFeed } from '../../features/qa/QuestionFeed.tsx';
import { feedData } from './feed-data.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return feedData(context.services, params, request, false);
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(`${d?.cityName ?? ''}买房问答`) },
  {
    name: 'description',
    content: `${d?.cityName ?? ''}买房问答：房价、学区、交通、物业，业主和达人来回答。${SITE_DESCRIPTION}`,
  },
];

export default function QuestionsPage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, tab, topic, first } = loaderData;
  return (
    <main className="qa-page" data-testid="qa-questions">
      <header className="qa-head">
        <h1 className="qa-head__title">{cityName}买房问答</h1>
        <p className="qa-head__sub">共{first.total}个问题 · 业主和达人为你解答</p>
        <p className="qa-head__links">
          <Link to="/ask/list">我的问答</Link>
          <Link to="/ask/super">达人答题</Link>
        </p>
      </header>
      <QuestionFeed
        cityId={cityId}
        estateId={null}
        tab={tab}
        topic={topic}
        first={first}
        askHref={`/${cityId}/ask-qa`}
      />
    </main>
  );
}
