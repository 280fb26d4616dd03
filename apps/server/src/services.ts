// Builds the service layer once per process; API routes and SSR loaders share it.
import type { Database } from '@fjt/db';
import type { Services } from '@fjt/domain';
import type { WindowCounter } from './lib/window-counter.ts';
import { createGeoRepo } from './modules/geo/repo.ts';
import { createGeoService } from './modules/geo/service.ts';
import { createConfigRepo } from './modules/config/repo.ts';
import { createConfigService } from './modules/config/service.ts';
import { createMarketRepo } from './modules/market/repo.ts';
import { createMarketService } from './modules/market/service.ts';
import { createRentalsRepo } from './modules/rentals/repo.ts';
import { createRentalsService } from './modules/rentals/service.ts';
import { createEstateListRepo } from './modules/estate-list/repo.ts';
import { createEstateListService } from './modules/estate-list/service.ts';
import { createSearchRepo } from './modules/search/repo.ts';
import { createSearchService } from './modules/search/service.ts';
import { createEstatesRepo } from './modules/estates/repo.ts';
import { createEstatesService } from './modules/estates/service.ts';
import { createDealsRepo } from './modules/deals/repo.ts';
import { createDealsService } from './modules/deals/service.ts';
import { createListingsRepo } from './modules/listings/repo.ts';
import { createListingsService } from './modules/listings/service.ts';
import { createPlatesRepo } from './modules/plates/repo.ts';
import { createPlatesService } from './modules/plates/service.ts';
import { createReportsRepo } from './modules/reports/repo.ts';
import { createReportsService } from './modules/reports/service.ts';

import { createQuotationRepo } from './modules/quotation/repo.ts';
import { createQuotationService } from './modules/quotation/service.ts';
import { createFinderRepo } from './modules/finder/repo.ts';
import { createFinderService } from './modules/finder/service.ts';

import { createNewHousesRepo } from './modules/new-houses/repo.ts';
import { createNewHousesService } from './modules/new-houses/service.ts';
import { createAgentsRepo } from './modules/agents/repo.ts';
import { createAgentsService } from './modules/agents/service.ts';
import { createOverseasRepo } from './modules/overseas/repo.ts';
import { createOverseasService } from './modules/overseas/service.ts';
import { createContentRepo } from './modules/content/repo.ts';
import { createContentService } from './modules/content/service.ts';
import { createArticlesRepo } from './modules/content/articles/repo.ts';
import { createArticlesService } from './modules/content/articles/service.ts';
import { createStaffService } from './modules/staff/service.ts';
import { createSuperiorService } from './modules/superior/service.ts';
import { createReviewsService } from './modules/reviews/service.ts';
import { createQaReads } from './modules/qa/service.ts';
import { createMsgLinksService } from './modules/topics/msglinks.ts';
import { DEV_MSGLINK_SECRET } from '@fjt/dataset';

export interface ServiceDeps {
  /** Who played which video this hour (Redis when scaled out). */
  plays: WindowCounter;
  /** Signs the SMS short links (env MSGLINK_SECRET); the development secret when absent (tests). */
  msgLinkSecret?: string;
}

/**
 * Forgets the answers services keep in memory that derive from market data (ADR 0005): after a data load, the next
 * request computes from the new rows. With `cityIds` (a load confined to those cities, ADR 0015) a service that keeps
 * its answers per city drops only theirs; one that cannot tell ignores the argument and drops everything.
 */
export function invalidateDerived(services: Services, cityIds?: readonly number[]): void {
  for (const service of Object.values(services) as unknown[]) {
    const invalidate = (service as { invalidate?: unknown } | null)?.invalidate;
    if (typeof invalidate === 'function') (invalidate as (cityIds?: readonly number[]) => void).call(service, cityIds);
  }
}

export function createServices(db: Database, deps: ServiceDeps): Services {
  const geo = createGeoService(createGeoRepo(db));
  const search = createSearchService(createSearchRepo(db));
  const rentals = createRentalsService(createRentalsRepo(db), geo, search);
  const estates = createEstatesService(createEstatesRepo(db));
  const estateList = createEstateListService(createEstateListRepo(db), geo, search);
  const listings = createListingsService(createListingsRepo(db), geo, estates, search);
  const market = createMarketService(createMarketRepo(db), geo);
  return {
    staff: createStaffService(db),
    reviews: createReviewsService(db),
    geo,
    content: {
      ...createContentService(createContentRepo(db), geo, estates, deps.plays),
      ...createArticlesService(createArticlesRepo(db), geo),
    },
    overseas: createOverseasService(createOverseasRepo(db), geo),
    agents: createAgentsService(createAgentsRepo(db)),
    superior: createSuperiorService(db),
    qa: createQaReads(db),
    quotation: createQuotationService(createQuotationRepo(db), geo),
    finder: createFinderService(createFinderRepo(db), geo),
    config: createConfigService(createConfigRepo(db), geo, listings),
    market,
    rentals,
    estateList,
    search,
    estates,
    deals: createDealsService(createDealsRepo(db), geo, search),
    listings,
    plates: createPlatesService(createPlatesRepo(db), geo, estateList, market),
    reports: createReportsService(createReportsRepo(db), geo),
    newHouses: createNewHousesService(createNewHousesRepo(db), geo),
    msgLinks: createMsgLinksService(db, deps.msgLinkSecret ?? DEV_MSGLINK_SECRET),
  };
}
