// The one agent card (经纪人): initial as avatar, name and rating, company/store and years, a line of figures the
// host chooses (本小区在售/成交 on an estate's list; 累计成交/带看 in a city's list), actions on the right. Only a
// virtual number is ever used for calls (spec §6), so no phone number is shown.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { decimal } from '../../lib/display.ts';
import './agent-card.css';

export interface AgentCardAgent {
  name: string;
  rating: number;
  store: string;
  years: number;
}

export function AgentCard({
  agent,
  stats,
  actions,
  to,
}: {
  agent: AgentCardAgent;
  /** The figures line under the store. */
  stats: ReactNode;
  actions?: ReactNode;
  /** The agent's page: the name links there. */
  to?: string;
}) {
  return (
    <div className="agent-card">
      <span className="agent-card__avatar" aria-hidden="true">
        {Array.from(agent.name)[0]}
      </span>
      <div className="agent-card__body">
        <p className="agent-card__name">
          {to ? <Link to={to}>{agent.name}</Link> : agent.name}
          <span className="agent-card__rating num">{decimal(agent.rating, 1)}分</span>
        </p>
        <p className="agent-card__meta">
          {agent.store} · 从业{agent.years}年
        </p>
        <p className="agent-card__meta num">{stats}</p>
      </div>
      {actions ? <div className="agent-card__actions">{actions}</div> : null}
    </div>
  );
}
