// The inviter's side (issue 18): my code (copy), the poster with the share link's QR code, share (the share
// layout's: the app's share panel with the invite link, the share guide in WeChat, the download flow elsewhere),
// the people I invited and what it earned me. Used by the /invitation hub and the campaign pages (all on the share
// layout); `sharePath` is where the link leads (each page's own claim page).
import type { InvitationInfoBody } from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { EmptyNote, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { useShareContent } from '../../components/layouts/ShareLayout.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { copyText } from '../../lib/copy-text.ts';
import { couponFace } from '../../lib/coupon-face.ts';
import { chinaDate } from '../../lib/display.ts';
import { ensureDeviceId } from '../../lib/device.ts';
import { showToast } from '../../lib/toast.ts';
import { useApi } from '../../lib/use-api.ts';
import { Poster } from './Poster.tsx';
import './invitations.css';

/** The share link for `sharePath` (same origin as the server's link; the code appended). */
export function shareLinkFor(info: InvitationInfoBody, sharePath: string | null): string {
  if (!sharePath) return info.shareLink;
  return `${new URL(info.shareLink).origin}${sharePath}?code=${info.code}`;
}

export function useInvitationInfo(enabled: boolean) {
  // the inviter's device is noted by invitation/info (an invitee on it earns nothing)
  if (enabled && typeof window !== 'undefined') ensureDeviceId();
  return useApi<InvitationInfoBody>(enabled ? 'invitation/info' : null);
}

export function InviteHub({
  poster,
  sharePath = null,
  showList = true,
}: {
  poster: { title: string; subtitle: string };
  sharePath?: string | null;
  showList?: boolean;
}) {
  const { state, retry } = useInvitationInfo(true);
  const share = useShareContent();
  if (state.status === 'loading') return <RowsSkeleton count={5} />;
  if (state.status === 'error') return <LoadFailed title="邀请信息加载失败" message={state.message} retry={retry} />;
  const info = state.body;
  const link = shareLinkFor(info, sharePath);
  const copy = (text: string, toast?: string) =>
    copyText(text, toast).catch(() => showToast('复制失败，请长按手动复制'));
  return (
    <>
      <Card title="我的邀请码" id="invite-code-card">
        <div className="invite-code">
          <strong className="num" data-testid="invite-code">
            {info.code}
          </strong>
          <button type="button" className="btn" onClick={() => void copy(info.code)} data-testid="invite-copy-code">
            复制邀请码
          </button>
        </div>
      </Card>
      <Card title="邀请海报" id="invite-poster-card">
        <Poster title={poster.title} subtitle={poster.subtitle} code={info.code} link={link} />
        <div className="invite-actions" style={{ marginTop: 12 }}>
          <button
            type="button"
            className="btn"
            onClick={() => void copy(link, '链接已复制')}
            data-testid="invite-copy-link"
          >
            复制链接
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => share({ title: poster.title, desc: `${poster.subtitle}，邀请码 ${info.code}`, link })}
            data-testid="invite-share"
          >
            邀请好友
          </button>
        </div>
      </Card>
      <Card title="我的邀请" id="invite-progress">
        <div className="invite-stats" data-testid="invite-stats">
          <div>
            <strong className="num">{info.counts.invited}</strong>
            <span>已邀请</span>
          </div>
          <div>
            <strong className="num" data-testid="invite-vip-days">
              {info.rewards.vipDays}
            </strong>
            <span>获得会员天数</span>
          </div>
          <div>
            <strong className="num" data-testid="invite-coupon-count">
              {info.rewards.coupons.length}
            </strong>
            <span>获得优惠券</span>
          </div>
        </div>
      </Card>
      {showList ? (
        <Card title={`邀请记录（${info.list.length}）`} id="invite-records">
          {info.list.length === 0 ? (
            <EmptyNote>
              <span data-testid="invite-list-empty">还没有好友接受邀请，快分享给好友吧</span>
            </EmptyNote>
          ) : (
            <ul className="invite-list" data-testid="invite-list">
              {info.list.map((r, i) => (
                <li key={`${r.phone}-${i}`}>
                  <span className="num">{r.phone}</span>
                  <small className="num">{chinaDate(r.createdAt)}</small>
                  <span className={`invite-status--${r.status}`} title={r.reason ?? undefined}>
                    {r.statusText}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {info.rewards.coupons.length > 0 ? (
            <ul className="invite-list" data-testid="invite-reward-coupons">
              {info.rewards.coupons.map((c) => (
                <li key={c.couponNo}>
                  <span>{c.title}</span>
                  <span className="invite-status--rewarded num">{couponFace(c)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
      ) : null}
    </>
  );
}
