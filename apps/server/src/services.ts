// Builds the service layer once per process; API routes and SSR loaders share it.
import type { Database } from '@fjt/db';
import type { Services } from '@fjt/domain';
import { createGeoRepo } from './modules/geo/repo.ts';
import { createGeoService } from './modules/geo/service.ts';
import { createConfigRepo } from './modules/config/repo.ts';
import { createConfigService } from './modules/config/service.ts';
import { createSearchRepo } from './modules/search/repo.ts';
import { createSearchService } from './modules/search/service.ts';

export function createServices(db: Database): Services {
  const geo = createGeoService(createGeoRepo(db));
  return {
    geo,
    config: createConfigService(createConfigRepo(db), geo),
    search: createSearchService(createSearchRepo(db)),
  };
}
