import { pinyin } from 'pinyin-pro';
import { and, asc, eq, inArray, max, schema, sql, type Database } from '@fjt/db';

const { city, district, plate, priceSeries } = schema;

export function createGeoRepo(db: Database) {
  return {
    /** Cities with the mean centre of their districts (null before the districts are loaded). */
    async listCities() {
      const centres = db
        .select({
          cityId: district.cityId,
          lng: sql<number>`avg(${district.centerLng})`.as('lng'),
          lat: sql<number>`avg(${district.centerLat})`.as('lat'),
        })
        .from(district)
        .groupBy(district.cityId)
        .as('centres');
      const rows = await db
        .select({
          id: city.id,
          name: city.name,
          pinyin: city.pinyin,
          isHot: city.isHot,
          lng: centres.lng,
          lat: centres.lat,
        })
        .from(city)
        .leftJoin(centres, eq(centres.cityId, city.id))
        .orderBy(asc(city.sortOrder), asc(city.id));
      return rows.map((r) => ({
        ...r,
        initials: pinyin(r.name, { pattern: 'first', toneType: 'none', separator: '' }).toLowerCase(),
        lng: r.lng === null ? null : Number(r.lng),
        lat: r.lat === null ? null : Number(r.lat),
      }));
    },

    async districtsAndPlates(cityId: number) {
      const [districts, plates] = await Promise.all([
        db
          .select({ id: district.id, name: district.name })
          .from(district)
          .where(eq(district.cityId, cityId))
          .orderBy(asc(district.sortOrder), asc(district.id)),
        db
          .select({ id: plate.id, name: plate.name, districtId: plate.districtId })
          .from(plate)
          .where(eq(plate.cityId, cityId))
          .orderBy(asc(plate.districtId), asc(plate.sortOrder), asc(plate.id)),
      ]);
      return { districts, plates };
    },

    /** The newest month of the city's series, 'YYYY-MM-01', or null when there is none yet. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await db
        .select({ month: max(priceSeries.month) })
        .from(priceSeries)
        .where(and(eq(priceSeries.level, 'city'), eq(priceSeries.targetId, cityId)));
      return row?.month ?? null;
    },

    async listingAverages(cityId: number, months: string[]) {
      return db
        .select({
          level: priceSeries.level,
          targetId: priceSeries.targetId,
          month: priceSeries.month,
          listingAvg: priceSeries.listingAvg,
        })
        .from(priceSeries)
        .where(
          and(
            eq(priceSeries.cityId, cityId),
            inArray(priceSeries.level, ['district', 'plate']),
            inArray(priceSeries.month, months),
          ),
        );
    },
  };
}

export type GeoRepo = ReturnType<typeof createGeoRepo>;
