// The one checkout of every …/order page (PAGES.md §3.10 checkout contract): product summary, coupon, payment
// methods (spec §5), agreement and the pay button with the amount. Paying creates the order with the page's own
// product call (one Idempotency-Key per attempt, kept across retries), sets the payment-callback cookie (spec §2),
// asks POST customer/pay/unifiedorder for the PayAction and does it; the status page then asks the server.
// The page renders this only for a signed-in user (its login guard).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  detectClient,
  ORDER_MESSAGES,
  ORDER_NO_PATTERN,
  PAY_PLATFORM,
  type Envelope,
  type OrderView,
  type PayAction,
  type PayPlatform,
  type PaymentMethod,
} from '@fjt/domain';
import { callApi } from '../../lib/session.ts';
import { newIdempotencyKey } from '../../lib/idempotency.ts';
import { yuan } from './money.ts';
import { setPayCallback } from './pay-callback.ts';
import { runPayAction } from './pay-action.ts';
import { toast } from './toast.ts';
import { usePayMethods } from './use-pay-methods.ts';
import { rememberOpenid, wechatAuthorizeHref, wechatOpenid } from './wechat-openid.ts';
import { AgreementDialog } from './AgreementDialog.tsx';
import { CouponRow, useCouponChoice } from './CouponRow.tsx';
import './checkout.css';
import { spm } from '../../lib/spm.ts';

export interface CheckoutProduct {
  /** The catalogue code: the order's productCode. */
  code: string;
  title: string;
  detail: ReactNode;
  /** 元, from the catalogue; the server charges its own price, this is only shown. */
  amount: number;
  originAmount?: number | null;
}

export interface CheckoutProps {
  product: CheckoutProduct;
  /** The product's own creating call (memberCard/buyMember, …) with the attempt's Idempotency-Key and coupon. */
  createOrder: (idempotencyKey: string, couponNo: string | null) => Promise<Envelope<{ order: OrderView } | null>>;
  /** The status page of an order. */
  statusHref: (orderNo: string) => string;
  /** serialNumber restored by the order redirect: an unpaid order of this product is continued, not made again. */
  resumeSerial?: string | null;
  agreement: { title: string; terms: readonly string[] };
  /** Shown instead of the product summary (the one-step page's card picker). */
  summary?: ReactNode;
}

/** Answers after which the order cannot be paid any more: the next tap starts a new attempt (a new order). */
const RESTART_MESSAGES = new Set<string>([ORDER_MESSAGES.closed, ORDER_MESSAGES.expired]);

interface Attempt {
  productCode: string;
  /** The coupon the attempt's order uses (part of what its Idempotency-Key covers). */
  couponNo: string | null;
  key: string;
  order: OrderView | null;
}

