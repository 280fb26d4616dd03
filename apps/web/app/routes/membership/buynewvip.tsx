// /profile/buynewvip 开通会员 (PAGES.md §3.10): my membership, the cards (duration, price, 原价 struck through, price
// a day, the best value marked) and the rights; a card → its checkout (/profile/buynewvip/order). Rendered the same
// for everyone (ADR 0009): the catalogue and the membership are asked from the browser. Visitors may look; the
// checkout asks them to log in.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, safeRedirectPath } from '@fjt/domain';
import type { Route } from './+types/buynewvip';
import { loginHref, useViewer } from '../../lib/session.ts';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { chinaDate } from '../../features/account/format.ts';
import { MemberCardPicker, MemberRights } from '../../features/checkout/MemberCards.tsx';
import { bestValueCard, yuan } from '../../features/checkout/money.ts';
import { clearPayCallback } from '../../features/checkout/pay-callback.ts';
import { useMemberCatalogue, useMemberStatus } from '../../features/checkout/use-member-catalogue.ts';
import { vipOrderHref } from '../../features/checkout/hrefs.ts';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('开通会员') },
  {
    name: 'description',
    content: `房价通会员：查看全部成交价与成交日期、导出成交数据、小区周报、不限次估价。月卡、季卡、年卡任选。${SITE_DESCRIPTION}`,
  },
];

export default function BuyNewVipPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const returnTo = safeRedirectPath(search.get('returnTo'), '') || null;
  const member = useMemberStatus(viewer.status === 'user');
  const { state, retry } = useMemberCatalogue();
  const [selected, setSelected] = useState<string | null>(null);

  const cards = state.status === 'ready' ? state.cards : null;
  useEffect(() => {
    if (cards && !cards.some((c) => c.code === selected)) setSelected(bestValueCard(cards)?.code ?? null);
  }, [cards, selected]);
  const card = cards?.find((c) => c.code === selected) ?? null;

  const buy = () => {
    if (!card) return;
    // a new purchase: an earlier order's identity must not be put on this one's order page (spec §2 redirect)
    clearPayCallback();
    void navigate(vipOrderHref(card.code, returnTo));
  };

  return (
    <main className="vip-page" data-testid="buynewvip-page">
      <section className="vip-hero" aria-label="我的会员" data-testid="vip-status">
        <h1>房价通会员</h1>
        <p className="vip-hero__status">
          {viewer.status === 'loading' ? (
            <span className="sk-bone" style={{ width: '50%', height: 14 }} />
          ) : viewer.status === 'visitor' ? (
            <>
              <Link to={loginHref('/profile/buynewvip')}>登录</Link>后查看会员状态
            </>
          ) : member === null ? (
            <span className="sk-bone" style={{ width: '50%', height: 14 }} />
          ) : member.isVip ? (
            <>
              会员有效期至<span className="num">{chinaDate(member.expiresAt!)}</span> · 剩余
              <span className="num">{member.daysLeft}</span>天
            </>
          ) : (
            '你还不是会员，开通后查看全部成交价'
          )}
        </p>
        <div className="vip-hero__links">
          <Link to="/profile/buynewvip/history">购买记录 ›</Link>
          <Link to="/promotion/exchange-vip">兑换会员 ›</Link>
        </div>
      </section>

      {state.status === 'loading' ? (
        <div className="vip-cards-skeleton" aria-busy="true" data-testid="vip-cards-loading">
          <span className="sk-bone" />
          <span className="sk-bone" />
          <span className="sk-bone" />
        </div>
      ) : state.status === 'error' ? (
        <LoadFailed title="会员卡加载失败" message={state.message} retry={retry} testId="vip-cards-error" />
      ) : state.cards.length === 0 ? (
        <EmptyState
          title="暂无可购买的会员卡"
          hint="可使用兑换码领取会员"
          action={
            <Link className="btn" to="/promotion/exchange-vip">
              兑换会员
            </Link>
          }
        />
      ) : (
        <>
          <MemberCardPicker cards={state.cards} selected={selected} onSelect={setSelected} />
          {state.basis ? <MemberRights basis={state.basis} /> : null}
        </>
      )}

      {card ? (
        <div className="bottom-bar checkout-bar">
          <p className="checkout-bar__amount">
            {card.name}
            <strong className="num">¥{yuan(card.price)}</strong>
          </p>
          <button type="button" className="btn btn-primary checkout-bar__pay" onClick={buy} data-testid="vip-buy">
            {member?.isVip ? '立即续费' : '立即开通'}
          </button>
        </div>
      ) : null}
    </main>
  );
}
