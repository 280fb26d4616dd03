// /{city}/house-detail/{estateId}/agent-list 小区经纪人 (PAGES.md §3.11): who serves this estate, with chat and
// WeChat; numbers are protected (virtual numbers only, spec §6).
import { useState } from 'react';
import { Link } from 'react-router';
import { LEAD_SLA_HOURS, NUMBER_PROTECTION_NOTE, type EstateAgent, type EstateBasicInfo } from '@fjt/domain';
import { unitPrice } from '../../../lib/display.ts';
import { AgentCard } from '../../../components/agent-card/AgentCard.tsx';
import { estateAgentStats } from '../agent-stats.ts';
import { CallAgentButton } from '../../../components/agent-card/CallAgentButton.tsx';
import { AgentChatLink, CopyWechatButton } from '../../../components/agent-card/AgentContactActions.tsx';
import { EmptyState } from '../../../components/empty-state/EmptyState.tsx';
import { Card } from '../../../components/card/Card.tsx';
import { LazyOrderSheet } from '../../../components/lead-form/LazyOrderSheet.tsx';
import '../estate.css';

export function AgentListPage({
  cityId,
  basic,
  agents,
}: {
  cityId: number;
  basic: EstateBasicInfo;
  agents: EstateAgent[];
}) {
  const [sheetOpen, setSheetOpen] = useState(false);
  return (
    <main className="agent-list-page" data-testid="agent-list-page">
      <header className="agent-list-head">
        <h1>小区经纪人</h1>
        <p>
          <Link to={`/${cityId}/house-detail/${basic.id}`}>{basic.name}</Link> · {basic.plateName} · 挂牌均价
          {unitPrice(basic.listingAvg)} · 在售{basic.onSaleCount}套
        </p>
      </header>
      <p className="agent-list-note">{NUMBER_PROTECTION_NOTE}</p>
      {agents.length === 0 ? (
        <EmptyState
          title="暂无经纪人服务该小区"
          hint={`留下电话，平台为您安排熟悉本小区的经纪人，${LEAD_SLA_HOURS}小时内联系您`}
          action={
            <button type="button" className="btn btn-primary" onClick={() => setSheetOpen(true)}>
              留下电话
            </button>
          }
          testId="agent-list-empty"
        />
      ) : (
        <Card label="经纪人列表">
          <ul className="estate-rows">
            {agents.map((a) => (
              <li key={a.id} className="estate-row estate-row--plain">
                <AgentCard
                  agent={a}
                  stats={estateAgentStats(a)}
                  to={`/${cityId}/agent/${a.id}`}
                  actions={
                    <>
                      <CallAgentButton agentId={a.id} estateId={basic.id} className="agent-card__action" />
                      <AgentChatLink agent={a} about={{ cityId, estateId: basic.id }} className="agent-card__action" />
                      {a.wechatNo ? <CopyWechatButton wechatNo={a.wechatNo} className="agent-card__action" /> : null}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </Card>
      )}
      <LazyOrderSheet
        visible={sheetOpen}
        onClose={() => setSheetOpen(false)}
        cityId={cityId}
        estate={{ id: basic.id, name: basic.name }}
      />
    </main>
  );
}
