// /tools/integral/rule 积分规则 (PAGES.md §3.7): the city's full points rule, its issuer and effective date, from
// @fjt/domain's lottery-points (the server's tools/integral/rule). No rule → '当前城市暂无积分规则'.
import { Link } from 'react-router';
import { POLICY_CITIES, NO_RULE_TEXT, SITE_DESCRIPTION, lotteryRule, pageTitle, parseCityId } from '@fjt/domain';
import type { Route } from './+types/integral-rule';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useVisitCity } from '../../lib/visit-city.ts';
import { CityBar } from '../../features/policy/CityBar.tsx';
import { Source } from '../../features/policy/Source.tsx';
import '../../features/policy/policy.css';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    cities: POLICY_CITIES,
    askedCityId: parseCityId(url.searchParams.get('cityId')),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('积分规则') },
  { name: 'description', content: `新房摇号积分规则要点、来源与生效日期。${SITE_DESCRIPTION}` },
];

export default function IntegralRulePage({ loaderData }: Route.ComponentProps) {
  const { cities, askedCityId } = loaderData;
  const cityId = useVisitCity(
    askedCityId,
    cities.map((c) => c.id),
  );
  const cityName = cities.find((c) => c.id === cityId)?.name ?? null;
  const rule = cityId === null ? null : lotteryRule(cityId);
  return (
    <main className="pl-page" data-testid="integral-rule-page">
      <CityBar cityName={cityName} path="/tools/integral/rule" />
      {cityId === null ? (
        <RowsSkeleton count={5} />
      ) : rule ? (
        <article className="pl-card" aria-label="规则要点">
          <h1 className="pl-card__title">{rule.title}</h1>
          <p className="pl-meta">
            发布：{rule.issuer} · 生效日期：{rule.effective}
          </p>
          {rule.text.map((p) => (
            <p key={p} className="pl-text">
              {p}
            </p>
          ))}
          <p className="pl-text">社保分系数：{rule.socialCoefficient.note}</p>
          <Source title={rule.title} effective={rule.effective} verified={rule.verified} />
          <Link className="pl-link" to={`/tools/integral?cityId=${rule.cityId}`}>
            去计算我的积分 ›
          </Link>
        </article>
      ) : (
        <EmptyState
          title={NO_RULE_TEXT}
          hint="可以先看看自己能否在本市购房。"
          action={
            <Link className="btn btn-primary" to={`/activity/qualification?cityId=${cityId}`}>
              查购房资格
            </Link>
          }
        />
      )}
    </main>
  );
}
