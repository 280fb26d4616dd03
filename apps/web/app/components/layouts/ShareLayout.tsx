// The share layout (spec §2 Layouts, §4 share flow): WeChat's in-app browser shows the share-guide overlay,
// any other browser starts the app download flow; inside the app, the app's own share panel (lib/app-bridge.ts)
// with the page itself, or what the page asks to share (the invitation hub: its invite link).
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { planShare } from '@fjt/domain';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { openApp } from '../../lib/app-launch.ts';
import { appShare, type SharePayload } from '../../lib/app-bridge.ts';
import { ShareGuide } from '../share-guide/ShareGuide.tsx';

const ShareContext = createContext<{ share(content?: SharePayload): void } | null>(null);

function useShareApi() {
  const api = useContext(ShareContext);
  if (!api) throw new Error('useShare must be used on a page with the share layout');
  return api;
}

/** Shares the page. */
export function useShare(): () => void {
  const api = useShareApi();
  return useCallback(() => api.share(), [api]);
}

/** Shares `content` instead of the page (in the app's share panel; WeChat and browsers as for the page). */
export function useShareContent(): (content: SharePayload) => void {
  return useShareApi().share;
}

export function ShareLayout({ children }: { children: ReactNode }) {
  const flags = useClientFlags();
  const [guide, setGuide] = useState(false);
  const api = useMemo(
    () => ({
      share: (content?: SharePayload) => {
        if (flags.isApp) {
          void appShare(
            flags,
            content ?? {
              title: document.title,
              desc: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
              link: window.location.href,
            },
          );
        } else if (planShare(flags) === 'share-guide') setGuide(true);
        else openApp(flags);
      },
    }),
    [flags],
  );
  return (
    <ShareContext.Provider value={api}>
      <div data-layout="share">{children}</div>
      <ShareGuide visible={guide} onClose={() => setGuide(false)} />
    </ShareContext.Provider>
  );
}
