// /test-community-pk?cityId (PAGES.md §3.15, noindex): the 小区PK view with fixture cases, to check its layout
// and edge states on one page. The estates are real — the city's first two with a 挂牌均价 (the city of ?cityId
// as for every route without {city}, else 605 杭州), loaded through the same services as the page; the edge
// cases are those sides with their figures blanked ('--'), one side empty or unknown, or very long names.
// Fixtures are props for the PK components and live on this page only. An unknown city is a 404.
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, estateListQuery, pageTitle, resolveCityId } from '@fjt/domain';
import type { Route } from './+types/test-community-pk';
import { loadSide, pkTrend, type LoadedSide } from '../../features/community-pk/pk.server.ts';
import { PkView, type PkViewProps } from '../../features/community-pk/components/PkView.tsx';
import type { PkEstate } from '../../features/community-pk/types.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

const CANDIDATES = 20;
/** Names as long as real ones get (a 小区 with its phase and block): the cards must wrap, not overflow. */
const LONG_SUFFIX = [
  '（东区一期二期三期 · 紫金港路与文一西路交叉口）',
  '（南苑北苑联排别墅区 · 原国营纺织厂职工宿舍）',
];

type Case = Omit<PkViewProps, 'caption'> & { caption: string };

function blank(estate: PkEstate): PkEstate {
  return {
    ...estate,
    month: null,
    listingAvg: null,
    listingMom: null,
    dealAvg: null,
    buildYear: null,
    propertyFee: null,
    plotRatio: null,
    greeningRate: null,
    householdCount: null,
    onSaleCount: null,
    dealCount12: null,
    rentAvg: null,
    nearestStation: null,
    stationDistanceM: null,
  };
}

function renamed(side: LoadedSide, suffix: string): LoadedSide {
  if (side.side.status !== 'ok') return side;
  return { ...side, side: { status: 'ok', estate: { ...side.side.estate, name: side.side.estate.name + suffix } } };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const cityId = resolveCityId({ queryCityId: new URL(request.url).searchParams.get('cityId') });
  const { estateList, search, geo } = context.services;
  if (!(await geo.getCity(cityId))) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const list = await estateList.estateList(estateListQuery.parse({ cityId, size: CANDIDATES }));
  const ids = (list?.list ?? []).filter((e) => e.listingAvg !== null).map((e) => e.id);
  if (ids.length < 2) return { cityId, cases: [] as Case[] };
  const [idA, idB] = [String(ids[0]), String(ids[1])];
  const [a, b, hotList] = await Promise.all([
    loadSide(context.services, cityId, idA),
    loadSide(context.services, cityId, idB),
    search.hot(cityId).catch(() => null),
  ]);
  const hot = (hotList?.list ?? [])
    .filter((h) => h.kind === 'estate')
    .slice(0, 8)
    .map((h) => ({ id: h.id, name: h.name, avgPrice: h.avgPrice }));
  const empty: LoadedSide = { side: { status: 'empty' }, chart: null };
  const missing: LoadedSide = { side: { status: 'missing' }, chart: null };
  const blanked: LoadedSide = {
    side: b.side.status === 'ok' ? { status: 'ok', estate: blank(b.side.estate) } : b.side,
    chart: null,
  };
  const longA = renamed(a, LONG_SUFFIX[0] ?? '');
  const longB = renamed(b, LONG_SUFFIX[1] ?? '');

  const make = (caption: string, x: LoadedSide, y: LoadedSide, urlIds: [string | null, string | null]): Case => ({
    caption,
    cityId,
    a: x.side,
    b: y.side,
    bothMissing: false,
    trend: pkTrend([
      { key: 'a', ...x },
      { key: 'b', ...y },
    ]),
    hot: x.side.status === 'ok' && y.side.status === 'ok' ? [] : hot,
    ids: { a: urlIds[0], b: urlIds[1] },
  });
  const cases: Case[] = [
    make('样例一：两个真实小区', a, b, [idA, idB]),
    make('样例二：B 侧字段缺失（显示 --）', a, blanked, [idA, idB]),
    make('样例三：B 侧未选择', a, empty, [idA, null]),
    make('样例四：B 侧小区不存在', a, missing, [idA, '999999999']),
    make('样例五：超长小区名', longA, longB, [idA, idB]),
    make('样例六：两侧都未选择', empty, empty, [null, null]),
  ];
  return { cityId, cases };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('小区PK测试') },
  { name: 'description', content: `开发调试用：用固定样例与边界情况检查小区PK页面。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

export default function TestCommunityPkRoute({ loaderData }: Route.ComponentProps) {
  const { cases } = loaderData;
  return (
    <main className="pk-harness" data-testid="pk-harness">
      <h1 className="pk-harness__title">小区PK测试</h1>
      {cases.length === 0 ? <EmptyState art="data" title="数据库中没有两个有挂牌均价的小区，无法生成样例。" /> : null}
      {cases.map(({ caption, ...view }) => (
        <section key={caption} className="pk-harness__case" data-testid="pk-case">
          <PkView caption={caption} {...view} />
        </section>
      ))}
    </main>
  );
}
