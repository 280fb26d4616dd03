// The city of a campaign page without /{city} in its URL (spec §3): ?cityId, else the visit's city, else the default.
// Read only in the browser: the campaign pages render their content after activity/info (ActivityFrame).
import { DEFAULT_CITY_ID, parseCityId } from '@fjt/domain';
import { storedCityId } from '../../lib/city-storage.ts';

export function topicCity(search: URLSearchParams): number {
  return parseCityId(search.get('cityId')) ?? (storedCityId() || DEFAULT_CITY_ID);
}
