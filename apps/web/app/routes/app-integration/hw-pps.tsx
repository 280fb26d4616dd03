// /activity/hw-pps 华为应用市场投放落地页 (issue 18): the city's price card, the open / download button and the
// channel mark on load (channelCode 'huawei', or ?channel). The landing is painted by the server from the loader
// (the same as /promotion's); the activity hw-pps (features/activities, read in the browser) adds its title and
// rules, and once ops end the campaign the page says '活动已结束' instead.
import { useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/hw-pps';
import { useChannelMark } from '../../lib/channel.ts';
import { ActivityClosed, ActivityRules, useActivity } from '../../features/activities/ActivityFrame.tsx';
import { ChannelLanding } from '../../features/app-integration/ChannelLanding.tsx';
import { channelLandingLoader } from '../../features/app-integration/channel-landing.server.ts';
import { PriceCard } from '../../features/city-home/PriceCard.tsx';
import '../../features/activities/activities.css';
import '../../features/city-home/city-home.css';
import '../../features/app-integration/app-integration.css';

export const HW_PPS_CHANNEL = 'huawei';
/** The heading until the activity's own title has loaded. */
const HW_PPS_HEADING = '查房价，上房价通';

export function loader(args: Route.LoaderArgs) {
  return channelLandingLoader(args);
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle() },
  { name: 'description', content: `看房之前，先用房价通查房价。${SITE_DESCRIPTION}` },
];

export default function HwPpsPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  useChannelMark(search.get('channel') ?? HW_PPS_CHANNEL, 'activity-hw-pps');
  const { state } = useActivity('hw-pps');
  // a failed activity/info leaves the landing as it is (without rules): the promotion itself still stands
  const activity = state.status === 'ready' ? state.body.activity : null;
  if (activity && activity.status !== 'running') return <ActivityClosed activity={activity} testId="hw-pps-page" />;
  return (
    <main
      className="activity-page"
      data-testid="hw-pps-page"
      data-activity-status={activity?.status ?? (state.status === 'loading' ? 'loading' : 'unknown')}
    >
      <div className="app-landing">
        <ChannelLanding
          overview={loaderData.overview}
          priceCard={<PriceCard overview={loaderData.overview} />}
          heading={activity?.title ?? HW_PPS_HEADING}
          ctaLabel="打开房价通APP"
        />
        {activity ? <ActivityRules activity={activity} /> : null}
      </div>
    </main>
  );
}
