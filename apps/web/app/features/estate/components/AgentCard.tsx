// One agent serving the estate (house/agent/get): company and store, 从业年限, 本小区带看/成交, rating.
// Only a virtual number is ever used for calls (spec §6), so no phone number is shown.
import type { ReactNode } from 'react';
import type { EstateAgent } from '@fjt/domain';
import { decimal } from '../../../lib/display.ts';

export function AgentCard({ agent, actions }: { agent: EstateAgent; actions?: ReactNode }) {
  return (
    <div className="agent-card">
      <span className="agent-card__avatar" aria-hidden="true">
        {Array.from(agent.name)[0]}
      </span>
      <div className="agent-card__body">
        <p className="agent-card__name">
          {agent.name}
          <span className="agent-card__rating num">{decimal(agent.rating, 1)}分</span>
        </p>
        <p className="agent-card__meta">
          {agent.store} · 从业{agent.years}年
        </p>
        <p className="agent-card__meta num">
          本小区在售{agent.estateListingCount}套 · 成交{agent.estateDealCount}套 · 累计带看{agent.showingCount}次
        </p>
      </div>
      {actions ? <div className="agent-card__actions">{actions}</div> : null}
    </div>
  );
}
