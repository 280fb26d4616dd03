// /{city}/qa-list/{houseId} 小区问答 (PAGES.md §3.8): the estate's questions under its header (figures card), with the
// same tabs and topics as the city's list, and 提问 with the estate prefilled.
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/qa-list';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { QuestionFeed } from '../../features/qa/QuestionFeed.tsx';
import { feedData } from './feed-data.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return feedData(context.services, params, request, true);
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle(`${d?.estate?.name ?? ''}小区问答`) },
  { name: 'description', content: `${d?.estate?.name ?? ''}的房价、交通、物业问答。${SITE_DESCRIPTION}` },
];

export default function QaListPage({ loaderData }: Route.ComponentProps) {
  const { cityId, tab, topic, first, estate } = loaderData;
  if (!estate) return null;
  return (
    <main className="qa-page" data-testid="qa-estate">
      <EstateFiguresCard estate={estate} testId="qa-estate-header" />
      <header className="qa-head">
        <h1 className="qa-head__title">{estate.name}问答</h1>
        <p className="qa-head__sub">共{first.total}个问题</p>
      </header>
      <QuestionFeed
        cityId={cityId}
        estateId={estate.id}
        tab={tab}
        topic={topic}
        first={first}
        askHref={`/${cityId}/qa-list/${estate.id}/ask-qa`}
      />
    </main>
  );
}
