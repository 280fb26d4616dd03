// The calls of the lead forms (PAGES.md §3.11, spec §4 and §7 part two): the deal-price modal and the order sheet
// load the user, the agent info and the recommended estates at once (底价揭秘: the user, then the agent info of the
// estate picked, no recommendations), and send the demand to estate-dispatch/save-real-price with one
// Idempotency-Key per opening (a second tap answers the first answer).
import {
  IDEMPOTENCY_HEADER,
  type AgentGetResult,
  type ContractorListBody,
  type ContractorSendBody,
  type ContractorSendInput,
  type EstateRecommendBody,
  type LeadConsentState,
  type LeadConsentWithdrawBody,
  type RecommendedEstate,
  type SaveRealPriceBody,
  type SaveRealPriceInput,
  type UserInfo,
} from '@fjt/domain';
import { callApi, checkLogin } from '../../lib/session.ts';

export interface LeadFormData {
  /** null: a visitor (or not answered yet). */
  user: UserInfo | null;
  /** The estate's agent info (更多服务, the agents serving it); null while loading, on failure or with no estate. */
  agent: AgentGetResult | null;
  /** null while loading. */
  recommended: RecommendedEstate[] | null;
}

/**
 * The three loads of spec §4, at once; a failed one leaves its part empty (the form still works). Without an estate
 * (底价揭秘 before one is picked) only the user; `recommend: false` leaves the recommendations out.
 */
export async function loadLeadFormData(
  cityId: number,
  estateId: number | null,
  { recommend = true }: { recommend?: boolean } = {},
): Promise<LeadFormData> {
  const [user, agent, recommendation] = await Promise.all([
    callApi<UserInfo>('app/login/userinfo'),
    estateId === null ? null : callApi<AgentGetResult>('house/agent/get', { type: 8, cityId, houseId: estateId }),
    estateId === null || !recommend
      ? null
      : callApi<EstateRecommendBody>(`estate-dispatch/estate-recommend?type=2&estateId=${estateId}`),
  ]);
  return {
    user: user.resultCode === 0 && user.body ? user.body : null,
    agent: agent && agent.resultCode === 0 && agent.body ? agent.body : null,
    recommended:
      recommendation && recommendation.resultCode === 0 && recommendation.body ? recommendation.body.estateList : [],
  };
}

/** The demand as the contract takes it (server defaults for serviceType and source left to the caller). */
export type DemandInput = Omit<SaveRealPriceInput, 'serviceType' | 'source'> &
  Partial<Pick<SaveRealPriceInput, 'serviceType' | 'source'>>;

export function sendDemand(input: DemandInput, idempotencyKey: string) {
  return callApi<SaveRealPriceBody>('estate-dispatch/save-real-price', input, {
    [IDEMPOTENCY_HEADER]: idempotencyKey,
  });
}

/** NEW GET lead/consent: whether agents may still contact the user, and how many demands are open. */
export function loadLeadConsent() {
  return callApi<LeadConsentState>('lead/consent');
}

/** NEW POST lead/consent/withdraw ('不再联系我'): every consent of the phone withdrawn, its open leads closed. */
export function withdrawLeadConsent() {
  return callApi<LeadConsentWithdrawBody>('lead/consent/withdraw', {});
}

/** 委托找房: the city's contracted house-search agents (with its districts) and the user, at once. */
export async function loadContractorSheet(cityId: number) {
  const [user, contractors] = await Promise.all([
    // the sheet opens for a signed-in user only: the kept login check has the profile
    checkLogin(),
    callApi<ContractorListBody>(`house/search-house-contractor?cityId=${cityId}`),
  ]);
  return {
    user,
    contractors: contractors.resultCode === 0 && contractors.body ? contractors.body : null,
    errMsg: contractors.resultCode === 0 ? '' : contractors.errMsg,
  };
}

/** POST house/contractor/sendMsg: the brief to one contractor, one Idempotency-Key per opening of the sheet. */
export function sendContractorBrief(input: ContractorSendInput, idempotencyKey: string) {
  return callApi<ContractorSendBody>('house/contractor/sendMsg', input, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}
