// /ask/v2/{id?} 写回答 (PAGES.md §3.8): the answer composer for question `id` (read on the server). No id → the
// questions of the default city; an unknown id → 404; a deleted question → '问题已删除'.
import { data, redirect } from 'react-router';
import { DEFAULT_CITY_ID, NOT_FOUND_MESSAGE, pageTitle, parseId, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/ask-answer';
import { AnswerComposer } from '../../features/qa/AnswerComposer.tsx';
import { QuestionDeleted } from '../../features/qa/QuestionDetail.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (params.id === undefined) throw redirect(`/${DEFAULT_CITY_ID}/questions`);
  const id = parseId(params.id);
  if (id === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const detail = await context.services.qa.detail(id);
  if (detail === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  if (detail === 'deleted') return { question: null };
  const { title, body, estate, cityId } = detail.question;
  return { question: { id, title, body, estate, cityId } };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('写回答') },
  { name: 'description', content: `分享你的经验，回答买房人的问题。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function AskAnswerPage({ loaderData }: Route.ComponentProps) {
  const { question } = loaderData;
  if (!question) return <QuestionDeleted cityId={DEFAULT_CITY_ID} />;
  return (
    <main className="qa-page" data-testid="qa-write-answer">
      <AnswerComposer key={question.id} question={question} />
    </main>
  );
}
