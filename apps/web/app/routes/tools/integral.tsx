// /tools/integral 积分计算 (PAGES.md §3.7): the new-house lottery points calculator. The city's rule summary and
// the inputs (户籍, 社保月数, 家庭, 名下住房, 5年内购房记录) → /tools/integral/result. A city without a points rule says
// '当前城市暂无积分规则' and offers 购房资格 instead. The rules are @fjt/domain's lottery-points (the same the
// server answers at tools/integral/rule); the city is ?cityId, else the visit's city.
import { Link } from 'react-router';
import { POLICY_CITIES, NO_RULE_TEXT, SITE_DESCRIPTION, lotteryRule, pageTitle, parseCityId } from '@fjt/domain';
import type { Route } from './+types/integral';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useVisitCity } from '../../lib/visit-city.ts';
import { CityBar } from '../../features/policy/CityBar.tsx';
import { PointsForm } from '../../features/policy/PointsForm.tsx';
import { Source } from '../../features/policy/Source.tsx';
import '../../features/policy/policy.css';

const PATH = '/tools/integral';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return {
    cities: POLICY_CITIES,
    askedCityId: parseCityId(url.searchParams.get('cityId')),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('积分计算') },
  { name: 'description', content: `新房摇号积分计算：城市积分规则、分项得分与生效日期。${SITE_DESCRIPTION}` },
];

export default function IntegralPage({ loaderData }: Route.ComponentProps) {
  const { cities, askedCityId } = loaderData;
  const cityId = useVisitCity(
    askedCityId,
    cities.map((c) => c.id),
  );
  const cityName = cities.find((c) => c.id === cityId)?.name ?? null;
  const rule = cityId === null ? null : lotteryRule(cityId);

  return (
    <main className="pl-page" data-testid="integral-page">
      <header className="pl-hero">
        <h1>新房摇号积分</h1>
        <p>热门新盘认购人数多于房源时，部分城市按积分排序入围摇号。算算你的积分。</p>
      </header>
      <CityBar cityName={cityName} path={PATH} />
      {cityId === null ? (
        <RowsSkeleton count={4} />
      ) : rule ? (
        <>
          <section className="pl-card" aria-label="规则摘要" data-testid="rule-summary">
            <h2 className="pl-card__title">{rule.cityName}积分规则</h2>
            <p className="pl-text">{rule.summary}</p>
            <ul className="pl-points">
              {rule.items.map((item) => (
                <li key={item.key}>
                  <span>{item.label}</span>
                  <span>{item.options.map((o) => `${o.label}${o.points}分`).join('，')}</span>
                </li>
              ))}
              <li>
                <span>社保分</span>
                <span>累计月数 × 系数（按项目确定）</span>
              </li>
            </ul>
            <Source title={`${rule.issuer}${rule.title}`} effective={rule.effective} verified={rule.verified} />
            <Link className="pl-link" to={`/tools/integral/rule?cityId=${rule.cityId}`}>
              查看规则详情 ›
            </Link>
          </section>
          <PointsForm key={rule.cityId} rule={rule} />
        </>
      ) : (
        <EmptyState
          testId="no-rule"
          title={NO_RULE_TEXT}
          hint={`${cityName ?? '该城市'}新房不按积分排序入围摇号（或我们未能核实其现行积分规则）。可以先看看自己能否在本市购房。`}
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
