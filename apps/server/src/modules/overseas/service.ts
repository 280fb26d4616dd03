// 海外房产: one project (optionally with its payment schedule, taxes and rules) and a city's list.
import type { GeoService, OverseasDetail, OverseasListBody, OverseasService, OverseasSummary } from '@fjt/domain';
import type { OverseasRepo, OverseasRow } from './repo.ts';

function summary(r: OverseasRow): OverseasSummary {
  return {
    id: r.id,
    cityId: r.cityId,
    name: r.name,
    country: r.country,
    foreignCity: r.foreignCity,
    currency: r.currency,
    rateToCny: r.rateToCny,
    rateDate: r.rateDate,
    unitPrice: r.unitPrice,
    totalMin: r.totalMin,
    totalMax: r.totalMax,
    cnyTotalMin: Math.round(r.totalMin * r.rateToCny),
    cnyTotalMax: Math.round(r.totalMax * r.rateToCny),
    tenure: r.tenure,
    propertyType: r.propertyType,
    rentalYield: r.rentalYield,
    downPaymentPct: r.downPaymentPct,
    delivery: r.delivery,
  };
}

export function createOverseasService(repo: OverseasRepo, geo: GeoService): OverseasService {
  return {
    async detail(id: number, full: boolean): Promise<OverseasDetail | null> {
      const r = await repo.byId(id);
      if (!r) return null;
      const base = {
        ...summary(r),
        developer: r.developer,
        consultant: r.consultant,
        consultantPhone: r.consultantPhone,
        units: r.units,
      };
      return full
        ? { ...base, paymentSchedule: r.paymentSchedule, taxes: r.taxes, ownershipRules: r.ownershipRules }
        : base;
    },
    async list(cityId: number): Promise<OverseasListBody | null> {
      if (!(await geo.getCity(cityId))) return null;
      return { list: (await repo.byCity(cityId)).map(summary) };
    },
  };
}
