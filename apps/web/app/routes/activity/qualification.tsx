// /activity/qualification 购房资格 (PAGES.md §3.7): can I buy here? 户籍, 连续社保/个税月数, 婚姻, 名下住房 (and the
// area where the city's rule differs) → eligible or not, the rule that decided it, how many more homes, and the
// city's policy with its date and source. The state is in the query (?cityId&hukou&social&marital&homes&zone), so
// the loader gives the verdict and the link can be shared; the rules are @fjt/domain's purchase-policy (the same
// the server answers at config/purchase-policy). A city that lifted its limits says so before any input.
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  POLICY_CITIES,
  HUKOU,
  MARITAL,
  SITE_DESCRIPTION,
  checkQualification,
  pageTitle,
  parseCityId,
  purchasePolicy,
  qualificationQuery,
} from '@fjt/domain';
import type { Route } from './+types/qualification';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useVisitCity } from '../../lib/visit-city.ts';
import { CityBar } from '../../features/policy/CityBar.tsx';
import { Source } from '../../features/policy/Source.tsx';
import { QualificationForm, type QualificationValues } from '../../features/policy/QualificationForm.tsx';
import '../../features/policy/policy.css';

const PATH = '/activity/qualification';

const pick = <T extends string>(raw: string | null, values: readonly T[]): T | null =>
  values.includes(raw as T) ? (raw as T) : null;

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams;
  const initial: QualificationValues = {
    hukou: pick(q.get('hukou'), HUKOU),
    social: (q.get('social') ?? '').slice(0, 4),
    marital: pick(q.get('marital'), MARITAL),
    homes: (q.get('homes') ?? '').slice(0, 3),
    zone: q.get('zone')?.slice(0, 20) ?? null,
    multiChild: pick(q.get('multiChild'), ['1', '0'] as const),
  };
  let verdict = null;
  let error: string | null = null;
  if (q.has('hukou')) {
    const parsed = qualificationQuery.safeParse(Object.fromEntries(q));
    if (parsed.success) {
      const p = parsed.data;
      verdict = checkQualification({
        cityId: p.cityId,
        hukou: p.hukou,
        socialMonths: p.social,
        marital: p.marital,
        homesOwned: p.homes,
        zone: p.zone ?? null,
        multiChild: p.multiChild ?? false,
      });
      if (!verdict) error = '请选择购房区域';
    } else {
      error = parsed.error.issues[0]?.message ?? '参数有误';
    }
  }
  return {
    cities: POLICY_CITIES,
    askedCityId: parseCityId(q.get('cityId')),
    initial,
    verdict,
    error,
  };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('购房资格') },
  {
    name: 'description',
    content: `购房资格测算：按户籍、社保年限、婚姻与名下住房判断能否在本市购房。${SITE_DESCRIPTION}`,
  },
];

export default function QualificationPage({ loaderData }: Route.ComponentProps) {
  const { cities, askedCityId, initial, verdict, error } = loaderData;
  const cityId = useVisitCity(
    askedCityId,
    cities.map((c) => c.id),
  );
  const cityName = cities.find((c) => c.id === cityId)?.name ?? null;
  const policy = cityId === null ? null : purchasePolicy(cityId);
  const shown = verdict && verdict.cityId === cityId ? verdict : null;
  // A new verdict sits under the form: bring it into view.
  useEffect(() => {
    if (shown) document.getElementById('verdict')?.scrollIntoView({ block: 'start' });
  }, [shown]);

  return (
    <main className="pl-page" data-testid="qualification-page">
      <header className="pl-hero">
        <h1>购房资格测算</h1>
        <p>填写户籍、社保年限与名下住房，看看能否在本市买房、还能买几套。</p>
      </header>
      <CityBar cityName={cityName} path={PATH} />
      {cityId === null ? <RowsSkeleton count={4} /> : null}
      {policy ? (
        <section
          className={policy.status === 'lifted' ? 'pl-card pl-policy pl-policy--free' : 'pl-card pl-policy'}
          aria-label="本市政策"
          data-testid="policy-card"
        >
          <h2 className="pl-card__title">
            {policy.status === 'lifted'
              ? `该城市已全面取消限购${policy.effective ? `（${policy.effective}起）` : '（日期待核实）'}`
              : `${policy.cityName}仍执行限购（${policy.effective}起现行规则）`}
          </h2>
          <ul className="pl-notes">
            {policy.summary.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          <Source title={`${policy.issuer}：${policy.title}`} effective={policy.effective} verified={policy.verified} />
        </section>
      ) : null}
      {error ? (
        <p className="pl-card pl-field__error" role="alert">
          {error}
        </p>
      ) : null}
      {policy ? <QualificationForm key={policy.cityId} policy={policy} initial={initial} /> : null}
      {shown ? (
        <section
          id="verdict"
          className={shown.eligible ? 'pl-card pl-verdict pl-verdict--ok' : 'pl-card pl-verdict pl-verdict--no'}
          aria-label="测算结果"
          data-testid="verdict"
        >
          <p className="pl-verdict__badge">{shown.eligible ? '符合购房资格' : '暂不符合'}</p>
          <h2 className="pl-verdict__headline">{shown.headline}</h2>
          <dl className="pl-verdict__facts">
            <div>
              <dt>依据规则</dt>
              <dd>{shown.rule}</dd>
            </div>
            <div>
              <dt>还可购买</dt>
              <dd>{shown.moreHomes === null ? '不限套数' : `${shown.moreHomes}套`}</dd>
            </div>
          </dl>
          <ul className="pl-notes">
            {shown.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <div className="pl-actions">
            <Link className="btn" to={`/activity/taxes?cityId=${shown.cityId}`}>
              算算税费
            </Link>
            <Link className="btn btn-primary" to={`/tools/integral?cityId=${shown.cityId}`}>
              新房摇号积分
            </Link>
          </div>
        </section>
      ) : null}
    </main>
  );
}
