// Cities, districts and plates change only when data is loaded, so they are cached in memory per process
// (caches that can be rebuilt: invalidate() after an import).
import {
  percentChange,
  previousMonthStart,
  type AreaListBody,
  type AreaListQuery,
  type AreaOption,
  type CitySummary,
  type GeoService,
} from '@fjt/domain';
import type { GeoRepo } from './repo.ts';

/** 附近 radii offered under the near option (PAGES.md /findArea: 1/2/3 km). */
const NEAR_RADII_M = [1000, 2000, 3000];

export function createGeoService(repo: GeoRepo): GeoService & { invalidate(cityIds?: readonly number[]): void } {
  let cities: Promise<Map<number, CitySummary>> | null = null;
  const areaTrees = new Map<number, Promise<{ month: string | null; districts: AreaOption[] }>>();

  const loadCities = () => {
    cities ??= repo.listCities().then((rows) => new Map(rows.map((c) => [c.id, c])));
    cities.catch(() => {
      cities = null; // a failed load is retried by the next request
    });
    return cities;
  };

  const loadAreaTree = (cityId: number) => {
    let tree = areaTrees.get(cityId);
    if (!tree) {
      tree = buildAreaTree(repo, cityId);
      areaTrees.set(cityId, tree);
      tree.catch(() => areaTrees.delete(cityId));
    }
    return tree;
  };

  return {
    async listCities() {
      return [...(await loadCities()).values()];
    },
    async getCity(id) {
      return (await loadCities()).get(id) ?? null;
    },
    async areaList(query: AreaListQuery): Promise<AreaListBody | null> {
      if (!(await loadCities()).has(query.cityId)) return null;
      const { month, districts } = await loadAreaTree(query.cityId);
      return { month, list: applyAreaOptions(districts, query) };
    },
    invalidate(cityIds) {
      // the city list is one small query: always reloaded; the area trees (plate averages) per city
      cities = null;
      if (!cityIds) areaTrees.clear();
      else for (const cityId of cityIds) areaTrees.delete(cityId);
    },
  };
}

async function buildAreaTree(repo: GeoRepo, cityId: number) {
  const [{ districts, plates }, month] = await Promise.all([repo.districtsAndPlates(cityId), repo.latestMonth(cityId)]);
  const averages = new Map<string, { now: number | null; prev: number | null }>();
  if (month) {
    const prev = previousMonthStart(month);
    for (const row of await repo.listingAverages(cityId, [month, prev])) {
      const key = `${row.level}:${row.targetId}`;
      const entry = averages.get(key) ?? { now: null, prev: null };
      if (row.month === month) entry.now = row.listingAvg;
      else entry.prev = row.listingAvg;
      averages.set(key, entry);
    }
  }
  const price = (level: string, id: number) => {
    const a = averages.get(`${level}:${id}`);
    return { listingAvg: a?.now ?? null, listingMom: percentChange(a?.prev, a?.now) };
  };
  const platesByDistrict = new Map<number, AreaOption[]>();
  for (const p of plates) {
    const list = platesByDistrict.get(p.districtId) ?? [];
    list.push({ id: p.id, name: p.name, type: 'plate', ...price('plate', p.id) });
    platesByDistrict.set(p.districtId, list);
  }
  return {
    month,
    districts: districts.map<AreaOption>((d) => ({
      id: d.id,
      name: d.name,
      type: 'district',
      ...price('district', d.id),
      children: platesByDistrict.get(d.id) ?? [],
    })),
  };
}

/** The four option flags of spec §7, applied to a cached tree without mutating it. */
export function applyAreaOptions(districts: AreaOption[], query: AreaListQuery): AreaOption[] {
  const unlimited = (name: string): AreaOption => ({
    id: 0,
    name,
    type: 'unlimited',
    listingAvg: null,
    listingMom: null,
  });
  const list = districts.map((d) => ({
    ...d,
    children: query.withUnlimitedPlateOption ? [unlimited('不限'), ...(d.children ?? [])] : d.children,
  }));
  if (query.withUnlimitedDistrictOption) list.unshift({ ...unlimited('不限'), children: [] });
  if (query.withNearAreaOption) {
    list.unshift({
      id: 0,
      name: '附近',
      type: 'near',
      listingAvg: null,
      listingMom: null,
      children: query.withNearAreaOptionChild
        ? NEAR_RADII_M.map((m) => ({
            id: m,
            name: `${m / 1000}公里`,
            type: 'near' as const,
            listingAvg: null,
            listingMom: null,
          }))
        : [],
    });
  }
  return list;
}
