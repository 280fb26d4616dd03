// /{city}/house-resold/{houseId}/export 在售报告 (PAGES.md §3.2): a printable A4 market report of one estate.
// PAGES.md gates it behind login + VIP; there is no login yet, so the report is open — the membership issue
// adds the gate here (loader) and the viewer's masked phone as the watermark.
import { data } from 'react-router';
import { SITE_DESCRIPTION, listingSearchQuery, pageTitle, parseCityId, parseId } from '@fjt/domain';
import type { Route } from './+types/resold-export';
import { ResoldReport } from '../../features/listings/ResoldReport.tsx';
import { distributionChart } from '../../features/listings/charts.server.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const estateId = parseId(params.houseId);
  const parsed = listingSearchQuery.safeParse({ cityId, houseId: estateId, order: 'listedAt_desc' });
  if (cityId === null || estateId === null || !parsed.success) throw data(null, { status: 404 });
  const { estates, listings: listingsService } = context.services;
  const [listings, basic, roomTypes, totalPrices, source] = await Promise.all([
    listingsService.search(parsed.data),
    estates.basicInfo(estateId),
    estates.roomTypeAnalysis(estateId),
    estates.totalPriceAnalysis(estateId),
    estates.analysisDataSource(estateId),
  ]);
  if (!listings || !basic) throw data(null, { status: 404 });
  const report = {
    basic,
    listings,
    roomTypes,
    totalPrices,
    source,
    roomChart: roomTypes
      ? distributionChart(
          '在售套数',
          roomTypes.list.map((r) => r.label),
          roomTypes.list.map((r) => r.onSaleCount),
        )
      : null,
    priceChart: totalPrices
      ? distributionChart(
          '在售套数',
          totalPrices.list.map((b) => b.label.replace('万', '')),
          totalPrices.list.map((b) => b.onSaleCount),
        )
      : null,
    madeOn: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
  };
  return { report };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const name = d?.report.basic.name ?? '';
  return [
    { title: pageTitle(`${name}在售报告`) },
    { name: 'description', content: `${name}市场报告：价格概况、近12个月挂牌与成交、在售房源。${SITE_DESCRIPTION}` },
  ];
};

export default function HouseResoldExportPage({ loaderData }: Route.ComponentProps) {
  return <ResoldReport report={loaderData.report} />;
}
