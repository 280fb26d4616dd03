// Payloads of the agent pages (issue 14, PAGES.md §3.11 /{city}/agent/{id?}): NEW GET agent/detail (an agent's
// figures, the estates it serves, its listings on sale and its latest deals) and NEW GET agent/list (a city's
// agents). Agents' own phone numbers are never sent: calls go through a virtual number (agent/call/get).
import { z } from 'zod';
import { cityIdParam } from './geo.ts';
import { estateAgent } from './estates.ts';
import { idParam, pageParams } from './params.ts';

/** Rows of agent/list per page. */
export const AGENT_PAGE_SIZE = 20;
/** Listings and deals shown on an agent's page. */
export const AGENT_DETAIL_ROWS = 10;

export const AGENT_SORTS = ['rating', 'deals'] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];

export const agentDetailQuery = z.object({
  cityId: cityIdParam,
  agentId: idParam('agentId', '经纪人 id 格式不正确'),
});
export type AgentDetailQuery = z.infer<typeof agentDetailQuery>;

export const agentListQuery = z.object({
  cityId: cityIdParam,
  sort: z.enum(AGENT_SORTS, { message: 'sort 只能是 rating 或 deals' }).default('rating'),
  ...pageParams(AGENT_PAGE_SIZE),
});
export type AgentListQuery = z.infer<typeof agentListQuery>;

/** An agent as a city's list and its own page show it: the estate list's agent without the per-estate counts. */
export const agentProfile = estateAgent.omit({ estateListingCount: true, estateDealCount: true }).extend({
  cityId: z.number().int(),
  /** Estates the agent serves, and its listings on sale now. */
  estateCount: z.number().int(),
  onSaleCount: z.number().int(),
});
export type AgentProfile = z.infer<typeof agentProfile>;

export const agentEstateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  plateName: z.string(),
  /** The agent's listings on sale in it, and the deals it closed there. */
  onSaleCount: z.number().int(),
  dealCount: z.number().int(),
});

export const agentListingRow = z.object({
  id: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  rooms: z.number().int(),
  halls: z.number().int(),
  area: z.number(),
  /** 元 and 元/㎡. */
  totalPrice: z.number(),
  unitPrice: z.number(),
  /** 'YYYY-MM-DD'. */
  listedAt: z.string(),
});

/** A deal the agent closed: what and when, not the price (the estate's deal history shows prices to whom it may). */
export const agentDealRow = z.object({
  id: z.number().int(),
  estateId: z.number().int(),
  estateName: z.string(),
  rooms: z.number().int(),
  halls: z.number().int(),
  area: z.number(),
  /** 'YYYY-MM'. */
  month: z.string(),
});

export const agentDetailBody = z.object({
  agent: agentProfile,
  estates: z.array(agentEstateRow),
  listings: z.array(agentListingRow),
  deals: z.array(agentDealRow),
});
export type AgentDetailBody = z.infer<typeof agentDetailBody>;

export const agentListBody = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  list: z.array(agentProfile),
});
export type AgentListBody = z.infer<typeof agentListBody>;
