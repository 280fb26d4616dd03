// What the suggest index of one city is built from: names and aliases of estates, plates and new-house
// projects, each with its latest 挂牌均价 (price_series) and how active it is (listings on sale, recent deals).
import { and, count, desc, eq, gte, inArray, isNotNull, max, schema, type Database } from '@fjt/db';

export interface EstateSearchRow {
  id: number;
  name: string;
  alias: string | null;
  districtId: number;
  plateId: number;
}

export interface PlateSearchRow {
  id: number;
  name: string;
  districtId: number;
}

export interface ProjectSearchRow {
  id: number;
  name: string;
  alias: string | null;
  districtId: number;
  plateId: number;
  avgPrice: number | null;
  saleStatus: string;
}

export interface CitySearchRows {
  districtNames: Map<number, string>;
  plates: PlateSearchRow[];
  estates: EstateSearchRow[];
  projects: ProjectSearchRow[];
  /** Latest 挂牌均价 (元/㎡) within the last 12 months of data, by estate id and by plate id. */
  estateAvg: Map<number, number>;
  plateAvg: Map<number, number>;
  /** Listings on sale now, by estate id. */
  onSale: Map<number, number>;
  /** Deals in the last RECENT_DEAL_DAYS days of the city's data, by estate id. */
  recentDeals: Map<number, number>;
}

export const RECENT_DEAL_DAYS = 90;

/** 'YYYY-MM-DD' minus whole months / days, as 'YYYY-MM-DD' (UTC calendar). */
function monthsBefore(date: string, months: number): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

function daysBefore(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

export function createSearchRepo(db: Database) {
  const { city, district, plate, estate, newHouseProject, priceSeries, listing, deal } = schema;

  async function latestAverages(cityId: number) {
    const [latest] = await db
      .select({ month: max(priceSeries.month) })
      .from(priceSeries)
      .where(and(eq(priceSeries.level, 'city'), eq(priceSeries.targetId, cityId)));
    const estateAvg = new Map<number, number>();
    const plateAvg = new Map<number, number>();
    if (!latest?.month) return { estateAvg, plateAvg };
    const rows = await db
      .selectDistinctOn([priceSeries.level, priceSeries.targetId], {
        level: priceSeries.level,
        targetId: priceSeries.targetId,
        listingAvg: priceSeries.listingAvg,
      })
      .from(priceSeries)
      .where(
        and(
          eq(priceSeries.cityId, cityId),
          inArray(priceSeries.level, ['estate', 'plate']),
          isNotNull(priceSeries.listingAvg),
          gte(priceSeries.month, monthsBefore(latest.month, 11)),
        ),
      )
      .orderBy(priceSeries.level, priceSeries.targetId, desc(priceSeries.month));
    for (const r of rows) {
      if (r.listingAvg === null) continue;
      (r.level === 'estate' ? estateAvg : plateAvg).set(r.targetId, r.listingAvg);
    }
    return { estateAvg, plateAvg };
  }

  async function activity(cityId: number) {
    const onSaleRows = await db
      .select({ estateId: listing.estateId, n: count() })
      .from(listing)
      .where(and(eq(listing.cityId, cityId), eq(listing.status, 'on_sale')))
      .groupBy(listing.estateId);
    const [lastDeal] = await db
      .select({ day: max(deal.dealDate) })
      .from(deal)
      .where(eq(deal.cityId, cityId));
    const recentRows = lastDeal?.day
      ? await db
          .select({ estateId: deal.estateId, n: count() })
          .from(deal)
          .where(and(eq(deal.cityId, cityId), gte(deal.dealDate, daysBefore(lastDeal.day, RECENT_DEAL_DAYS - 1))))
          .groupBy(deal.estateId)
      : [];
    return {
      onSale: new Map(onSaleRows.map((r) => [r.estateId, r.n])),
      recentDeals: new Map(recentRows.map((r) => [r.estateId, r.n])),
    };
  }

  return {
    async cityExists(cityId: number): Promise<boolean> {
      const rows = await db.select({ id: city.id }).from(city).where(eq(city.id, cityId)).limit(1);
      return rows.length > 0;
    },

    /** Everything the index of one city needs, in a handful of queries (run once per city per process). */
    async loadCity(cityId: number): Promise<CitySearchRows> {
      const districts = await db
        .select({ id: district.id, name: district.name })
        .from(district)
        .where(eq(district.cityId, cityId));
      const plates = await db
        .select({ id: plate.id, name: plate.name, districtId: plate.districtId })
        .from(plate)
        .where(eq(plate.cityId, cityId))
        .orderBy(plate.id);
      const estates = await db
        .select({
          id: estate.id,
          name: estate.name,
          alias: estate.alias,
          districtId: estate.districtId,
          plateId: estate.plateId,
        })
        .from(estate)
        .where(eq(estate.cityId, cityId))
        .orderBy(estate.id);
      const projects = await db
        .select({
          id: newHouseProject.id,
          name: newHouseProject.name,
          alias: newHouseProject.alias,
          districtId: newHouseProject.districtId,
          plateId: newHouseProject.plateId,
          avgPrice: newHouseProject.avgPrice,
          saleStatus: newHouseProject.saleStatus,
        })
        .from(newHouseProject)
        .where(eq(newHouseProject.cityId, cityId))
        .orderBy(newHouseProject.id);
      const averages = await latestAverages(cityId);
      const active = await activity(cityId);
      return {
        districtNames: new Map(districts.map((d) => [d.id, d.name])),
        plates,
        estates,
        projects,
        ...averages,
        ...active,
      };
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
