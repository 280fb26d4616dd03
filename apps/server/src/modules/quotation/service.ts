// The 行情 board and detail (PAGES.md §3.1): a month of the city and its districts, and one district's or
// plate's 36 months. A month that is not published falls back to the newest one, like 成交排行.
import {
  QUOTATION_MONTHS,
  addMonths,
  monthWindow,
  percentChange,
  type GeoService,
  type QuotationLevel,
  type QuotationRow,
  type QuotationService,
} from '@fjt/domain';
import type { AreaMonthRow, QuotationRepo } from './repo.ts';

function present(level: QuotationLevel, row: AreaMonthRow): QuotationRow {
  return {
    level,
    id: row.id,
    name: row.name,
    listingAvg: row.listingAvg,
    dealAvg: row.dealAvg,
    listingMom: percentChange(row.previousListingAvg, row.listingAvg),
    dealMom: percentChange(row.previousDealAvg, row.dealAvg),
    listingCount: row.listingCount,
    dealCount: row.dealCount,
    premium: row.premium,
  };
}

const monthStart = (month: string) => `${month}-01`;

export function createQuotationService(repo: QuotationRepo, geo: GeoService): QuotationService {
  return {
    async board({ cityId, month }) {
      const city = await geo.getCity(cityId);
      if (!city) return null;
      const months = await repo.publishedMonths(cityId, QUOTATION_MONTHS);
      const chosen = month && months.includes(month) ? month : (months[0] ?? null);
      if (!chosen) return { cityId, cityName: city.name, month: null, months, city: null, list: [] };
      const current = monthStart(chosen);
      const previous = monthStart(addMonths(chosen, -1));
      const [cityRow, districts] = await Promise.all([
        repo.cityRow(cityId, city.name, current, previous),
        repo.districtRows(cityId, current, previous),
      ]);
      return {
        cityId,
        cityName: city.name,
        month: chosen,
        months,
        city: cityRow && present('city', cityRow),
        list: districts.map((d) => present('district', d)),
      };
    },

    async detail({ level, id }) {
      const area = await repo.area(level, id);
      if (!area) return null;
      const [latest] = await repo.publishedMonths(area.cityId, 1);
      const head = {
        level,
        id: area.id,
        name: area.name,
        cityId: area.cityId,
        parent:
          area.parentId !== null && area.parentName !== null ? { id: area.parentId, name: area.parentName } : null,
        subLevel: level === 'district' ? ('plate' as const) : ('estate' as const),
      };
      if (!latest) return { ...head, month: null, series: [], subAreas: [] };
      const window = monthWindow(latest, QUOTATION_MONTHS);
      const current = monthStart(latest);
      const previous = monthStart(addMonths(latest, -1));
      const [rows, subRows] = await Promise.all([
        // One month more than shown, for the first month's MoM.
        repo.series(level, id, monthStart(addMonths(window[0]!, -1)), current),
        level === 'district' ? repo.plateRows(id, current, previous) : repo.estateRows(id, current, previous),
      ]);
      const byMonth = new Map(rows.map((r) => [r.month, r]));
      const series = window.map((m) => {
        const row = byMonth.get(m);
        return {
          month: m,
          listingAvg: row?.listingAvg ?? null,
          dealAvg: row?.dealAvg ?? null,
          listingMom: percentChange(byMonth.get(addMonths(m, -1))?.listingAvg, row?.listingAvg),
          listingCount: row?.listingCount ?? 0,
          dealCount: row?.dealCount ?? 0,
          premium: row?.premium ?? null,
        };
      });
      return {
        ...head,
        month: latest,
        series,
        subAreas: subRows.map((r) => present(head.subLevel, r)),
      };
    },
  };
}
