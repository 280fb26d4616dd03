// Doing what POST customer/pay/unifiedorder answered (PayAction, packages/domain/src/api/payments.ts):
//  - 'redirect': the provider's cashier (Alipay wap.pay, WeChat h5_url), which returns to the status page;
//  - 'jsapi': WeChat's in-browser cashier through WeixinJSBridge (the sandbox ships a same-origin shim when the
//    browser has none); whatever err_msg says, the status page asks the server, which alone decides;
//  - 'apple': StoreKit in the app (the app's own bridge, else the sandbox's script), then the signed transaction
//    goes to POST customer/pay/apple/confirm.
import type { PayAction } from '@fjt/domain';
import { callApi } from '../../lib/session.ts';

type BridgeCallback = (res: { err_msg?: string }) => void;
interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: Record<string, string>, callback: BridgeCallback): void;
}
interface StoreKitBridge {
  purchase(input: { productId: string; appAccountToken: string }): Promise<unknown>;
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
    fjtStoreKit?: StoreKitBridge;
  }
}

export type PayOutcome =
  /** The page is leaving for the provider's cashier. */
  | { kind: 'left' }
  /** Paid or abandoned in an in-page cashier: the status page asks the server. */
  | { kind: 'status'; notice?: string; cancelled?: boolean }
  /** Nothing was paid; stay on the checkout and say why. */
  | { kind: 'error'; message: string };

export const PAY_MESSAGES = {
  noWeixinBridge: '请在微信中打开页面完成支付',
  noStoreKit: '请在房价通APP内完成购买',
  appleCancelled: '已取消购买',
  appleFailed: '购买失败，请稍后重试',
  appleConfirmFailed: '支付结果确认中，请稍后查看',
} as const;

/** Only scripts of this site are loaded (the contract's sandbox scripts are same-origin paths). */
export function isSameOriginScript(src: string, origin: string): boolean {
  try {
    return new URL(src, origin).origin === origin;
  } catch {
    return false;
  }
}

const loaded = new Map<string, Promise<void>>();
function loadScript(src: string): Promise<void> {
  if (!isSameOriginScript(src, window.location.origin)) return Promise.reject(new Error('cross-origin script'));
  let pending = loaded.get(src);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loaded.delete(src);
        script.remove();
        reject(new Error(`script failed: ${src}`));
      };
      document.head.appendChild(script);
    });
    loaded.set(src, pending);
  }
  return pending;
}

/** The WeChat browser defines the bridge a moment after load and says so with WeixinJSBridgeReady. */
function bridgeReady(waitMs: number): Promise<WeixinJSBridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('WeixinJSBridgeReady', done);
      window.clearTimeout(timer);
      resolve(window.WeixinJSBridge ?? null);
    };
    const timer = window.setTimeout(done, waitMs);
    document.addEventListener('WeixinJSBridgeReady', done);
  });
}

async function payInWeixin(action: Extract<PayAction, { kind: 'jsapi' }>): Promise<PayOutcome> {
  let bridge = window.WeixinJSBridge ?? null;
  if (!bridge && action.bridgeScript) {
    try {
      await loadScript(action.bridgeScript);
    } catch {
      return { kind: 'error', message: PAY_MESSAGES.noWeixinBridge };
    }
  }
  bridge = await bridgeReady(action.bridgeScript ? 1000 : 3000);
  if (!bridge) return { kind: 'error', message: PAY_MESSAGES.noWeixinBridge };
  const jsapi = bridge;
  const errMsg = await new Promise<string>((resolve) => {
    jsapi.invoke('getBrandWCPayRequest', { ...action.params }, (res) => resolve(res.err_msg ?? ''));
  });
  // cancel is the buyer's word that nothing was paid: the status page cancels the order (it still asks the provider)
  return errMsg === 'get_brand_wcpay_request:cancel' ? { kind: 'status', cancelled: true } : { kind: 'status' };
}

function signedTransactionOf(result: unknown): string | null {
  if (typeof result === 'string') return result;
  if (result && typeof result === 'object') {
    const r = result as { signedTransaction?: unknown; jws?: unknown };
    if (typeof r.signedTransaction === 'string') return r.signedTransaction;
    if (typeof r.jws === 'string') return r.jws;
  }
  return null;
}

async function payInApp(orderNo: string, action: Extract<PayAction, { kind: 'apple' }>): Promise<PayOutcome> {
  if (!window.fjtStoreKit && action.storeKitScript) {
    try {
      await loadScript(action.storeKitScript);
    } catch {
      return { kind: 'error', message: PAY_MESSAGES.noStoreKit };
    }
  }
  const storeKit = window.fjtStoreKit;
  if (!storeKit) return { kind: 'error', message: PAY_MESSAGES.noStoreKit };
  let signed: string | null;
  try {
    signed = signedTransactionOf(
      await storeKit.purchase({ productId: action.productId, appAccountToken: action.appAccountToken }),
    );
  } catch (error) {
    // StoreKit's cancel is the buyer's choice; any other failure says what went wrong
    const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
    const said = typeof message === 'string' && /[\u4e00-\u9fa5]/.test(message) ? message : PAY_MESSAGES.appleFailed;
    return { kind: 'error', message: code === 'userCancelled' ? PAY_MESSAGES.appleCancelled : said };
  }
  if (!signed) return { kind: 'error', message: PAY_MESSAGES.appleCancelled };
  const res = await callApi<unknown>('customer/pay/apple/confirm', { orderNo, signedTransaction: signed });
  // App Store's own notification may still settle the order: the status page asks the server either way
  return res.resultCode === 0
    ? { kind: 'status' }
    : { kind: 'status', notice: res.errMsg || PAY_MESSAGES.appleConfirmFailed };
}

export async function runPayAction(orderNo: string, action: PayAction): Promise<PayOutcome> {
  switch (action.kind) {
    case 'redirect':
      window.location.assign(action.url);
      return { kind: 'left' };
    case 'jsapi':
      return payInWeixin(action);
    case 'apple':
      return payInApp(orderNo, action);
  }
}
