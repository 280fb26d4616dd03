// 达人推荐 (PAGES.md §3.11 /{city}/pubBySuperior/{id?}): a 达人's card (avatar, name, label, picks, followers,
// 关注) and their picks of the city in two tabs, 二手房 and 新房, each with the 达人's reason and date. 咨询 on a
// resale pick opens the deal-price modal; a new-house pick opens the project. On my own page: 添加推荐 and 删除.
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import {
  formatMoney,
  superLabelName,
  type SuperiorEstateList,
  type SuperiorEstatePick,
  type SuperiorHeader,
  type SuperiorPickKind,
  type SuperiorProjectList,
  type SuperiorProjectPick,
} from '@fjt/domain';
import { Avatar } from '../../components/avatar/Avatar.tsx';
import { EmptyState, LoadFailed } from '../../components/empty-state/EmptyState.tsx';
import { EstateCard, EstateFiguresCard } from '../../components/estate-card/EstateCard.tsx';
import { FollowButton } from '../../components/follow-button/FollowButton.tsx';
import { useSendOrder } from '../../components/layouts/SendOrderLayout.tsx';
import { RowsSkeleton } from '../../components/skeleton/Skeleton.tsx';
import { useFollow, type FollowState } from '../../lib/follow.ts';
import { callApi } from '../../lib/session.ts';
import { AddPickSheet } from './AddPickSheet.tsx';
import { usePickList } from './use-pick-list.ts';
import './superior.css';

const TABS: { key: SuperiorPickKind; title: string }[] = [
  { key: 'resale', title: '二手房' },
  { key: 'new', title: '新房' },
];

async function toast(text: string) {
  const { showToast } = await import('../../lib/toast.ts');
  showToast(text);
}

export interface SuperiorFirstPages {
  estates: SuperiorEstateList;
  projects: SuperiorProjectList;
}

/** superiorId null: my page (fetched in the browser); first: the loader's first pages of another 达人's page. */
export function SuperiorPage({
  cityId,
  superiorId,
  first,
}: {
  cityId: number;
  superiorId: number | null;
  first: SuperiorFirstPages | null;
}) {
  const query = `cityId=${cityId}${superiorId ? `&superiorId=${superiorId}` : ''}`;
  const estates = usePickList<SuperiorEstatePick>(`estate-dispatch/superior/private?${query}`, first?.estates ?? null);
  const projects = usePickList<SuperiorProjectPick>(
    `estate-dispatch/superior/privateNew?${query}`,
    first?.projects ?? null,
  );
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab: SuperiorPickKind = searchParams.get('tab') === 'new' ? 'new' : 'resale';
  const [adding, setAdding] = useState(false);
  const { openOrder } = useSendOrder();

  const header = estates.superior ?? projects.superior;
  if (!header) {
    if (estates.status === 'error' || projects.status === 'error')
      return (
        <main className="sup">
          <LoadFailed
            title="达人推荐加载失败"
            message={estates.errMsg || projects.errMsg}
            retry={() => void Promise.all([estates.refresh(), projects.refresh()])}
          />
        </main>
      );
    return (
      <main className="sup" data-testid="superior-loading">
        <RowsSkeleton count={5} />
      </main>
    );
  }
  const mine = header.mine;
  const list = tab === 'resale' ? estates : projects;

  const remove = async (kind: SuperiorPickKind, id: number) => {
    const res = await callApi<unknown>('estate-dispatch/superior/unpick', { kind, targetId: id });
    if (res.resultCode !== 0) {
      void toast(res.errMsg || '删除失败，请稍后重试');
      return;
    }
    (kind === 'resale' ? estates : projects).take(id);
    void toast('已删除推荐');
  };

  const switchTab = (key: string) =>
    void navigate({ search: key === 'new' ? '?tab=new' : '' }, { replace: true, preventScrollReset: true });

  return (
    <main className="sup" data-testid="superior-page">
      <SuperiorCard
        header={header}
        resaleCount={mine ? estates.total : header.resaleCount}
        newCount={mine ? projects.total : header.newCount}
        onAdd={mine ? () => setAdding(true) : null}
      />
      <Tabs className="sup__tabs" activeKey={tab} onChange={switchTab}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <PullToRefresh onRefresh={list.refresh}>
        {list.status === 'loading' ? (
          <RowsSkeleton count={4} />
        ) : list.items.length === 0 ? (
          <EmptyState
            testId="superior-empty"
            title={mine ? `还没有推荐${tab === 'resale' ? '二手房' : '新房'}` : '暂无推荐'}
            hint={
              mine ? '推荐你看好的小区或楼盘，写下理由，关注你的人都能看到' : '这位达人在本城市还没有推荐，去看看别的吧'
            }
            action={
              mine ? (
                <button type="button" className="btn btn-primary" onClick={() => setAdding(true)}>
                  添加推荐
                </button>
              ) : (
                <Link className="btn btn-primary" to={`/${cityId}`}>
                  去首页看看
                </Link>
              )
            }
          />
        ) : (
          <ul className="sup-list" aria-label={`${TABS.find((t) => t.key === tab)!.title}推荐`}>
            {tab === 'resale'
              ? estates.items.map((row) => (
                  <PickItem
                    key={row.id}
                    reason={row.reason}
                    pickedAt={row.pickedAt}
                    card={<EstateFiguresCard estate={row} className="sup-pick__card" />}
                    action={
                      <button
                        type="button"
                        className="btn btn-primary sup-pick__consult"
                        onClick={() => openOrder({ cityId, estateId: row.id })}
                      >
                        咨询
                      </button>
                    }
                    onRemove={mine ? () => void remove('resale', row.id) : null}
                  />
                ))
              : projects.items.map((row) => (
                  <PickItem
                    key={row.id}
                    reason={row.reason}
                    pickedAt={row.pickedAt}
                    card={<ProjectPickCard project={row} />}
                    action={
                      <Link className="btn btn-primary sup-pick__consult" to={`/${row.cityId}/loupan/${row.id}`}>
                        查看楼盘
                      </Link>
                    }
                    onRemove={mine ? () => void remove('new', row.id) : null}
                  />
                ))}
          </ul>
        )}
        {list.items.length > 0 ? <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore} /> : null}
      </PullToRefresh>
      {mine ? (
        <AddPickSheet
          cityId={cityId}
          open={adding}
          onClose={() => setAdding(false)}
          onPicked={(kind) => {
            setAdding(false);
            void (kind === 'resale' ? estates : projects).refresh();
            if (kind !== tab) switchTab(kind);
          }}
        />
      ) : null}
    </main>
  );
}

