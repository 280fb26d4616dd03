// The finder pages' logic (PAGES.md §3.1, §3.5): "now" is the last day of the city's newest published month,
// so a week, a 365-day window and a month's averages all line up with the rest of the site.
import {
  monthEndDay,
  addMonths,
  percentChange,
  type FinderListing,
  type FinderService,
  type FindPlateRow,
  type GeoService,
} from '@fjt/domain';
import type { FinderRepo, PlateCandidateRow } from './repo.ts';

/** Openings after the week shown when the week has none (or few). */
const UPCOMING_SIZE = 5;
const WEEK_PROJECTS = 50;

function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The rows of a 捡漏 page a viewer may see unmasked. Rows past the fifth are the membership gate's (PAGES.md
 * §3.1); that issue decides per viewer here. Until then every row is shown.
 */
export function visibleRows(rows: FinderListing[], _offset: number): FinderListing[] {
  return rows;
}

interface Candidate extends FindPlateRow {
  fits: boolean;
}

/** A plate's typical total (median area × 挂牌均价) against the budget in 元. */
function candidate(row: PlateCandidateRow, budget: number): Candidate {
  const typicalTotal =
    row.typicalArea !== null && row.listingAvg !== null ? Math.round(row.typicalArea * row.listingAvg) : null;
  return {
    id: row.id,
    name: row.name,
    districtId: row.districtId,
    districtName: row.districtName,
    listingAvg: row.listingAvg,
    listingMom: percentChange(row.previousListingAvg, row.listingAvg),
    typicalArea: row.typicalArea === null ? null : Math.round(row.typicalArea * 10) / 10,
    typicalTotal,
    affordableArea: row.listingAvg ? Math.round((budget / row.listingAvg) * 10) / 10 : null,
    listingsInBudget: row.listingsInBudget,
    rentYield:
      row.rentAvg !== null && row.listingAvg ? Math.round(((row.rentAvg * 12) / row.listingAvg) * 10_000) / 100 : null,
    fits: typicalTotal !== null && typicalTotal <= budget,
  };
}

const strip = ({ fits: _fits, ...row }: Candidate): FindPlateRow => row;

export function createFinderService(repo: FinderRepo, geo: GeoService): FinderService {
  /** The newest published month and its last day, or null before any data; null overall for an unknown city. */
  async function now(cityId: number) {
    if (!(await geo.getCity(cityId))) return null;
    const month = await repo.latestMonth(cityId);
    return { month, asOf: month ? monthEndDay(month) : null };
  }

  async function candidates(query: {
    cityId: number;
    budget: number;
    month: string;
    districtIds?: number[] | undefined;
    roomType?: number[] | undefined;
    area?: { min: number | null; max: number | null } | undefined;
  }): Promise<Candidate[]> {
    const budget = query.budget * 10_000;
    const rows = await repo.plateCandidates({
      cityId: query.cityId,
      month: `${query.month}-01`,
      previousMonth: `${addMonths(query.month, -1)}-01`,
      budget,
      districtIds: query.districtIds,
      rooms: query.roomType,
      area: query.area,
    });
    return rows.map((r) => candidate(r, budget));
  }

  return {
    async weekHouse({ cityId, tab, page, size }) {
      const at = await now(cityId);
      if (!at) return null;
      const empty = { tab, projects: [], upcoming: [], list: [], total: 0, page, size };
      if (!at.month || !at.asOf) return { ...empty, weekFrom: null, weekTo: null };
      const weekFrom = addDays(at.asOf, -6);
      const week = { ...empty, weekFrom, weekTo: at.asOf };
      if (tab === 'new') {
        const [projects, upcoming] = await Promise.all([
          repo.openings(cityId, weekFrom, at.asOf, WEEK_PROJECTS),
          repo.openings(cityId, addDays(at.asOf, 1), null, UPCOMING_SIZE),
        ]);
        return { ...week, projects, upcoming, total: projects.length };
      }
      const { total, rows } = await repo.weekListings({
        cityId,
        from: weekFrom,
        asOf: at.asOf,
        month: `${at.month}-01`,
        page,
        size,
      });
      return { ...week, list: rows, total };
    },

    async bargains(query) {
      const at = await now(query.cityId);
      if (!at) return null;
      if (query.districtId !== undefined && !(await repo.districtInCity(query.cityId, query.districtId))) return null;
      const { page, size } = query;
      if (!at.asOf) return { asOf: null, list: [], total: 0, page, size };
      const { total, rows } = await repo.bargains({
        cityId: query.cityId,
        asOf: at.asOf,
        districtId: query.districtId,
        rooms: query.roomType,
        price: query.price,
        sort: query.sort,
        page,
        size,
      });
      return { asOf: at.asOf, list: visibleRows(rows, (page - 1) * size), total, page, size };
    },

    async findPlates(query) {
      const at = await now(query.cityId);
      if (!at) return null;
      for (const id of query.districtIds ?? []) if (!(await repo.districtInCity(query.cityId, id))) return null;
      if (!at.month) return { month: null, budget: query.budget, list: [], minBudget: null };
      const all = await candidates({ ...query, month: at.month });
      const fitting = all.filter((c) => c.fits);
      fitting.sort(
        query.purpose === 'invest'
          ? (a, b) => (b.rentYield ?? -1) - (a.rentYield ?? -1) || a.id - b.id
          : (a, b) => b.listingsInBudget - a.listingsInBudget || (b.listingAvg ?? 0) - (a.listingAvg ?? 0),
      );
      const cheapest = Math.min(...all.map((c) => c.typicalTotal ?? Infinity));
      return {
        month: at.month,
        budget: query.budget,
        list: fitting.map(strip),
        // Rounded up to the next 10万, the step of the budget picker.
        minBudget: fitting.length === 0 && Number.isFinite(cheapest) ? Math.ceil(cheapest / 100_000) * 10 : null,
      };
    },

    async findDistricts(query) {
      const at = await now(query.cityId);
      if (!at) return null;
      if (!at.month) return { month: null, budget: query.budget, list: [] };
      const [all, districts] = await Promise.all([
        candidates({ ...query, month: at.month }),
        repo.districtAverages(query.cityId, `${at.month}-01`),
      ]);
      const list = districts
        .map((d) => {
          const plates = all.filter((c) => c.districtId === d.id);
          const fitting = plates.filter((c) => c.fits);
          return {
            id: d.id,
            name: d.name,
            listingAvg: d.listingAvg,
            fittingPlates: fitting.length,
            plates: plates.length,
            listingsInBudget: plates.reduce((n, c) => n + c.listingsInBudget, 0),
          };
        })
        .filter((d) => d.plates > 0)
        .sort((a, b) => b.fittingPlates - a.fittingPlates || b.listingsInBudget - a.listingsInBudget);
      return { month: at.month, budget: query.budget, list };
    },
  };
}
