// What a page with the estate picker loads: the cities (for 切换城市) and, for ?estateId, the estate prefilled with
// its city; the city asked for is the estate's, else ?cityId (null: the page uses the visit's city). Reads only the
// URL, so the page is the same for everyone.
import { parseCityId, parseId, type Services } from '@fjt/domain';
import { pickedEstateOf, type PickedEstate } from './EstatePicker.tsx';

export async function pickerData(services: Pick<Services, 'geo' | 'estates'>, url: URL) {
  const estateId = parseId(url.searchParams.get('estateId'));
  const [cities, basic] = await Promise.all([
    services.geo.listCities(),
    estateId === null ? null : services.estates.basicInfo(estateId),
  ]);
  const estate: (PickedEstate & { cityId: number }) | null = basic
    ? { ...pickedEstateOf(basic), cityId: basic.cityId }
    : null;
  return {
    cities: cities.map(({ id, name }) => ({ id, name })),
    askedCityId: estate?.cityId ?? parseCityId(url.searchParams.get('cityId')),
    estate,
  };
}
