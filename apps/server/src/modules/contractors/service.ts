// 委托找房 (PAGES.md §3.11 contractor sheet): a city's contracted house-search agents, and a buyer's brief to one of
// them, which becomes a lead assigned to that agent through the lead path's intake (consent, the daily cap of
// agents, the 24-hour dedupe per agent, Idempotency-Key).
import {
  ApiError,
  CONTRACTOR_CONSENT_VERSION,
  CONTRACTOR_MESSAGES,
  type ContractorListBody,
  type ContractorListQuery,
  type ContractorSendBody,
  type ContractorSendInput,
} from '@fjt/domain';
import type { LeadsService } from '../leads/service.ts';
import type { ContractorsRepo } from './repo.ts';

export function createContractorsService(repo: ContractorsRepo, leads: Pick<LeadsService, 'intake'>) {
  return {
    /** null for an unknown city. */
    async list({ cityId, page, size }: ContractorListQuery): Promise<ContractorListBody | null> {
      if (!(await repo.cityExists(cityId))) return null;
      const [{ total, rows }, districts] = await Promise.all([repo.page(cityId, page, size), repo.districts(cityId)]);
      return { total, page, size, list: rows, districts };
    },

    async send(
      user: { id: number; phone: string },
      input: ContractorSendInput,
      request: { ip: string | null; idempotencyKey: string | undefined },
    ): Promise<ContractorSendBody> {
      const contractor = await repo.contractor(input.contractorId);
      if (!contractor) throw ApiError.notFound(CONTRACTOR_MESSAGES.contractorNotFound);
      const district = input.districtId === undefined ? null : await repo.district(input.districtId);
      // an unknown district is no district of the contractor's city either
      if (input.districtId !== undefined && district?.cityId !== contractor.cityId)
        throw ApiError.badRequest(CONTRACTOR_MESSAGES.districtElsewhere);
      const { leadIds } = await leads.intake({
        route: 'contractor',
        user,
        mobile: input.mobile,
        estateIds: [],
        cityId: contractor.cityId,
        serviceType: 'buy',
        source: 'contractor',
        page: input.page,
        ip: request.ip,
        idempotencyKey: request.idempotencyKey,
        body: input,
        agentId: contractor.id,
        consentVersion: CONTRACTOR_CONSENT_VERSION,
        brief: {
          budgetMin: input.budget?.min ?? null,
          budgetMax: input.budget?.max ?? null,
          districtId: district?.id ?? null,
          districtName: district?.name ?? null,
          rooms: input.rooms ?? null,
          message: input.message,
        },
      });
      return { leadId: leadIds[0]! };
    },
  };
}
export type ContractorsService = ReturnType<typeof createContractorsService>;
