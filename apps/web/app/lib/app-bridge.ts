// The pages' side of the native-app bridge (docs/app-bridge.md): every call a page makes to the 房价通 app when it
// runs inside the app's web view (client flag isApp), with its payload. Screens open through deep links
// (packages/domain deep-links.ts, the fangjiatong:// scheme); actions with an answer go through objects the app
// injects into the web view. BRIDGE_CALLS is the registry app-bridge.test.ts checks the document against.
import { nativeLink, type ClientFlags } from '@fjt/domain';

export interface SharePayload {
  /** ≤ 64 characters */
  title: string;
  /** ≤ 120 characters */
  desc: string;
  /** absolute https URL of the page to share */
  link: string;
  /** absolute URL of a square thumbnail; the app icon when absent */
  imgUrl?: string;
}

/** Injected by the app into its web view (all platforms). */
export interface FjtBridge {
  /** Opens the app's share panel; resolves true when shared, false when cancelled. */
  share(payload: SharePayload): Promise<boolean>;
}

declare global {
  interface Window {
    fjtBridge?: FjtBridge;
  }
}

/** How each call reaches the app. `deep-link`: a fangjiatong:// link of NATIVE_SCREENS; `js`: window[object][method]. */
export type BridgeCall =
  | {
      via: 'deep-link';
      screen: 'guestLogin' | 'houseDetail' | 'supportChat';
      payload: readonly string[];
      usedBy: string;
    }
  | { via: 'js'; object: 'fjtBridge' | 'fjtStoreKit'; method: string; payload: readonly string[]; usedBy: string };

export const BRIDGE_CALLS = {
  login: { via: 'deep-link', screen: 'guestLogin', payload: ['redirect'], usedBy: 'routes/account/login.tsx' },
  share: {
    via: 'js',
    object: 'fjtBridge',
    method: 'share',
    payload: ['title', 'desc', 'link', 'imgUrl'],
    usedBy: 'components/layouts/ShareLayout.tsx',
  },
  pay: {
    via: 'js',
    object: 'fjtStoreKit',
    method: 'purchase',
    payload: ['productId', 'appAccountToken'],
    usedBy: 'features/checkout/pay-action.ts',
  },
  openDetail: {
    via: 'deep-link',
    screen: 'houseDetail',
    payload: ['cityId', 'estateId'],
    usedBy: 'components/lead-form/DealPriceModal.tsx',
  },
  support: {
    via: 'deep-link',
    screen: 'supportChat',
    payload: ['sourceUrl'],
    usedBy: 'modules/estates/service.ts (agent info appUrl)',
  },
} as const satisfies Record<string, BridgeCall>;

export type BridgeCallName = keyof typeof BRIDGE_CALLS;

/** Login inside the app: the app signs the web view in and comes back to `redirect` (a same-site path). */
export function appLoginLink(redirect: string): string {
  return nativeLink('guestLogin', { redirect });
}

/** An estate's native detail screen. */
export function appDetailLink(cityId: number, estateId: number): string {
  return nativeLink('houseDetail', { cityId, estateId });
}

/**
 * The app's share panel. Resolves null when the page is not in the app or the app predates the bridge (the
 * caller then falls back to the browser's flow).
 */
export async function appShare(flags: Pick<ClientFlags, 'isApp'>, payload: SharePayload): Promise<boolean | null> {
  if (!flags.isApp || typeof window === 'undefined' || !window.fjtBridge?.share) return null;
  try {
    return await window.fjtBridge.share({
      ...payload,
      title: payload.title.slice(0, 64),
      desc: payload.desc.slice(0, 120),
    });
  } catch {
    return false;
  }
}
