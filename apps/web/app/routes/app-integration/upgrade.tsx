// /upgrade?minVersion 需要更新APP (PAGES.md §3.14): a feature needs app version minVersion or later (spec §6 gates).
// Says which version is needed (and which one is running, in the app), what the newer app brings, and offers the
// download and open-app flows of spec §4 (packages/domain download.ts). A missing or malformed minVersion gives the
// generic wording rather than echoing it.
import { Link, useSearchParams } from 'react-router';
import { DOWNLOAD_PAGE, SITE_DESCRIPTION, isVersionString, pageTitle, versionAtLeast } from '@fjt/domain';
import type { Route } from './+types/upgrade';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { openApp } from '../../lib/app-launch.ts';
import '../../features/checkout/checkout.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('升级APP') },
  { name: 'description', content: `该功能需要更新版本的房价通APP，升级后即可使用。${SITE_DESCRIPTION}` },
];

const WHATS_NEW = [
  '会员中心：开通、续费会员与购买记录',
  '成交数据：查看全部成交价，导出成交记录',
  '报告商城：城市、区域与小区报告',
];

export default function UpgradePage() {
  const flags = useClientFlags();
  const [search] = useSearchParams();
  const raw = search.get('minVersion')?.trim() ?? '';
  // an absurd version (a typo, a probe) is not shown back
  const minVersion = isVersionString(raw) && raw.length <= 16 ? raw : null;
  const upToDate = minVersion !== null && flags.isApp && versionAtLeast(flags.appVersion, minVersion);

  return (
    <main className="checkout-page" data-testid="upgrade-page">
      <section className="upgrade">
        <span className="upgrade__icon" aria-hidden="true">
          房
        </span>
        <h1>需要更新APP</h1>
        <p data-testid="upgrade-message">
          {minVersion
            ? `该功能需要房价通APP ${minVersion} 及以上版本，请更新后使用。`
            : '该功能需要更新版本的房价通APP，请更新后使用。'}
        </p>
        {flags.isApp ? (
          <p className="num" data-testid="upgrade-current">
            当前版本 {flags.appVersion}
            {upToDate ? '，已满足要求，请返回重试' : ''}
          </p>
        ) : null}
        <ul aria-label="新版本功能">
          {WHATS_NEW.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <div className="upgrade__actions">
          {flags.isApp ? (
            <Link className="btn btn-primary" to={DOWNLOAD_PAGE}>
              立即更新
            </Link>
          ) : (
            <>
              <button type="button" className="btn btn-primary" onClick={() => openApp(flags)}>
                打开APP
              </button>
              <Link className="btn" to={DOWNLOAD_PAGE}>
                下载APP
              </Link>
            </>
          )}
        </div>
      </section>
    </main>
  );
}
