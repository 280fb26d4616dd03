// '添加到主屏幕' (issue 18): a small banner offered when the browser says the site can be installed
// (beforeinstallprompt), never inside the native app or WeChat; closing it is remembered on this device.
import { useClientFlags } from '../../lib/client-flags.tsx';
import { useInstallPrompt } from '../../lib/pwa.ts';
import './install-banner.css';

export function InstallBanner() {
  const flags = useClientFlags();
  const { available, install, dismiss } = useInstallPrompt(flags);
  if (!available) return null;
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
