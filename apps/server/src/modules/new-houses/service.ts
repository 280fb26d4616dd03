// The new-house pages' logic (PAGES.md §3.5): the as-of date (end of the city's newest published month) that
// the 开盘时间 filter and the stale-price flag are measured from, and the derived figures the data does not
// hold directly (单价 of a unit type, the project vs its plate's resale average, the report's 去化率).
import {
  monthEndDay,
  NEW_HOUSE_NEAR_RADIUS_M,
  NEW_HOUSE_PRICE_STALE_DAYS,
  NEW_HOUSE_REPORT_MONTHS,
  NEW_HOUSE_STATUSES,
  addMonths,
  monthWindow,
  percentChange,
  type GeoService,
  type NewHouseCard,
  type NewHouseOpening,
  type NewHousesService,
  type UnitTypeRow,
} from '@fjt/domain';
import type { NewHouseFilter, NewHousesRepo, ProjectCardRow, UnitTypeSqlRow } from './repo.ts';

const TOP_PROJECTS = 10;

/** Whole days from `from` to `to` ('YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 'YYYY-MM-DD' shifted by whole months, the day clamped to the target month. */
function shiftDay(day: string, months: number): string {
  const target = addMonths(day.slice(0, 7), months);
  const end = monthEndDay(target);
  return day.slice(8) > end.slice(8) ? end : `${target}-${day.slice(8)}`;
}

/** The opening window of a 开盘时间 filter around the as-of date. */
function openingWindow(opening: NewHouseOpening, asOf: string): { after: string; until: string } {
  switch (opening) {
    case 'next3':
      return { after: asOf, until: shiftDay(asOf, 3) };
    case 'next6':
      return { after: asOf, until: shiftDay(asOf, 6) };
    case 'last3':
      return { after: shiftDay(asOf, -3), until: asOf };
    default:
      return { after: shiftDay(asOf, -12), until: asOf };
  }
}

export function presentCard(row: ProjectCardRow, asOf: string | null): NewHouseCard {
  return {
    ...row,
    rooms: row.rooms ?? [],
    priceStale:
      asOf !== null &&
      row.priceUpdatedAt !== null &&
      daysBetween(row.priceUpdatedAt, asOf) > NEW_HOUSE_PRICE_STALE_DAYS,
  };
}

export function presentUnitType(row: UnitTypeSqlRow): UnitTypeRow {
  return {
    ...row,
    unitPrice: row.totalPrice !== null && row.area > 0 ? Math.round(row.totalPrice / row.area) : null,
  };
}

