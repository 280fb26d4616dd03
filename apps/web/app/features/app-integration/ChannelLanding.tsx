// The body of a channel landing page (/promotion?channel, /activity/hw-pps): the city's price card (public data
// from the page's loader), what the app offers, and the download / open-app button. The page marks the channel.
import type { ReactNode } from 'react';
import type { CityOverview } from '@fjt/domain';
import { planDownload } from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { DownloadCta, downloadHint } from './DownloadCta.tsx';

const VALUE_POINTS: readonly { title: string; text: string }[] = [
  { title: '看房前先查价', text: '挂牌均价、成交均价与近12个月走势，心里有数再谈价。' },
  { title: '真实成交记录', text: '小区历史成交逐套可查，按规定延迟展示。' },
  { title: '免费估价', text: '参考同小区及周边可比成交，给出估价区间与可信度。' },
  { title: '降价提醒', text: '关注的小区与房源调价，第一时间通知您。' },
];

export function ChannelLanding({
  overview,
  priceCard,
  heading,
  ctaLabel,
}: {
  overview: CityOverview;
  /** The city home's price card (features/city-home), given by the page. */
  priceCard: ReactNode;
  heading: string;
  ctaLabel?: string;
}) {
  const flags = useClientFlags();
  return (
    <>
      <header className="app-hero">
        <span className="app-hero__icon" aria-hidden="true">
          房
        </span>
        <h1>{heading}</h1>
        <p>看房之前，先用房价通查一查{overview.cityName}房价</p>
      </header>
      {overview.month ? priceCard : <EmptyState art="data" title={`${overview.cityName}的房价数据正在整理中`} />}
      <Card title="为什么用房价通">
        <ul className="app-points" data-testid="value-points">
          {VALUE_POINTS.map((p) => (
            <li key={p.title}>
              <strong>{p.title}</strong>：{p.text}
            </li>
          ))}
        </ul>
      </Card>
      <DownloadCta label={ctaLabel} hint={flags.isApp ? undefined : downloadHint(planDownload(flags).kind)} />
    </>
  );
}
