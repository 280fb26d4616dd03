// /{city}/scene?scene 场景找房 (PAGES.md §3.1): scenario landings — 地铁房, 学区房, 低总价, 次新房 — each the
// city's 二手房 on sale under the scene's preset filters (config/scene-list), which the user can change in the
// filter bar (house/listing/search). 低总价 adds the new-house projects of the same 总价 band. An unknown scene
// shows the first one.
import { Link, data, useNavigate, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  listingSearchQuery,
  newHouseSearchQuery,
  pageTitle,
  parseCityId,
  presetFilters,
  type ListingCard,
} from '@fjt/domain';
import type { Route } from './+types/scene';
import { FilterBar } from '../../components/filter-bar/FilterBar.tsx';
import { usePagedList } from '../../lib/paged-list.ts';
import { ListingCardView } from '../../features/listings/ListingCardView.tsx';
import { ProjectBriefList } from '../../features/new-houses/ProjectBriefList.tsx';
import { SceneEmpty } from '../../features/scenes/SceneEmpty.tsx';
import { SceneIntro } from '../../features/scenes/SceneIntro.tsx';
import { SceneTabs } from '../../features/scenes/SceneTabs.tsx';
import { SCENE_SLOTS, effectiveFilters, isPreset, withSceneFilter } from '../../features/scenes/scene-filters.ts';
import '../../features/listings/listings.css';
import '../../features/new-houses/new-houses.css';
import '../../features/scenes/scenes.css';

/** 低总价 shows this many new-house projects of its band before the link to all of them. */
const NEW_HOUSE_BRIEF = 5;
/** …cheapest first, so the projects that start lowest in the band come before those that only reach into it. */
const NEW_HOUSE_SORT = 'totalPrice_asc';

const notFound = () => data({ message: NOT_FOUND_MESSAGE }, { status: 404 });

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw notFound();
  const { config, listings, newHouses } = context.services;
  const [sceneList, condition] = await Promise.all([config.sceneList(cityId), config.complexCondition(cityId)]);
  if (!sceneList || !condition) throw notFound();
  const search = new URL(request.url).searchParams;
  const asked = search.get('scene');
  const scene = sceneList.scenes.find((s) => s.code === asked) ?? sceneList.scenes[0];
  if (!scene) throw notFound();
  const presets = presetFilters(scene.presets);
  const slots = SCENE_SLOTS[scene.code];
  const filters = effectiveFilters(
    search,
    slots,
    presets,
    (key, value) => listingSearchQuery.safeParse({ cityId, [key]: value }).success,
  );
  const priceGroup = condition.groups.find((g) => g.key === 'price');
  // 低总价's new houses follow the 总价 band in force (the preset unless the user changed it).
  const band = scene.code === 'lowTotal' ? filters.price : undefined;
  const [result, projects] = await Promise.all([
    listings.search(listingSearchQuery.parse({ cityId, ...filters })),
    band
      ? newHouses
          .search(newHouseSearchQuery.parse({ cityId, price: band, sort: NEW_HOUSE_SORT, size: NEW_HOUSE_BRIEF }))
          .catch(() => null)
      : Promise.resolve(null),
  ]);
  if (!result) throw notFound();
  return {
    cityId,
    cityName: sceneList.cityName,
    scenes: sceneList.scenes,
    scene,
    filters,
    edited: !isPreset(filters, presets),
    groups: condition.groups.filter((g) => slots.some((s) => s.group === g.key)),
    listings: { total: result.total, page: result.page, list: result.list },
    newHouses:
      band && projects && projects.total > 0
        ? {
            band,
            label: priceGroup?.options.find((o) => o.value === band)?.label ?? `${band}万`,
            total: projects.total,
            list: projects.list,
          }
        : null,
  };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: pageTitle('场景找房') }, { name: 'description', content: SITE_DESCRIPTION }];
  return [
    { title: pageTitle(`${d.cityName}${d.scene.name}`) },
    { name: 'description', content: `${d.cityName}${d.scene.name}在售二手房：${d.scene.intro}${SITE_DESCRIPTION}` },
  ];
};

export default function ScenePage({ loaderData }: Route.ComponentProps) {
  const { cityId, cityName, scenes, scene, filters, edited, groups, listings, newHouses } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const presets = presetFilters(scene.presets);
  const { items, hasMore, loadMore } = usePagedList<ListingCard>(listings, (page) => {
    const query = new URLSearchParams(filters);
    query.set('cityId', String(cityId));
    query.set('page', String(page));
    return `/rabbit/v1/house/listing/search?${query}`;
  });
  const changeFilter = (key: string, value: string | undefined) =>
    navigate(
      { search: withSceneFilter(searchParams, presets, key, value) },
      { replace: true, preventScrollReset: true },
    );

  return (
    <main className="scene">
      <h1 className="visually-hidden">
        {cityName}
        {scene.name} · 场景找房
      </h1>
      <SceneTabs scenes={scenes} current={scene.code} />
      <SceneIntro cityName={cityName} scene={scene} />
      {newHouses ? (
        <section className="scene-new" aria-labelledby="scene-new-title">
          <div className="scene-new__head">
            <h2 id="scene-new-title">同价位新房</h2>
            <small>总价{newHouses.label}</small>
          </div>
          <ProjectBriefList cityId={cityId} projects={newHouses.list} label="同价位新房" />
          <Link
            className="scene-new__more"
            to={`/${cityId}/house-new?price=${encodeURIComponent(newHouses.band)}&sort=${NEW_HOUSE_SORT}`}
          >
            查看全部{newHouses.total}个新房楼盘
          </Link>
        </section>
      ) : null}
      <div className="scene__filters">
        <FilterBar slots={SCENE_SLOTS[scene.code]} groups={groups} values={filters} onChange={changeFilter} />
      </div>
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        {items.length === 0 ? (
          <SceneEmpty cityName={cityName} scene={scene} scenes={scenes} edited={edited} />
        ) : (
          <>
            <p className="scene__count">
              共<b className="num">{listings.total}</b>套在售二手房{edited ? '（已按你的条件筛选）' : ''}
            </p>
            <ul className="listing-list" aria-label="在售二手房">
              {items.map((listing) => (
                <li key={listing.id}>
                  <ListingCardView cityId={cityId} listing={listing} showEstate />
                </li>
              ))}
            </ul>
            <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
          </>
        )}
      </PullToRefresh>
    </main>
  );
}
