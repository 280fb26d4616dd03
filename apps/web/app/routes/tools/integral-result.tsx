// /tools/integral/result 积分结果 (PAGES.md §3.7): the score, a per-item breakdown and its position. No city or
// project publishes the points distribution of recent lotteries, so there is no percentile: the page says so and
// shows the score against the rule's own maximum base score instead of inventing a rank.
import { Link } from 'react-router';
import { NO_RULE_TEXT, SITE_DESCRIPTION, pageTitle, pointsQuery, scorePoints } from '@fjt/domain';
import type { Route } from './+types/integral-result';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { pointsChart } from '../../features/policy/charts.server.ts';
import '../../features/policy/policy.css';

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = pointsQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? '参数有误', result: null, chart: null };
  const q = parsed.data;
  const result = scorePoints({
    cityId: q.cityId,
    family: q.family,
    hukou: q.hukou,
    ownsHome: q.home,
    boughtWithin5y: q.record,
    socialMonths: q.social,
    coefficient: q.k ?? null,
  });
  if (!result) return { error: NO_RULE_TEXT, result: null, chart: null };
  return { error: null, result, chart: pointsChart(result) };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('积分结果') },
  { name: 'description', content: `新房摇号积分结果与分项明细。${SITE_DESCRIPTION}` },
];

export default function IntegralResultPage({ loaderData }: Route.ComponentProps) {
  const { error, result, chart } = loaderData;
  if (!result) {
    return (
      <main className="pl-page" data-testid="integral-result-page">
        <EmptyState
          title={error}
          hint="请返回积分计算重新填写。"
          action={
            <Link className="btn btn-primary" to="/tools/integral">
              重新计算
            </Link>
          }
        />
      </main>
    );
  }
  return (
    <main className="pl-page" data-testid="integral-result-page">
      <section className="pl-total" aria-label="积分">
        <p className="pl-total__caption">{result.cityName}新房积分</p>
        <p className="pl-total__sum" data-testid="points-score">
          <strong>{result.score}</strong> 分
        </p>
        <p className="pl-total__caption">
          基础分 {result.base} / {result.maxBase} · 社保分 {result.items.at(-1)!.points}
        </p>
      </section>
      {chart ? (
        <section className="pl-card" aria-label="分项得分图">
          <SvgChart svg={chart} label="各项得分" takeaway="各项得分（分）" />
        </section>
      ) : null}
      <section className="pl-card" aria-label="分项明细">
        <h2 className="pl-card__title">分项明细</h2>
        <table className="pl-table" data-testid="points-items">
          <tbody>
            {result.items.map((i) => (
              <tr key={i.label}>
                <th scope="row">{i.label}</th>
                <td>{i.value}</td>
                <td className="pl-table__num">{i.points}分</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="pl-card" aria-label="排名说明">
        <h2 className="pl-card__title">能排在哪里？</h2>
        <ul className="pl-notes" data-testid="rank-note">
          {result.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
          <li>入围线由每个项目的认购人数与房源数决定，可关注项目公示的入围名单与最低分。</li>
        </ul>
      </section>
      <div className="pl-actions">
        <Link className="btn" to={`/tools/integral?cityId=${result.cityId}`}>
          重新计算
        </Link>
        <Link className="btn btn-primary" to={`/tools/integral/rule?cityId=${result.cityId}`}>
          积分规则详情
        </Link>
      </div>
    </main>
  );
}
