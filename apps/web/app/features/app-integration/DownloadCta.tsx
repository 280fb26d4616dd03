// The download / open-app call to action of the download and landing pages (spec §4 download flow): one button
// that runs planDownload for this client — iOS a universal link, Android in WeChat the open-in-browser guide
// (/helper2), elsewhere the app scheme and the APK after 1 s. Inside the app there is nothing to download.
import { planDownload } from '@fjt/domain';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { openApp } from '../../lib/app-launch.ts';

export function DownloadCta({ label = '下载房价通APP', hint }: { label?: string; hint?: string }) {
  const flags = useClientFlags();
  if (flags.isApp) return null;
  const plan = planDownload(flags);
  return (
    <div className="app-cta">
      <button
        type="button"
        className="btn btn-primary"
        data-testid="download-button"
        data-plan={plan.kind}
        onClick={() => openApp(flags)}
      >
        {label}
      </button>
      {hint ? <p className="app-cta__hint">{hint}</p> : null}
    </div>
  );
}

/** What the button will do here, said before the tap. */
export function downloadHint(kind: ReturnType<typeof planDownload>['kind']): string {
  switch (kind) {
    case 'universal-link':
      return '已安装将直接打开APP，未安装将前往App Store';
    case 'download-page':
      return '微信内无法直接下载，请按提示在浏览器中打开';
    default:
      return '已安装将直接打开APP，未安装将自动下载安装包';
  }
}
