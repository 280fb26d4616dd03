// The download layout's top banner (spec §2 Layouts, §4): app name, slogan, a close control that hides it for
// the rest of the session, and '立即打开', which starts the download flow.
import { useEffect, useState } from 'react';
import { APP_NAME, DOWNLOAD_SLOGAN, OPEN_APP_TEXT } from '@fjt/domain';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { openApp } from '../../lib/app-launch.ts';
import './download-banner.css';
import { spm } from '../../lib/spm.ts';

/** sessionStorage key; read by the inline script in root.tsx so a closed banner never flashes on load. */
export const BANNER_CLOSED_KEY = 'fjt:download-banner-closed';

export function DownloadBanner() {
  const flags = useClientFlags();
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    try {
      if (sessionStorage.getItem(BANNER_CLOSED_KEY) === '1') setClosed(true);
    } catch {
      // storage disabled: the banner stays
    }
  }, []);
  // Inside the app there is nothing to download.
  if (closed || flags.isApp) return null;

  const close = () => {
    try {
      sessionStorage.setItem(BANNER_CLOSED_KEY, '1');
    } catch {
      // storage disabled: hidden until the next page load
    }
    setClosed(true);
  };

  return (
    <aside className="download-banner" data-testid="download-banner">
      <button type="button" className="download-banner__close" aria-label="关闭" onClick={close}>
        ×
      </button>
      <span className="download-banner__logo" aria-hidden="true">
        房
      </span>
      <span className="download-banner__text">
        <strong>{APP_NAME}</strong>
        <span>{DOWNLOAD_SLOGAN}</span>
      </span>
      <button
        type="button"
        className="download-banner__open"
        onClick={() => openApp(flags)}
        data-spm={spm('app', 'download-banner', 0)}
      >
        {OPEN_APP_TEXT}
      </button>
    </aside>
  );
}
