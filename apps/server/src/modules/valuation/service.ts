// estimate/value: validates what the schema cannot (the estate, the month against the data), then values the home
// from the city's model as of asOf. A city's deals, and its model and range calibration per asOf month, stay in
// memory: the deal rows only change at import (call reset() then), and one estimate is then a few hundred
// arithmetic steps.
import {
  ApiError,
  RESULT_CODE,
  VALUATION_MESSAGES,
  type EstimateValueBody,
  type EstimateValueInput,
} from '@fjt/domain';
import { calibrate, valuationBody, valuationOf } from './estimator.ts';
import {
  buildState,
  estimate,
  monthIndex,
  type Calibration,
  type DealPoint,
  type ModelState,
  type MonthIndex,
} from './model.ts';
import type { ValuationRepo } from './repo.ts';

interface CityCache {
  deals: DealPoint[];
  first: MonthIndex;
  last: MonthIndex;
  states: Map<MonthIndex, ModelState | null>;
  calibrations: Map<MonthIndex, Calibration>;
}

export interface ValuationService {
  value(input: EstimateValueInput): Promise<EstimateValueBody>;
  /** Forget the cached cities (all when cityIds is absent): their deal rows changed. */
  reset(cityIds?: readonly number[]): void;
}

/** Not a bad request but nothing to rest a value on: 422, so the client shows the message instead of a form error. */
export const refused = () => new ApiError(422, RESULT_CODE.badRequest, VALUATION_MESSAGES.refused);

export function createValuationService(repo: ValuationRepo): ValuationService {
  const cities = new Map<number, Promise<CityCache>>();

  const city = (cityId: number) => {
    let cached = cities.get(cityId);
    if (!cached) {
      cached = repo.cityDeals(cityId).then((deals) => ({
        deals,
        first: deals.length ? deals[0]!.month : 0,
        last: deals.length ? deals[deals.length - 1]!.month : -1,
        states: new Map(),
        calibrations: new Map(),
      }));
      cached.catch(() => cities.delete(cityId));
      cities.set(cityId, cached);
    }
    return cached;
  };

  const stateOf = (c: CityCache, m: MonthIndex) => {
    if (!c.states.has(m)) c.states.set(m, buildState(c.deals, m));
    return c.states.get(m)!;
  };

  return {
    reset(cityIds) {
      if (!cityIds) cities.clear();
      else for (const id of cityIds) cities.delete(id);
    },
    async value(input) {
      const place = await repo.estate(input.estateId);
      if (!place) throw ApiError.notFound(VALUATION_MESSAGES.unknownEstate);
      const c = await city(place.cityId);
      if (c.deals.length === 0) throw refused();
      const asOf = input.asOf ? monthIndex(input.asOf) : c.last;
      if (asOf > c.last) throw ApiError.badRequest(VALUATION_MESSAGES.future);
      if (asOf < c.first) throw ApiError.badRequest(VALUATION_MESSAGES.beforeData);
      const state = stateOf(c, asOf);
      if (!state) throw refused();
      let calibration = c.calibrations.get(asOf);
      if (!calibration) {
        calibration = calibrate(c.deals, asOf, (m) => stateOf(c, m));
        c.calibrations.set(asOf, calibration);
      }
      const e = estimate(state, {
        estateId: place.id,
        plateId: place.plateId,
        districtId: place.districtId,
        area: input.area,
        floor: input.floor,
        totalFloors: input.totalFloors,
        orientation: input.orientation,
        decoration: input.decoration ?? null,
        lift: null,
      });
      const v = e && valuationOf(e, calibration);
      if (!v) throw refused();
      return valuationBody(v, place.id, input.area, asOf);
    },
  };
}
