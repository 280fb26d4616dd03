// What the community generators know of a city's estates: the facts a resident would talk about (age, metro, fees,
// greening, tags, prices), read from the stored market, so a seeded post never contradicts the estate's page.
import type { DatabaseHandle } from '@fjt/db';

export interface CommunityEstate {
  id: number;
  cityId: number;
  districtId: number;
  plateId: number;
  name: string;
  plateName: string;
  districtName: string;
  buildYear: number | null;
  buildingType: string | null;
  householdCount: number | null;
  greeningRate: number | null;
  propertyFee: number | null;
  propertyCompany: string | null;
  parkingRatio: number | null;
  /** The nearest metro station and line, when within 1.5 km; else null. */
  station: { name: string; line: string; distanceM: number } | null;
  tags: string[];
  /** 挂牌/成交均价 (元/㎡), null when the estate has none. */
  listingPrice: number | null;
  dealPrice: number | null;
  onSale: number;
}

export const METRO_NEAR_M = 1500;

export async function loadCommunityEstates(
  handle: DatabaseHandle,
  cityId: number,
): Promise<{
  estates: CommunityEstate[];
  agents: Map<number, { id: number; name: string }[]>;
  today: Date;
}> {
  const rows = await handle.sql.query<Record<string, unknown>>(
    `SELECT e.id, e.city_id, e.district_id, e.plate_id, e.name, p.name AS plate_name, d.name AS district_name,
            e.build_year, e.building_type, e.household_count, e.greening_rate, e.property_fee, e.property_company,
            e.parking_ratio, e.tags, e.station_distance_m, s.name AS station_name, l.name AS line_name,
            li.listing_price, de.deal_price, COALESCE(li.on_sale, 0) AS on_sale
       FROM estate e
       JOIN plate p ON p.id = e.plate_id
       JOIN district d ON d.id = e.district_id
       LEFT JOIN metro_station s ON s.id = e.nearest_station_id
       LEFT JOIN metro_line l ON l.id = s.line_id
       LEFT JOIN (SELECT estate_id, round(avg(unit_price))::int AS listing_price, count(*)::int AS on_sale
                    FROM listing WHERE city_id = $1 AND status = 'on_sale' GROUP BY estate_id) li ON li.estate_id = e.id
       LEFT JOIN (SELECT estate_id, round(avg(unit_price))::int AS deal_price
                    FROM deal WHERE city_id = $1 AND deal_date > (SELECT MAX(deal_date) - 365 FROM deal WHERE city_id = $1)
                   GROUP BY estate_id) de ON de.estate_id = e.id
      WHERE e.city_id = $1
      ORDER BY e.id`,
    [cityId],
  );
  const estates = rows.map((r): CommunityEstate => {
    const distance = r.station_distance_m as number | null;
    return {
      id: r.id as number,
      cityId: r.city_id as number,
      districtId: r.district_id as number,
      plateId: r.plate_id as number,
      name: r.name as string,
      plateName: r.plate_name as string,
      districtName: r.district_name as string,
      buildYear: r.build_year as number | null,
      buildingType: r.building_type as string | null,
      householdCount: r.household_count as number | null,
      greeningRate: r.greening_rate as number | null,
      propertyFee: r.property_fee as number | null,
      propertyCompany: r.property_company as string | null,
      parkingRatio: r.parking_ratio as number | null,
      station:
        r.station_name && distance !== null && distance <= METRO_NEAR_M
          ? { name: r.station_name as string, line: r.line_name as string, distanceM: distance }
          : null,
      tags: (r.tags as string[] | null) ?? [],
      listingPrice: (r.listing_price as number | null) ?? null,
      dealPrice: (r.deal_price as number | null) ?? null,
      onSale: (r.on_sale as number | null) ?? 0,
    };
  });
  const agentRows = await handle.sql.query<{ estate_id: number; id: number; name: string }>(
    `SELECT ae.estate_id, a.id, a.name FROM agent_estate ae JOIN agent a ON a.id = ae.agent_id
      WHERE a.city_id = $1 ORDER BY ae.estate_id, a.rating DESC, a.id`,
    [cityId],
  );
  const agents = new Map<number, { id: number; name: string }[]>();
  for (const a of agentRows) {
    let list = agents.get(a.estate_id);
    if (!list) agents.set(a.estate_id, (list = []));
    list.push({ id: a.id, name: a.name });
  }
  const [last] = await handle.sql.query<{ day: string | null }>(
    `SELECT MAX(deal_date)::text AS day FROM deal WHERE city_id = $1`,
    [cityId],
  );
  const today = last?.day ? new Date(`${last.day}T12:00:00+08:00`) : new Date('2026-10-31T12:00:00+08:00');
  return { estates, agents, today };
}
