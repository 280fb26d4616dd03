// What the server hands to the web app's loaders through the router context (ARCHITECTURE §3):
// the web app depends on these contracts, never on server internals.

export interface CitySummary {
  id: number;
  name: string;
  pinyin: string;
  isHot: boolean;
}

export interface GeoService {
  listCities(): Promise<CitySummary[]>;
  getCity(id: number): Promise<CitySummary | null>;
}

export interface Services {
  geo: GeoService;
}

export interface RouterContext {
  services: Services;
  /** Test-only switches (APP_TEST_HOOKS=1), never on in production. */
  testHooks: boolean;
}
