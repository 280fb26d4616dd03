// SQL of the new-house pages (PAGES.md §3.5): new_house_project with its unit types, permits and lottery
// (jsonb), manager/manager_project, and price_series for the resale figures a project is compared with.
import { queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';
import type { CalendarType } from '@fjt/domain';

/** A project row as the cards show it, before the stale flag (which needs the as-of date). */
export interface ProjectCardRow {
  id: number;
  name: string;
  districtId: number;
  districtName: string;
  plateId: number;
  plateName: string;
  saleStatus: string;
  propertyType: string;
  decoration: string | null;
  avgPrice: number | null;
  totalPriceMin: number | null;
  totalPriceMax: number | null;
  priceUpdatedAt: string | null;
  openingDate: string | null;
  deliveryDate: string | null;
  areaMin: number | null;
  areaMax: number | null;
  rooms: number[] | null;
  tags: string[];
  distanceM: number | null;
}

export interface ProjectDetailRow extends ProjectCardRow {
  cityId: number;
  alias: string | null;
  lng: number;
  lat: number;
  presalePermits: { no: string; issuedAt: string; units: number }[];
  lottery: { date: string; units: number; registrants: number; ratio: number } | null;
  tenureYears: number | null;
  plotRatio: number | null;
  greeningRate: number | null;
  householdCount: number | null;
  developer: string | null;
  propertyCompany: string | null;
  propertyFee: number | null;
  onePricePerUnit: boolean;
}

export interface UnitTypeSqlRow {
  id: number;
  name: string;
  rooms: number;
  halls: number;
  baths: number;
  area: number;
  orientation: string | null;
  totalPrice: number | null;
  status: string;
}

export interface ManagerSqlRow {
  id: number;
  cityId: number;
  name: string;
  avatar: string | null;
  developer: string;
  rating: number;
  responseRate: number;
  imId: string;
  projectCount: number;
}

export interface NewHouseFilter {
  cityId: number;
  districtId?: number | undefined;
  plateId?: number | undefined;
  kw?: string | undefined;
  /** 元. */
  totalPrice?: { min: number | null; max: number | null } | undefined;
  unitPrice?: { min: number | null; max: number | null } | undefined;
  area?: { min: number | null; max: number | null } | undefined;
  rooms?: number[] | undefined;
  saleStatus?: string | undefined;
  /** Opening dates 'YYYY-MM-DD', from exclusive, to inclusive. */
  openingAfter?: string | undefined;
  openingUntil?: string | undefined;
  near?: { lng: number; lat: number; radiusM: number } | undefined;
}

export type NewHouseOrder =
  'default' | 'opening_desc' | 'avgPrice_asc' | 'avgPrice_desc' | 'totalPrice_asc' | 'distance';

const ORDER: Record<NewHouseOrder, SQL> = {
  default: sql`CASE p.sale_status WHEN '在售' THEN 0 WHEN '待售' THEN 1 ELSE 2 END, p.opening_date DESC NULLS LAST`,
  opening_desc: sql`p.opening_date DESC NULLS LAST`,
  avgPrice_asc: sql`p.avg_price ASC NULLS LAST`,
  avgPrice_desc: sql`p.avg_price DESC NULLS LAST`,
  totalPrice_asc: sql`p.total_price_min ASC NULLS LAST`,
  distance: sql`"distanceM" ASC NULLS LAST`,
};

/** Metres between a project and a point (equirectangular; fine at city scale). */
const distanceTo = (near: { lng: number; lat: number } | undefined) =>
  near
    ? sql`round(111320 * sqrt(power(p.lat - ${near.lat}, 2)
            + power((p.lng - ${near.lng}) * cos(radians(${near.lat}::float8)), 2)))::int`
    : sql`NULL::int`;

const cardColumns = (near?: { lng: number; lat: number }) => sql`p.id, p.name, p.district_id AS "districtId",
  d.name AS "districtName", p.plate_id AS "plateId", pl.name AS "plateName", p.sale_status AS "saleStatus",
  p.property_type AS "propertyType", p.decoration, p.avg_price AS "avgPrice", p.total_price_min AS "totalPriceMin",
  p.total_price_max AS "totalPriceMax", to_char(p.price_updated_at, 'YYYY-MM-DD') AS "priceUpdatedAt",
  to_char(p.opening_date, 'YYYY-MM-DD') AS "openingDate", to_char(p.delivery_date, 'YYYY-MM-DD') AS "deliveryDate",
  round(u.area_min::numeric, 1)::float8 AS "areaMin", round(u.area_max::numeric, 1)::float8 AS "areaMax",
  u.rooms, p.tags, ${distanceTo(near)} AS "distanceM"`;

const cardFrom = sql`FROM new_house_project p
  JOIN district d ON d.id = p.district_id
  JOIN plate pl ON pl.id = p.plate_id
  LEFT JOIN LATERAL (
    SELECT min(t.area) AS area_min, max(t.area) AS area_max,
           array_agg(DISTINCT LEAST(t.rooms, 5)::int ORDER BY LEAST(t.rooms, 5)::int) AS rooms
    FROM new_house_unit_type t WHERE t.project_id = p.id
  ) u ON true`;

function filterWhere(f: NewHouseFilter): SQL {
  const parts = [sql`p.city_id = ${f.cityId}`];
  if (f.districtId !== undefined) parts.push(sql`p.district_id = ${f.districtId}`);
  if (f.plateId !== undefined) parts.push(sql`p.plate_id = ${f.plateId}`);
  if (f.kw) {
    const like = `%${f.kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(p.name ILIKE ${like} OR p.alias ILIKE ${like} OR p.pinyin ILIKE ${like})`);
  }
  if (f.saleStatus) parts.push(sql`p.sale_status = ${f.saleStatus}`);
  // 总价段 overlaps the band.
  if (f.totalPrice?.min != null) parts.push(sql`p.total_price_max >= ${f.totalPrice.min}`);
  if (f.totalPrice?.max != null) parts.push(sql`p.total_price_min < ${f.totalPrice.max}`);
  if (f.unitPrice?.min != null) parts.push(sql`p.avg_price >= ${f.unitPrice.min}`);
  if (f.unitPrice?.max != null) parts.push(sql`p.avg_price < ${f.unitPrice.max}`);
  if (f.rooms?.length || f.area) {
    const unit = [sql`t.project_id = p.id`];
    if (f.rooms?.length)
      unit.push(
        sql`LEAST(t.rooms, 5) IN (${sql.join(
          f.rooms.map((r) => sql`${r}`),
          sql`, `,
        )})`,
      );
    if (f.area?.min != null) unit.push(sql`t.area >= ${f.area.min}`);
    if (f.area?.max != null) unit.push(sql`t.area < ${f.area.max}`);
    parts.push(sql`EXISTS (SELECT 1 FROM new_house_unit_type t WHERE ${sql.join(unit, sql` AND `)})`);
  }
  if (f.openingAfter) parts.push(sql`p.opening_date > ${f.openingAfter}::date`);
  if (f.openingUntil) parts.push(sql`p.opening_date <= ${f.openingUntil}::date`);
  if (f.near) parts.push(sql`${distanceTo(f.near)} <= ${f.near.radiusM}`);
  return sql.join(parts, sql` AND `);
}

