// Which client is running the page: native app web view, WeChat in-app browser or a plain browser (spec §3, §4, §6).
import { isVersionString } from './version.ts';

export type ClientFlags = {
  isApp: boolean;
  isIos: boolean;
  isAndroid: boolean;
  isWeixin: boolean;
  appVersion: string;
};

/** The browser's "version" (spec §3 currentVersion default). */
export const DEFAULT_APP_VERSION = 'h5';
/** The native app appends `FangJiaTong/<version>` to its web view's user agent. */
export const APP_UA_TOKEN = 'FangJiaTong';
export const CURRENT_VERSION_COOKIE = 'currentVersion';

const APP_VERSION_IN_UA = new RegExp(`${APP_UA_TOKEN}/(\\d+(?:\\.\\d+)*)`);

export function detectClient(userAgent: string | null | undefined, currentVersionCookie?: string | null): ClientFlags {
  const ua = userAgent ?? '';
  const fromUa = APP_VERSION_IN_UA.exec(ua)?.[1];
  // Older app builds do not tag the user agent and set the currentVersion cookie instead.
  const appVersion = fromUa ?? (isVersionString(currentVersionCookie) ? currentVersionCookie : DEFAULT_APP_VERSION);
  return {
    isApp: appVersion !== DEFAULT_APP_VERSION,
    isIos: /iPhone|iPad|iPod/.test(ua),
    isAndroid: /Android/.test(ua),
    isWeixin: /MicroMessenger/i.test(ua),
    appVersion,
  };
}
