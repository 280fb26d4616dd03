// The installable web app (issue 18): registering the service worker (public/sw.js) and the add-to-home-screen
// prompt. The worker's cache names and which pages it keeps for offline reading are repeated in sw.js (a plain
// script the browser loads on its own); pwa.test.ts checks the two agree.
import { useEffect, useState } from 'react';
import type { ClientFlags } from '@fjt/domain';

const SW_URL = '/sw.js';
/** The estate pages kept for offline reading (network first), the newest MAX_KEPT_PAGES of them. */
export const PAGE_CACHE = 'fjt-pages-v1';
export const MAX_KEPT_PAGES = 20;
export const KEPT_PAGE = /^\/\d+\/(?:house-detail|property|house-resold|house-new|loupan|overseas-detail)\/\d+\/?$/;
/** localStorage key: the add-to-home-screen banner was dismissed. */
const INSTALL_DISMISSED_KEY = 'fjt:install-dismissed';

/** Not inside the native app (it has its own shell) and only where the browser supports it. */
export function shouldRegisterWorker(flags: Pick<ClientFlags, 'isApp'>, nav: Partial<Navigator> | undefined): boolean {
  return !flags.isApp && !!nav && 'serviceWorker' in nav;
}

export function useServiceWorker({ isApp }: Pick<ClientFlags, 'isApp'>): void {
  useEffect(() => {
    if (!shouldRegisterWorker({ isApp }, navigator)) return;
    // after the page's own work: the worker's install fetches the app shell
    const start = () => void navigator.serviceWorker.register(SW_URL, { scope: '/' }).catch(() => undefined);
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => window.removeEventListener('load', start);
  }, [isApp]);
}

/** '小区 · /605/house-detail/9' → a short label for the offline page's list. */
export function pageLabel(path: string): string {
  const m = /^\/(\d+)\/([a-z-]+)\/(\d+)/.exec(path);
  if (!m) return path;
  const kind: Record<string, string> = {
    'house-detail': '小区',
    property: '房源',
    'house-resold': '二手房',
    'house-new': '新房',
    loupan: '楼盘',
    'overseas-detail': '海外房产',
  };
  return `${kind[m[2] ?? ''] ?? '页面'} ${m[3]}`;
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface InstallPrompt {
  /** The browser offers an install, and this device has not dismissed the banner. */
  available: boolean;
  install: () => Promise<void>;
  dismiss: () => void;
}

/** The browser's beforeinstallprompt, held until the user taps 添加; null when there is none or it was dismissed. */
export function useInstallPrompt(flags: Pick<ClientFlags, 'isApp' | 'isWeixin'>): InstallPrompt {
  const [event, setEvent] = useState<InstallPromptEvent | null>(null);
  useEffect(() => {
    if (flags.isApp || flags.isWeixin) return;
    let dismissed = false;
    try {
      dismissed = localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
    } catch {
      // storage disabled: ask
    }
    if (dismissed) return;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as InstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [flags.isApp, flags.isWeixin]);
  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    } catch {
      // hidden until the next page load
    }
    setEvent(null);
  };
  const install = async () => {
    if (!event) return;
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'dismissed') dismiss();
    else setEvent(null);
  };
  return { available: event !== null, install, dismiss };
}

/** On sign-out and account deletion: the service worker forgets the estate pages this device kept. */
export function clearKeptPages(): void {
  if (typeof navigator === 'undefined') return;
  navigator.serviceWorker?.controller?.postMessage({ type: 'clear-pages' });
}