/** Units of a project's permits, optionally only those issued by a date column or value. */
const permitUnits = (until?: SQL) =>
  sql`COALESCE((SELECT sum((x->>'units')::int) FROM jsonb_array_elements(p.presale_permits) x
                ${until ? sql`WHERE (x->>'issuedAt')::date <= ${until}` : sql``}), 0)::int`;

const lotteryField = (field: 'registrants' | 'units') =>
  sql`CASE WHEN jsonb_typeof(p.lottery) = 'object' THEN (p.lottery->>${sql.raw(`'${field}'`)})::int END`;

export interface CalendarSqlRow {
  date: string;
  type: CalendarType;
  projectId: number;
  projectName: string;
  districtName: string;
  saleStatus: string;
  avgPrice: number | null;
  units: number | null;
  registrants: number | null;
  permitNo: string | null;
}

/** Every dated event of a city's projects: 开盘, 拿证 (one per permit), 摇号, 交房. */
const calendarEvents = (cityId: number) => sql`(
  SELECT p.opening_date AS day, 'opening' AS type, p.id, NULL::text AS permit_no,
         NULLIF(${permitUnits(sql`p.opening_date`)}, 0) AS units, NULL::int AS registrants
    FROM new_house_project p WHERE p.city_id = ${cityId} AND p.opening_date IS NOT NULL
  UNION ALL
  SELECT (x->>'issuedAt')::date, 'permit', p.id, x->>'no', (x->>'units')::int, NULL::int
    FROM new_house_project p, jsonb_array_elements(p.presale_permits) x WHERE p.city_id = ${cityId}
  UNION ALL
  SELECT (p.lottery->>'date')::date, 'lottery', p.id, NULL, ${lotteryField('units')}, ${lotteryField('registrants')}
    FROM new_house_project p WHERE p.city_id = ${cityId} AND jsonb_typeof(p.lottery) = 'object'
  UNION ALL
  SELECT p.delivery_date, 'delivery', p.id, NULL, p.household_count, NULL::int
    FROM new_house_project p WHERE p.city_id = ${cityId} AND p.delivery_date IS NOT NULL
) ev`;

