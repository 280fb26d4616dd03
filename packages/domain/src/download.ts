// How "open the app" and "share" behave on each client (spec §4 download flow and share flow).
import type { ClientFlags } from './client-flags.ts';
import { APP_SCHEME, nativeLink } from './deep-links.ts';
import { DeveloperError } from './errors.ts';

export const APP_NAME = '房价通';
export const UNIVERSAL_LINK = 'https://app.fangjiatong.cn/open';
export const APK_URL = '/download/fangjiatong.apk';
export const APK_FALLBACK_MS = 1000;
export const DOWNLOAD_PAGE = '/download';
/** The open-in-browser guide for WeChat/QQ (PAGES.md §3.14 /helper2). */
export const OPEN_IN_BROWSER_PAGE = '/helper2';

export type DownloadPlan =
  | { kind: 'universal-link'; url: string }
  | { kind: 'download-page'; url: string }
  | { kind: 'scheme'; url: string; fallbackUrl: string; fallbackAfterMs: number };

export function planDownload(flags: ClientFlags, target?: string): DownloadPlan {
  const deepLink = target ?? nativeLink('mainTab');
  if (!deepLink.startsWith(APP_SCHEME)) {
    throw new DeveloperError(`planDownload: target must be a native link (${APP_SCHEME}…), got "${deepLink}"`);
  }
  // iOS blocks custom schemes behind a confirmation and cannot fall back; a universal link opens
  // the app when installed and the App Store page otherwise.
  if (flags.isIos) return { kind: 'universal-link', url: `${UNIVERSAL_LINK}?target=${encodeURIComponent(deepLink)}` };
  // WeChat on Android blocks both custom schemes and APK downloads, so the user needs the open-in-browser guide
  // (PAGES.md §3.14: WeChat → /helper2), from where the system browser runs this flow again.
  if (flags.isAndroid && flags.isWeixin) return { kind: 'download-page', url: OPEN_IN_BROWSER_PAGE };
  return { kind: 'scheme', url: deepLink, fallbackUrl: APK_URL, fallbackAfterMs: APK_FALLBACK_MS };
}

/** WeChat cannot hand a page to the app, so it explains how to share from WeChat's own menu instead. */
export function planShare(flags: ClientFlags): 'share-guide' | 'download' {
  return flags.isWeixin ? 'share-guide' : 'download';
}

export function runDownloadPlan(
  plan: DownloadPlan,
  env: { navigate(url: string): void; setTimeout(fn: () => void, ms: number): unknown; isHidden(): boolean },
): void {
  env.navigate(plan.url);
  if (plan.kind !== 'scheme') return;
  env.setTimeout(() => {
    // A hidden page means the scheme opened the app; downloading the APK then would be unwanted.
    if (!env.isHidden()) env.navigate(plan.fallbackUrl);
  }, plan.fallbackAfterMs);
}
