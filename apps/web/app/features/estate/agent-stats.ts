import type { EstateAgent } from '@fjt/domain';

/** The figures line of an agent on an estate's pages: what it does in this estate, then its showings. */
export const estateAgentStats = (a: EstateAgent) =>
  `本小区在售${a.estateListingCount}套 · 成交${a.estateDealCount}套 · 累计带看${a.showingCount}次`;