export function createNewHousesRepo(db: Database) {
  return {
    /** Newest month of the city's series, 'YYYY-MM', or null before any data. */
    async latestMonth(cityId: number): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`SELECT to_char(max(month), 'YYYY-MM') AS month FROM price_series WHERE level = 'city' AND target_id = ${cityId}`,
      );
      return row?.month ?? null;
    },

    async publishedMonths(cityId: number, limit: number): Promise<string[]> {
      const rows = await queryRows<{ month: string }>(
        db,
        sql`SELECT to_char(month, 'YYYY-MM') AS month FROM price_series
            WHERE level = 'city' AND target_id = ${cityId} ORDER BY month DESC LIMIT ${limit}`,
      );
      return rows.map((r) => r.month);
    },

    async inCity(cityId: number, level: 'district' | 'plate', id: number): Promise<boolean> {
      const table = level === 'district' ? sql`district` : sql`plate`;
      const rows = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM ${table} WHERE id = ${id} AND city_id = ${cityId}`,
      );
      return rows.length > 0;
    },

    async estate(id: number): Promise<{ id: number; cityId: number; name: string; lng: number; lat: number } | null> {
      const [row] = await queryRows<{ id: number; cityId: number; name: string; lng: number; lat: number }>(
        db,
        sql`SELECT id, city_id AS "cityId", name, lng, lat FROM estate WHERE id = ${id}`,
      );
      return row ?? null;
    },

    async search(filter: NewHouseFilter, order: NewHouseOrder, page: number, size: number) {
      return queryPage<ProjectCardRow>(db, {
        select: cardColumns(filter.near),
        from: sql`${cardFrom} WHERE ${filterWhere(filter)}`,
        orderBy: sql`${ORDER[order]}, p.id`,
        page,
        size,
      });
    },

    async project(id: number): Promise<ProjectDetailRow | null> {
      const [row] = await queryRows<ProjectDetailRow>(
        db,
        sql`SELECT ${cardColumns()}, p.city_id AS "cityId", p.alias, p.lng, p.lat,
                   p.presale_permits AS "presalePermits",
                   CASE WHEN jsonb_typeof(p.lottery) = 'object' THEN p.lottery END AS lottery,
                   p.tenure_years AS "tenureYears", round(p.plot_ratio::numeric, 2)::float8 AS "plotRatio",
                   round(p.greening_rate::numeric, 2)::float8 AS "greeningRate", p.household_count AS "householdCount",
                   p.developer, p.property_company AS "propertyCompany",
                   round(p.property_fee::numeric, 1)::float8 AS "propertyFee", p.one_price_per_unit AS "onePricePerUnit"
            ${cardFrom} WHERE p.id = ${id}`,
      );
      return row ?? null;
    },

    async unitTypes(projectId: number): Promise<UnitTypeSqlRow[]> {
      return queryRows<UnitTypeSqlRow>(
        db,
        sql`SELECT id, name, rooms, halls, baths, round(area::numeric, 1)::float8 AS area, orientation,
                   total_price AS "totalPrice", status
            FROM new_house_unit_type WHERE project_id = ${projectId}
            ORDER BY CASE status WHEN '在售' THEN 0 WHEN '待售' THEN 1 ELSE 2 END, total_price NULLS LAST, id`,
      );
    },

    /** The plate's resale averages of a month ('YYYY-MM-01'). */
    async plateMonth(plateId: number, monthStart: string) {
      const [row] = await queryRows<{ listingAvg: number | null; dealAvg: number | null }>(
        db,
        sql`SELECT listing_avg AS "listingAvg", deal_avg AS "dealAvg" FROM price_series
            WHERE level = 'plate' AND target_id = ${plateId} AND month = ${monthStart}::date`,
      );
      return row ?? null;
    },

    async managersOf(projectId: number): Promise<ManagerSqlRow[]> {
      return queryRows<ManagerSqlRow>(
        db,
        sql`SELECT m.id, m.city_id AS "cityId", m.name, m.avatar, m.developer,
                   round(m.rating::numeric, 1)::float8 AS rating,
                   round(m.response_rate::numeric, 2)::float8 AS "responseRate", m.im_id AS "imId",
                   (SELECT count(*)::int FROM manager_project c WHERE c.manager_id = m.id) AS "projectCount"
            FROM manager_project mp JOIN manager m ON m.id = mp.manager_id
            WHERE mp.project_id = ${projectId}
            ORDER BY m.rating DESC, m.response_rate DESC, m.id`,
      );
    },

    async manager(id: number): Promise<ManagerSqlRow | null> {
      const [row] = await queryRows<ManagerSqlRow>(
        db,
        sql`SELECT m.id, m.city_id AS "cityId", m.name, m.avatar, m.developer,
                   round(m.rating::numeric, 1)::float8 AS rating,
                   round(m.response_rate::numeric, 2)::float8 AS "responseRate", m.im_id AS "imId",
                   (SELECT count(*)::int FROM manager_project c WHERE c.manager_id = m.id) AS "projectCount"
            FROM manager m WHERE m.id = ${id}`,
      );
      return row ?? null;
    },

    /** A city's 置业顾问, best rated first, with the name of their first project. */
    async managersOfCity(cityId: number, page: number, size: number) {
      return queryPage<ManagerSqlRow & { projectName: string | null }>(db, {
        select: sql`m.id, m.city_id AS "cityId", m.name, m.avatar, m.developer,
                    round(m.rating::numeric, 1)::float8 AS rating,
                    round(m.response_rate::numeric, 2)::float8 AS "responseRate", m.im_id AS "imId",
                    (SELECT count(*)::int FROM manager_project c WHERE c.manager_id = m.id) AS "projectCount",
                    (SELECT p.name FROM manager_project c JOIN new_house_project p ON p.id = c.project_id
                     WHERE c.manager_id = m.id ORDER BY p.id LIMIT 1) AS "projectName"`,
        from: sql`FROM manager m WHERE m.city_id = ${cityId}`,
        orderBy: sql`m.rating DESC, m.response_rate DESC, m.id`,
        page,
        size,
      });
    },

    async projectsOfManager(managerId: number): Promise<ProjectCardRow[]> {
      return queryRows<ProjectCardRow>(
        db,
        sql`SELECT ${cardColumns()} ${cardFrom}
            WHERE p.id IN (SELECT project_id FROM manager_project WHERE manager_id = ${managerId})
            ORDER BY ${ORDER.default}, p.id`,
      );
    },

    /** Months ('YYYY-MM') with events and their counts, oldest first. */
    async calendarMonths(cityId: number): Promise<{ month: string; count: number }[]> {
      return queryRows<{ month: string; count: number }>(
        db,
        sql`SELECT to_char(day, 'YYYY-MM') AS month, count(*)::int AS count FROM ${calendarEvents(cityId)}
            GROUP BY 1 ORDER BY 1`,
      );
    },

    /** Events between two dates inclusive. */
    async calendar(cityId: number, from: string, to: string): Promise<CalendarSqlRow[]> {
      return queryRows<CalendarSqlRow>(
        db,
        sql`SELECT to_char(ev.day, 'YYYY-MM-DD') AS date, ev.type, p.id AS "projectId", p.name AS "projectName",
                   d.name AS "districtName", p.sale_status AS "saleStatus", p.avg_price AS "avgPrice",
                   ev.units, ev.registrants, ev.permit_no AS "permitNo"
            FROM ${calendarEvents(cityId)}
            JOIN new_house_project p ON p.id = ev.id JOIN district d ON d.id = p.district_id
            WHERE ev.day >= ${from}::date AND ev.day <= ${to}::date
            ORDER BY ev.day,
                     CASE ev.type WHEN 'opening' THEN 0 WHEN 'permit' THEN 1 WHEN 'lottery' THEN 2 ELSE 3 END, p.id`,
      );
    },

    /** 待售 projects by 摇号登记人数, then the soonest opening. */
    async upcoming(cityId: number, size: number) {
      return queryRows<ProjectCardRow & { heat: number | null; lotteryUnits: number | null; permitUnits: number }>(
        db,
        sql`SELECT ${cardColumns()}, ${lotteryField('registrants')} AS heat, ${lotteryField('units')} AS "lotteryUnits",
                   ${permitUnits()} AS "permitUnits"
            ${cardFrom}
            WHERE p.city_id = ${cityId} AND p.sale_status = '待售'
            ORDER BY heat DESC NULLS LAST, p.opening_date ASC NULLS LAST, p.id
            LIMIT ${size}`,
      );
    },

    /** Permits issued and projects opening per month between two month starts (inclusive). */
    async supplyByMonth(cityId: number, fromMonth: string, toMonth: string) {
      return queryRows<{ month: string; permitCount: number; permitUnits: number; openingCount: number }>(
        db,
        sql`SELECT month, sum(permits)::int AS "permitCount", sum(units)::int AS "permitUnits",
                   sum(openings)::int AS "openingCount"
            FROM (
              SELECT to_char((x->>'issuedAt')::date, 'YYYY-MM') AS month, 1 AS permits, (x->>'units')::int AS units,
                     0 AS openings
                FROM new_house_project p, jsonb_array_elements(p.presale_permits) x WHERE p.city_id = ${cityId}
              UNION ALL
              SELECT to_char(p.opening_date, 'YYYY-MM'), 0, 0, 1 FROM new_house_project p
                WHERE p.city_id = ${cityId} AND p.opening_date IS NOT NULL
            ) s
            WHERE month >= ${fromMonth} AND month <= ${toMonth}
            GROUP BY month ORDER BY month`,
      );
    },

    /** Projects opened by `until` by status, and their unit types by status. */
    async stock(cityId: number, until: string) {
      const [row] = await queryRows<{
        sellingCount: number;
        upcomingCount: number;
        soldOutCount: number;
        unitTypeCount: number;
        soldOutUnitTypes: number;
      }>(
        db,
        sql`SELECT
              count(*) FILTER (WHERE p.opening_date <= ${until}::date AND p.sale_status <> '售罄')::int AS "sellingCount",
              count(*) FILTER (WHERE p.opening_date IS NULL OR p.opening_date > ${until}::date)::int AS "upcomingCount",
              count(*) FILTER (WHERE p.opening_date <= ${until}::date AND p.sale_status = '售罄')::int AS "soldOutCount",
              COALESCE(sum(u.n) FILTER (WHERE p.opening_date <= ${until}::date), 0)::int AS "unitTypeCount",
              COALESCE(sum(u.sold) FILTER (WHERE p.opening_date <= ${until}::date), 0)::int AS "soldOutUnitTypes"
            FROM new_house_project p
            LEFT JOIN LATERAL (SELECT count(*) AS n, count(*) FILTER (WHERE t.status = '售罄') AS sold
                               FROM new_house_unit_type t WHERE t.project_id = p.id) u ON true
            WHERE p.city_id = ${cityId}`,
      );
      return row!;
    },

    /** Per district: priced projects on sale by `until` and their mean 参考均价, with the district's resale month. */
    async districtPrices(cityId: number, until: string, monthStart: string) {
      return queryRows<{
        districtId: number;
        districtName: string;
        projectCount: number;
        avgPrice: number | null;
        resaleListingAvg: number | null;
      }>(
        db,
        sql`SELECT d.id AS "districtId", d.name AS "districtName", count(*)::int AS "projectCount",
                   round(avg(p.avg_price))::int AS "avgPrice", ps.listing_avg AS "resaleListingAvg"
            FROM new_house_project p JOIN district d ON d.id = p.district_id
            LEFT JOIN price_series ps ON ps.level = 'district' AND ps.target_id = d.id AND ps.month = ${monthStart}::date
            WHERE p.city_id = ${cityId} AND p.sale_status = '在售' AND p.avg_price IS NOT NULL
              AND p.opening_date <= ${until}::date
            GROUP BY d.id, d.name, ps.listing_avg
            ORDER BY "avgPrice" DESC, d.id`,
      );
    },

    /** Projects opening or getting permits between two dates, hottest first. */
    async monthProjects(cityId: number, from: string, to: string, size: number) {
      return queryRows<ProjectCardRow & { heat: number | null; monthPermitUnits: number }>(
        db,
        sql`SELECT * FROM (
              SELECT ${cardColumns()}, ${lotteryField('registrants')} AS heat,
                     COALESCE((SELECT sum((x->>'units')::int) FROM jsonb_array_elements(p.presale_permits) x
                               WHERE (x->>'issuedAt')::date BETWEEN ${from}::date AND ${to}::date), 0)::int
                       AS "monthPermitUnits"
              ${cardFrom}
              WHERE p.city_id = ${cityId}
            ) r
            WHERE r."monthPermitUnits" > 0 OR r."openingDate" BETWEEN ${from} AND ${to}
            ORDER BY heat DESC NULLS LAST, "monthPermitUnits" DESC, id
            LIMIT ${size}`,
      );
    },
  };
}

export type NewHousesRepo = ReturnType<typeof createNewHousesRepo>;
