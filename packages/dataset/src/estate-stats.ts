// Per-estate figures of the estate page, aggregated from the rows in set-based SQL for a whole city at once
// (table estate_stats). This is their one definition: the estate service reads them, never re-aggregates. They
// change only when rows are loaded, so the seed and the importer refresh a city's estates after loading it (one
// pass over the city's rows instead of a dozen aggregations per page view — the long-tail speed of issue 13).
//
// Windows, as the estate page defines them: the city's newest series month `latest`; 12 months = deals dated on
// or after the first day of latest − 11 months; as of = latest's last day (new listings and price cuts in the 30
// days up to it, days on market counted to it). A city without series has no window: every deal counts as within
// 12 months ('1900-01-01') and the as-of figures are empty, as the service did before.
import { ESTATE_STATS_AROUND as AROUND_KEPT, ESTATE_STATS_LATEST as LATEST_KEPT, TOTAL_PRICE_BANDS } from '@fjt/domain';
import type { SqlExec } from './series.ts';

/** Band edges in 元 (the lower bound of every band but the first). */
const BAND_EDGES = TOTAL_PRICE_BANDS.slice(1).map((b) => b.min * 10_000);

const int = (n: number) => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer id: ${n}`);
  return String(n);
};

function bandOf(column: string): string {
  return `(1 + ${BAND_EDGES.map((edge) => `(CASE WHEN ${column} >= ${edge} THEN 1 ELSE 0 END)`).join(' + ')})`;
}

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in whole metres. */
export function distanceMetres(a: { lng: number; lat: number }, b: { lng: number; lat: number }): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h)));
}

/**
 * Each estate's nearest estates of the same city within ±0.1° (~10 km), nearest first (ties by id), at most
 * AROUND_KEPT: as parallel arrays of (estate, other, metres, rank). In JS rather than SQL: a city's thousand
 * estates make a million pairs, which the embedded database takes seconds over and JS milliseconds.
 */
export function nearestEstates(estates: readonly { id: number; lng: number; lat: number }[]) {
  const out = { from: [] as number[], to: [] as number[], metres: [] as number[], rank: [] as number[] };
  for (const e of estates) {
    const near: { id: number; m: number }[] = [];
    for (const o of estates) {
      if (o.id === e.id || Math.abs(o.lng - e.lng) > 0.1 || Math.abs(o.lat - e.lat) > 0.1) continue;
      near.push({ id: o.id, m: distanceMetres(e, o) });
    }
    near.sort((a, b) => a.m - b.m || a.id - b.id);
    near.slice(0, AROUND_KEPT).forEach((o, i) => {
      out.from.push(e.id);
      out.to.push(o.id);
      out.metres.push(o.m);
      out.rank.push(i);
    });
  }
  return out;
}

/** Rebuilds the estate_stats rows of one city's estates; returns how many. Runs inside the caller's transaction. */
export async function refreshEstateStats(exec: SqlExec, cityId: number): Promise<number> {
  const city = int(cityId);
  await exec(`DELETE FROM estate_stats WHERE city_id = ${city}`);
  // the city's rows changed: what was kept of them elsewhere (the page store, ADR 0026) is of an older version now
  await exec(
    `INSERT INTO data_version (city_id, version)
     VALUES (${city}, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
     ON CONFLICT (city_id) DO UPDATE
       SET version = greatest(data_version.version + 1, (extract(epoch FROM clock_timestamp()) * 1000)::bigint)`,
  );
  // the grouped sorts below stay in memory (4 MB spills them to disk, several times slower in PGlite)
  await exec(`SET LOCAL work_mem = '128MB'`);
  const near = nearestEstates(
    (await exec(`SELECT id, lng, lat FROM estate WHERE city_id = ${city}`)) as {
      id: number;
      lng: number;
      lat: number;
    }[],
  );
  const rows = await exec(`
    WITH w AS (
      SELECT max(month) AS latest FROM price_series WHERE level = 'city' AND target_id = ${city}
    ), win AS (
      SELECT latest,
             (latest + interval '1 month' - interval '1 day')::date AS as_of,
             COALESCE((latest - interval '11 months')::date, DATE '1900-01-01') AS since12
      FROM w
    ), e AS (
      SELECT e.id, e.lng, e.lat FROM estate e WHERE e.city_id = ${city}
    ),
    -- on-sale listings and every listing, per estate
    l AS (
      SELECT l.estate_id,
             count(*)::int AS listing_count,
             (count(*) FILTER (WHERE l.status = 'on_sale'))::int AS on_sale_count,
             round(avg(l.total_price) FILTER (WHERE l.status = 'on_sale'))::int AS avg_total_on_sale,
             (count(*) FILTER (WHERE l.listed_at > win.as_of - 30 AND l.listed_at <= win.as_of))::int AS new_count_30d,
             round(percentile_cont(0.5) WITHIN GROUP (ORDER BY (win.as_of - l.listed_at))
                   FILTER (WHERE l.status = 'on_sale'))::int AS median_days_listed
      FROM listing l CROSS JOIN win
      WHERE l.city_id = ${city}
      GROUP BY l.estate_id
    ), cut AS (
      SELECT l.estate_id, count(DISTINCT l.id)::int AS n
      FROM listing l JOIN listing_price_change c ON c.listing_id = l.id CROSS JOIN win
      WHERE l.city_id = ${city} AND l.status = 'on_sale' AND c.new_total_price < c.old_total_price
        AND c.changed_at > win.as_of - 30 AND c.changed_at <= win.as_of
      GROUP BY l.estate_id
    ), d AS (
      SELECT d.estate_id,
             count(*)::int AS deal_count,
             (count(*) FILTER (WHERE d.source = 'agency'))::int AS agency_deal_count,
             (count(*) FILTER (WHERE d.source = 'netsign'))::int AS netsign_deal_count,
             round((avg(d.bargain_pct) FILTER (WHERE d.deal_date >= win.since12))::numeric, 1)::float8 AS avg_bargain_pct,
             round(avg(d.cycle_days) FILTER (WHERE d.deal_date >= win.since12))::int AS avg_cycle_days
      FROM deal d CROSS JOIN win
      WHERE d.city_id = ${city}
      GROUP BY d.estate_id
    ), r AS (
      SELECT estate_id,
             count(*)::int AS rental_count,
             (count(*) FILTER (WHERE status = 'on_rent'))::int AS on_rent_count,
             round(avg(monthly_rent) FILTER (WHERE status = 'on_rent'))::int AS rent_avg_monthly,
             (round(avg(round(rent_per_sqm * 10)::int) FILTER (WHERE status = 'on_rent')) / 10)::float8 AS rent_avg
      FROM rental WHERE city_id = ${city}
      GROUP BY estate_id
    ),
    -- by rooms bucket (5 = 5室及以上): on-sale listings and the 12 months' deals
    rooms_l AS (
      SELECT estate_id, LEAST(rooms, 5) AS rooms, count(*)::int AS n, round(avg(unit_price))::int AS avg_unit,
             round(avg(total_price))::int AS avg_total, round(min(area)::numeric, 2)::float8 AS min_area,
             round(max(area)::numeric, 2)::float8 AS max_area
      FROM listing WHERE city_id = ${city} AND status = 'on_sale' GROUP BY 1, 2
    ), rooms_d AS (
      SELECT d.estate_id, LEAST(d.rooms, 5) AS rooms, count(*)::int AS n, round(avg(d.unit_price))::int AS avg_unit
      FROM deal d CROSS JOIN win WHERE d.city_id = ${city} AND d.deal_date >= win.since12 GROUP BY 1, 2
    ), rooms AS (
      SELECT COALESCE(a.estate_id, b.estate_id) AS estate_id,
             json_agg(json_build_object(
               'rooms', COALESCE(a.rooms, b.rooms), 'onSaleCount', COALESCE(a.n, 0), 'listingAvg', a.avg_unit,
               'avgTotalPrice', a.avg_total, 'minArea', a.min_area, 'maxArea', a.max_area,
               'dealCount', COALESCE(b.n, 0), 'dealAvg', b.avg_unit) ORDER BY COALESCE(a.rooms, b.rooms)) AS list
      FROM rooms_l a FULL JOIN rooms_d b ON b.estate_id = a.estate_id AND b.rooms = a.rooms
      GROUP BY 1
    ),
    -- by 总价段 (bands of TOTAL_PRICE_BANDS): on-sale listings and the 12 months' deals
    bands_l AS (
      SELECT estate_id, ${bandOf('total_price')} AS band, count(*)::int AS n, round(avg(unit_price))::int AS avg_unit
      FROM listing WHERE city_id = ${city} AND status = 'on_sale' GROUP BY 1, 2
    ), bands_d AS (
      SELECT d.estate_id, ${bandOf('d.total_price')} AS band, count(*)::int AS n
      FROM deal d CROSS JOIN win WHERE d.city_id = ${city} AND d.deal_date >= win.since12 GROUP BY 1, 2
    ), bands AS (
      SELECT COALESCE(a.estate_id, b.estate_id) AS estate_id,
             json_agg(json_build_object(
               'band', COALESCE(a.band, b.band), 'onSaleCount', COALESCE(a.n, 0), 'listingAvg', a.avg_unit,
               'dealCount', COALESCE(b.n, 0)) ORDER BY COALESCE(a.band, b.band)) AS list
      FROM bands_l a FULL JOIN bands_d b ON b.estate_id = a.estate_id AND b.band = a.band
      GROUP BY 1
    ),
    -- buildings with their on-sale listings and 12 months' deals
    bl AS (
      SELECT building_id, count(*)::int AS n, round(avg(unit_price))::int AS avg_unit
      FROM listing WHERE city_id = ${city} AND status = 'on_sale' GROUP BY 1
    ), bd AS (
      SELECT d.building_id, count(*)::int AS n, round(avg(d.unit_price))::int AS avg_unit
      FROM deal d CROSS JOIN win WHERE d.city_id = ${city} AND d.deal_date >= win.since12 GROUP BY 1
    ), blds AS (
      SELECT b.estate_id,
             json_agg(json_build_object(
               'id', b.id, 'name', b.name, 'floors', b.floors, 'elevators', b.elevators,
               'householdsPerFloor', b.households_per_floor, 'hasElevator', b.has_elevator,
               'householdCount', b.household_count, 'layouts', b.layouts,
               'onSaleCount', COALESCE(bl.n, 0), 'listingAvg', bl.avg_unit,
               'dealCount', COALESCE(bd.n, 0), 'dealAvg', bd.avg_unit) ORDER BY b.id) AS list
      FROM building b JOIN e ON e.id = b.estate_id
      LEFT JOIN bl ON bl.building_id = b.id
      LEFT JOIN bd ON bd.building_id = b.id
      GROUP BY b.estate_id
    ),
    -- agents serving the estate, with what they hold on sale and closed in it; most active first
    al AS (
      SELECT estate_id, agent_id, count(*)::int AS n FROM listing
      WHERE city_id = ${city} AND status = 'on_sale' AND agent_id IS NOT NULL GROUP BY 1, 2
    ), ad AS (
      SELECT estate_id, agent_id, count(*)::int AS n FROM deal
      WHERE city_id = ${city} AND agent_id IS NOT NULL GROUP BY 1, 2
    ), agents AS (
      SELECT ae.estate_id,
             json_agg(json_build_object(
               'id', a.id, 'name', a.name, 'avatar', a.avatar, 'company', a.company, 'store', a.store,
               'years', a.years, 'rating', round(a.rating::numeric, 1)::float8, 'showingCount', a.showing_count,
               'dealCount', a.deal_count, 'estateListingCount', COALESCE(al.n, 0),
               'estateDealCount', COALESCE(ad.n, 0), 'wechatNo', a.wechat_no)
               ORDER BY COALESCE(ad.n, 0) DESC, a.rating DESC, a.id) AS list
      FROM agent_estate ae JOIN e ON e.id = ae.estate_id
      JOIN agent a ON a.id = ae.agent_id
      LEFT JOIN al ON al.estate_id = ae.estate_id AND al.agent_id = a.id
      LEFT JOIN ad ON ad.estate_id = ae.estate_id AND ad.agent_id = a.id
      GROUP BY ae.estate_id
    ),
    -- each estate's current and previous month's 挂牌均价 (for the neighbours' cards)
    cur AS (
      SELECT ps.target_id AS estate_id, ps.listing_avg FROM price_series ps CROSS JOIN win
      WHERE ps.level = 'estate' AND ps.city_id = ${city} AND ps.month = win.latest
    ), prev AS (
      SELECT ps.target_id AS estate_id, ps.listing_avg FROM price_series ps CROSS JOIN win
      WHERE ps.level = 'estate' AND ps.city_id = ${city} AND ps.month = (win.latest - interval '1 month')::date
    ),
    -- the nearest estates (nearestEstates, computed above), with what their cards show
    pairs AS (
      SELECT * FROM unnest(ARRAY[${near.from.join(',')}]::int[], ARRAY[${near.to.join(',')}]::int[],
                           ARRAY[${near.metres.join(',')}]::int[], ARRAY[${near.rank.join(',')}]::int[])
             AS t(estate_id, other_id, distance_m, rank)
    ), near AS (
      SELECT pairs.estate_id,
             json_agg(json_build_object(
               'id', o.id, 'name', o.name, 'plateName', p.name, 'distanceM', pairs.distance_m,
               'buildYear', o.build_year, 'listingAvg', cur.listing_avg, 'previousListingAvg', prev.listing_avg,
               'onSaleCount', COALESCE(l.on_sale_count, 0)) ORDER BY pairs.rank) AS list
      FROM pairs
      JOIN estate o ON o.id = pairs.other_id
      JOIN plate p ON p.id = o.plate_id
      LEFT JOIN cur ON cur.estate_id = o.id
      LEFT JOIN prev ON prev.estate_id = o.id
      LEFT JOIN l ON l.estate_id = o.id
      GROUP BY pairs.estate_id
    ),
    -- the newest deals and on-sale listings
    ld AS (
      SELECT x.estate_id, json_agg(json_build_object(
               'id', x.id, 'dealDate', to_char(x.deal_date, 'YYYY-MM-DD'), 'rooms', x.rooms, 'halls', x.halls,
               'area', round(x.area::numeric, 2)::float8, 'floor', x.floor, 'totalFloors', x.total_floors,
               'orientation', x.orientation, 'totalPrice', x.total_price, 'unitPrice', x.unit_price,
               'listTotalPrice', x.list_total_price, 'bargainPct', round(x.bargain_pct::numeric, 1)::float8,
               'cycleDays', x.cycle_days, 'source', x.source) ORDER BY x.deal_date DESC, x.id DESC) AS list
      FROM (
        SELECT d.*, row_number() OVER (PARTITION BY d.estate_id ORDER BY d.deal_date DESC, d.id DESC) AS k
        FROM deal d WHERE d.city_id = ${city}
      ) x
      WHERE x.k <= ${LATEST_KEPT}
      GROUP BY x.estate_id
    ), ll AS (
      SELECT x.estate_id, json_agg(json_build_object(
               'id', x.id, 'rooms', x.rooms, 'halls', x.halls, 'baths', x.baths,
               'area', round(x.area::numeric, 2)::float8, 'orientation', x.orientation, 'floor', x.floor,
               'totalFloors', x.total_floors, 'decoration', x.decoration, 'hasElevator', x.has_elevator,
               'totalPrice', x.total_price, 'unitPrice', x.unit_price, 'initialTotalPrice', x.initial_total_price,
               'listedAt', to_char(x.listed_at, 'YYYY-MM-DD'), 'priceChangeCount', x.price_change_count,
               'yearsHeld', x.years_held, 'onlyHome', x.only_home, 'views7d', x.views_7d)
               ORDER BY x.listed_at DESC, x.id DESC) AS list
      FROM (
        SELECT l.*, row_number() OVER (PARTITION BY l.estate_id ORDER BY l.listed_at DESC, l.id DESC) AS k
        FROM listing l WHERE l.city_id = ${city} AND l.status = 'on_sale'
      ) x
      WHERE x.k <= ${LATEST_KEPT}
      GROUP BY x.estate_id
    )
    INSERT INTO estate_stats (estate_id, city_id, latest_month, figures, room_types, price_bands, buildings, agents,
                              around, latest_deals, latest_listings)
    SELECT e.id, ${city}, win.latest,
           json_build_object(
             'listingCount', COALESCE(l.listing_count, 0), 'onSaleCount', COALESCE(l.on_sale_count, 0),
             'avgTotalOnSale', l.avg_total_on_sale,
             'newCount30d', CASE WHEN win.as_of IS NULL THEN 0 ELSE COALESCE(l.new_count_30d, 0) END,
             'cutCount30d', COALESCE(cut.n, 0), 'medianDaysListed', l.median_days_listed,
             'dealCount', COALESCE(d.deal_count, 0), 'agencyDealCount', COALESCE(d.agency_deal_count, 0),
             'netsignDealCount', COALESCE(d.netsign_deal_count, 0), 'avgBargainPct', d.avg_bargain_pct,
             'avgCycleDays', d.avg_cycle_days,
             'rentalCount', COALESCE(r.rental_count, 0), 'onRentCount', COALESCE(r.on_rent_count, 0),
             'rentAvgMonthly', r.rent_avg_monthly, 'rentAvg', r.rent_avg),
           COALESCE(rooms.list, '[]'), COALESCE(bands.list, '[]'), COALESCE(blds.list, '[]'),
           COALESCE(agents.list, '[]'), COALESCE(near.list, '[]'), COALESCE(ld.list, '[]'), COALESCE(ll.list, '[]')
    FROM e CROSS JOIN win
    LEFT JOIN l ON l.estate_id = e.id
    LEFT JOIN cut ON cut.estate_id = e.id
    LEFT JOIN d ON d.estate_id = e.id
    LEFT JOIN r ON r.estate_id = e.id
    LEFT JOIN rooms ON rooms.estate_id = e.id
    LEFT JOIN bands ON bands.estate_id = e.id
    LEFT JOIN blds ON blds.estate_id = e.id
    LEFT JOIN agents ON agents.estate_id = e.id
    LEFT JOIN near ON near.estate_id = e.id
    LEFT JOIN ld ON ld.estate_id = e.id
    LEFT JOIN ll ON ll.estate_id = e.id
    RETURNING 1`);
  return rows.length;
}
