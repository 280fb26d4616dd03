// 优惠券 at checkout (issue 18): the coupons usable for the product (NEW GET coupon/usable, best first) with the best
// one preselected; tapping the row opens the bottom sheet to pick another or 不使用优惠券. Shows 原价, 优惠 and 实付;
// the server measures the coupon again when the order is made (the amount shown is never sent).
import { useEffect, useState } from 'react';
import type { CouponUsableBody, CouponUsableItem, OrderView } from '@fjt/domain';
import { chooseAction } from '../../lib/action-sheet.ts';
import { couponFace } from '../../lib/coupon-face.ts';
import { chinaDate } from '../../lib/display.ts';
import { useApi } from '../../lib/use-api.ts';
import { yuan } from './money.ts';

const NONE = 'none';

export interface CouponChoice {
  list: CouponUsableItem[];
  loading: boolean;
  chosen: CouponUsableItem | null;
  choose: (couponNo: string | null) => void;
}

export function useCouponChoice(productCode: string): CouponChoice {
  const { state } = useApi<CouponUsableBody>(`coupon/usable?productCode=${encodeURIComponent(productCode)}`);
  const list = state.status === 'ready' ? state.body.list : [];
  // undefined: not chosen yet (the best is preselected); null: 不使用优惠券
  const [picked, setPicked] = useState<string | null | undefined>(undefined);
  useEffect(() => setPicked(undefined), [productCode]);
  const chosen =
    picked === null
      ? null
      : picked === undefined
        ? (list[0] ?? null)
        : (list.find((c) => c.couponNo === picked) ?? null);
  return { list, loading: state.status === 'loading', chosen, choose: setPicked };
}

export function CouponRow({
  coupons,
  price,
  payAmount,
  resumed,
}: {
  coupons: CouponChoice;
  price: number;
  payAmount: number;
  /** A resumed order keeps the coupon it was made with: its discount is shown and cannot be changed. */
  resumed: OrderView | null;
}) {
  const { list, chosen: selected, loading } = coupons;
  const chosen = resumed ? null : selected;
  const locked = resumed !== null;
  const pick = async () => {
    if (locked || list.length === 0) return;
    const key = await chooseAction(
      [
        ...list.map((c) => ({
          key: c.couponNo,
          text: `${c.title} · 减${yuan(c.discount)}元${chosen?.couponNo === c.couponNo ? '（已选）' : ''}`,
          description: `${couponFace(c)} · ${chinaDate(c.validUntil)}到期`,
        })),
        { key: NONE, text: `不使用优惠券${chosen ? '' : '（已选）'}` },
      ],
      '选择优惠券',
    );
    if (key === null) return;
    coupons.choose(key === NONE ? null : key);
  };
  // what the order takes off: the resumed order's own discount, else the chosen coupon's
  const off = resumed ? (resumed.discount ?? 0) : (chosen?.discount ?? 0);
  const listPrice = resumed ? (resumed.listAmount ?? resumed.amount) : price;
  const value = resumed
    ? off > 0
      ? `已用优惠券 -¥${yuan(off)}`
      : '未使用优惠券'
    : loading
      ? '加载中…'
      : list.length === 0
        ? '暂无可用优惠券'
        : chosen
          ? `${chosen.title} -¥${yuan(chosen.discount)}`
          : `${list.length}张可用`;
  return (
    <section className="checkout-card" aria-label="优惠券">
      <button
        type="button"
        className="checkout-row checkout-row--button"
        data-testid="checkout-coupon"
        onClick={() => void pick()}
        disabled={locked || list.length === 0}
        aria-haspopup="dialog"
      >
        <span className="checkout-row__label">优惠券</span>
        <span
          className={`checkout-row__value${off > 0 ? ' checkout-row__value--discount' : ' checkout-row__value--hint'}`}
          data-testid="checkout-coupon-value"
          data-coupon={chosen?.couponNo ?? ''}
        >
          {value}
          {list.length > 0 && !locked ? <span aria-hidden="true"> ›</span> : null}
        </span>
      </button>
      {off > 0 ? (
        <dl className="checkout-prices" data-testid="checkout-prices">
          <div>
            <dt>原价</dt>
            <dd className="num">¥{yuan(listPrice)}</dd>
          </div>
          <div>
            <dt>优惠</dt>
            <dd className="num checkout-prices__off">-¥{yuan(off)}</dd>
          </div>
          <div>
            <dt>实付</dt>
            <dd className="num">¥{yuan(payAmount)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
