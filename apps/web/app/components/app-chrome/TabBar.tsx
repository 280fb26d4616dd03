// The bottom tab bar of top-level pages (首页 / 找房 / 消息 / 我的), as 贝壳 and 安居客 have: fixed to the bottom
// above the safe-area inset, each tab a ≥ 44 px target, the current one in the brand colour. A spacer of the same
// height keeps the end of the page above it. A signed-in user sees the unread message count on 消息.
import { Link } from 'react-router';
import type { TabKey } from '../../pages.ts';
import { badgeText, useUnreadCount } from '../../lib/unread.ts';
import { TABS } from './chrome.ts';
import './app-chrome.css';

export function TabBar({ active, cityId }: { active: TabKey; cityId: number }) {
  const unread = useUnreadCount();
  return (
    <>
      <div className="tab-bar-spacer" aria-hidden="true" />
      <nav className="tab-bar" aria-label="主导航" data-testid="tab-bar">
        {TABS.map((tab) => {
          const current = tab.key === active;
          const badge = tab.key === 'messages' && unread ? badgeText(unread) : null;
          return (
            <Link
              key={tab.key}
              to={tab.href(cityId)}
              className={current ? 'tab-bar__item tab-bar__item--active' : 'tab-bar__item'}
              aria-current={current ? 'page' : undefined}
              aria-label={badge ? `${tab.label}，${unread}条未读` : undefined}
            >
              <span className="tab-bar__icon-wrap">
                <TabIcon tab={tab.key} filled={current} />
                {badge ? (
                  <span className="tab-bar__badge num" data-testid="unread-badge" aria-hidden="true">
                    {badge}
                  </span>
                ) : null}
              </span>
              <span className="tab-bar__label">{tab.label}</span>
            </Link>
          );
        })}
      </nav>
    </>
  );
}

// Inline outline icons (no icon package on the first load); the current tab's is filled.
const ICON_PATHS: Record<TabKey, string> = {
  home: 'M4 10.5 12 4l8 6.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1z',
  find: 'M10.5 4a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13zM15.3 15.3 20 20',
  messages:
    'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v10a1.5 1.5 0 0 1-1.5 1.5H10l-4.5 3.5V17h0A1.5 1.5 0 0 1 4 15.5z',
  me: 'M12 4a4 4 0 1 1 0 8 4 4 0 0 1 0-8zM4.5 20.5c.8-3.8 3.9-6 7.5-6s6.7 2.2 7.5 6z',
};

function TabIcon({ tab, filled }: { tab: TabKey; filled: boolean }) {
  return (
    <svg className="tab-bar__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        d={ICON_PATHS[tab]}
        fill={filled && tab !== 'find' ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={filled && tab === 'find' ? 2.4 : 1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
