// /{city}/property/{propertyId?} 房源详情 (PAGES.md §3.2, send-order layout): one listed unit.
import { data } from 'react-router';
import { SITE_DESCRIPTION, listingDetailQuery, pageTitle, parseCityId, roomLabel } from '@fjt/domain';
import type { Route } from './+types/property';
import { PropertyDetail } from '../../features/listings/PropertyDetail.tsx';
import '../../features/listings/listings.css';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const parsed = listingDetailQuery.safeParse({ propertyId: params.propertyId });
  if (cityId === null || !parsed.success) throw data(null, { status: 404 });
  const detail = await context.services.listings.detail(parsed.data);
  if (!detail || detail.listing.cityId !== cityId) throw data(null, { status: 404 });
  return { cityId, detail, now: new Date().toISOString() };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  if (!d) return [{ title: pageTitle('房源详情') }];
  const { listing, estate } = d.detail;
  const name = `${estate.name}${roomLabel(listing.rooms, listing.halls)}`;
  return [
    { title: pageTitle(`${name}房源详情`) },
    { name: 'description', content: `${name}：总价、单价、与小区挂牌均价对比、调价记录。${SITE_DESCRIPTION}` },
  ];
};

export default function PropertyPage({ loaderData }: Route.ComponentProps) {
  return <PropertyDetail cityId={loaderData.cityId} detail={loaderData.detail} now={loaderData.now} />;
}
