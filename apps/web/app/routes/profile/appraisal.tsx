// /profile/appraisal 估价记录 (PAGES.md §3.9): my valuations, newest first, 20 at a time — estate, home, value and
// date; a tap opens the result, 删除 (after a confirming sheet) removes one for good. Login only; the list comes from
// app/estate/evaluation in the browser (the page itself carries nothing personal). Empty → '去估价'.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { SITE_DESCRIPTION, pageTitle, type EstimateRecordItem, type EstimateRecordList } from '@fjt/domain';
import { callApi, useLoginGuard } from '../../lib/session.ts';
import { showToast } from '../../lib/toast.ts';
import { chooseAction } from '../../lib/action-sheet.ts';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { NavSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { RecordItem } from '../../features/estimate/RecordItem.tsx';
import '../../features/estimate/estimate.css';

export const meta = () => [
  { title: pageTitle('估价记录') },
  { name: 'description', content: `我的房屋估价记录。${SITE_DESCRIPTION}` },
  { name: 'robots', content: 'noindex' },
];

interface Loaded {
  items: EstimateRecordItem[];
  page: number;
  total: number;
}

export default function AppraisalPage() {
  const viewer = useLoginGuard();
  const [data, setData] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await callApi<EstimateRecordList>('app/estate/evaluation?page=1');
    if (res.resultCode !== 0 || !res.body) {
      setFailed(res.errMsg || '加载失败');
      return;
    }
    setFailed(null);
    setData({ items: res.body.list, page: res.body.page, total: res.body.total });
  }, []);
  useEffect(() => {
    if (viewer.status === 'user') void load();
  }, [viewer.status, load]);

  const loadMore = async () => {
    if (!data) return;
    const res = await callApi<EstimateRecordList>(`app/estate/evaluation?page=${data.page + 1}`);
    if (res.resultCode !== 0 || !res.body) throw new Error(res.errMsg || '加载失败');
    const next = res.body;
    setData((d) => (d ? { items: [...d.items, ...next.list], page: next.page, total: next.total } : d));
  };

  const remove = async (record: EstimateRecordItem) => {
    const choice = await chooseAction(
      [{ key: 'delete', text: '删除', danger: true }],
      `删除${record.estateName}的这条估价记录？删除后不可恢复。`,
    );
    if (choice !== 'delete') return;
    const res = await callApi<{ deleted: true }>('app/estate/evaluation/delete', { recordId: record.recordId });
    if (res.resultCode !== 0) {
      showToast(res.errMsg || '删除失败，请稍后再试');
      return;
    }
    setData((d) =>
      d ? { ...d, items: d.items.filter((r) => r.recordId !== record.recordId), total: d.total - 1 } : d,
    );
    showToast('已删除');
  };

  if (viewer.status !== 'user' || (!data && !failed)) return <NavSkeleton kind="list" />;

  return (
    <main className="est-page" data-testid="appraisal-page">
      <header className="est-list-head">
        <h1>估价记录</h1>
        <Link to="/estimate" className="est-list-head__new">
          新估价
        </Link>
      </header>
      <PullToRefresh onRefresh={load}>
        {!data ? (
          <LoadFailed title="估价记录加载失败" message={failed} retry={() => void load()} />
        ) : data.items.length === 0 ? (
          <EmptyState
            title="还没有估价记录"
            hint="输入小区和房屋信息，看看这套房值多少钱"
            action={
              <Link className="btn btn-primary" to="/estimate">
                去估价
              </Link>
            }
            testId="appraisal-empty"
          />
        ) : (
          <ul className="est-records est-records--card" aria-label="估价记录">
            {data.items.map((r) => (
              <RecordItem key={r.recordId} record={r} onDelete={() => void remove(r)} />
            ))}
          </ul>
        )}
        {data && data.items.length > 0 ? (
          <InfiniteScroll loadMore={loadMore} hasMore={data.items.length < data.total} />
        ) : null}
      </PullToRefresh>
    </main>
  );
}
