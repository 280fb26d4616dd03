// /ops/support 在线客服 (support and agent roles; issue 15): the support desk. The queue of conversations waiting for
// a person (longest wait first, with the wait), my conversations, those the FAQ bot serves, the others' and the
// closed ones; one open beside it with the chat itself (the /im chat room, staff side), 接入 / 转接 / 结束 (with a
// reason) and canned replies; the user's summary beside it (membership, recent orders and leads; support only). An
// agent sees and answers its own agent's conversations. One WebSocket for the page: it hears every conversation the
// viewer answers, and the lists refresh when something happens in one. ?tab and ?c (the open conversation) live in
// the URL. Personal data: fetched in the browser, never server-rendered (ADR 0009).
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  type ChatConversationState,
  ORDER_STATUS_LABELS,
  LEAD_STATUS_LABELS,
  SERVICE_TYPE_LABELS,
  pageTitle,
  parseId,
  type ChatDeskBody,
  type ChatHistoryBody,
  type ChatOpenBody,
  type ChatStaffConversation,
  type ChatStaffListBody,
  type ChatUserSummary,
  type LeadStatus,
  type OrderStatus,
  type ServiceType,
} from '@fjt/domain';
import type { Route } from './+types/support';
import { requireStaff } from '../../features/ops/require-staff.ts';
import { opsSpan, opsTime } from '../../features/ops/format.ts';
import { useNow } from '../../features/ops/use-now.ts';
import { callApi } from '../../lib/session.ts';
import { useApi } from '../../lib/use-api.ts';
import { showToast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { ChatRoom } from '../../features/chat/ChatRoom.tsx';
import type { ChatConnection, ChatSnapshot } from '../../features/chat/connection.ts';
import { browserConnection, failure, useChatSnapshot, useOlderHistory } from '../../features/chat/use-chat.ts';
import '../../features/ops/support-desk.css';

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, 'ops-support');
  return null;
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('在线客服') },
  { name: 'robots', content: 'noindex' },
];

