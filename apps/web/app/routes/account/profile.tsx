// /profile 我的 (PAGES.md §3.9): a visitor sees the login card; a user their avatar, name and masked phone
// (→ 个人信息), the membership strip (bought in /profile/buynewvip), counts (订阅 · 收藏 · 未读消息) and the
// entries (我的推荐 for a 达人). Rendered the same for everyone on the server (ADR 0009); the personal part comes from
// GET user/summary and question-answer/query-user-label.
import { useEffect, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { SITE_DESCRIPTION, pageTitle, type MemberStatus, type UserSummary } from '@fjt/domain';
import type { Route } from './+types/profile';
import type { loader as rootLoader } from '../../root.tsx';
import { callApi, loginHref, useViewer } from '../../lib/session.ts';
import { useMySuperLabel } from '../../lib/super-label.ts';
import { Avatar, displayName } from '../../components/avatar/Avatar.tsx';
import { LeadConsentEntry } from '../../features/account/LeadConsentEntry.tsx';
import { chinaDate } from '../../features/account/format.ts';
import '../../features/account/account.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('我的') },
  { name: 'description', content: `个人信息、会员状态，订阅、估价、问答、订单、钱包等入口。${SITE_DESCRIPTION}` },
];

interface Entry {
  label: string;
  to: string;
  /** Shown only to staff. */
  staff?: boolean;
  /** Shown only to a 达人 (isSuperUser(mySuperLabel)). */
  superUser?: boolean;
}

function entries(cityId: number, userId: number | null): Entry[] {
  return [
    { label: '订阅与收藏', to: '/profile/collect' },
    { label: '消息', to: '/profile/message' },
    { label: '估价记录', to: '/profile/appraisal' },
    { label: '我的问答', to: userId ? `/ask/list/${userId}` : '/ask/list' },
    { label: '我的推荐', to: `/${cityId}/pubBySuperior`, superUser: true },
    { label: '会员中心', to: '/profile/buynewvip' },
    { label: '我的订单', to: '/profile/buynewvip/history' },
    { label: '钱包', to: '/market/wallet' },
    { label: '邀请有礼', to: '/invitation' },
    { label: '客服中心', to: `/${cityId}/support` },
    { label: '关于我们', to: '/aboutus' },
    { label: '工作台', to: '/ops', staff: true },
  ];
}

export default function ProfilePage() {
  const viewer = useViewer();
  const root = useRouteLoaderData<typeof rootLoader>('root');
  const cityId = root?.cityId ?? 605;
  const [summary, setSummary] = useState<UserSummary | null>(null);
  const [member, setMember] = useState<MemberStatus | null>(null);
  const superLabel = useMySuperLabel();

  useEffect(() => {
    if (viewer.status !== 'user') return;
    let live = true;
    void callApi<UserSummary>('user/summary').then((res) => {
      if (live && res.resultCode === 0 && res.body) setSummary(res.body);
    });
    void callApi<MemberStatus>('memberCard/getMemberCardInfo', {}).then((res) => {
      if (live && res.resultCode === 0 && res.body) setMember(res.body);
    });
    return () => {
      live = false;
    };
  }, [viewer.status]);

  // once signed out (here or in another tab), what was fetched for the user is no longer shown
  const user = viewer.status === 'user' ? (summary?.user ?? viewer.user) : null;
  const isStaff = user !== null && (summary?.roles.length ?? 0) > 0;

  return (
    <main className="acct" data-testid="profile-page">
      {viewer.status === 'loading' ? (
        <div className="acct-head" aria-busy="true" data-testid="profile-loading">
          <span className="avatar sk-bone sk-bone--round" style={{ width: 56, height: 56 }} />
          <div className="acct-head__main">
            <span className="sk-bone" style={{ width: '40%', height: 20 }} />
          </div>
        </div>
      ) : user ? (
        <>
          <Link className="acct-head" to="/profile/info" data-testid="profile-head">
            <Avatar avatar={user.avatar} />
            <div className="acct-head__main">
              <p className="acct-head__name">{displayName(user)}</p>
              <p className="acct-head__phone num" data-testid="profile-phone">
                {user.mobile}
              </p>
            </div>
            <span className="acct-head__go">个人信息 ›</span>
          </Link>
          <div className="acct-vip" data-testid="profile-vip">
            {member?.isVip ? (
              <span>
                <strong>房价通会员</strong>
                <br />
                <span className="num">{chinaDate(member.expiresAt!)}</span> 到期 · 剩余{member.daysLeft}天
              </span>
            ) : (
              <span>
                <strong>普通用户</strong>
                <br />
                开通会员，查看全部成交价
              </span>
            )}
            <Link className="acct-vip__cta" to="/profile/buynewvip">
              {member?.isVip ? '续费' : '开通会员'}
            </Link>
          </div>
          <nav className="acct-counts" aria-label="我的数据" data-testid="profile-counts">
            <Link to="/profile/collect?tab=sub">
              <strong className="num">{summary ? summary.subscriptions : '--'}</strong>订阅
            </Link>
            <Link to="/profile/collect?tab=fav">
              <strong className="num">{summary ? summary.favorites : '--'}</strong>收藏
            </Link>
            <Link to="/profile/message">
              <strong className="num">{summary ? summary.unreadMessages : '--'}</strong>未读消息
            </Link>
          </nav>
        </>
      ) : (
        <section className="acct-login-card" data-testid="profile-login-card">
          <Avatar avatar={null} size={64} />
          <h2>登录房价通</h2>
          <p>订阅小区价格变动、收藏房源、同步估价记录</p>
          <Link className="btn btn-primary" to={loginHref('/profile')}>
            登录 / 注册
          </Link>
        </section>
      )}
      <ul className="acct-list" aria-label="功能入口">
        {entries(cityId, user?.id ?? null)
          .filter((e) => (!e.staff || isStaff) && (!e.superUser || (user !== null && superLabel.isSuper)))
          .map((e) => (
            <li key={e.label}>
              <Link to={e.to}>
                <span className="acct-list__label">{e.label}</span>
                {e.to === '/profile/message' && summary && summary.unreadMessages > 0 ? (
                  <span className="acct-badge num" data-testid="profile-unread">
                    {summary.unreadMessages > 99 ? '99+' : summary.unreadMessages}
                  </span>
                ) : null}
                <span className="acct-list__arrow" aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
      </ul>
      {user ? <LeadConsentEntry /> : null}
    </main>
  );
}
