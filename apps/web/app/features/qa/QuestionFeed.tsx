// The question list of /{city}/questions and /{city}/qa-list/{houseId}: tabs 热门/最新/待回答 and topic chips (both in
// the URL, so the loader reads the first page on the server), the cards, 20 more at the bottom, and 提问.
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { QA_TABS, QA_TAB_LABELS, QA_TOPICS, type QaListBody, type QaTab } from '@fjt/domain';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { usePagedList, withParam } from '../../lib/paged-list.ts';
import { API } from '../../lib/session.ts';
import { QuestionCard } from './parts.tsx';
import './qa.css';

export function QuestionFeed({
  cityId,
  estateId,
  tab,
  topic,
  first,
  askHref,
}: {
  cityId: number;
  estateId: number | null;
  tab: QaTab;
  topic: string | null;
  first: QaListBody;
  askHref: string;
}) {
  const [search] = useSearchParams();
  const revalidator = useRevalidator();
  const { items, hasMore, loadMore } = usePagedList(first, (page) => {
    const q = new URLSearchParams({ cityId: String(cityId), tab, page: String(page) });
    if (estateId !== null) q.set('estateId', String(estateId));
    if (topic) q.set('topic', topic);
    return `${API}/question-answer/list?${q.toString()}`;
  });
  return (
    <>
      <nav className="qa-tabs" role="tablist" aria-label="问题排序">
        {QA_TABS.map((t) => (
          <Link
            key={t}
            role="tab"
            aria-selected={t === tab}
            className="qa-tabs__tab"
            to={`?${withParam(search, 'tab', t === 'hot' ? undefined : t)}`}
            replace
            preventScrollReset
            data-testid={`qa-tab-${t}`}
          >
            {QA_TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      <nav className="qa-chips" aria-label="话题">
        <Link
          className="qa-chip"
          aria-current={topic === null}
          to={`?${withParam(search, 'topic', undefined)}`}
          replace
          preventScrollReset
        >
          全部
        </Link>
        {QA_TOPICS.map((t) => (
          <Link
            key={t.key}
            className="qa-chip"
            aria-current={topic === t.key}
            to={`?${withParam(search, 'topic', t.key)}`}
            replace
            preventScrollReset
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <PullToRefresh onRefresh={async () => revalidator.revalidate()}>
        {items.length === 0 ? (
          <EmptyState
            testId="qa-empty"
            title={tab === 'unanswered' ? '暂无待回答的问题' : '还没有人提问'}
            hint="买房路上的疑问，问问业主和达人"
            action={
              <Link className="btn btn-primary" to={askHref}>
                来提第一个问题
              </Link>
            }
          />
        ) : (
          <>
            <ul className="qa-list" aria-label="问题列表" data-testid="qa-list">
              {items.map((card) => (
                <QuestionCard key={card.id} card={card} cityId={cityId} showEstate={estateId === null} />
              ))}
            </ul>
            <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
          </>
        )}
      </PullToRefresh>
      <div className="qa-bar">
        <Link className="btn btn-primary" to={askHref} data-testid="qa-ask">
          提问
        </Link>
      </div>
    </>
  );
}
