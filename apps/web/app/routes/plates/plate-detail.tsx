// /{city}/plate-detail/{plateId} 板块详情 (PAGES.md §3.4): is the plate rising, and which estates lead it?
// One plate/detail call plus the 36-month series of the plate, its district and the city (the 12-month view
// is the tail of it); charts are drawn here as SVG. Unknown plate, or a plate of another city → 404.
import { data } from 'react-router';
import {
  NOT_FOUND_MESSAGE,
  SITE_DESCRIPTION,
  formatMoney,
  pageTitle,
  parseCityId,
  type PriceIndexSeriesBody,
  parseId,
} from '@fjt/domain';
import type { Route } from './+types/plate-detail';
import { distributionChart, plateTrendChart } from '../../features/plates/charts.server.ts';
import { PlateDetailView } from '../../features/plates/PlateDetailView.tsx';
import '../../features/plates/plates.css';

const lastMonths = (s: PriceIndexSeriesBody, n: number): PriceIndexSeriesBody => ({ ...s, points: s.points.slice(-n) });

export async function loader({ params, context }: Route.LoaderArgs) {
  const cityId = parseCityId(params.city);
  const plateId = parseId(params.plateId);
  if (cityId === null || plateId === null) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const { plates } = context.services;
  const detail = await plates.plateDetail(plateId);
  if (!detail || detail.cityId !== cityId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const series = (
    await Promise.all([
      plates.priceIndexSeries({ level: 'plate', id: plateId, months: 36 }),
      plates.priceIndexSeries({ level: 'district', id: detail.districtId, months: 36 }),
      plates.priceIndexSeries({ level: 'city', id: cityId, months: 36 }).catch(() => null),
    ])
  ).filter((s) => s !== null);
  // 36 points end at the newest month; 12 months back is the 13th from the end, as in 同比.
  const plateAvgs = series[0]?.points.map((p) => p.listingAvg) ?? [];
  const trends = [
    plateTrendChart(
      series.map((s) => lastMonths(s, 12)),
      12,
      plateAvgs.at(-13) ?? null,
    ),
    plateTrendChart(series, 36, plateAvgs[0] ?? null),
  ].filter((t) => t !== null);
  return {
    cityId,
    detail,
    trends,
    distributions: [
      { key: 'price', title: '总价(万)', svg: distributionChart(detail.priceBands) },
      { key: 'area', title: '面积(㎡)', svg: distributionChart(detail.areaBands) },
      { key: 'rooms', title: '户型', svg: distributionChart(detail.roomTypes) },
    ].filter((d): d is { key: string; title: string; svg: string } => d.svg !== null),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('板块详情') }];
  const { detail } = loaderData;
  const price = detail.listingAvg === null ? '' : `挂牌均价${formatMoney(detail.listingAvg)}元/㎡，`;
  return [
    { title: pageTitle(`${detail.name}板块房价`) },
    {
      name: 'description',
      content: `${detail.cityName}${detail.districtName}${detail.name}板块${price}查看房价走势、供需、户型分布与领涨小区。${SITE_DESCRIPTION}`,
    },
  ];
};

export default function PlateDetailRoute({ loaderData }: Route.ComponentProps) {
  return <PlateDetailView key={loaderData.detail.id} {...loaderData} />;
}
