// /profile/message 消息 (issue 11, PAGES.md §3.9): the price-change alerts of the estates I subscribe to — new
// deals, listing price cuts ≥ 3 %, the monthly average — newest first, 20 at a time. Login only: the page itself
// carries nothing personal (ADR 0009); the list comes from message/list in the browser. Tapping a message opens it
// and marks it read; 全部已读; 不再提醒此小区 mutes the estate's subscription (恢复提醒 undoes it).
import { useCallback, useEffect, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { SITE_DESCRIPTION, formatDate, pageTitle, type MessageItem, type MessageList } from '@fjt/domain';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { setUnreadCount } from '../../lib/unread.ts';
import { showToast } from '../../lib/toast.ts';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { NavSkeleton } from '../../components/skeleton/Skeleton.tsx';
import '../../features/messages/messages.css';

export const meta = () => [
  { title: pageTitle('消息') },
  { name: 'description', content: `订阅小区的成交、降价与月度均价提醒。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

const KIND: Record<string, { icon: string; label: string }> = {
  deal: { icon: '成', label: '成交' },
  price_cut: { icon: '降', label: '降价' },
  monthly_avg: { icon: '均', label: '月度均价' },
  // an agent's listing advice on the user's 卖房报价 (owner-quotes)
  quote_advice: { icon: '卖', label: '挂牌建议' },
  // community (issue 17): an answer to the user's question, a question routed to a 达人, a report's outcome
  qa_answer: { icon: '答', label: '问答' },
  qa_routed: { icon: '问', label: '待回答' },
  inform_result: { icon: '馈', label: '反馈结果' },
};

interface Loaded {
  items: MessageItem[];
  page: number;
  total: number;
  unread: number;
}

export default function MessagePage() {
  const viewer = useLoginGuard();
  const root = useRouteLoaderData('root') as { cityId?: number } | undefined;
  const cityId = root?.cityId ?? 605;
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [now] = useState(() => new Date());

  const load = useCallback(async () => {
    const res = await callApi<MessageList>('message/list?page=1');
    if (res.resultCode !== 0 || !res.body) {
      setFailed(true);
      return;
    }
    const { list, page, total, unread } = res.body;
    setFailed(false);
    setData({ items: list, page, total, unread });
    setUnreadCount(unread);
  }, []);
  useEffect(() => {
    if (viewer.status === 'user') void load();
  }, [viewer.status, load]);

  const loadMore = async () => {
    if (!data) return;
    const res = await callApi<MessageList>(`message/list?page=${data.page + 1}`);
    if (res.resultCode !== 0 || !res.body) throw new Error(res.errMsg || '加载失败');
    const next = res.body;
    setData((d) => (d ? { ...d, items: [...d.items, ...next.list], page: next.page, total: next.total } : d));
  };

  const markRead = (ids: number[] | 'all') => {
    setData((d) =>
      d
        ? {
            ...d,
            items: d.items.map((m) => (ids === 'all' || ids.includes(m.id) ? { ...m, unread: false } : m)),
            unread: ids === 'all' ? 0 : Math.max(0, d.unread - ids.length),
          }
        : d,
    );
    return callApi<{ updated: number; unread: number }>('message/read', ids === 'all' ? { all: true } : { ids }).then(
      (res) => {
        if (res.resultCode === 0 && res.body) setUnreadCount(res.body.unread);
        return res;
      },
    );
  };

  const readAll = async () => {
    const res = await markRead('all');
    showToast(res.resultCode === 0 ? '已全部标为已读' : res.errMsg || '操作失败，请稍后再试');
  };

  const mute = async (estateId: number, muted: boolean) => {
    const res = await callApi<{ estateId: number; muted: boolean }>('message/message-center/estate-subscribe/mute', {
      estateId,
      muted,
    });
    if (res.resultCode !== 0) {
      showToast(res.errMsg || '操作失败，请稍后再试');
      return;
    }
    setData((d) => (d ? { ...d, items: d.items.map((m) => (m.estateId === estateId ? { ...m, muted } : m)) } : d));
    showToast(muted ? '已关闭该小区的提醒' : '已恢复该小区的提醒');
  };

  if (viewer.status !== 'user' || (!data && !failed)) return <NavSkeleton kind="list" />;

  return (
    <main className="msg-page">
      <header className="msg-head">
        <h1>消息</h1>
        <button
          type="button"
          className="msg-head__all"
          onClick={() => void readAll()}
          disabled={!data || data.unread === 0}
        >
          全部已读
        </button>
      </header>
      <PullToRefresh onRefresh={load}>
        {!data ? (
          <EmptyState
            title="消息加载失败"
            hint="请检查网络后重试"
            action={
              <button type="button" className="btn btn-primary" onClick={() => void load()}>
                重试
              </button>
            }
          />
        ) : data.items.length === 0 ? (
          <EmptyState
            title="暂无消息"
            hint="订阅小区后，成交、降价和月度均价会通知你"
            action={
              <Link className="btn btn-primary" to={`/${cityId}`}>
                去首页看看小区
              </Link>
            }
          />
        ) : (
          <ul className="msg-list" aria-label="消息列表">
            {data.items.map((m) => {
              const kind = KIND[m.kind] ?? { icon: '讯', label: '通知' };
              const body = (
                <>
                  <span className={`msg__icon msg__icon--${m.kind}`} aria-label={kind.label}>
                    {kind.icon}
                  </span>
                  <span className="msg__main">
                    <span className="msg__top">
                      <span className="msg__title">{m.title}</span>
                      <span className="msg__date">{formatDate(m.createdAt, now)}</span>
                    </span>
                    <span className="msg__content">{m.content}</span>
                  </span>
                  {m.unread ? <span className="msg__dot" aria-label="未读" /> : null}
                </>
              );
              return (
                <li key={m.id} className={m.unread ? 'msg msg--unread' : 'msg'} data-testid="message">
                  {m.link ? (
                    <Link
                      className="msg__link"
                      to={m.link}
                      onClick={() => {
                        if (m.unread) void markRead([m.id]);
                      }}
                    >
                      {body}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      className="msg__link"
                      onClick={() => {
                        if (m.unread) void markRead([m.id]);
                      }}
                    >
                      {body}
                    </button>
                  )}
                  {m.estateId && m.muted !== null ? (
                    <div className="msg__foot">
                      {m.muted ? (
                        <>
                          <span className="msg__muted">已不再提醒此小区</span>
                          <button type="button" className="msg__mute" onClick={() => void mute(m.estateId!, false)}>
                            恢复提醒
                          </button>
                        </>
                      ) : (
                        <button type="button" className="msg__mute" onClick={() => void mute(m.estateId!, true)}>
                          不再提醒此小区
                        </button>
                      )}
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        {data && data.items.length > 0 ? (
          <InfiniteScroll loadMore={loadMore} hasMore={data.items.length < data.total} />
        ) : null}
      </PullToRefresh>
    </main>
  );
}
