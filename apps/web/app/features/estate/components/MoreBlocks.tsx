// The lower blocks: agents (→ agent-list), links to 点评/笔记/视频/租房/问答, nearby estates, data source.
import { Link } from 'react-router';
import type { AnalysisDataSourceBody, AroundEstate, EstateAgent } from '@fjt/domain';
import { distance, rate, unitPrice } from '../../../lib/display.ts';
import { agentListPath } from '../paths.ts';
import { AgentCard } from '../../../components/agent-card/AgentCard.tsx';
import { estateAgentStats } from '../agent-stats.ts';
import { EstateLinkRow } from './EstateShortcuts.tsx';
import { Card } from '../../../components/card/Card.tsx';

export function AgentsBlock({
  cityId,
  estateId,
  agents,
  total,
}: {
  cityId: number;
  estateId: number;
  agents: EstateAgent[];
  total: number;
}) {
  return (
    <Card id="estate-agents" title="小区经纪人" more={{ to: agentListPath(cityId, estateId), text: `全部${total}位` }}>
      <ul className="estate-rows">
        {agents.map((a) => (
          <li key={a.id}>
            <Link className="estate-row estate-row--plain" to={agentListPath(cityId, estateId)}>
              <AgentCard agent={a} stats={estateAgentStats(a)} />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function CommunityLinks({
  cityId,
  estateId,
  onRentCount,
}: {
  cityId: number;
  estateId: number;
  onRentCount: number;
}) {
  const links: [string, string][] = [
    ['小区问答', `/${cityId}/qa-list/${estateId}`],
    ['小区点评', `/${cityId}/house-comments/${estateId}`],
    ['看房笔记', `/${cityId}/house-note/${estateId}`],
    ['看房视频', `/${cityId}/house-video?estateId=${estateId}`],
    [onRentCount > 0 ? `租房 ${onRentCount}套` : '租房', `/${cityId}/renting/${estateId}`],
  ];
  return <EstateLinkRow label="更多小区信息" testId="estate-links" links={links} />;
}

export function AroundBlock({ cityId, around }: { cityId: number; around: AroundEstate[] }) {
  return (
    <Card id="estate-around" title="周边小区">
      <ul className="estate-rows">
        {around.map((e) => {
          const change = rate(e.listingMom);
          return (
            <li key={e.id}>
              <Link className="estate-row" to={`/${cityId}/house-detail/${e.id}`}>
                <div className="estate-row__main">
                  <p className="estate-row__title">{e.name}</p>
                  <p className="estate-row__meta">
                    {e.plateName} · 距离{distance(e.distanceM)}
                    {e.buildYear ? ` · ${e.buildYear}年` : ''} · 在售{e.onSaleCount}套
                  </p>
                </div>
                <div className="estate-row__price">
                  <p className="estate-row__unit-strong num">{unitPrice(e.listingAvg)}</p>
                  <p className={`estate-row__unit ${change.className}`}>{change.text}</p>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export function DataSourceBlock({ source }: { source: AnalysisDataSourceBody }) {
  return (
    <Card id="estate-data-source" title="数据来源">
      <p className="estate-note num">
        {source.asOf ? `数据截至${source.asOf.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$1年$2月$3日')}，` : ''}
        收录挂牌{source.listingCount}套（在售{source.onSaleCount}套）、成交{source.dealCount}套（中介成交
        {source.agencyDealCount}套，网签备案{source.netsignDealCount}套）、租房{source.rentalCount}套（在租
        {source.onRentCount}套）。
      </p>
      <ul className="estate-source-notes">
        {source.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    </Card>
  );
}
