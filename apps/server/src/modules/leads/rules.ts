// The rules every passing of a lead to an agent follows, whether at intake (a batch decided in memory) or when the
// claim deadline moves it on (one lead at a time): the cap's day, who may be chosen, and the weighted round robin.
import {
  AGENT_CONTACTS_PER_DAY,
  type LeadBrief,
  type LeadConsentVersion,
  type LeadSource,
  type ServiceType,
} from '@fjt/domain';
import type { AgentCandidate } from './repo.ts';

const DAY = 24 * 60 * 60_000;
/** The cap's day is the buyer's: Asia/Shanghai (UTC+8, no daylight saving). */
const SHANGHAI_OFFSET = 8 * 60 * 60_000;

/** Start of the Asia/Shanghai day containing t. */
export function shanghaiDayStart(t: number): Date {
  return new Date(Math.floor((t + SHANGHAI_OFFSET) / DAY) * DAY - SHANGHAI_OFFSET);
}

/** The Asia/Shanghai date (YYYY-MM-DD) of t: the cap's day as the console names it. */
export function shanghaiDate(t: number): string {
  return new Date(t + SHANGHAI_OFFSET).toISOString().slice(0, 10);
}

/**
 * Of the agents a phone never had for this estate, those it may be passed to: any, until the phone has reached its
 * daily cap of agents; after that only the ones it already has today.
 */
export function allowedAgents<C extends { id: number }>(fresh: readonly C[], today: ReadonlySet<number>): readonly C[] {
  return today.size >= AGENT_CONTACTS_PER_DAY ? fresh.filter((c) => today.has(c.id)) : fresh;
}

/**
 * Weighted round robin by rating, deterministic: the agent whose next lead would leave it least loaded for its
 * rating ((load + 1) / rating) gets it; ties go to the lower id. Over many leads each agent's share follows its rating.
 */
export function pickAgent(candidates: readonly AgentCandidate[]): AgentCandidate | null {
  let best: AgentCandidate | null = null;
  let bestScore = Infinity;
  for (const c of candidates) {
    const score = (c.load + 1) / Math.max(c.rating, 0.1);
    if (score < bestScore || (score === bestScore && best !== null && c.id < best.id)) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

export interface IntakeRequest {
  /** The Idempotency-Key route name: 'save-real-price' | 'loan'. */
  route: string;
  user: { id: number; phone: string } | null;
  /** As sent; omitted by a signed-in user means the account's phone. */
  mobile: string | undefined;
  /** Estates asked about, the page's first (ignored for an estate-less loan). */
  estateIds: number[];
  /** An estate-less loan: the city whose agents get it. */
  cityId?: number;
  serviceType: ServiceType;
  source: LeadSource;
  page: string | undefined;
  ip: string | null;
  idempotencyKey: string | undefined;
  /** What the key's hash covers: the validated body. */
  body: unknown;
  /**
   * One chosen agent instead of dispatch (委托找房: a contractor of cityId): the lead goes to it directly (still
   * within the phone's daily cap), keeps it (no claim deadline), and dedupes per agent.
   */
  agentId?: number;
  /** The buyer's brief, kept on the lead. */
  brief?: LeadBrief;
  /** The consent text the form showed (LEAD_CONSENT_VERSION when left out). */
  consentVersion?: LeadConsentVersion;
}
