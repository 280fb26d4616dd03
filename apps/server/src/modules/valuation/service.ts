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
  type ValuationWarmup,
} from '@fjt/domain';
import { CALIBRATION_MONTHS, calibrate, valuationBody, valuationOf } from './estimator.ts';
import {
  buildState,
  estimate,
  LOOKBACK,
  monthIndex,
  type Calibration,
  type DealPoint,
  type ModelState,
  type MonthIndex,
} from './model.ts';
import type { EstatePlace, ValuationRepo } from './repo.ts';

interface CityCache {
  first: MonthIndex;
  last: MonthIndex;
  /** The deals loaded so far: from the month the newest asOf needs, or all once an older asOf asked. */
  window: Promise<{ from: MonthIndex; deals: DealPoint[] }>;
  states: Map<MonthIndex, ModelState | null>;
  calibrations: Map<MonthIndex, Calibration>;
}

export interface ValuationService extends ValuationWarmup {
  value(input: EstimateValueInput): Promise<EstimateValueBody>;
  /** Forget the cached cities (all when cityIds is absent): their deal rows changed. */
  reset(cityIds?: readonly number[]): void;
}

/** The first month an estimate as of asOf reads: the calibration's oldest state's lookback. */
const earliestNeeded = (asOf: MonthIndex) => asOf - CALIBRATION_MONTHS - LOOKBACK + 1;

/** Model states kept per city (one is a few MB on the full dataset). */
const MAX_STATES_PER_CITY = 6;

/** Not a bad request but nothing to rest a value on: 422, so the client shows the message instead of a form error. */
export const refused = () => new ApiError(422, RESULT_CODE.badRequest, VALUATION_MESSAGES.refused);

export function createValuationService(repo: ValuationRepo): ValuationService {
  const cities = new Map<number, Promise<CityCache | null>>();
  const places = new Map<number, EstatePlace>();

  const city = (cityId: number) => {
    let cached = cities.get(cityId);
    if (!cached) {
      cached = repo.dealMonths(cityId).then((months) => {
        if (!months) return null;
        const from = Math.max(months.first, earliestNeeded(months.last));
        const window = repo.cityDeals(cityId, from).then((deals) => ({ from, deals }));
        window.catch(() => cities.delete(cityId));
        return {
          ...months,
          window,
          states: new Map(),
          calibrations: new Map(),
        };
      });
      cached.catch(() => cities.delete(cityId));
      cities.set(cityId, cached);
    }
    return cached;
  };

  /** The city's deals covering what an estimate as of asOf reads; an older asOf loads the whole history once. */
  const dealsFor = async (cityId: number, c: CityCache, asOf: MonthIndex) => {
    let w = await c.window;
    if (w.from > earliestNeeded(asOf) && w.from > c.first) {
      c.window = repo.cityDeals(cityId).then((deals) => ({ from: c.first, deals }));
      c.window.catch(() => cities.delete(cityId));
      w = await c.window;
    }
    return w.deals;
  };

  const stateOf = (c: CityCache, deals: readonly DealPoint[], m: MonthIndex) => {
    const cached = c.states.get(m);
    if (cached !== undefined) {
      // least recently used first: a hit moves to the end
      c.states.delete(m);
      c.states.set(m, cached);
      return cached;
    }
    const state = buildState(deals, m);
    // A state holds the city's 24 months of deals: keep only the few most recently built (the newest month's and
    // the calibration's), so asOf requests for many past months cannot grow memory without bound.
    if (c.states.size >= MAX_STATES_PER_CITY) c.states.delete(c.states.keys().next().value!);
    c.states.set(m, state);
    return state;
  };

  return {
    warm(cityId) {
      // the newest months' deals, as the first estimate of the city would load them (a failure is forgotten)
      void city(cityId)
        .then((c) => c?.window)
        .catch(() => undefined);
    },
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
      if (!c) throw refused();
      const asOf = input.asOf ? monthIndex(input.asOf) : c.last;
      if (asOf > c.last) throw ApiError.badRequest(VALUATION_MESSAGES.future);
      if (asOf < c.first) throw ApiError.badRequest(VALUATION_MESSAGES.beforeData);
      const deals = await dealsFor(place.cityId, c, asOf);
      const state = stateOf(c, deals, asOf);
      if (!state) throw refused();
      let calibration = c.calibrations.get(asOf);
      if (!calibration) {
        calibration = calibrate(deals, asOf, (m) => stateOf(c, deals, m));
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