function SuperiorCard({
  header,
  resaleCount,
  newCount,
  onAdd,
}: {
  header: SuperiorHeader;
  resaleCount: number;
  newCount: number;
  onAdd: (() => void) | null;
}) {
  // the count was taken before this viewer's follow state was known: move it by what changes on this page
  const { state } = useFollow('author', header.userId);
  const firstKnown = useRef<FollowState | null>(null);
  if (firstKnown.current === null && state !== 'unknown') firstKnown.current = state;
  const followers = header.followerCount + (state === 'on' ? 1 : 0) - (firstKnown.current === 'on' ? 1 : 0);
  return (
    <header className="sup-card" data-testid="superior-card">
      <Avatar avatar={header.avatar} size={56} />
      <div className="sup-card__main">
        <h1>
          {header.nickname ?? '房价通达人'}
          <span className="sup-badge" data-testid="superior-label">
            {superLabelName(header.label)}
          </span>
        </h1>
        <p className="num">
          推荐 {resaleCount + newCount} · 粉丝 {Math.max(0, followers)}
        </p>
      </div>
      {onAdd ? (
        <button type="button" className="btn btn-primary sup-card__action" onClick={onAdd}>
          添加推荐
        </button>
      ) : (
        <FollowButton
          kind="author"
          id={header.userId}
          label="+ 关注"
          className="btn sup-card__action"
          testId="superior-follow"
        />
      )}
    </header>
  );
}

function PickItem({
  card,
  reason,
  pickedAt,
  action,
  onRemove,
}: {
  card: React.ReactNode;
  reason: string;
  pickedAt: string;
  action: React.ReactNode;
  onRemove: (() => void) | null;
}) {
  return (
    <li className="sup-pick" data-testid="superior-pick">
      {card}
      <p className="sup-pick__reason">
        <b>达人说</b>
        {reason}
      </p>
      <div className="sup-pick__foot">
        <small className="num">{pickedAt} 推荐</small>
        {onRemove ? (
          <button type="button" className="sup-link" onClick={onRemove}>
            删除
          </button>
        ) : null}
        {action}
      </div>
    </li>
  );
}

/** A new-house pick in the estate card's pattern: cover, name, 区域 · 板块, 参考均价 and the sale status. */
function ProjectPickCard({ project }: { project: SuperiorProjectPick }) {
  return (
    <EstateCard to={`/${project.cityId}/loupan/${project.id}`} place={project} className="sup-pick__card">
      <span className="estate-card__price">
        {project.avgPrice !== null ? (
          <>
            <b className="num">{formatMoney(project.avgPrice)}</b>
            <small>元/㎡ 参考均价</small>
          </>
        ) : (
          <b>价格待定</b>
        )}
      </span>
      <span className="estate-card__counts">{project.saleStatus}</span>
    </EstateCard>
  );
}
