// /promotion?channel 推广 (PAGES.md §3.14, interpreted as a channel landing): the city's price card (public data,
// from this loader; ?cityId picks the city, else the default one), value points, the download button, and the
// channel mark on load. A malformed channel is ignored.
import { useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle } from '@fjt/domain';
import type { Route } from './+types/promotion';
import { useChannelMark } from '../../lib/channel.ts';
import { ChannelLanding } from '../../features/app-integration/ChannelLanding.tsx';
import { channelLandingLoader } from '../../features/app-integration/channel-landing.server.ts';
import { PriceCard } from '../../features/city-home/PriceCard.tsx';
import '../../features/city-home/city-home.css';
import '../../features/app-integration/app-integration.css';

export function loader(args: Route.LoaderArgs) {
  return channelLandingLoader(args);
}

export const meta: Route.MetaFunction = ({ data: d }) => [
  { title: pageTitle('推广') },
  {
    name: 'description',
    content: `${d?.overview.cityName ?? ''}房价一手掌握：挂牌均价、成交均价与走势。${SITE_DESCRIPTION}`,
  },
];

export default function PromotionPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  useChannelMark(search.get('channel'), 'promotion');
  return (
    <main className="app-landing" data-testid="promotion-page">
      <ChannelLanding
        overview={loaderData.overview}
        priceCard={<PriceCard overview={loaderData.overview} />}
        heading="房价通 · 买房卖房先查价"
      />
    </main>
  );
}
