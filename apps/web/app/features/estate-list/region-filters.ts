// The sort and filters of a region's estate list, read from a page URL: a malformed value in a shared link is
// dropped rather than failing the page.
import { estateListQuery } from '@fjt/domain';
import { REGION_SLOTS } from './RegionEstateList.tsx';

export function regionFilters(url: URL, cityId: number): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const { key } of REGION_SLOTS) {
    const value = url.searchParams.get(key);
    if (value && estateListQuery.safeParse({ cityId, [key]: value }).success) filters[key] = value;
  }
  return filters;
}
