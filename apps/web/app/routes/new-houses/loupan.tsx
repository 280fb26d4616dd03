// /{city}/loupan/{houseId?} 楼盘详情 (PAGES.md §3.5): the new-house project dossier. No id → the city's new-house
// search; an unknown project or one of another city → 404. A block whose call fails hides (PAGES.md §0).
import { Link, data, redirect, useLocation } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, pageTitle, parseCityId, projectIdParam } from '@fjt/domain';
import type { Route } from './+types/loupan';
import {
  DatesBlock,
  ManagerList,
  PlanningBlock,
  PriceBlock,
  PriceListBlock,
  ProjectHead,
  ResaleCompareBlock,
  UnitTypesBlock,
} from '../../features/new-houses/ProjectDossier.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { Card } from '../../components/card/Card.tsx';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import '../../features/new-houses/new-houses.css';

const orNull = <T,>(promise: Promise<T | null>): Promise<T | null> => promise.catch(() => null);

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  if (cityId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  if (!params.houseId) throw redirect(`/${cityId}/house-new`);
  const id = projectIdParam.safeParse(params.houseId);
  if (!id.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { newHouses } = context.services;
  const detail = await newHouses.detail(id.data);
  if (!detail || detail.project.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const [priceList, managers] = await Promise.all([
    orNull(newHouses.priceList(id.data)),
    orNull(newHouses.managers(id.data)),
  ]);
  return { cityId, detail, priceList, managers: managers?.list ?? [] };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const name = d?.detail.project.name ?? '楼盘详情';
  return [
    { title: pageTitle(`${name}楼盘详情`) },
    {
      name: 'description',
      content: `${name}：参考均价、总价段、开盘交房时间、预售证、户型与一房一价。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function LoupanPage({ loaderData }: Route.ComponentProps) {
  const { cityId, detail, priceList, managers } = loaderData;
  const { project } = detail;
  const location = useLocation();
  const login = `/login?redirect=${encodeURIComponent(location.pathname)}`;
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: project.name, url }).catch(() => undefined);
      return;
    }
    await copyText(url).catch(() => undefined);
  };
  return (
    <main className="nh nh--detail">
      <ProjectHead detail={detail} />
      <PriceBlock detail={detail} />
      <DatesBlock detail={detail} />
      {detail.unitTypes.length > 0 ? <UnitTypesBlock detail={detail} /> : null}
      {priceList && priceList.list.length > 0 ? <PriceListBlock priceList={priceList} /> : null}
      <PlanningBlock detail={detail} />
      <ResaleCompareBlock cityId={cityId} detail={detail} />
      <Card flush id="managers" title="置业顾问">
        {managers.length === 0 ? (
          <p className="nh-hint">暂无置业顾问在线，留下电话由售楼处回电</p>
        ) : (
          <ManagerList cityId={cityId} managers={managers} />
        )}
      </Card>
      <Card flush label="更多">
        <p className="nh-more-links">
          <Link to={`/${cityId}/loupan/${project.id}/export`}>生成楼盘报告（可打印）</Link>
          <Link to={`/${cityId}/calendar${project.openingDate ? `?month=${project.openingDate.slice(0, 7)}` : ''}`}>
            开盘日历
          </Link>
          <Link to={`/${cityId}/house-new?districtId=${project.districtId}`}>同区域新房</Link>
        </p>
      </Card>
      <div className="bottom-bar bottom-bar--actions">
        <FollowButton
          kind="project"
          id={project.id}
          className="bottom-bar__item"
          icon
          label="订阅变价"
          testId="project-follow"
        />
        <button type="button" className="bottom-bar__item" onClick={() => void share()}>
          <span aria-hidden="true">⇪</span>分享
        </button>
        <a className="bottom-bar__item" href="#managers">
          <span aria-hidden="true">☏</span>咨询
        </a>
        <Link className="btn btn-primary bottom-bar__primary" to={login}>
          获取优惠
        </Link>
      </div>
    </main>
  );
}
