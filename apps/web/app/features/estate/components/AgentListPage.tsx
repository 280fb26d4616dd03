// /{city}/house-detail/{estateId}/agent-list 小区经纪人 (PAGES.md §3.11): who serves this estate, with chat and
// WeChat; numbers are protected (virtual numbers only, spec §6).
import { Link } from 'react-router';
import { showToast } from '../../../lib/toast.ts';
import { NUMBER_PROTECTION_NOTE, type EstateAgent, type EstateBasicInfo } from '@fjt/domain';
import { copyText } from '../../../lib/copy-text.ts';
import { unitPrice } from '../../../lib/display.ts';
import { AgentCard } from '../../../components/agent-card/AgentCard.tsx';
import { estateAgentStats } from '../agent-stats.ts';
import { CallAgentButton } from '../../agents/CallAgentButton.tsx';
import { EmptyNote } from '../../../components/empty-state/EmptyState.tsx';
import { Card } from '../../../components/card/Card.tsx';
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
  const copyWechat = (wechatNo: string) => {
    copyText(wechatNo).catch(() => showToast('复制失败，请手动复制'));
  };
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
        <Card>
          <EmptyNote action={<Link to={`/${cityId}/house-detail/${basic.id}`}>返回小区留下电话</Link>}>
            暂无经纪人服务该小区
          </EmptyNote>
        </Card>
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
                      <Link
                        className="agent-card__action"
                        to={`/im?userid=agent-${a.id}&username=${encodeURIComponent(a.name)}`}
                      >
                        在线聊
                      </Link>
                      {a.wechatNo ? (
                        <button type="button" className="agent-card__action" onClick={() => copyWechat(a.wechatNo!)}>
                          复制微信
                        </button>
                      ) : null}
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        </Card>
      )}
    </main>
  );
}
