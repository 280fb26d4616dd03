// 经纪人主页 (PAGES.md §3.11 /{city}/agent/{id?}): one agent's figures, the estates it serves, its listings on sale
// and its latest deals, with 打电话 (a virtual number), 在线咨询 and 复制微信; without an id, the city's agents, best rated (or
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
import { AgentChatLink, CopyWechatButton } from '../../components/agent-card/AgentContactActions.tsx';
import { ContractorEntry } from '../../components/lead-form/LazyContractorSheet.tsx';
import './agents.css';

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
        <AgentCard
          agent={agent}
          stats={`${agent.company} · 服务${agent.estateCount}个小区`}
          actions={
            agent.wechatNo ? <CopyWechatButton wechatNo={agent.wechatNo} className="agent-card__action" /> : undefined
          }
        />
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
      <RowsCard
        id="agent-estates"
        title="服务小区"
        empty="暂无服务小区"
        rows={estates.map((e) => ({
          key: e.id,
          to: `/${cityId}/house-detail/${e.id}`,
          title: e.name,
          meta: `${e.plateName} · 在售${e.onSaleCount}套 · 成交${e.dealCount}套`,
        }))}
      />
      <RowsCard
        id="agent-listings"
        title="在售房源"
        empty="暂无在售房源"
        rows={listings.map((l) => ({
          key: l.id,
          to: `/${cityId}/property/${l.id}`,
          title: `${l.estateName} ${l.rooms}室${l.halls}厅 ${area(l.area)}`,
          meta: `${totalPrice(l.totalPrice)} · ${unitPrice(l.unitPrice)} · ${l.listedAt}挂牌`,
        }))}
      />
      <RowsCard
        id="agent-deals"
        title="最近成交"
        empty="暂无成交记录"
        rows={deals.map((d) => ({
          key: d.id,
          to: `/${cityId}/deal-history/${d.estateId}`,
          title: `${d.estateName} ${d.rooms}室${d.halls}厅 ${area(d.area)}`,
          meta: `${d.month.replace('-', '年')}月成交 · 成交价见小区成交记录`,
        }))}
      />
      <p className="agent-page__note">{NUMBER_PROTECTION_NOTE}</p>
      <div className="bottom-bar bottom-bar--split">
        <AgentChatLink agent={agent} className="btn" />
        <CallAgentButton agentId={agent.id} className="btn btn-primary" />
      </div>
    </main>
  );
}

interface Row {
  key: number;
  to: string;
  title: string;
  meta: string;
}

/** One block of the agent's page: a titled card of linked two-line rows, or its empty note. */
function RowsCard({ id, title, empty, rows }: { id: string; title: string; empty: string; rows: Row[] }) {
  return (
    <Card id={id} title={title}>
      {rows.length === 0 ? (
        <EmptyNote>{empty}</EmptyNote>
      ) : (
        <ul className="agent-rows">
          {rows.map((r) => (
            <li key={r.key}>
              <Link to={r.to}>
                <strong>{r.title}</strong>
                <small className="num">{r.meta}</small>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
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
        <ContractorEntry cityId={cityId} lead="说说需求，平台签约的找房顾问帮您找房" />
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
                      <AgentChatLink agent={a} className="agent-card__action" />
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
