// @vitest-environment happy-dom
// The shared checkout (PAGES.md §3.10) against a stubbed API: the methods spec §5 leaves for each client, the
// agreement, one Idempotency-Key per attempt kept across a retry, the payment-callback cookie, and each PayAction
// (cashier redirect, WeChat JSAPI, Apple StoreKit); and the status page's poll (支付成功 / 支付失败 / 确认中).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import {
  PAYMENT_MESSAGES,
  detectClient,
  orderRedirectTarget,
  parsePayCallback,
  type OrderView,
  type PayAction,
} from '@fjt/domain';
import { ClientFlagsProvider } from '../../lib/client-flags.tsx';
import { readCookie } from '../../lib/cookies.ts';
import { forgetLogin } from '../../lib/session.ts';
import { Checkout, type CheckoutProduct } from './Checkout.tsx';
import { OrderResult } from './OrderResult.tsx';
import { bestValueCard, yuan } from './money.ts';
import { isSameOriginScript } from './pay-action.ts';
import { payCallbackValue } from './pay-callback.ts';
import { newIdempotencyKey, isIdempotencyKey } from '../../lib/idempotency.ts';
import { orderPhase } from './use-order-status.ts';

// a loaded machine (CI runs files side by side) can take longer than testing-library's 1 s
configure({ asyncUtilTimeout: 4000 });

const toasts: string[] = [];
vi.mock('../../lib/toast.ts', () => ({ showToast: (text: string) => void toasts.push(text) }));

const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0.0.0 Mobile Safari/537.36';
const WEIXIN = `${BROWSER} MicroMessenger/8.0.50`;
const IOS_APP = (v: string) => `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) FangJiaTong/${v}`;
const ORDER_NO = 'FJT2026112518000000000001';
const ORDER_NO_2 = 'FJT2026112518000000000002';

const product: CheckoutProduct = {
  code: 'VIP_YEAR',
  title: '房价通会员 · 年卡',
  detail: '365天',
  amount: 198,
  originAmount: 540,
};
const agreement = { title: '会员服务协议', terms: ['条款'] };

