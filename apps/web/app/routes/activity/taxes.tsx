// /activity/taxes 税费计算 (PAGES.md §3.7): a resale's taxes. The inputs (总价, 面积, 满二/满五, 唯一, 首套/二套, 原值,
// 中介费率) → /activity/taxes/answer with the state in the query. The city is ?cityId, else the visit's city
// (lib/visit-city.ts); the rules shown under the form are the dated ones of @fjt/domain's tax-rules (the same the
// server answers at config/tax-rules). Coming back from the answer (修改条件) prefills the form from the query.
import {
  POLICY_CITIES,
  HOLDINGS,
  BUYER_HOMES,
  SITE_DESCRIPTION,
  pageTitle,
  parseCityId,
  taxRulesSummary,
} from '@fjt/domain';
import type { Route } from './+types/taxes';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useVisitCity } from '../../lib/visit-city.ts';
import { CityBar } from '../../features/policy/CityBar.tsx';
import { Source } from '../../features/policy/Source.tsx';
import { TaxForm, type TaxFormValues } from '../../features/policy/TaxForm.tsx';
import '../../features/policy/policy.css';

const PATH = '/activity/taxes';

const pick = <T extends string>(raw: string | null, values: readonly T[]): T | null =>
  values.includes(raw as T) ? (raw as T) : null;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const text = (key: string) => (q.get(key) ?? '').slice(0, 12);
  const initial: TaxFormValues = {
    price: text('price'),
    area: text('area'),
    original: text('original'),
    holding: pick(q.get('holding'), HOLDINGS),
    only: pick(q.get('only'), ['1', '0'] as const),
    buyer: pick(q.get('buyer'), BUYER_HOMES),
    agent: text('agent'),
  };
  return { cities: POLICY_CITIES, askedCityId: parseCityId(q.get('cityId')), initial };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('税费计算') },
  {
    name: 'description',
    content: `二手房税费计算：契税、增值税及附加、个人所得税与中介费，逐项附政策依据。${SITE_DESCRIPTION}`,
  },
];

export default function TaxesPage({ loaderData }: Route.ComponentProps) {
  const { cities, askedCityId, initial } = loaderData;
  const cityId = useVisitCity(
    askedCityId,
    cities.map((c) => c.id),
  );
  const cityName = cities.find((c) => c.id === cityId)?.name ?? null;
  const rules = cityId === null ? null : taxRulesSummary(cityId);

  return (
    <main className="pl-page" data-testid="taxes-page">
      <header className="pl-hero">
        <h1>二手房税费计算</h1>
        <p>输入总价、面积与房屋情况，算出买卖双方各要交多少税费，每一项都附政策依据。</p>
      </header>
      <CityBar cityName={cityName} path={PATH} />
      {cityId === null ? <RowsSkeleton count={4} /> : <TaxForm key={cityId} cityId={cityId} initial={initial} />}
      {rules ? (
        <section className="pl-card" aria-label="计算规则">
          <h2 className="pl-card__title">{rules.city.cityName}现行规则</h2>
          <ul className="pl-rules">
            {rules.lines.map((l) => (
              <li key={l.label}>
                <strong>{l.label}</strong>
                <p>{l.rule}</p>
                <Source {...l.source} custom={l.key === 'agent'} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
