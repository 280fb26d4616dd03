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
import type { EstatePlace, ValuationRepo } from './repo.ts';

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

/** Model states kept per city (one is a few MB on the full dataset). */
const MAX_STATES_PER_CITY = 6;

/** Not a bad request but nothing to rest a value on: 422, so the client shows the message instead of a form error. */
export const refused = () => new ApiError(422, RESULT_CODE.badRequest, VALUATION_MESSAGES.refused);

export function createValuationService(repo: ValuationRepo): ValuationService {
  const cities = new Map<number, Promise<CityCache>>();
  const places = new Map<number, EstatePlace>();

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
    const cached = c.states.get(m);
    if (cached !== undefined) {
      // least recently used first: a hit moves to the end
      c.states.delete(m);
      c.states.set(m, cached);
      return cached;
    }
    const state = buildState(c.deals, m);
    // A state holds the city's 24 months of deals: keep only the few most recently built (the newest month's and
    // the calibration's), so asOf requests for many past months cannot grow memory without bound.
    if (c.states.size >= MAX_STATES_PER_CITY) c.states.delete(c.states.keys().next().value!);
    c.states.set(m, state);
    return state;
  };

  return {
    reset(cityIds) {
      places.clear();
      if (!cityIds) cities.clear();
      else for (const id of cityIds) cities.delete(id);
    },
    async value(input) {
      // Known estates are remembered (a few bytes each, at most the estate table); unknown ids are not, so random
      // ids cannot grow the map.
      let place = places.get(input.estateId) ?? null;
      if (!place) {
        place = await repo.estate(input.estateId);
        if (!place) throw ApiError.notFound(VALUATION_MESSAGES.unknownEstate);
        places.set(place.id, place);
      }
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
