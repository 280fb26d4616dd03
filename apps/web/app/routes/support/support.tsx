// /{city}/support 客服中心 (PAGES.md §3.12): login first (spec §6 "a login check runs first"; a visitor goes to
// /login and comes back), then the user summary for support (userId, 注册, 最近购买, 会员到期 from NEW
// support/user-summary), the FAQ (packages/domain support-faq.ts) and the contact items: 在线客服 (the chat /im with the
// city's support peer from config/city-peer) when im/switch is on and the app version gates allow it (spec §6;
// otherwise the copy-the-WeChat-number variant), 复制微信 and 电话. A failed summary load toasts errMsg or
// 'Network Error.' (spec §8); 在线客服 without a peer toasts '客服系统异常。'. The page carries nothing personal on the
// server (ADR 0009): everything about the user is asked in the browser.
import { useCallback, useEffect, useState } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import {
  NETWORK_ERROR,
  SITE_DESCRIPTION,
  SUPPORT_MESSAGES,
  SUPPORT_UNAVAILABLE_TOAST,
  VERSION_GATES,
  pageTitle,
  supportChatHref,
  supportConsultationVariant,
  type CityPeer,
  type SupportUserSummary,
} from '@fjt/domain';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { useClientFlags } from '../../lib/client-flags.tsx';
import { chinaDate } from '../../lib/display.ts';
import { copyText } from '../../lib/copy-text.ts';
import { Card } from '../../components/card/Card.tsx';
import { NavSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { SUPPORT_FAQ } from '@fjt/domain';
import { loadSupportSwitch } from '../../features/support/support-switch.ts';
import '../../features/support/support.css';

export const meta = () => [
  { title: pageTitle('客服中心') },
  { name: 'description', content: `我的账户概况、常见问题与在线客服、微信、电话联系方式。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

const toast = (text: string) => void import('../../lib/toast.ts').then(({ showToast }) => showToast(text));

type Summary = { state: 'loading' } | { state: 'failed' } | { state: 'ok'; data: SupportUserSummary };

function SummaryCard({ summary, onRetry }: { summary: Summary; onRetry: () => void }) {
  if (summary.state === 'loading') {
    return (
      <Card id="support-summary" title="我的账户" className="support-summary">
        <div className="support-summary__grid" aria-busy="true" aria-label="正在加载">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="support-summary__cell">
              <span className="support-bone support-bone--label" />
              <span className="support-bone" />
            </div>
          ))}
        </div>
      </Card>
    );
  }
  const data = summary.state === 'ok' ? summary.data : null;
  const date = (iso: string | null | undefined) => (iso ? chinaDate(iso) : '--');
  const rows: { label: string; value: string; note?: string | undefined }[] = [
    { label: '用户ID', value: data ? String(data.userId) : '--' },
    { label: '注册', value: date(data?.regDate) },
    { label: '最近购买', value: date(data?.lastBuyDate) },
    {
      label: '会员到期',
      value: date(data?.vipExpireDate),
      note: data?.vipExpireDate && Date.parse(data.vipExpireDate) <= Date.now() ? '已过期' : undefined,
    },
  ];
  return (
    <Card
      id="support-summary"
      title="我的账户"
      className="support-summary"
      more={
        summary.state === 'failed' ? (
          <button type="button" className="support-retry" onClick={onRetry}>
            重新加载
          </button>
        ) : undefined
      }
    >
      <dl className="support-summary__grid">
        {rows.map((r) => (
          <div key={r.label} className="support-summary__cell">
            <dt>{r.label}</dt>
            <dd className="num">
              {r.value}
              {r.note ? <span className="support-summary__note">{r.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="support-hint">联系客服时提供用户ID，可以更快为您处理。</p>
    </Card>
  );
}

function Contacts({
  variant,
  contacts,
  upgradeTo,
}: {
  variant: 'chat' | 'wechat' | null;
  contacts: CityPeer | null;
  upgradeTo: string | null;
}) {
  const copyWechat = (wechatNo: string) =>
    void copyText(wechatNo, SUPPORT_MESSAGES.copyDone).catch(() => toast(SUPPORT_MESSAGES.copyFailed));
  return (
    <Card id="support-contact" title="联系客服" className="support-contact">
      <ul className="support-contact__list">
        {variant === 'chat' ? (
          <li>
            {contacts ? (
              <Link className="support-contact__item" to={supportChatHref(contacts.peerid)} data-testid="support-chat">
                <span className="support-contact__icon support-contact__icon--chat" aria-hidden="true">
                  聊
                </span>
                <span className="support-contact__main">
                  <span className="support-contact__title">在线客服</span>
                  <span className="support-contact__sub">在线咨询，每天 9:00–21:00</span>
                </span>
                <span className="support-contact__arrow" aria-hidden="true">
                  ›
                </span>
              </Link>
            ) : (
              <button
                type="button"
                className="support-contact__item"
                data-testid="support-chat"
                onClick={() => toast(SUPPORT_UNAVAILABLE_TOAST)}
              >
                <span className="support-contact__icon support-contact__icon--chat" aria-hidden="true">
                  聊
                </span>
                <span className="support-contact__main">
                  <span className="support-contact__title">在线客服</span>
                  <span className="support-contact__sub">文字、图片在线咨询</span>
                </span>
              </button>
            )}
          </li>
        ) : null}
        {contacts?.wechatNo ? (
          <li>
            <button
              type="button"
              className="support-contact__item"
              data-testid="support-wechat"
              onClick={() => copyWechat(contacts.wechatNo!)}
            >
              <span className="support-contact__icon support-contact__icon--wechat" aria-hidden="true">
                微
              </span>
              <span className="support-contact__main">
                <span className="support-contact__title">复制微信</span>
                <span className="support-contact__sub">客服微信号：{contacts.wechatNo}</span>
              </span>
              <span className="support-contact__action">复制</span>
            </button>
          </li>
        ) : null}
        {contacts?.phone ? (
          <li>
            <a className="support-contact__item" href={`tel:${contacts.phone}`} data-testid="support-phone">
              <span className="support-contact__icon support-contact__icon--phone" aria-hidden="true">
                电
              </span>
              <span className="support-contact__main">
                <span className="support-contact__title">电话</span>
                <span className="support-contact__sub num">{contacts.phone}</span>
              </span>
              <span className="support-contact__action">拨打</span>
            </a>
          </li>
        ) : null}
      </ul>
      {upgradeTo ? (
        <p className="support-hint" data-testid="support-upgrade">
          在线客服需要新版APP，<Link to={upgradeTo}>升级APP</Link>后即可使用；现在可复制微信联系客服。
        </p>
      ) : null}
    </Card>
  );
}

export default function SupportPage() {
  const viewer = useLoginGuard();
  const flags = useClientFlags();
  const root = useRouteLoaderData('root') as { cityId?: number } | undefined;
  const cityId = root?.cityId ?? 605;
  const [search] = useSearchParams();
  const sourceTitle = search.get('sourceTitle')?.trim().slice(0, 64) || null;
  const [summary, setSummary] = useState<Summary>({ state: 'loading' });
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [contacts, setContacts] = useState<CityPeer | null>(null);
  const [contactsLoaded, setContactsLoaded] = useState(false);

  const loadSummary = useCallback(async () => {
    setSummary({ state: 'loading' });
    const res = await callApi<SupportUserSummary>('support/user-summary');
    if (res.resultCode === 0 && res.body) {
      setSummary({ state: 'ok', data: res.body });
      return;
    }
    setSummary({ state: 'failed' });
    toast(res.errMsg || NETWORK_ERROR);
  }, []);

  useEffect(() => {
    if (viewer.status !== 'user') return;
    let live = true;
    void loadSummary();
    void loadSupportSwitch().then((on) => live && setEnabled(on));
    void callApi<CityPeer>(`config/city-peer?cityId=${cityId}`).then((res) => {
      if (!live) return;
      setContacts(res.resultCode === 0 && res.body ? res.body : null);
      setContactsLoaded(true);
      if (res.resultCode !== 0) toast(res.errMsg || NETWORK_ERROR);
    });
    return () => {
      live = false;
    };
  }, [viewer.status, cityId, loadSummary]);

  if (viewer.status !== 'user') return <NavSkeleton kind="generic" />;

  const ready = enabled !== null && contactsLoaded;
  const variant = ready ? supportConsultationVariant(flags, { enabled, sourceTitle }) : null;
  const minVersion = sourceTitle ? VERSION_GATES.supportEntryWithSourceTitle : VERSION_GATES.supportEntry;
  // in the app with support on but below the gate: say why there is no 在线客服, and where to get it
  const upgradeTo =
    ready && enabled && flags.isApp && variant === 'wechat' ? `/upgrade?minVersion=${minVersion}` : null;

  return (
    <main className="support-page" data-testid="support-page">
      <h1 className="visually-hidden">客服中心</h1>
      <SummaryCard summary={summary} onRetry={() => void loadSummary()} />
      {ready ? (
        <Contacts variant={variant} contacts={contacts} upgradeTo={upgradeTo} />
      ) : (
        <Card id="support-contact" title="联系客服" className="support-contact">
          <div aria-busy="true" aria-label="正在加载" className="support-contact__skeleton">
            <span className="support-bone" />
            <span className="support-bone" />
          </div>
        </Card>
      )}
      <Card id="support-faq" title="常见问题" className="support-faq">
        {SUPPORT_FAQ.map((group) => (
          <section key={group.title} className="support-faq__group" aria-label={group.title}>
            <h3 className="support-faq__group-title">{group.title}</h3>
            {group.items.map((item) => (
              <details key={item.q} className="support-faq__item">
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </section>
        ))}
      </Card>
    </main>
  );
}
