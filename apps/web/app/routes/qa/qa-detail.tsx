// /qa-detail/{id?} 问答详情 and /{city}/qa-list/{houseId?}/{askId?} (the same body under the estate header), PAGES.md
// §3.8. Read on the server (question-answer/detail: the same for everyone); the viewer's part comes in the browser.
// No id → the default city's /questions; an unknown id → 404; a deleted or hidden question → '问题已删除'.
import { data, redirect } from 'react-router';
import { DEFAULT_CITY_ID, NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/qa-detail';
import { EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { QuestionDeleted, QuestionDetail } from '../../features/qa/QuestionDetail.tsx';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { qa, estates } = context.services;
  const p = params as { id?: string; city?: string; houseId?: string; askId?: string };
  const underEstate = p.city !== undefined;
  const cityId = underEstate ? parseCityId(p.city) : null;
  if (underEstate && cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const raw = underEstate ? p.askId : p.id;
  if (raw === undefined) {
    if (underEstate && p.houseId) throw redirect(`/${cityId}/qa-list/${p.houseId}`);
    throw redirect(`/${cityId ?? DEFAULT_CITY_ID}/questions`);
  }
  const id = parseId(raw);
  if (id === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const detail = await qa.detail(id);
  if (detail === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const estateId = underEstate && p.houseId ? parseId(p.houseId) : null;
  const header = estateId === null ? null : await estates.basicInfo(estateId);
  if (detail === 'deleted') return { deleted: true as const, cityId: cityId ?? DEFAULT_CITY_ID, detail: null, header };
  return { deleted: false as const, cityId: detail.question.cityId, detail, header };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d?.detail)
    return [
      { title: pageTitle('问题已删除') },
      { name: 'description', content: `该问题已删除。${SITE_DESCRIPTION}` },
      { name: 'robots', content: 'noindex' },
    ];
  const { question } = d.detail;
  return [
    { title: pageTitle(`${question.title} · 问答`) },
    {
      name: 'description',
      content: `${question.estate ? `${question.estate.name}：` : ''}${question.title}（${question.answerCount}个回答）。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function QaDetailPage({ loaderData }: Route.ComponentProps) {
  const { deleted, cityId, detail, header } = loaderData;
  if (deleted || !detail) return <QuestionDeleted cityId={cityId} />;
  return (
    <main className="qa-page" data-testid="qa-detail">
      {header ? <EstateFiguresCard estate={header} testId="qa-estate-header" /> : null}
      <QuestionDetail key={detail.question.id} detail={detail} />
    </main>
  );
}
