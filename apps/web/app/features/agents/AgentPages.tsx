// 经纪人主页 (PAGES.md §3.11 /{city}/agent/{id?}): one agent's figures, the estates it serves, its listings on sale
// and its latest deals, with 打电话 (a virtual number) and 在线聊; without an id, the city's agents, best rated (or
// most deals) first, 20 at a time.
import { Link } from 'react-router';
import { InfiniteScroll } from 'antd-mobile';
import {
  NUMBER_PROTECTION_NOTE,
  type AgentDetailBody,
  type AgentListBody,
  type AgentProfile,
  type AgentSort,
} from '@fjt/domain';
import { usePagedList } from '../../lib/paged-list.ts';
import { area, decimal, totalPrice, unitPrice } from '../../lib/display.ts';
import { AgentCard } from '../../components/agent-card/AgentCard.tsx';
import { Card } from '../../components/card/Card.tsx';
import { EmptyNote, EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { CallAgentButton } from '../../components/agent-card/CallAgentButton.tsx';
import './agents.css';

const imPath = (a: { id: number; name: string }) => `/im?userid=agent-${a.id}&username=${encodeURIComponent(a.name)}`;

const cityStats = (a: AgentProfile) => `服务${a.estateCount}个小区 · 在售${a.onSaleCount}套 · 成交${a.dealCount}套`;

export function AgentProfilePage({ cityId, detail }: { cityId: number; detail: AgentDetailBody }) {
  const { agent, estates, listings, deals } = detail;
  const facts: [string, string][] = [
    ['评分', decimal(agent.rating, 1)],
    ['累计成交', `${agent.dealCount}套`],
    ['累计带看', `${agent.showingCount}次`],
    ['在售房源', `${agent.onSaleCount}套`],
  ];
  return (
    <main className="agent-page" data-testid="agent-page">
      <header className="agent-page__head">
        <AgentCard agent={agent} stats={`${agent.company} · 服务${agent.estateCount}个小区`} />
      </header>
      <Card flush label="服务数据">
        <dl className="agent-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="num">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card id="agent-estates" title="服务小区">
        {estates.length === 0 ? (
          <EmptyNote>暂无服务小区</EmptyNote>
        ) : (
          <ul className="agent-rows">
            {estates.map((e) => (
              <li key={e.id}>
                <Link to={`/${cityId}/house-detail/${e.id}`}>
                  <strong>{e.name}</strong>
                  <small>
                    {e.plateName} · 在售{e.onSaleCount}套 · 成交{e.dealCount}套
                  </small>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="agent-listings" title="在售房源">
        {listings.length === 0 ? (
          <EmptyNote>暂无在售房源</EmptyNote>
        ) : (
          <ul className="agent-rows">
            {listings.map((l) => (
              <li key={l.id}>
                <Link to={`/${cityId}/property/${l.id}`}>
                  <strong>
                    {l.estateName} {l.rooms}室{l.halls}厅 {area(l.area)}
                  </strong>
                  <small className="num">
                    {totalPrice(l.totalPrice)} · {unitPrice(l.unitPrice)} · {l.listedAt}挂牌
                  </small>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="agent-deals" title="最近成交">
        {deals.length === 0 ? (
          <EmptyNote>暂无成交记录</EmptyNote>
        ) : (
          <ul className="agent-rows">
            {deals.map((d) => (
              <li key={d.id}>
                <Link to={`/${cityId}/deal-history/${d.estateId}`}>
                  <strong>
                    {d.estateName} {d.rooms}室{d.halls}厅 {area(d.area)}
                  </strong>
                  <small>{d.month.replace('-', '年')}月成交 · 成交价见小区成交记录</small>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <p className="agent-page__note">{NUMBER_PROTECTION_NOTE}</p>
      <div className="bottom-bar bottom-bar--split">
        <Link className="btn" to={imPath(agent)}>
          在线聊
        </Link>
        <CallAgentButton agentId={agent.id} className="btn btn-primary" />
      </div>
    </main>
  );
}

const SORTS: { value: AgentSort; label: string }[] = [
  { value: 'rating', label: '按评分' },
  { value: 'deals', label: '按成交' },
];

export function AgentDirectory({
  cityId,
  cityName,
  sort,
  agents,
}: {
  cityId: number;
  cityName: string;
  sort: AgentSort;
  agents: AgentListBody;
}) {
  const { items, hasMore, loadMore } = usePagedList(
    agents,
    (page) => `/rabbit/v1/agent/list?cityId=${cityId}&sort=${sort}&page=${page}`,
  );
  return (
    <main className="agent-page" data-testid="agent-directory">
      <header className="agent-page__title">
        <h1>{cityName}经纪人</h1>
        <p>
          共{agents.total}位 · {NUMBER_PROTECTION_NOTE}
        </p>
        <nav className="agent-sorts" aria-label="排序">
          {SORTS.map((s) => (
            <Link
              key={s.value}
              to={s.value === 'rating' ? '?' : `?sort=${s.value}`}
              replace
              preventScrollReset
              aria-current={s.value === sort ? 'page' : undefined}
            >
              {s.label}
            </Link>
          ))}
        </nav>
      </header>
      {items.length === 0 ? (
        <EmptyState
          title="暂无经纪人"
          action={
            <Link to={`/${cityId}`} className="btn btn-primary">
              回到首页
            </Link>
          }
        />
      ) : (
        <Card flush>
          <ul className="agent-rows agent-rows--cards" aria-label="经纪人">
            {items.map((a) => (
              <li key={a.id}>
                <AgentCard
                  agent={a}
                  stats={cityStats(a)}
                  to={`/${cityId}/agent/${a.id}`}
                  actions={
                    <>
                      <CallAgentButton agentId={a.id} className="agent-card__action" />
                      <Link className="agent-card__action" to={imPath(a)}>
                        在线聊
                      </Link>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          <InfiniteScroll loadMore={loadMore} hasMore={hasMore} />
        </Card>
      )}
    </main>
  );
}
