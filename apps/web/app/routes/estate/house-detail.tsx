// /{city}/house-detail/{estateId} 小区详情 (PAGES.md §3.2): what the estate is worth and whether to pursue it.
// The loader asks the estate service for every block at once; a block whose call fails or comes back empty
// hides (PAGES.md §0). Charts are drawn here on the server as SVG.
import { data } from 'react-router';
import { NOT_FOUND_MESSAGE, SITE_DESCRIPTION, formatMoney, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/house-detail';
import { roomTypeChart, totalPriceChart, trendChart } from '../../features/estate/charts.server.ts';
import { EstateDetailPage } from '../../features/estate/components/EstateDetailPage.tsx';

const LATEST_DEALS = 3;
const LATEST_LISTINGS = 5;
const AROUND_SIZE = 6;

/** A failed block is hidden, never the page (spec §8: loaders ignore resultCode ≠ 0). */
const orNull = <T,>(promise: Promise<T | null>): Promise<T | null> => promise.catch(() => null);

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const estateId = parseId(params.estateId);
  if (cityId === null || estateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { estates } = context.services;
  const basic = await estates.basicInfo(estateId);
  if (!basic || basic.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });

  const [
    general,
    facts,
    trend12,
    trend36,
    deals,
    listings,
    roomTypes,
    totalPrices,
    buildings,
    listingAnalysis,
    dataSource,
    agents,
    around,
    reviews,
  ] = await Promise.all([
    orNull(estates.general(estateId)),
    orNull(estates.facts(estateId)),
    orNull(estates.headerChart({ houseId: estateId, months: 12 })),
    orNull(estates.headerChart({ houseId: estateId, months: 36 })),
    orNull(estates.deals({ houseId: estateId, page: 1, size: LATEST_DEALS })),
    orNull(estates.listings({ houseId: estateId, page: 1, size: LATEST_LISTINGS })),
    orNull(estates.roomTypeAnalysis(estateId)),
    orNull(estates.totalPriceAnalysis(estateId)),
    orNull(estates.buildingAnalysis(estateId)),
    orNull(estates.listingAnalysis(estateId)),
    orNull(estates.analysisDataSource(estateId)),
    orNull(estates.agents({ type: 8, cityId, houseId: estateId })),
    orNull(estates.around({ houseId: estateId, size: AROUND_SIZE })),
    context.services.reviews.summary(estateId).catch(() => null),
  ]);

  return {
    cityId,
    now: Date.now(),
    basic,
    summary: general?.summary ?? null,
    facts,
    trends: [trend12 && trendChart(trend12, 12), trend36 && trendChart(trend36, 36)].filter((t) => t !== null),
    deals,
    listings,
    listingAnalysis,
    roomTypes: roomTypes && roomTypes.list.length > 0 ? { ...roomTypes, svg: roomTypeChart(roomTypes) } : null,
    totalPrices:
      totalPrices && totalPrices.onSaleCount + totalPrices.dealCount > 0
        ? { ...totalPrices, svg: totalPriceChart(totalPrices) }
        : null,
    buildings: buildings?.list.length ? buildings.list : null,
    agents: agents?.agents.length ? agents.agents.slice(0, 3) : null,
    agentCount: agents?.agents.length ?? 0,
    around: around?.list.length ? around.list : null,
    dataSource,
    reviews,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('小区详情') }];
  const { basic } = loaderData;
  const price = basic.listingAvg === null ? '' : `挂牌均价${formatMoney(basic.listingAvg)}元/㎡，`;
  return [
    { title: pageTitle(`${basic.name}房价`) },
    {
      name: 'description',
      content: `${basic.name}（${basic.districtName}${basic.plateName}）${price}查看成交记录、在售房源、户型分析与价格走势。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function HouseDetailRoute({ loaderData }: Route.ComponentProps) {
  return <EstateDetailPage key={loaderData.basic.id} {...loaderData} />;
}
