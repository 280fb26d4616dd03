// Opening the native app (spec §4 download flow) and sharing (spec §4 share flow) from the browser.
import { planDownload, runDownloadPlan, type ClientFlags } from '@fjt/domain';

export function openApp(flags: ClientFlags, target?: string): void {
  runDownloadPlan(planDownload(flags, target), {
    navigate: (url) => {
      window.location.href = url;
    },
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    isHidden: () => document.hidden,
  });
}
