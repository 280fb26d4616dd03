// What the server hands to the web app's loaders through the router context (ARCHITECTURE §3):
// the web app depends on these contracts, never on server internals.
import type { SearchHotBody, SearchSuggestBody, SearchSuggestQuery } from './api/search.ts';
import type { AreaListBody, AreaListQuery, CityListItem } from './api/geo.ts';
import type { ComplexCondition } from './api/condition.ts';

export type CitySummary = CityListItem;

export interface GeoService {
  listCities(): Promise<CitySummary[]>;
  getCity(id: number): Promise<CitySummary | null>;
  /** Districts → plates of a city with their latest 挂牌均价 (app/house/areaList); null for an unknown city. */
  areaList(query: AreaListQuery): Promise<AreaListBody | null>;
}

/** Suggestions and hot searches of a city; null when the city is unknown. */
export interface SearchService {
  suggest(query: SearchSuggestQuery): Promise<SearchSuggestBody | null>;
  hot(cityId: number): Promise<SearchHotBody | null>;
}

export interface ConfigService {
  /** config/getComplexCondition for a city; null for an unknown city. */
  complexCondition(cityId: number): Promise<ComplexCondition | null>;
}

export interface Services {
  geo: GeoService;
  config: ConfigService;
  search: SearchService;
}

export interface RouterContext {
  services: Services;
  /** Test-only switches (APP_TEST_HOOKS=1), never on in production. */
  testHooks: boolean;
}
