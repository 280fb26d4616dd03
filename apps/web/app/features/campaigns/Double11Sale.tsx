// The running 双11 page (issue 18, PAGES.md §3.13): the countdown to the end (server clock), the coupons to claim
// (once each; claimed ones marked, from the user's state) and the sale items, each bought at the generic checkout
// /common/order?productCode=…&returnTo=/activity/double11 (amounts from the catalogue). Login is asked at the
// claim, and the checkout asks for it itself.
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ACTIVITY_MESSAGES,
  COUPON_MESSAGES,
  type ActivityView,
  type Double11ClaimBody,
  type Double11ItemsBody,
  type Double11StateBody,
  type SaleCouponView,
  type SaleItemView,
} from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { EmptyNote, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { callApi, loginHref, useViewer } from '../../lib/session.ts';
import { ensureDeviceId } from '../../lib/device.ts';
import { yuan } from '../../lib/money.ts';
import { showToast } from '../../lib/toast.ts';
import { useApi } from '../../lib/use-api.ts';
import { Countdown } from './Countdown.tsx';

const HERE = '/activity/double11';

const saleOrderHref = (code: string) =>
  `/common/order?productCode=${encodeURIComponent(code)}&returnTo=${encodeURIComponent(HERE)}`;

function CouponTicket({
  coupon,
  claimed,
  busy,
  onClaim,
}: {
  coupon: SaleCouponView;
  claimed: boolean | null;
  busy: boolean;
  onClaim: () => void;
}) {
  return (
    <li className="d11-coupon" data-testid={`d11-coupon-${coupon.template}`} data-claimed={claimed ? 'true' : 'false'}>
      <div className="d11-coupon__face" aria-label={coupon.face}>
        {coupon.kind === 'amount' ? (
          <strong className="num">
            <small>¥</small>
            {yuan(coupon.amount ?? 0)}
          </strong>
        ) : (
          <strong className="num">
            {(coupon.discountPct ?? 100) / 10}
            <small>折</small>
          </strong>
        )}
        <span>{coupon.minAmount > 0 ? `满${yuan(coupon.minAmount)}可用` : '无门槛'}</span>
      </div>
      <div className="d11-coupon__body">
        <p className="d11-coupon__title">{coupon.title}</p>
        <p className="d11-coupon__meta">
          {coupon.scope} · 领取后{coupon.validDays}天内有效
        </p>
      </div>
      <button
        type="button"
        className={claimed ? 'btn d11-coupon__btn' : 'btn btn-primary d11-coupon__btn'}
        disabled={claimed === true || busy}
        onClick={onClaim}
      >
        {claimed ? '已领取' : busy ? '领取中' : '立即领取'}
      </button>
    </li>
  );
}

function SaleItemCard({ item }: { item: SaleItemView }) {
  return (
    <li className="d11-item" data-testid={`d11-item-${item.code}`}>
      <div className="d11-item__head">
        <h3>{item.title}</h3>
        {item.badge ? <span className="d11-item__badge">{item.badge}</span> : null}
      </div>
      {item.subtitle ? <p className="d11-item__sub">{item.subtitle}</p> : null}
      {item.lines.length ? (
        <ul className="d11-item__lines">
          {item.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <div className="d11-item__foot">
        <p className="d11-item__price">
          <span>活动价</span>
          <strong className="num">¥{yuan(item.price)}</strong>
          {item.originPrice !== null ? <del className="num">¥{yuan(item.originPrice)}</del> : null}
        </p>
        <Link className="btn btn-primary d11-item__buy" to={saleOrderHref(item.code)}>
          立即抢购
        </Link>
      </div>
    </li>
  );
}

export function Double11Sale({ activity, onEnded }: { activity: ActivityView; onEnded: () => void }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const { state, retry } = useApi<Double11ItemsBody>('activity/double11/items');
  // the templates this user has claimed: theirs on the server, plus those claimed on this page
  const mine = useApi<Double11StateBody>(viewer.status === 'user' ? 'activity/double11/state' : null);
  const [claimedHere, setClaimedHere] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const markClaimed = useCallback((template: string) => setClaimedHere((prev) => new Set([...prev, template])), []);
  // null: not known yet (signing in, or the user's state did not load)
  const claimed: ReadonlySet<string> | null =
    viewer.status === 'visitor'
      ? claimedHere
      : viewer.status === 'user' && mine.state.status === 'ready'
        ? new Set([...mine.state.body.claimed.map((c) => c.template), ...claimedHere])
        : null;

  const claim = useCallback(
    async (template: string) => {
      if (viewer.status === 'visitor') {
        void navigate(loginHref(HERE));
        return;
      }
      if (viewer.status !== 'user') return;
      ensureDeviceId();
      setBusy(template);
      const res = await callApi<Double11ClaimBody>('activity/double11/claim', { template });
      setBusy(null);
      if (res.resultCode === 0 && res.body) {
        markClaimed(template);
        showToast('领取成功，下单时可用');
        return;
      }
      showToast(res.errMsg || '领取失败，请稍后再试');
      if (res.errMsg === COUPON_MESSAGES.alreadyClaimed) markClaimed(template);
      if (res.errMsg === ACTIVITY_MESSAGES.ended) onEnded();
    },
    [viewer.status, navigate, onEnded, markClaimed],
  );

  return (
    <>
      <header className="d11-hero">
        <p className="d11-hero__tag">限时特惠</p>
        <h1>{activity.title}</h1>
        {activity.subtitle ? <p className="d11-hero__sub">{activity.subtitle}</p> : null}
        {activity.endsAt ? (
          <Countdown endsAt={activity.endsAt} serverTime={activity.serverTime} onEnd={onEnded} />
        ) : null}
      </header>
      {state.status === 'loading' ? (
        <RowsSkeleton count={3} />
      ) : state.status === 'error' ? (
        <LoadFailed title="活动商品加载失败" message={state.message} retry={retry} testId="d11-error" />
      ) : (
        <>
          <Card title="先领券，再下单" id="d11-coupons">
            {state.body.coupons.length === 0 ? (
              <EmptyNote>优惠券已领完，活动商品仍可直接购买</EmptyNote>
            ) : (
              <ul className="d11-coupons" aria-label="优惠券">
                {state.body.coupons.map((c) => (
                  <CouponTicket
                    key={c.template}
                    coupon={c}
                    claimed={claimed ? claimed.has(c.template) : null}
                    busy={busy === c.template}
                    onClaim={() => void claim(c.template)}
                  />
                ))}
              </ul>
            )}
          </Card>
          <Card title="活动商品" id="d11-items">
            {state.body.items.length === 0 ? (
              <EmptyNote action={<Link to="/profile/buynewvip">去开通会员</Link>}>活动商品已售罄</EmptyNote>
            ) : (
              <ul className="d11-items" aria-label="活动商品">
                {state.body.items.map((item) => (
                  <SaleItemCard key={item.code} item={item} />
                ))}
              </ul>
            )}
          </Card>
        </>
      )}
    </>
  );
}
