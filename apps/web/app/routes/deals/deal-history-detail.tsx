// /{city}/deal-history/{houseId?}/detail?dealId 成交详情 (PAGES.md §3.3): one deal. An unknown or malformed
// deal id, a deal of another city or of another estate than the path names is a 404.
import { Link, data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, dealDetailQuery, pageTitle, parseCityId, roomLabel } from '@fjt/domain';
import type { Route } from './+types/deal-history-detail';
import { DealDetailView } from '../../features/deals/DealDetailView.tsx';
import { totalPrice } from '../../lib/display.ts';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import { useMemberView } from '../../lib/membership.ts';
import '../../features/deals/deals.css';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const query = dealDetailQuery.safeParse({ dealId: new URL(request.url).searchParams.get('dealId') ?? undefined });
  if (cityId === null || !query.success) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const detail = await context.services.deals.detail(query.data);
  if (
    !detail ||
    detail.estate.cityId !== cityId ||
    (params.houseId !== undefined && params.houseId !== String(detail.estate.id))
  ) {
    throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  }
  return { cityId, now: Date.now(), detail };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('成交详情') }];
  const { deal, estate } = loaderData.detail;
  const what = `${estate.name}${roomLabel(deal.rooms, deal.halls)}`;
  return [
    { title: pageTitle(`${what}成交详情`) },
    { name: 'description', content: `${what}成交价${totalPrice(deal.totalPrice)}。${SITE_DESCRIPTION}` },
  ];
};

export default function DealDetailPage({ loaderData }: Route.ComponentProps) {
  const { cityId, now } = loaderData;
  const masked = loaderData.detail.deal.masked || loaderData.detail.similar.some((d) => d.masked);
  const detail = useMemberView(loaderData.detail, `house/deal/detail?dealId=${loaderData.detail.deal.id}`, masked);
  const historyPath = `/${cityId}/deal-history/${detail.estate.id}`;
  return (
    <main className="deals">
      <DealDetailView detail={detail} now={now} historyPath={historyPath} />
      <div className="bottom-bar bottom-bar--split">
        <FollowButton kind="estate" id={detail.estate.id} className="btn" label="订阅成交提醒" />
        <Link className="btn btn-primary" to={historyPath}>
          全部成交记录
        </Link>
      </div>
    </main>
  );
}
