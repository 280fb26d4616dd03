// 经纪人主页 and a city's agents (PAGES.md §3.11). No phone number of an agent is ever answered: calls go through a
// virtual number (agent/call/get), so the profile carries none.
import { AGENT_DETAIL_ROWS, type AgentsService } from '@fjt/domain';
import type { AgentsRepo } from './repo.ts';

export function createAgentsService(repo: AgentsRepo): AgentsService {
  return {
    async detail({ cityId, agentId }) {
      const agent = await repo.agent(agentId);
      if (!agent || agent.cityId !== cityId) return null;
      const [estates, listings, deals] = await Promise.all([
        repo.estates(agentId),
        repo.listings(agentId, AGENT_DETAIL_ROWS),
        repo.deals(agentId, AGENT_DETAIL_ROWS),
      ]);
      return { agent, estates, listings, deals };
    },

    async list({ cityId, sort, page, size }) {
      const { total, rows } = await repo.page(cityId, sort, page, size);
      return { total, page, size, list: rows };
    },
  };
}
