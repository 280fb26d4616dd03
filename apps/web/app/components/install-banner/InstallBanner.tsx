// '添加到主屏幕' (issue 18): a small banner offered on the tab pages when the browser says the site can be installed
// (beforeinstallprompt, held by root.tsx's useInstallPrompt from the first page on), never inside the native app or
// WeChat; closing it is remembered on this device. Loaded lazily, only once there is something to offer.
import type { InstallPrompt } from '../../lib/pwa.ts';
import './install-banner.css';

export default function InstallBanner({ install, dismiss }: Pick<InstallPrompt, 'install' | 'dismiss'>) {
  return (
    <aside className="install-banner" data-testid="install-banner" aria-label="添加到主屏幕">
      <span className="install-banner__text">把房价通添加到主屏幕，查房价更方便</span>
      <button type="button" className="install-banner__add" onClick={() => void install()}>
        添加到主屏幕
      </button>
      <button type="button" className="install-banner__close" aria-label="不再提示" onClick={dismiss}>
        ×
      </button>
    </aside>
  );
}