export function Checkout({ product, createOrder, statusHref, resumeSerial, agreement, summary }: CheckoutProps) {
  const navigate = useNavigate();
  const { state: methods, retry: retryMethods } = usePayMethods(product.code);
  const [platform, setPlatform] = useState<PayPlatform | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [showTerms, setShowTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  // the unpaid order named by serialNumber, once looked up; `lookedUp` is the serial whose answer came
  const [resumed, setResumed] = useState<OrderView | null>(null);
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  const resumable = Boolean(resumeSerial && ORDER_NO_PATTERN.test(resumeSerial));
  // until the order is known a tap would make a second one
  const resuming = resumable && lookedUp !== resumeSerial;
  const resumedOrder = resumed && resumed.productCode === product.code ? resumed : null;
  const attempt = useRef<Attempt | null>(null);
  const coupons = useCouponChoice(product.code);
  const couponNo = coupons.chosen?.couponNo ?? null;
  // a resumed order is paid as it was made (its coupon, its amount), whatever the coupon list says now
  const payAmount = resumedOrder ? resumedOrder.amount : coupons.chosen ? coupons.chosen.payAmount : product.amount;

  if (resumedOrder) {
    if (attempt.current?.order !== resumedOrder) {
      attempt.current = { productCode: product.code, couponNo: null, key: newIdempotencyKey(), order: resumedOrder };
    }
  } else if (
    // a new product, or another coupon, is a new attempt
    !attempt.current ||
    attempt.current.productCode !== product.code ||
    attempt.current.couponNo !== couponNo
  ) {
    attempt.current = { productCode: product.code, couponNo, key: newIdempotencyKey(), order: null };
  }

  const choice = methods.status === 'ready' ? methods.choice : null;
  useEffect(() => {
    setPlatform(choice?.ok ? choice.defaultPlatform : null);
  }, [choice]);

  useEffect(() => rememberOpenid(window.location.search), []);

  // back from the provider's cashier (bfcache keeps the page as it was): the button works again
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  useEffect(() => {
    if (!resumeSerial || !ORDER_NO_PATTERN.test(resumeSerial)) return;
    let live = true;
    void callApi<{ order: OrderView }>(`order/status?orderNo=${encodeURIComponent(resumeSerial)}`).then((res) => {
      if (!live) return;
      setLookedUp(resumeSerial);
      const order = res.body?.order;
      if (res.resultCode !== 0 || !order || order.productCode !== product.code) return;
      if (order.status === 'PAID') {
        void navigate(statusHref(order.orderNo), { replace: true });
      } else if (order.status === 'PENDING' || order.status === 'PAYING') {
        setResumed(order);
      }
    });
    return () => {
      live = false;
    };
  }, [resumeSerial, product.code, navigate, statusHref]);

  const pay = async () => {
    if (busy || resuming || !platform || !attempt.current) return;
    if (!agreed) {
      void toast(`请先阅读并同意《${agreement.title}》`);
      return;
    }
    if (platform === PAY_PLATFORM.wechat && !wechatOpenid() && detectClient(navigator.userAgent).isWeixin) {
      // JSAPI pays as the official account's user: a silent WeChat sign-in first, back here with ?openid=
      window.location.assign(wechatAuthorizeHref(`${window.location.pathname}${window.location.search}`));
      return;
    }
    const current = attempt.current;
    let leaving = false;
    setBusy(true);
    try {
      if (!current.order) {
        const created = await createOrder(current.key, current.couponNo);
        if (created.resultCode !== 0 || !created.body?.order) {
          void toast(created.errMsg || '下单失败，请稍后重试');
          return;
        }
        current.order = created.body.order;
      }
      const order = current.order;
      setPayCallback({ productCode: order.productCode, serialNumber: order.orderNo });
      const openid = platform === PAY_PLATFORM.wechat ? wechatOpenid() : null;
      const unified = await callApi<{ orderNo: string; action: PayAction }>('customer/pay/unifiedorder', {
        orderNo: order.orderNo,
        platform,
        ...(openid ? { openid } : {}),
      });
      if (unified.resultCode !== 0 || !unified.body?.action) {
        const message = unified.errMsg || ORDER_MESSAGES.providerError;
        if (RESTART_MESSAGES.has(message)) {
          // the order timed out: the next tap is a new attempt with a new order
          attempt.current = { productCode: product.code, couponNo, key: newIdempotencyKey(), order: null };
          setResumed(null);
        } else if (message === ORDER_MESSAGES.paid) {
          void navigate(statusHref(order.orderNo));
          return;
        }
        void toast(message);
        return;
      }
      const outcome = await runPayAction(order.orderNo, unified.body.action);
      if (outcome.kind === 'left') {
        leaving = true;
        return;
      }
      if (outcome.kind === 'error') {
        void toast(outcome.message);
        return;
      }
      if (outcome.notice) void toast(outcome.notice);
      void navigate(outcome.cancelled ? `${statusHref(order.orderNo)}&quit=1` : statusHref(order.orderNo));
    } finally {
      // leaving for the cashier keeps the button busy until the page is gone (or back from bfcache: pageshow)
      if (!leaving) setBusy(false);
    }
  };

  return (
    <div className="checkout" data-testid="checkout">
      {summary ?? (
        <section className="checkout-card checkout-product" aria-label="商品信息" data-testid="checkout-product">
          <div className="checkout-product__main">
            <p className="checkout-product__title">{product.title}</p>
            <p className="checkout-product__detail">{product.detail}</p>
          </div>
          <div className="checkout-product__price">
            <strong className="num">¥{yuan(product.amount)}</strong>
            {product.originAmount && product.originAmount > product.amount ? (
              <s className="num" aria-label={`原价${yuan(product.originAmount)}元`}>
                ¥{yuan(product.originAmount)}
              </s>
            ) : null}
          </div>
        </section>
      )}
      {resumedOrder ? (
        <p className="checkout-note" data-testid="checkout-resumed">
          继续支付订单 <span className="num">{resumedOrder.orderNo}</span>
        </p>
      ) : null}

      <CouponRow coupons={coupons} price={product.amount} payAmount={payAmount} resumed={resumedOrder} />

      <section className="checkout-card" aria-labelledby="checkout-methods-title" data-testid="checkout-methods">
        <h2 className="checkout-card__title" id="checkout-methods-title">
          支付方式
        </h2>
        {methods.status === 'loading' ? (
          <div className="checkout-methods__loading" aria-busy="true">
            <span className="sk-bone" style={{ width: '45%', height: 18 }} />
            <span className="sk-bone" style={{ width: '35%', height: 18 }} />
          </div>
        ) : methods.status === 'error' ? (
          <p className="checkout-methods__message" role="alert">
            {methods.message}
            <button type="button" className="checkout-link" onClick={retryMethods}>
              重试
            </button>
          </p>
        ) : !methods.choice.ok ? (
          <p className="checkout-methods__message" role="alert" data-testid="checkout-methods-message">
            {methods.choice.message}
          </p>
        ) : (
          <ul className="checkout-methods" role="radiogroup" aria-label="支付方式">
            {methods.choice.methods.map((m) => (
              <li key={m.platform}>
                <MethodRow method={m} checked={platform === m.platform} onChoose={() => setPlatform(m.platform)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <label className="checkout-agree">
        <input
          type="checkbox"
          checked={agreed}
          onChange={(e) => setAgreed(e.target.checked)}
          data-testid="checkout-agree"
        />
        <span>
          我已阅读并同意
          <button type="button" className="checkout-link" onClick={() => setShowTerms(true)}>
            《{agreement.title}》
          </button>
        </span>
      </label>
      <AgreementDialog
        open={showTerms}
        title={agreement.title}
        terms={agreement.terms}
        onClose={() => setShowTerms(false)}
        onAgree={() => {
          setAgreed(true);
          setShowTerms(false);
        }}
      />

      <div className="bottom-bar checkout-bar">
        <p className="checkout-bar__amount">
          实付
          <strong className="num" data-testid="checkout-pay-amount">
            ¥{yuan(payAmount)}
          </strong>
        </p>
        <button
          type="button"
          className="btn btn-primary checkout-bar__pay"
          disabled={busy || resuming || platform === null}
          onClick={() => void pay()}
          data-testid="checkout-pay"
          data-spm={spm('checkout', 'pay', 0)}
        >
          {busy ? '支付中…' : `确认支付 ¥${yuan(payAmount)}`}
        </button>
      </div>
    </div>
  );
}

const METHOD_MARKS: Record<PayPlatform, { mark: string; className: string }> = {
  [PAY_PLATFORM.alipay]: { mark: '支', className: 'checkout-mark--alipay' },
  [PAY_PLATFORM.wechat]: { mark: '微', className: 'checkout-mark--wechat' },
  [PAY_PLATFORM.applePay]: { mark: '苹', className: 'checkout-mark--apple' },
};

function MethodRow({ method, checked, onChoose }: { method: PaymentMethod; checked: boolean; onChoose: () => void }) {
  const mark = METHOD_MARKS[method.platform];
  return (
    <label
      className={`checkout-method${method.enabled ? '' : ' checkout-method--disabled'}`}
      data-testid={`pay-method-${method.platform}`}
    >
      <span className={`checkout-mark ${mark.className}`} aria-hidden="true">
        {mark.mark}
      </span>
      <span className="checkout-method__text">
        <span className="checkout-method__name">{method.name}</span>
        {method.subtitle ? <span className="checkout-method__sub">{method.subtitle}</span> : null}
      </span>
      <input
        type="radio"
        name="pay-method"
        value={method.platform}
        checked={checked}
        disabled={!method.enabled}
        onChange={onChoose}
        aria-label={method.name}
      />
    </label>
  );
}