export function createNewHousesService(repo: NewHousesRepo, geo: GeoService): NewHousesService {
  const asOfOf = async (cityId: number) => {
    const latest = await repo.latestMonth(cityId);
    return { latest, asOf: latest ? monthEndDay(latest) : null };
  };

  return {
    async search(query) {
      const { cityId, districtId, plateId, estateId, kw, price, singlePrice, roomType, area, status, opening } = query;
      if (!(await geo.getCity(cityId))) return null;
      if (districtId !== undefined && !(await repo.inCity(cityId, 'district', districtId))) return null;
      if (plateId !== undefined && !(await repo.inCity(cityId, 'plate', plateId))) return null;
      const estate = estateId !== undefined ? await repo.estate(estateId) : null;
      if (estateId !== undefined && (!estate || estate.cityId !== cityId)) return null;
      const { asOf } = await asOfOf(cityId);
      const window = opening && asOf ? openingWindow(opening, asOf) : undefined;
      const filter: NewHouseFilter = {
        cityId,
        districtId,
        plateId,
        kw,
        totalPrice: price && {
          min: price.min === null ? null : price.min * 10_000,
          max: price.max === null ? null : price.max * 10_000,
        },
        unitPrice: singlePrice,
        area,
        rooms: roomType,
        saleStatus: status ? NEW_HOUSE_STATUSES[status] : undefined,
        openingAfter: window?.after,
        openingUntil: window?.until,
        near: estate ? { lng: estate.lng, lat: estate.lat, radiusM: NEW_HOUSE_NEAR_RADIUS_M } : undefined,
      };
      // Near an estate the nearest come first unless another order was asked for; without one there is no distance.
      const sort =
        estate && query.sort === 'default' ? 'distance' : !estate && query.sort === 'distance' ? 'default' : query.sort;
      const { total, rows } = await repo.search(filter, sort, query.page, query.size);
      return {
        total,
        page: query.page,
        size: query.size,
        asOf,
        near: estate ? { estateId: estate.id, estateName: estate.name, radiusM: NEW_HOUSE_NEAR_RADIUS_M } : null,
        list: rows.map((r) => presentCard(r, asOf)),
      };
    },

    async detail(projectId) {
      const row = await repo.project(projectId);
      if (!row) return null;
      const { latest, asOf } = await asOfOf(row.cityId);
      const [unitTypes, plate, managers] = await Promise.all([
        repo.unitTypes(projectId),
        latest ? repo.plateMonth(row.plateId, `${latest}-01`) : Promise.resolve(null),
        repo.managersOf(projectId),
      ]);
      const card = presentCard(row, asOf);
      return {
        project: {
          ...row,
          ...card,
          priceAgeDays: asOf && row.priceUpdatedAt ? daysBetween(row.priceUpdatedAt, asOf) : null,
        },
        asOf,
        unitTypes: unitTypes.map(presentUnitType),
        nearbyResale: {
          plateName: row.plateName,
          month: latest,
          listingAvg: plate?.listingAvg ?? null,
          dealAvg: plate?.dealAvg ?? null,
          premiumPct: percentChange(plate?.listingAvg, row.avgPrice),
        },
        managerCount: managers.length,
      };
    },

    async priceList(projectId) {
      const row = await repo.project(projectId);
      if (!row) return null;
      const list = (await repo.unitTypes(projectId)).map(presentUnitType);
      const prices = list.map((u) => u.unitPrice).filter((v): v is number => v !== null);
      return {
        houseId: projectId,
        published: row.onePricePerUnit,
        priceUpdatedAt: row.priceUpdatedAt,
        list,
        unitPriceMin: prices.length ? Math.min(...prices) : null,
        unitPriceMax: prices.length ? Math.max(...prices) : null,
      };
    },

    async managers(projectId) {
      if (!(await repo.project(projectId))) return null;
      return { houseId: projectId, list: await repo.managersOf(projectId) };
    },

    async manager(managerId) {
      const manager = await repo.manager(managerId);
      if (!manager) return null;
      const [{ asOf }, projects] = await Promise.all([asOfOf(manager.cityId), repo.projectsOfManager(managerId)]);
      return { manager, projects: projects.map((p) => presentCard(p, asOf)) };
    },

    async managerList({ cityId, page, size }) {
      if (!(await geo.getCity(cityId))) return null;
      const { total, rows } = await repo.managersOfCity(cityId, page, size);
      return { total, page, size, list: rows };
    },

    async calendar({ cityId, month, type }) {
      if (!(await geo.getCity(cityId))) return null;
      const { latest, asOf } = await asOfOf(cityId);
      const chosen = month ?? latest ?? new Date().toISOString().slice(0, 7);
      const [months, rows] = await Promise.all([
        repo.calendarMonths(cityId),
        repo.calendar(cityId, `${chosen}-01`, monthEndDay(chosen)),
      ]);
      const typeCounts: Record<string, number> = {};
      for (const r of rows) typeCounts[r.type] = (typeCounts[r.type] ?? 0) + 1;
      return {
        month: chosen,
        asOf,
        typeCounts,
        months,
        events: type ? rows.filter((r) => r.type === type) : rows,
      };
    },

    async upcomingRank({ cityId, size }) {
      if (!(await geo.getCity(cityId))) return null;
      const { asOf } = await asOfOf(cityId);
      const rows = await repo.upcoming(cityId, size);
      return {
        asOf,
        list: rows.map((r, i) => ({
          ...presentCard(r, asOf),
          rank: i + 1,
          heat: r.heat,
          lotteryUnits: r.lotteryUnits,
          permitUnits: r.permitUnits,
        })),
      };
    },

    async report({ cityId, month }) {
      const city = await geo.getCity(cityId);
      if (!city) return null;
      const months = await repo.publishedMonths(cityId, NEW_HOUSE_REPORT_MONTHS);
      // A month not (yet) published falls back to the newest one, as the other reports do.
      const chosen = month && months.includes(month) ? month : (months[0] ?? null);
      const empty = {
        cityName: city.name,
        month: chosen,
        months,
        supply: { permitCount: 0, permitUnits: 0, openingCount: 0, previousPermitUnits: 0, permitUnitsMom: null },
        stock: {
          sellingCount: 0,
          upcomingCount: 0,
          soldOutCount: 0,
          unitTypeSellThroughPct: null,
          unitTypeCount: 0,
        },
        trend: [],
        districts: [],
        topProjects: [],
      };
      if (!chosen) return empty;
      const until = monthEndDay(chosen);
      const window = monthWindow(chosen, NEW_HOUSE_REPORT_MONTHS);
      const [supplyRows, stock, districts, top] = await Promise.all([
        repo.supplyByMonth(cityId, addMonths(window[0]!, -1), chosen),
        repo.stock(cityId, until),
        repo.districtPrices(cityId, until, `${chosen}-01`),
        repo.monthProjects(cityId, `${chosen}-01`, until, TOP_PROJECTS),
      ]);
      const byMonth = new Map(supplyRows.map((r) => [r.month, r]));
      const current = byMonth.get(chosen);
      const previous = byMonth.get(addMonths(chosen, -1));
      return {
        ...empty,
        supply: {
          permitCount: current?.permitCount ?? 0,
          permitUnits: current?.permitUnits ?? 0,
          openingCount: current?.openingCount ?? 0,
          previousPermitUnits: previous?.permitUnits ?? 0,
          permitUnitsMom: percentChange(previous?.permitUnits, current?.permitUnits ?? 0),
        },
        stock: {
          sellingCount: stock.sellingCount,
          upcomingCount: stock.upcomingCount,
          soldOutCount: stock.soldOutCount,
          unitTypeCount: stock.unitTypeCount,
          unitTypeSellThroughPct:
            stock.unitTypeCount > 0 ? Math.round((stock.soldOutUnitTypes / stock.unitTypeCount) * 1000) / 10 : null,
        },
        trend: window.map((m) => ({
          month: m,
          permitUnits: byMonth.get(m)?.permitUnits ?? 0,
          openingCount: byMonth.get(m)?.openingCount ?? 0,
        })),
        districts,
        topProjects: top.map((r) => ({ ...presentCard(r, until), heat: r.heat, monthPermitUnits: r.monthPermitUnits })),
      };
    },
  };
}
