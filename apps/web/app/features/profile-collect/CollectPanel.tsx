// One tab of 订阅与收藏: skeleton while loading, the rows (swipe left to remove, with an undo bar for 5 s),
// pull-to-refresh, 20 more on scroll, and an empty state that offers the next step.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { InfiniteScroll, PullToRefresh, SwipeAction } from 'antd-mobile';
import type { CollectEstateRow, CollectFollowRow } from '@fjt/domain';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { forgetFollowStates } from '../../lib/follow.ts';
import { callApi } from '../../lib/session.ts';
import type { CollectRow, CollectTab } from './collect-tabs.ts';
import { CollectEstateItem, CollectFollowItem } from './CollectRows.tsx';
import { useCollectList } from './use-collect-list.ts';

const UNDO_MS = 5000;

async function toast(text: string) {
  const { showToast } = await import('../../lib/toast.ts');
  showToast(text);
}

export function CollectPanel({ tab, enabled, homeHref }: { tab: CollectTab; enabled: boolean; homeHref: string }) {
  const list = useCollectList(tab.list, enabled);
  const [undo, setUndo] = useState<{ row: CollectRow; index: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const remove = async (row: CollectRow) => {
    const index = list.take(row.recordId);
    const [path, body] = tab.remove(row);
    const res = await callApi<unknown>(path, body);
    if (res.resultCode !== 0) {
      list.putBack(row, index);
      void toast(res.errMsg || '操作失败，请稍后重试');
      return;
    }
    forgetFollowStates();
    clearTimeout(timer.current);
    if (!tab.restore) {
      void toast(tab.removedText);
      return;
    }
    setUndo({ row, index });
    timer.current = setTimeout(() => setUndo(null), UNDO_MS);
  };

  const restore = async () => {
    if (!undo || !tab.restore) return;
    clearTimeout(timer.current);
    setUndo(null);
    list.putBack(undo.row, undo.index);
    const [path, body] = tab.restore(undo.row);
    const res = await callApi<unknown>(path, body);
    forgetFollowStates();
    if (res.resultCode !== 0) void toast(res.errMsg || '撤销失败，请稍后重试');
    // the row comes back as a new record: read the list again
    await list.refresh();
  };

  if (list.status === 'loading') return <RowsSkeleton count={5} />;
  if (list.status === 'error' && list.items.length === 0) {
    return (
      <EmptyState
        title="加载失败"
        hint={list.errMsg}
        action={
          <button type="button" className="btn" onClick={() => void list.refresh()}>
            重试
          </button>
        }
      />
    );
  }

  return (
    <>
      {list.items.length > 0 ? (
        <p className="collect-tip">
          共{list.total}个 · 左滑可{tab.removeText}
        </p>
      ) : null}
      <PullToRefresh onRefresh={list.refresh}>
        {list.items.length === 0 ? (
          <EmptyState
            testId="collect-empty"
            title={tab.empty.title}
            hint={tab.empty.hint}
            action={
              <Link className="btn btn-primary" to={homeHref}>
                {tab.empty.action}
              </Link>
            }
          />
        ) : (
          <ul className="collect-list" aria-label={tab.title}>
            {list.items.map((row) => (
              <li key={row.recordId}>
                <SwipeAction
                  rightActions={[
                    { key: 'remove', text: tab.removeText, color: 'danger', onClick: () => void remove(row) },
                  ]}
                >
                  {tab.rows === 'estate' ? (
                    <CollectEstateItem row={row as CollectEstateRow} />
                  ) : (
                    <CollectFollowItem row={row as CollectFollowRow} />
                  )}
                </SwipeAction>
              </li>
            ))}
          </ul>
        )}
        {list.items.length > 0 ? <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore} /> : null}
      </PullToRefresh>
      {undo ? (
        <div className="collect-undo" role="status" data-testid="collect-undo">
          <span>{tab.removedText}</span>
          <button type="button" onClick={() => void restore()}>
            撤销
          </button>
        </div>
      ) : null}
    </>
  );
}
