// What the estimator reads: an estate's place, and a city's deal rows with what their listing and building add
// (装修 from the sold listing, 电梯 from the building). All months are read once per city; the estimator cuts them
// at asOf in memory, so one load serves every asOf.
import { queryRows, sql, type Database } from '@fjt/db';
import { monthIndex, monthText, type DealPoint, type MonthIndex } from './model.ts';

export interface EstatePlace {
  id: number;
  cityId: number;
  districtId: number;
  plateId: number;
}

/** A deal as SQL answers it: a DealPoint with its month as text ('YYYY-MM'). */
type DealSqlRow = Omit<DealPoint, 'month'> & { month: string };

export interface ValuationRepo {
  estate(estateId: number): Promise<EstatePlace | null>;
  /** The city's first and newest deal months, or null without deals. */
  dealMonths(cityId: number): Promise<{ first: MonthIndex; last: MonthIndex } | null>;
  /** The city's deals from a month on (all when from is absent). */
  cityDeals(cityId: number, from?: MonthIndex): Promise<DealPoint[]>;
}

export const toDealPoint = (r: DealSqlRow): DealPoint => ({
  id: Number(r.id),
  estateId: Number(r.estateId),
  plateId: Number(r.plateId),
  districtId: Number(r.districtId),
  month: monthIndex(r.month),
  unitPrice: Number(r.unitPrice),
  area: Number(r.area),
  rooms: Number(r.rooms),
  floor: r.floor === null ? null : Number(r.floor),
  totalFloors: r.totalFloors === null ? null : Number(r.totalFloors),
  orientation: r.orientation,
  decoration: r.decoration,
  lift: r.lift,
});

/** The deal rows of one city (or of every city: cityId null), from a month on, oldest first. */
export const dealRowsQuery = (cityId: number | null, from?: MonthIndex) => sql`
  SELECT d.id, d.estate_id AS "estateId", d.plate_id AS "plateId", d.district_id AS "districtId",
         to_char(d.deal_date, 'YYYY-MM') AS month, d.unit_price AS "unitPrice", d.area, d.rooms, d.floor,
         d.total_floors AS "totalFloors", d.orientation, l.decoration, b.has_elevator AS lift, d.city_id AS "cityId"
  FROM deal d
  LEFT JOIN listing l ON l.id = d.listing_id
  LEFT JOIN building b ON b.id = d.building_id
  WHERE ${cityId === null ? sql`TRUE` : sql`d.city_id = ${cityId}`}
    ${from === undefined ? sql`` : sql`AND d.deal_date >= ${`${monthText(from)}-01`}::date`}
  ORDER BY d.deal_date, d.id`;

export function createValuationRepo(db: Database): ValuationRepo {
  return {
    async estate(estateId) {
      const [row] = await queryRows<EstatePlace>(
        db,
        sql`SELECT id, city_id AS "cityId", district_id AS "districtId", plate_id AS "plateId"
            FROM estate WHERE id = ${estateId}`,
      );
      return row
        ? {
            id: Number(row.id),
            cityId: Number(row.cityId),
            districtId: Number(row.districtId),
            plateId: Number(row.plateId),
          }
        : null;
    },
    async dealMonths(cityId) {
      const [row] = await queryRows<{ first: string | null; last: string | null }>(
        db,
        sql`SELECT to_char(min(deal_date), 'YYYY-MM') AS first, to_char(max(deal_date), 'YYYY-MM') AS last
            FROM deal WHERE city_id = ${cityId}`,
      );
      return row?.first && row.last ? { first: monthIndex(row.first), last: monthIndex(row.last) } : null;
    },
    async cityDeals(cityId, from) {
      return (await queryRows<DealSqlRow>(db, dealRowsQuery(cityId, from))).map(toDealPoint);
    },
  };
}

/** Every city's deals (for the backtest), cities in id order, each city's deals oldest first. */
export async function loadAllCityDeals(db: Database): Promise<{ cityId: number; name: string; deals: DealPoint[] }[]> {
  const names = await queryRows<{ id: number; name: string }>(db, sql`SELECT id, name FROM city ORDER BY id`);
  const out = [];
  for (const c of names) {
    const deals = (await queryRows<DealSqlRow>(db, dealRowsQuery(Number(c.id)))).map(toDealPoint);
    if (deals.length) out.push({ cityId: Number(c.id), name: c.name, deals });
  }
  return out;
}
