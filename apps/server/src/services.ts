// Builds the service layer once per process; API routes and SSR loaders share it.
import type { Database } from '@fjt/db';
import type { Services } from '@fjt/domain';
import { createGeoRepo } from './modules/geo/repo.ts';
import { createGeoService } from './modules/geo/service.ts';

export function createServices(db: Database): Services {
  return {
    geo: createGeoService(createGeoRepo(db)),
  };
}
