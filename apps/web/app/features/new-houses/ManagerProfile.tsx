// 置业顾问 (PAGES.md §3.11 /{city}/manager/{id?}): one consultant's profile with their projects, or — without an
// id — the city's consultants, best rated first, 20 at a time.
import { Link } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import type { ManagerDetailBody, ManagerListBody } from '@fjt/domain';
import { usePagedList } from '../../lib/paged-list.ts';
import { ProjectCard } from './ProjectCard.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { Card } from '../../components/card/Card.tsx';

const imPath = (m: { imId: string; name: string }) =>
  `/im?userid=${encodeURIComponent(m.imId)}&username=${encodeURIComponent(m.name)}`;

export function ManagerProfile({ cityId, detail }: { cityId: number; detail: ManagerDetailBody }) {
  const { manager, projects } = detail;
  return (
    <main className="nh nh--detail">
      <header className="nh-profile">
        <span className="nh-avatar nh-avatar--large" aria-hidden="true">
          {manager.name.slice(0, 1)}
        </span>
        <div>
          <h1>{manager.name}</h1>
          <p className="nh-hint">{manager.developer} · 置业顾问</p>
        </div>
      </header>
      <Card flush label="服务数据">
        <dl className="nh-facts nh-facts--three">
          <div>
            <dt>评分</dt>
            <dd>{manager.rating.toFixed(1)}</dd>
          </div>
          <div>
            <dt>响应率</dt>
            <dd>{Math.round(manager.responseRate * 100)}%</dd>
          </div>
          <div>
            <dt>负责楼盘</dt>
            <dd>{manager.projectCount}个</dd>
          </div>
        </dl>
      </Card>
      <Card flush className="nh-card-bleed" title="负责楼盘">
        {projects.length === 0 ? (
          <p className="nh-hint">暂无负责楼盘</p>
        ) : (
          <ul className="nh-list">
            {projects.map((p) => (
              <li key={p.id}>
                <ProjectCard cityId={cityId} project={p} />
              </li>
            ))}
          </ul>
        )}
      </Card>
      <p className="nh__count">号码保护，咨询通过在线消息进行</p>
      <div className="bottom-bar bottom-bar--actions">
        <Link className="btn btn-primary bottom-bar__primary" to={imPath(manager)}>
          在线咨询
        </Link>
      </div>
    </main>
  );
}

export function ManagerDirectory({
  cityId,
  cityName,
  managers,
}: {
  cityId: number;
  cityName: string;
  managers: ManagerListBody;
}) {
  const { items, hasMore, loadMore } = usePagedList(
    managers,
    (page) => `/rabbit/v1/new-house/manager/list?cityId=${cityId}&page=${page}`,
  );
  return (
    <main className="nh">
      <header className="nh-head">
        <h1>{cityName}置业顾问</h1>
        <p className="nh-head__hint">共{managers.total}位 · 按评分与响应率排序</p>
      </header>
      {items.length === 0 ? (
        <EmptyState
          title="暂无置业顾问"
          action={
            <Link to={`/${cityId}/house-new`} className="btn btn-primary">
              看看新房
            </Link>
          }
        />
      ) : (
        <Card flush>
          <ul className="nh-managers" aria-label="置业顾问">
            {items.map((m) => (
              <li key={m.id}>
                <Link to={`/${cityId}/manager/${m.id}`} className="nh-managers__who">
                  <span className="nh-avatar" aria-hidden="true">
                    {m.name.slice(0, 1)}
                  </span>
                  <span>
                    <strong>{m.name}</strong>
                    <small>
                      {m.projectName ?? m.developer} · 评分{m.rating.toFixed(1)} · 响应率
                      {Math.round(m.responseRate * 100)}%
                    </small>
                  </span>
                </Link>
                <Link className="btn" to={imPath(m)}>
                  咨询
                </Link>
              </li>
            ))}
          </ul>
          {items.length > 0 ? <InfiniteScroll loadMore={loadMore} hasMore={hasMore} /> : null}
        </Card>
      )}
    </main>
  );
}