function order(over: Partial<OrderView> = {}): OrderView {
  return {
    orderNo: ORDER_NO,
    productKind: 'vip',
    productCode: 'VIP_YEAR',
    subject: '房价通会员 · 年卡',
    amount: 198,
    status: 'PENDING',
    statusText: '待支付',
    platform: null,
    createdAt: '2026-11-25T18:00:00Z',
    expiresAt: '2026-11-25T18:30:00Z',
    paidAt: null,
    returnTo: null,
    ...over,
  };
}

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
type Answer = { status?: number; body: unknown } | 'network';
let calls: Call[];
// a promise answers later (an answer that arrives after another)
let handler: (call: Call) => Answer | Promise<Answer> | undefined;
const ok = (body: unknown): Answer => ({ body: { resultCode: 0, errMsg: '', body } });
const fail = (errMsg: string, resultCode = 400): Answer => ({ status: 400, body: { resultCode, errMsg, body: null } });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderCheckout(ua = BROWSER, props: Partial<Parameters<typeof Checkout>[0]> = {}) {
  const createOrder = (key: string, couponNo: string | null) =>
    fetch('/rabbit/v1/memberCard/buyMember', {
      method: 'POST',
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ cardCode: 'VIP_YEAR', ...(couponNo ? { couponNo } : {}) }),
    })
      .then((r) => r.json())
      .catch(() => ({ resultCode: -1, errMsg: 'Network Error.', body: null }));
  return render(
    <ClientFlagsProvider value={detectClient(ua)}>
      <MemoryRouter initialEntries={['/profile/buynewvip/order?cardCode=VIP_YEAR']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <Checkout
                  product={product}
                  createOrder={createOrder}
                  statusHref={(no) => `/profile/buynewvip/status?orderNo=${no}`}
                  agreement={agreement}
                  {...props}
                />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </ClientFlagsProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const pattern = (platforms: number[], over: Record<string, unknown> = {}) =>
  ok({ platforms, wechatMerchantEnabled: true, inAppOnly: false, ...over });

beforeEach(() => {
  localStorage.clear();
  forgetLogin();
  toasts.length = 0;
  calls = [];
  document.cookie = 'payCallback=; Path=/; Max-Age=0';
  handler = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const call: Call = {
        url: String(url),
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const answered = handler(call) ?? { status: 404, body: { resultCode: 404, errMsg: '接口不存在', body: null } };
      return Promise.resolve(answered).then((answer) => {
        if (answer === 'network') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete window.WeixinJSBridge;
  delete window.fjtStoreKit;
});

describe('payment methods (spec §5) for this client', () => {
  it('offers Alipay and WeChat Pay in a browser, Alipay checked by default; the coupon row has none', async () => {
    handler = (c) => (c.url.includes('get-support-pay-pattern') ? pattern([1, 2, 3]) : undefined);
    renderCheckout();
    await waitFor(() => expect((screen.getByRole('radio', { name: '支付宝' }) as HTMLInputElement).checked).toBe(true));
    expect((screen.getByRole('radio', { name: '微信支付' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByRole('radio', { name: 'Apple Pay' })).toBeNull();
    expect(screen.getByTestId('checkout-coupon').textContent).toContain('暂无可用优惠券');
    expect(calls[0]!.url).toContain('productCode=VIP_YEAR');
  });

  it('drops Alipay in the WeChat browser', async () => {
    handler = (c) => (c.url.includes('get-support-pay-pattern') ? pattern([1, 2]) : undefined);
    renderCheckout(WEIXIN);
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: '微信支付' }) as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.queryByRole('radio', { name: '支付宝' })).toBeNull();
  });

  it('shows Alipay disabled with its subtitle in the iOS app 11.0.1, Apple Pay the default', async () => {
    handler = (c) => (c.url.includes('get-support-pay-pattern') ? pattern([1, 3]) : undefined);
    renderCheckout(IOS_APP('11.0.1'));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Apple Pay' }) as HTMLInputElement).checked).toBe(true),
    );
    expect((screen.getByRole('radio', { name: '支付宝' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('pay-method-1').textContent).toContain(PAYMENT_MESSAGES.alipayNeedsUpgrade);
  });

  it('says the spec’s message, with the pay button disabled, when nothing can pay', async () => {
    handler = (c) => (c.url.includes('get-support-pay-pattern') ? pattern([]) : undefined);
    renderCheckout();
    expect((await screen.findByTestId('checkout-methods-message')).textContent).toBe(PAYMENT_MESSAGES.noneSupported);
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('an in-app-only product in a browser gets the in-app message', async () => {
    handler = (c) => (c.url.includes('get-support-pay-pattern') ? pattern([3], { inAppOnly: true }) : undefined);
    renderCheckout();
    expect((await screen.findByTestId('checkout-methods-message')).textContent).toBe(PAYMENT_MESSAGES.inAppOnly);
  });
});

describe('paying', () => {
  async function ready(ua = BROWSER) {
    renderCheckout(ua);
    await screen.findAllByRole('radio');
    // the default method is chosen in an effect after the list shows: pay does nothing until then
    await screen.findByRole('radio', { checked: true });
  }
  const agree = () => fireEvent.click(screen.getByTestId('checkout-agree'));
  const pay = () => fireEvent.click(screen.getByTestId('checkout-pay'));
  const buys = () => calls.filter((c) => c.url.includes('buyMember'));

  it('asks for the agreement first and creates nothing', async () => {
    handler = (c) => (c.url.includes('get-support-pay-pattern') ? pattern([1, 2]) : undefined);
    await ready();
    pay();
    await waitFor(() => expect(toasts).toEqual(['请先阅读并同意《会员服务协议》']));
    expect(buys()).toHaveLength(0);
  });

  it('keeps the Idempotency-Key across a retry, sets the payment-callback cookie and goes to the cashier', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    let first = true;
    handler = (c) => {
      if (c.url.includes('get-support-pay-pattern')) return pattern([1, 2]);
      if (c.url.includes('buyMember')) {
        if (first) {
          first = false;
          return 'network';
        }
        return ok({ order: order() });
      }
      if (c.url.includes('unifiedorder')) {
        return ok({ orderNo: ORDER_NO, action: { kind: 'redirect', url: '/__sandbox/alipay/gateway.do?x=1' } });
      }
      return undefined;
    };
    await ready();
    agree();
    pay();
    await waitFor(() => expect(toasts).toEqual(['Network Error.']));
    await waitFor(() => expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(false));
    pay();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/__sandbox/alipay/gateway.do?x=1'));
    const [a, b] = buys();
    expect(a!.headers['idempotency-key']).toBeTruthy();
    expect(b!.headers['idempotency-key']).toBe(a!.headers['idempotency-key']);
    const unified = calls.find((c) => c.url.includes('unifiedorder'))!;
    expect(unified.method).toBe('POST');
    expect(unified.body).toEqual({ orderNo: ORDER_NO, platform: 1 });
    const cookie = parsePayCallback(readCookie(document.cookie, 'payCallback'));
    expect(cookie).toEqual({ productCode: 'VIP_YEAR', serialNumber: ORDER_NO });
    // the button stays busy while the browser leaves
    expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a closed order makes the next tap a new attempt with a new key', async () => {
    let n = 0;
    handler = (c) => {
      if (c.url.includes('get-support-pay-pattern')) return pattern([1]);
      if (c.url.includes('buyMember')) return ok({ order: order({ orderNo: n++ === 0 ? ORDER_NO : ORDER_NO_2 }) });
      if (c.url.includes('unifiedorder')) return fail('订单已关闭，请重新下单');
      return undefined;
    };
    await ready();
    agree();
    pay();
    await waitFor(() => expect(toasts).toEqual(['订单已关闭，请重新下单']));
    await waitFor(() => expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(false));
    pay();
    await waitFor(() => expect(buys()).toHaveLength(2));
    expect(buys()[1]!.headers['idempotency-key']).not.toBe(buys()[0]!.headers['idempotency-key']);
  });

  it('WeChat JSAPI: invokes getBrandWCPayRequest, then the status page (told to cancel when the buyer cancelled)', async () => {
    const params = {
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=p',
      signType: 'RSA',
      paySign: 's',
    };
    const invoke = vi.fn((_name: string, _p: Record<string, string>, cb: (r: { err_msg: string }) => void) =>
      cb({ err_msg: 'get_brand_wcpay_request:cancel' }),
    );
    window.WeixinJSBridge = { invoke };
    handler = (c) => {
      if (c.url.includes('get-support-pay-pattern')) return pattern([1, 2]);
      if (c.url.includes('buyMember')) return ok({ order: order() });
      if (c.url.includes('unifiedorder')) {
        const action: PayAction = { kind: 'jsapi', params: params as never, bridgeScript: null };
        return ok({ orderNo: ORDER_NO, action });
      }
      return undefined;
    };
    await ready(WEIXIN);
    agree();
    pay();
    await waitFor(() => expect(where()).toBe(`/profile/buynewvip/status?orderNo=${ORDER_NO}&quit=1`));
    expect(invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    expect(calls.find((c) => c.url.includes('unifiedorder'))!.body).toEqual({ orderNo: ORDER_NO, platform: 2 });
  });

  it('Apple: StoreKit buys, the signed transaction goes to apple/confirm, then the status page', async () => {
    const purchase = vi.fn(() => Promise.resolve({ signedTransaction: 'eyJhbGciOiJFUzI1NiJ9.payload.signature' }));
    window.fjtStoreKit = { purchase };
    handler = (c) => {
      if (c.url.includes('get-support-pay-pattern')) return pattern([1, 3]);
      if (c.url.includes('buyMember')) return ok({ order: order() });
      if (c.url.includes('unifiedorder')) {
        return ok({
          orderNo: ORDER_NO,
          action: { kind: 'apple', productId: 'cn.fjt.vip.year', appAccountToken: 'tok', storeKitScript: null },
        });
      }
      if (c.url.includes('apple/confirm')) return ok({ order: order({ status: 'PAID' }) });
      return undefined;
    };
    await ready(IOS_APP('11.2.0'));
    agree();
    pay();
    await waitFor(() => expect(where()).toBe(`/profile/buynewvip/status?orderNo=${ORDER_NO}`));
    expect(purchase).toHaveBeenCalledWith({ productId: 'cn.fjt.vip.year', appAccountToken: 'tok' });
    expect(calls.find((c) => c.url.includes('apple/confirm'))!.body).toEqual({
      orderNo: ORDER_NO,
      signedTransaction: 'eyJhbGciOiJFUzI1NiJ9.payload.signature',
    });
  });

  it('Apple: a cancelled purchase stays on the checkout with a toast', async () => {
    window.fjtStoreKit = {
      purchase: () => Promise.reject(Object.assign(new Error('已取消购买'), { code: 'userCancelled' })),
    };
    handler = (c) => {
      if (c.url.includes('get-support-pay-pattern')) return pattern([3]);
      if (c.url.includes('buyMember')) return ok({ order: order() });
      if (c.url.includes('unifiedorder')) {
        return ok({
          orderNo: ORDER_NO,
          action: { kind: 'apple', productId: 'p', appAccountToken: 't', storeKitScript: null },
        });
      }
      return undefined;
    };
    await ready(IOS_APP('11.2.0'));
    agree();
    pay();
    await waitFor(() => expect(toasts).toEqual(['已取消购买']));
    expect(where()).toContain('/order');
    expect(calls.some((c) => c.url.includes('apple/confirm'))).toBe(false);
  });

  it('continues an unpaid order named by serialNumber instead of creating another', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    handler = (c) => {
      if (c.url.includes('get-support-pay-pattern')) return pattern([1]);
      if (c.url.includes('order/status')) return ok({ order: order() });
      if (c.url.includes('unifiedorder')) return ok({ orderNo: ORDER_NO, action: { kind: 'redirect', url: '/x' } });
      return undefined;
    };
    renderCheckout(BROWSER, { resumeSerial: ORDER_NO });
    expect((await screen.findByTestId('checkout-resumed')).textContent).toContain(ORDER_NO);
    agree();
    pay();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/x'));
    expect(buys()).toHaveLength(0);
  });
});

describe('status page poll', () => {
  function renderResult(orderNo: string | null) {
    return render(
      <MemoryRouter initialEntries={['/profile/buynewvip/status']}>
        <OrderResult orderNo={orderNo} retryHref={(o) => `/retry?serialNumber=${o.orderNo}`} />
      </MemoryRouter>,
    );
  }

  it('polls until paid: 支付成功, back to /profile, and the payment-callback cookie is cleared', async () => {
    document.cookie = `payCallback=${payCallbackValue({ productCode: 'VIP_YEAR', serialNumber: ORDER_NO })}; Path=/`;
    let n = 0;
    handler = (c) =>
      c.url.includes('order/status') ? ok({ order: order({ status: n++ < 1 ? 'PAYING' : 'PAID' }) }) : undefined;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderResult(ORDER_NO);
    expect(await screen.findByText('处理中')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByText('支付成功')).toBeTruthy();
    expect(screen.getByRole('link', { name: '完成' }).getAttribute('href')).toBe('/profile');
    expect(readCookie(document.cookie, 'payCallback')).toBeFalsy();
  });

  it('a closed order is 支付失败 with 重新支付 back to the checkout', async () => {
    handler = (c) =>
      c.url.includes('order/status') ? ok({ order: order({ status: 'CLOSED', statusText: '已关闭' }) }) : undefined;
    renderResult(ORDER_NO);
    expect(await screen.findByText('支付失败')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新支付' }).getAttribute('href')).toBe(`/retry?serialNumber=${ORDER_NO}`);
  });

  it('still unpaid after 30 s: 支付结果确认中 with a refresh that polls again', async () => {
    handler = (c) => (c.url.includes('order/status') ? ok({ order: order({ status: 'PENDING' }) }) : undefined);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderResult(ORDER_NO);
    expect(await screen.findByText('处理中')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(await screen.findByText('支付结果确认中')).toBeTruthy();
    const asked = calls.length;
    expect(asked).toBe(16); // t = 0, 2, …, 30 s
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(calls.length).toBe(asked + 1));
  });

  it('an order number that is not one asks nothing', () => {
    renderResult('SN20261122001');
    expect(screen.getByTestId('order-result-invalid').textContent).toContain('订单号缺失或有误');
    expect(calls).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('yuan drops .00 and shows -- for nothing', () => {
    expect([yuan(198), yuan(19.9), yuan(0.54), yuan(null)]).toEqual(['198', '19.90', '0.54', '--']);
  });

  it('the best value is the lowest price a day', () => {
    const card = (code: string, days: number, perDay: number) => ({
      id: 1,
      code,
      name: code,
      days,
      price: 1,
      originPrice: 1,
      perDay,
      rights: [],
    });
    expect(bestValueCard([card('M', 30, 1), card('Y', 365, 0.54), card('Q', 90, 0.76)])?.code).toBe('Y');
    expect(bestValueCard([])).toBeNull();
  });

  it('the cookie value is what the root loader’s order redirect reads back', () => {
    const value = decodeURIComponent(payCallbackValue({ productCode: 'VIP_YEAR', serialNumber: ORDER_NO }));
    const target = orderRedirectTarget(new URL('http://x/common/order/status'), parsePayCallback(value));
    expect(target).toBe(`/common/order/status?productCode=VIP_YEAR&serialNumber=${ORDER_NO}`);
  });

  it('only same-origin scripts are loaded', () => {
    const origin = 'https://fjt.example';
    expect(isSameOriginScript('/__sandbox/wechat/bridge.js', origin)).toBe(true);
    expect(isSameOriginScript('//evil.example/x.js', origin)).toBe(false);
    expect(isSameOriginScript('https://evil.example/x.js', origin)).toBe(false);
    expect(isSameOriginScript('javascript:alert(1)', origin)).toBe(false);
  });

  it('keys fit the Idempotency-Key rule and differ', () => {
    const a = newIdempotencyKey();
    expect(isIdempotencyKey(a)).toBe(true);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('phases: paid, failed (closed, refunds), processing', () => {
    expect(['PAID', 'CLOSED', 'REFUNDED', 'PENDING', 'PAYING'].map((s) => orderPhase(s as never))).toEqual([
      'paid',
      'failed',
      'failed',
      'processing',
      'processing',
    ]);
  });
});

describe('优惠券 (issue 18)', () => {
  const coupon = (couponNo: string, discount: number, title = '新人专享会员券') => ({
    couponNo,
    title,
    kind: 'amount',
    amount: discount,
    discountPct: null,
    minAmount: 0,
    productKinds: ['vip'],
    validFrom: '2026-11-01T00:00:00.000Z',
    validUntil: '2026-12-31T00:00:00.000Z',
    state: 'usable',
    usedOrderNo: null,
    discount,
    payAmount: product.amount - discount,
  });

  it('preselects the best usable coupon, shows 原价/优惠/实付 and sends it with the order', async () => {
    handler = (c) => {
      if (c.url.includes('get-support-pay-pattern')) return pattern([1, 2]);
      if (c.url.includes('coupon/usable'))
        return ok({ price: product.amount, list: [coupon('QJ000000000002', 20), coupon('QJ000000000001', 10)] });
      if (c.url.includes('buyMember')) return fail('stop here');
      return undefined;
    };
    renderCheckout();
    await waitFor(() => expect(screen.getByTestId('checkout-coupon-value').dataset.coupon).toBe('QJ000000000002'));
    expect(screen.getByTestId('checkout-prices').textContent).toContain('原价');
    expect(screen.getByTestId('checkout-pay').textContent).toBe(`确认支付 ¥${product.amount - 20}`);
    await waitFor(() => expect((screen.getByRole('radio', { name: '支付宝' }) as HTMLInputElement).checked).toBe(true));
    fireEvent.click(screen.getByTestId('checkout-agree'));
    fireEvent.click(screen.getByTestId('checkout-pay'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('buyMember'))).toBe(true));
    expect(calls.find((c) => c.url.includes('buyMember'))!.body).toMatchObject({ couponNo: 'QJ000000000002' });
  });

  describe('a resumed order (serialNumber) keeps its own amount and coupon', () => {
    // made with a 20元 coupon; the user now holds a better one (50元 off)
    const resumedOrder = order({ amount: 178, listAmount: 198, discount: 20 });

    async function payResumed() {
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
      expect((await screen.findByTestId('checkout-resumed')).textContent).toContain(ORDER_NO);
      await waitFor(() => expect(screen.getByTestId('checkout-coupon-value').textContent).toContain('-¥20'));
      expect(screen.getByTestId('checkout-pay').textContent).toBe('确认支付 ¥178');
      expect(screen.getByTestId('checkout-pay-amount').textContent).toBe('¥178');
      expect(screen.getByTestId('checkout-prices').textContent).toContain('¥198');
      expect((screen.getByTestId('checkout-coupon') as HTMLButtonElement).disabled).toBe(true);
      await screen.findByRole('radio', { checked: true });
      fireEvent.click(screen.getByTestId('checkout-agree'));
      fireEvent.click(screen.getByTestId('checkout-pay'));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/x'));
      expect(calls.some((c) => c.url.includes('buyMember'))).toBe(false);
      expect(calls.find((c) => c.url.includes('unifiedorder'))!.body).toMatchObject({ orderNo: ORDER_NO });
    }

    it('the coupon list arriving after the order neither replaces it nor makes a new one', async () => {
      let couponsArrive: (a: Answer) => void = () => undefined;
      const later = new Promise<Answer>((resolve) => (couponsArrive = resolve));
      handler = (c) => {
        if (c.url.includes('get-support-pay-pattern')) return pattern([1]);
        if (c.url.includes('order/status')) return ok({ order: resumedOrder });
        if (c.url.includes('coupon/usable')) return later;
        if (c.url.includes('unifiedorder')) return ok({ orderNo: ORDER_NO, action: { kind: 'redirect', url: '/x' } });
        return undefined;
      };
      renderCheckout(BROWSER, { resumeSerial: ORDER_NO });
      await screen.findByTestId('checkout-resumed');
      await act(async () => couponsArrive(ok({ price: product.amount, list: [coupon('QJ000000000009', 50)] })));
      await payResumed();
    });

    it('the coupon list arriving first does not decide the amount either', async () => {
      let orderArrives: (a: Answer) => void = () => undefined;
      const later = new Promise<Answer>((resolve) => (orderArrives = resolve));
      handler = (c) => {
        if (c.url.includes('get-support-pay-pattern')) return pattern([1]);
        if (c.url.includes('order/status')) return later;
        if (c.url.includes('coupon/usable')) return ok({ price: product.amount, list: [coupon('QJ000000000009', 50)] });
        if (c.url.includes('unifiedorder')) return ok({ orderNo: ORDER_NO, action: { kind: 'redirect', url: '/x' } });
        return undefined;
      };
      renderCheckout(BROWSER, { resumeSerial: ORDER_NO });
      await waitFor(() => expect(screen.getByTestId('checkout-coupon-value').dataset.coupon).toBe('QJ000000000009'));
      // until the order is known the button cannot start another one
      expect((screen.getByTestId('checkout-pay') as HTMLButtonElement).disabled).toBe(true);
      await act(async () => orderArrives(ok({ order: resumedOrder })));
      await payResumed();
    });
  });
});