const TABS = [
  { id: 'waiting', label: '排队中', query: 'state=waiting' },
  { id: 'mine', label: '我的会话', query: 'state=claimed&mine=1' },
  { id: 'bot', label: '智能助手', query: 'state=bot' },
  { id: 'claimed', label: '接待中', query: 'state=claimed' },
  { id: 'closed', label: '已结束', query: 'state=closed' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** The lists refresh this long after the last frame about a conversation not open (a burst refreshes once). */
const REFRESH_AFTER_MS = 800;
/** And at least this often (a wait grows, another instance's staff claimed one). */
const REFRESH_EVERY_MS = 15_000;

const STATE_LABELS: Record<ChatConversationState, string> = {
  bot: '智能助手',
  waiting: '排队中',
  claimed: '接待中',
  closed: '已结束',
};

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ok'; body: T };

export default function OpsSupport() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'waiting';
  const openId = parseId(params.get('c'));
  const { state: desk, retry: reloadDesk } = useApi<ChatDeskBody>('im/staff/desk');
  const role = desk.status === 'ready' ? (desk.body.support ? 'support' : 'agent') : null;

  // one connection for the page, once the desk says which side the viewer answers on
  const [connection, setConnection] = useState<ChatConnection | null>(null);
  useEffect(() => {
    if (role === null) return;
    const chat = browserConnection(role);
    chat.connection.start();
    setConnection(chat.connection);
    return () => {
      chat.stop();
      setConnection(null);
    };
  }, [role]);
  const snapshot = useChatSnapshot(connection);

  // the list of the tab, refreshed after activity and every REFRESH_EVERY_MS
  const [list, setList] = useState<Loaded<ChatStaffConversation[]>>({ state: 'loading' });
  const query = TABS.find((t) => t.id === tab)!.query;
  const loadList = useCallback(
    async (quiet: boolean) => {
      if (!quiet) setList({ state: 'loading' });
      const res = await callApi<ChatStaffListBody>(`im/staff/conversations?${query}`);
      if (res.resultCode === 0 && res.body) setList({ state: 'ok', body: res.body.list });
      else if (!quiet) setList({ state: 'error', message: failure(res.errMsg) });
    },
    [query],
  );
  useEffect(() => {
    void loadList(false);
    const timer = setInterval(() => void loadList(true), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [loadList]);
  const openView = openId === null ? undefined : snapshot.conversations.get(openId);
  const openState = openView?.conversation?.state;
  const openLast = openView?.lastSeq;
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const timer = setTimeout(() => void loadList(true), REFRESH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [snapshot.activity, openState, openLast, loadList]);

  // the open conversation as last listed (kept while it moves between tabs)
  const [open, setOpen] = useState<ChatStaffConversation | null>(null);
  useEffect(() => {
    if (openId === null) return setOpen(null);
    const listed = list.state === 'ok' ? list.body.find((c) => c.id === openId) : undefined;
    if (listed) setOpen(listed);
  }, [openId, list]);
  useEffect(() => {
    if (openId === null || open?.id === openId || list.state !== 'ok') return;
    if (list.body.some((c) => c.id === openId)) return;
    // a link to a conversation of another tab: find it among all
    void callApi<ChatStaffListBody>('im/staff/conversations').then((res) => {
      const found = res.body?.list.find((c) => c.id === openId);
      if (found) setOpen(found);
    });
  }, [openId, open, list]);

  const now = useNow();
  const select = (id: number | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id === null) next.delete('c');
      else next.set('c', String(id));
      return next;
    });
  const tabHref = (id: Tab) => `?tab=${id}${openId !== null ? `&c=${openId}` : ''}`;

  if (desk.status === 'error')
    return (
      <>
        <h1 className="ops-title">在线客服</h1>
        <p className="ops-form__error" role="alert">
          {desk.message}{' '}
          <button type="button" className="ops-link-button" onClick={reloadDesk}>
            重试
          </button>
        </p>
      </>
    );

  return (
    <div className={`desk${openId !== null ? ' desk--open' : ''}`} data-testid="ops-support">
      <section className="desk__queue ops-panel" aria-labelledby="desk-queue-title">
        <h1 id="desk-queue-title" className="desk__title">
          在线客服
          <span className={`desk__link desk__link--${snapshot.status}`} data-testid="desk-link">
            {snapshot.status === 'open' ? '已连接' : '连接中…'}
          </span>
        </h1>
        <nav className="ops-filters desk__tabs" aria-label="会话筛选">
          {TABS.map((t) => (
            <Link
              key={t.id}
              to={tabHref(t.id)}
              className={`ops-filter${t.id === tab ? ' active' : ''}`}
              aria-current={t.id === tab ? 'page' : undefined}
            >
              {t.label}
              {t.id === tab && list.state === 'ok' ? <span className="ops-count num">{list.body.length}</span> : null}
            </Link>
          ))}
        </nav>
        {list.state === 'loading' ? (
          <RowsSkeleton count={4} />
        ) : list.state === 'error' ? (
          <p className="ops-form__error" role="alert">
            {list.message}{' '}
            <button type="button" className="ops-link-button" onClick={() => void loadList(false)}>
              重试
            </button>
          </p>
        ) : list.body.length === 0 ? (
          <EmptyState
            frame="plain"
            art="search"
            title={tab === 'waiting' ? '没有排队的用户' : '暂无会话'}
            hint={tab === 'waiting' ? '用户点「转人工」后会出现在这里' : undefined}
            testId="desk-empty"
          />
        ) : (
          <ul className="desk__list" data-testid="desk-list">
            {list.body.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={`desk__item${c.id === openId ? ' desk__item--open' : ''}`}
                  aria-current={c.id === openId ? 'true' : undefined}
                  data-testid="desk-item"
                  data-id={c.id}
                  onClick={() => select(c.id)}
                >
                  <span className="desk__item-top">
                    <strong>{c.userName}</strong>
                    {c.lastSeq > c.staffReadSeq && c.state !== 'closed' ? (
                      <span className="desk__unread num" aria-label={`${c.lastSeq - c.staffReadSeq}条未读`}>
                        {c.lastSeq - c.staffReadSeq}
                      </span>
                    ) : null}
                  </span>
                  <span className="desk__item-preview">{c.preview ?? '（还没有消息）'}</span>
                  <span className="desk__item-meta">
                    {c.waitingSince ? (
                      <span className={now - Date.parse(c.waitingSince) > 5 * 60_000 ? 'ops-late' : undefined}>
                        已等待 {opsSpan(now - Date.parse(c.waitingSince))}
                      </span>
                    ) : (
                      <span>{STATE_LABELS[c.state]}</span>
                    )}
                    {c.peer !== 'support' ? <span>经纪人咨询</span> : null}
                    {c.state === 'claimed' && !c.mine ? <span>他人接待</span> : null}
                    <span>{opsTime(c.updatedAt).slice(5, 16)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {openId === null ? (
        <section className="desk__pane desk__pane--empty ops-panel">
          <EmptyState frame="plain" art="data" title="选择左侧的会话开始接待" testId="desk-none" />
        </section>
      ) : !open || !connection || desk.status !== 'ready' ? (
        <section className="desk__pane ops-panel" data-testid="desk-opening">
          <RowsSkeleton count={4} />
        </section>
      ) : (
        <DeskConversation
          key={open.id}
          listed={open}
          desk={desk.body}
          connection={connection}
          snapshot={snapshot}
          now={now}
          onBack={() => select(null)}
          onChanged={() => void loadList(true)}
        />
      )}
    </div>
  );
}

function DeskConversation({
  listed,
  desk,
  connection,
  snapshot,
  now,
  onBack,
  onChanged,
}: {
  listed: ChatStaffConversation;
  desk: ChatDeskBody;
  connection: ChatConnection;
  snapshot: ChatSnapshot;
  now: number;
  onBack: () => void;
  onChanged: () => void;
}) {
  const onError = useCallback((message: string) => showToast(message), []);
  const view = snapshot.conversations.get(listed.id);
  const firstSeq = view?.messages[0]?.seq ?? null;
  const older = useOlderHistory(connection, listed.id, firstSeq, onError);
  const { setMore } = older;
  const [ready, setReady] = useState<boolean | string>(false);

  // the newest page, then the connection follows it live (and resumes it after a reconnect)
  useEffect(() => {
    let live = true;
    void callApi<ChatHistoryBody>(`im/conversations/${listed.id}/messages`).then((res) => {
      if (!live) return;
      if (res.resultCode !== 0 || !res.body) return setReady(failure(res.errMsg));
      connection.track({ ...listed, readSeq: listed.staffReadSeq }, res.body.list);
      setMore(res.body.more);
      setReady(true);
    });
    return () => {
      live = false;
    };
    // the first listing of this conversation is enough: the connection keeps it current from then on
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listed.id, connection, setMore]);

  const conversation = view?.conversation ?? listed;
  // a conversation frame carries no staff user: the claim and transfer answers and the list say whose it is
  const [owner, setOwner] = useState<{ staffUserId: number | null }>({ staffUserId: listed.staffUserId });
  useEffect(() => setOwner({ staffUserId: listed.staffUserId }), [listed.staffUserId]);
  const mine = conversation.state === 'claimed' && owner.staffUserId === desk.userId;
  const [busy, setBusy] = useState(false);

  /** A staff action; on success the conversation is `nextOwner`'s (the frames that follow do not say whose). */
  const act = async (path: string, payload: object, done: string, nextOwner: number | null) => {
    setBusy(true);
    const res = await callApi<ChatOpenBody>(`im/conversations/${listed.id}/${path}`, payload);
    setBusy(false);
    if (res.resultCode !== 0 || !res.body) {
      showToast(failure(res.errMsg));
      onChanged();
      return false;
    }
    setOwner({ staffUserId: nextOwner });
    showToast(done);
    onChanged();
    return true;
  };

  const [panel, setPanel] = useState<'none' | 'transfer' | 'close' | 'summary'>('none');
  // on a phone the summary is below the chat: bring it into view when asked for
  const sideRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (panel === 'summary') sideRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [panel]);

  const header = (
    <header className="desk__head">
      <button type="button" className="desk__back" onClick={onBack} aria-label="返回会话列表">
        ‹
      </button>
      <div className="desk__who">
        <strong data-testid="desk-user">{listed.userName}</strong>
        <span className="ops-hint">
          {STATE_LABELS[conversation.state]}
          {listed.peer !== 'support' ? ` · 经纪人咨询（${listed.title}）` : ''}
          {conversation.state === 'waiting' && listed.waitingSince
            ? ` · 已等待 ${opsSpan(now - Date.parse(listed.waitingSince))}`
            : ''}
        </span>
      </div>
      <div className="desk__actions">
        {desk.support && listed.peer === 'support' ? (
          <button
            type="button"
            className="ops-link-button desk__summary-toggle"
            aria-expanded={panel === 'summary'}
            onClick={() => setPanel((p) => (p === 'summary' ? 'none' : 'summary'))}
          >
            用户资料
          </button>
        ) : null}
        {mine && desk.support && listed.peer === 'support' ? (
          <button
            type="button"
            className="ops-link-button"
            data-testid="desk-transfer"
            aria-expanded={panel === 'transfer'}
            onClick={() => setPanel((p) => (p === 'transfer' ? 'none' : 'transfer'))}
          >
            转接
          </button>
        ) : null}
        {conversation.state !== 'closed' && (mine || conversation.state !== 'claimed') ? (
          <button
            type="button"
            className="ops-link-button"
            data-testid="desk-close"
            aria-expanded={panel === 'close'}
            onClick={() => setPanel((p) => (p === 'close' ? 'none' : 'close'))}
          >
            结束
          </button>
        ) : null}
      </div>
      {panel === 'transfer' ? (
        <TransferForm
          colleagues={desk.colleagues}
          busy={busy}
          onSubmit={async (toUserId) => {
            if (await act('transfer', { toUserId }, '已转接', toUserId)) setPanel('none');
          }}
        />
      ) : panel === 'close' ? (
        <CloseForm
          tags={desk.closeTags}
          busy={busy}
          onSubmit={async (tag) => {
            if (await act('close', { tag }, '会话已结束', owner.staffUserId)) setPanel('none');
          }}
        />
      ) : null}
    </header>
  );

  const footer =
    conversation.state === 'closed' ? undefined : mine ? undefined : conversation.state === 'claimed' ? (
      <p className="desk__footer ops-hint" data-testid="desk-others">
        该会话由其他客服接待中
      </p>
    ) : (
      <div className="desk__footer">
        <span className="ops-hint">接入后即可回复，用户会收到接入提示</span>
        <button
          type="button"
          className="btn btn-primary"
          data-testid="desk-claim"
          disabled={busy}
          onClick={() => void act('claim', {}, '已接入', desk.userId)}
        >
          接入会话
        </button>
      </div>
    );

  return (
    <>
      <section className="desk__pane ops-panel" aria-label="会话">
        {ready === true ? (
          <ChatRoom
            title={listed.userName}
            cityId={0}
            isApp={false}
            viewer="staff"
            header={header}
            footer={footer}
            quickReplies={desk.canned}
            conversation={{ ...listed, readSeq: listed.staffReadSeq }}
            snapshot={snapshot}
            connection={connection}
            more={older.more}
            loadingOlder={older.loadingOlder}
            loadOlder={older.loadOlder}
            onError={onError}
          />
        ) : (
          <>
            {header}
            {ready === false ? (
              <RowsSkeleton count={4} />
            ) : (
              <p className="ops-form__error" role="alert">
                {ready}
              </p>
            )}
          </>
        )}
      </section>
      {desk.support && listed.peer === 'support' ? (
        <aside
          ref={sideRef}
          className={`desk__side ops-panel${panel === 'summary' ? ' desk__side--shown' : ''}`}
          aria-label="用户资料"
          data-testid="desk-summary"
        >
          <UserSummary conversationId={listed.id} />
        </aside>
      ) : null}
    </>
  );
}

function TransferForm({
  colleagues,
  busy,
  onSubmit,
}: {
  colleagues: ChatDeskBody['colleagues'];
  busy: boolean;
  onSubmit: (toUserId: number) => Promise<void>;
}) {
  const first = colleagues.find((c) => c.online) ?? colleagues[0];
  const [to, setTo] = useState(first ? String(first.userId) : '');
  if (colleagues.length === 0) return <p className="ops-hint desk__form">没有其他客服可以转接</p>;
  return (
    <form
      className="ops-form desk__form"
      onSubmit={(e) => {
        e.preventDefault();
        if (to) void onSubmit(Number(to));
      }}
    >
      <label className="ops-field">
        转接给
        <select value={to} onChange={(e) => setTo(e.target.value)} data-testid="desk-transfer-to">
          {colleagues.map((c) => (
            <option key={c.userId} value={c.userId}>
              {c.name}
              {c.online ? '（在线）' : '（离线）'}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary ops-btn" disabled={busy || !to}>
        确认转接
      </button>
    </form>
  );
}

function CloseForm({
  tags,
  busy,
  onSubmit,
}: {
  tags: ChatDeskBody['closeTags'];
  busy: boolean;
  onSubmit: (tag: string) => Promise<void>;
}) {
  const [tag, setTag] = useState(tags[0]?.tag ?? 'resolved');
  return (
    <form
      className="ops-form desk__form"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(tag);
      }}
    >
      <label className="ops-field">
        结束原因
        <select value={tag} onChange={(e) => setTag(e.target.value)} data-testid="desk-close-tag">
          {tags.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary ops-btn" disabled={busy} data-testid="desk-close-confirm">
        结束会话
      </button>
    </form>
  );
}

function UserSummary({ conversationId }: { conversationId: number }) {
  const { state: loaded, retry: reload } = useApi<ChatUserSummary>(`im/conversations/${conversationId}/summary`);
  if (loaded.status === 'loading') return <RowsSkeleton count={3} />;
  if (loaded.status === 'error')
    return (
      <p className="ops-form__error" role="alert">
        {loaded.message}{' '}
        <button type="button" className="ops-link-button" onClick={reload}>
          重试
        </button>
      </p>
    );
  const u = loaded.body;
  const vip = u.vipExpireDate
    ? `${u.vipActive ? '会员中' : '已过期'} · 到期 ${opsTime(u.vipExpireDate).slice(0, 10)}`
    : '未开通会员';
  return (
    <>
      <h2 className="ops-panel__title">用户资料</h2>
      <dl className="ops-facts desk__facts">
        <dt>用户</dt>
        <dd>
          {u.userName}（ID {u.userId}）
        </dd>
        <dt>手机</dt>
        <dd className="num">{u.mobile}</dd>
        <dt>注册</dt>
        <dd>{opsTime(u.regDate).slice(0, 10)}</dd>
        <dt>会员</dt>
        <dd className={u.vipActive ? 'desk__vip' : undefined} data-testid="desk-vip">
          {vip}
        </dd>
        <dt>历史咨询</dt>
        <dd>{u.pastConversations} 次</dd>
      </dl>
      <h3 className="desk__sub">最近订单</h3>
      {u.orders.length === 0 ? (
        <p className="ops-hint">没有订单</p>
      ) : (
        <ul className="desk__mini" data-testid="desk-orders">
          {u.orders.map((o) => (
            <li key={o.orderNo}>
              <span>{o.subject}</span>
              <span className="num">{yuan(o.amountFen)}</span>
              <span className="ops-hint">
                {ORDER_STATUS_LABELS[o.status as OrderStatus] ?? o.status} · {opsTime(o.createdAt).slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="desk__sub">最近线索</h3>
      {u.leads.length === 0 ? (
        <p className="ops-hint">没有线索</p>
      ) : (
        <ul className="desk__mini" data-testid="desk-leads">
          {u.leads.map((l) => (
            <li key={l.id}>
              <span>{l.estateName ?? '未指定小区'}</span>
              <span>{SERVICE_TYPE_LABELS[l.serviceType as ServiceType] ?? l.serviceType}</span>
              <span className="ops-hint">
                {LEAD_STATUS_LABELS[l.status as LeadStatus] ?? l.status} · {opsTime(l.createdAt).slice(0, 10)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
