// /download?chanelName 下载APP (PAGES.md §3.14; the spec's spelling of the parameter): what the app offers, screenshots
// of our own pages (captured by `npm run screenshots:download`, apps/web/scripts/download-screenshots.mjs), and the
// download button running the spec §4 flow for this client. On load the channel is marked (POST
// ubt/api/channel/mark); a malformed chanelName is ignored rather than shown as an error.
import { useSearchParams } from 'react-router';
import { APP_NAME, SITE_DESCRIPTION, pageTitle, planDownload } from '@fjt/domain';
import type { Route } from './+types/download';
import { Card } from '../../components/card/Card.tsx';
import { useChannelMark } from '../../lib/channel.ts';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { DownloadCta, downloadHint } from '../../features/app-integration/DownloadCta.tsx';
import '../../features/app-integration/app-integration.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('下载APP') },
  { name: 'description', content: `下载房价通APP：查房价、看成交、免费估价、降价提醒。${SITE_DESCRIPTION}` },
];

export const FEATURES: readonly { title: string; text: string }[] = [
  { title: '查房价', text: '城市、板块、小区挂牌与成交均价' },
  { title: '看成交', text: '小区历史成交逐套可查' },
  { title: '免费估价', text: '按可比成交给出估价区间' },
  { title: '降价提醒', text: '关注房源调价及时通知' },
];

/** Our own pages at 375×812, written by apps/web/scripts/download-screenshots.mjs. */
export const SHOTS: readonly { file: string; caption: string }[] = [
  { file: '/app-shots/city-home.webp', caption: '城市房价' },
  { file: '/app-shots/estate.webp', caption: '小区详情' },
  { file: '/app-shots/deals.webp', caption: '成交记录' },
  { file: '/app-shots/estimate.webp', caption: '免费估价' },
];

export default function DownloadPage() {
  const [search] = useSearchParams();
  useChannelMark(search.get('chanelName'), 'download');
  const flags = useClientFlags();
  return (
    <main className="app-landing" data-testid="download-page">
      <header className="app-hero">
        <span className="app-hero__icon" aria-hidden="true">
          房
        </span>
        <h1>{APP_NAME}APP</h1>
        <p>看房之前，先用房价通查房价</p>
        {flags.isApp ? (
          <p data-testid="download-in-app">您正在使用房价通APP</p>
        ) : (
          <DownloadCta hint={downloadHint(planDownload(flags).kind)} />
        )}
      </header>
      <Card title="APP功能">
        <ul className="app-features" data-testid="download-features">
          {FEATURES.map((f) => (
            <li key={f.title}>
              <strong>{f.title}</strong>
              <span>{f.text}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title="界面预览">
        <ul className="app-shots" data-testid="download-shots">
          {SHOTS.map((s) => (
            <li key={s.file}>
              <figure style={{ margin: 0 }}>
                <img src={s.file} alt={`房价通「${s.caption}」页面截图`} width={150} height={325} loading="lazy" />
                <figcaption>{s.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Card>
    </main>
  );
}
