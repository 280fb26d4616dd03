// /{city}/ask-qa 提问 and /{city}/qa-list/{houseId?}/ask-qa (the estate prefilled), PAGES.md §3.8. The loader reads
// the city and the estate (public); the composer needs a login (in the browser: a visitor goes to login and back).
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, pageTitle, parseCityId, parseId, SITE_DESCRIPTION } from '@fjt/domain';
import type { Route } from './+types/ask-qa';
import { pickedEstateOf } from '../../components/estate-picker/EstatePicker.tsx';
import { AskComposer } from '../../features/qa/AskComposer.tsx';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { geo, estates } = context.services;
  const raw = (params as { houseId?: string }).houseId ?? new URL(request.url).searchParams.get('estateId');
  const estateId = raw ? parseId(raw) : null;
  if (raw && estateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const [city, basic] = await Promise.all([
    geo.getCity(cityId),
    estateId === null ? null : estates.basicInfo(estateId),
  ]);
  if (!city) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  if (estateId !== null && (!basic || basic.cityId !== cityId))
    throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  return { cityId, estate: basic ? pickedEstateOf(basic) : null };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('提问') },
  { name: 'description', content: `向业主、达人和经纪人提问。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function AskQaPage({ loaderData }: Route.ComponentProps) {
  const { cityId, estate } = loaderData;
  return (
    <main className="qa-page" data-testid="qa-ask">
      <header className="qa-head">
        <h1 className="qa-head__title">提问</h1>
        <p className="qa-head__sub">{estate ? `向${estate.name}的业主和达人提问` : '业主、达人和经纪人为你解答'}</p>
      </header>
      <AskComposer key={estate?.id ?? 0} cityId={cityId} estate={estate} />
    </main>
  );
}
