// /activity/hw-pps 华为应用市场投放落地页 (issue 18): the city's price card, the open / download button and the
// channel mark on load (channelCode 'huawei', or ?channel). The activity hw-pps (features/activities) frames it,
// so ops can end the campaign and the page then says '活动已结束'.
import { data, useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, resolveCityId } from '@fjt/domain';
import type { Route } from './+types/hw-pps';
import { useChannelMark } from '../../lib/channel.ts';
import { ActivityFrame, ActivityRules } from '../../features/activities/ActivityFrame.tsx';
import { ChannelLanding } from '../../features/app-integration/ChannelLanding.tsx';
import { PriceCard } from '../../features/city-home/PriceCard.tsx';
import '../../features/city-home/city-home.css';
import '../../features/app-integration/app-integration.css';

export const HW_PPS_CHANNEL = 'huawei';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const cityId = resolveCityId({ pathCity: undefined, queryCityId: url.searchParams.get('cityId') });
  const overview = await context.services.market.cityOverview(cityId);
  if (!overview) throw data(null, { status: 404 });
  return { overview };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  { name: 'description', content: `看房之前，先用房价通查房价。${SITE_DESCRIPTION}` },
];

export default function HwPpsPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  useChannelMark(search.get('channel') ?? HW_PPS_CHANNEL, 'activity-hw-pps');
  return (
    <ActivityFrame code="hw-pps" testId="hw-pps-page">
      {(activity) => (
        <div className="app-landing">
          <ChannelLanding
            overview={loaderData.overview}
            priceCard={<PriceCard overview={loaderData.overview} />}
            heading={activity.title}
            ctaLabel="打开房价通APP"
          />
          <ActivityRules activity={activity} />
        </div>
      )}
    </ActivityFrame>
  );
}
