// Numbers that must not contradict each other (issue 10), checked over every city of the sample dataset through
// the same services the API and the pages use: 在租 and 租金均价 agree on the estate page, its data note and the
// rental page; no 近12个月 change without data now (never 持平); 现房 only once handed over; rankings, 领涨小区 and
// the map respect the minimum sample and their sign (the MoM itself is the same figure everywhere); 小区PK highlights no tie; no deal newer than the delay note.
import { describe, expect, it } from 'vitest';
import {
  MIN_LISTING_SAMPLE,
  RANK_TYPES,
  formatRate,
  headerChartQuery,
  latestDealDay,
  mapBubblesQuery,
  monthEndDay,
  rentListQuery,
  type MapBubble,
  type RankKind,
  type Services,
} from '@fjt/domain';
import { memoryWindowCounter } from './lib/window-counter.ts';
import { createServices } from './services.ts';
import { seededApp } from './testing.ts';
// The PK page's own loader and comparison, so the check covers what the page highlights.
import { loadPk } from '../../web/app/features/community-pk/pk.server.ts';
import { pkRows } from '../../web/app/features/community-pk/compare.ts';

const seeded = seededApp('sample');

interface City {
  id: number;
  month: string;
  /** The data's end date: the last day of its newest month. */
  end: string;
}

let citiesCache: City[] | undefined;
let servicesCache: Services | undefined;

const services = () => (servicesCache ??= createServices(seeded.database.db, { plays: memoryWindowCounter() }));
const q = <T>(text: string, params: unknown[] = []) => seeded.database.sql.query<T>(text, params);

async function cities(): Promise<City[]> {
  citiesCache ??= (
    await q<{ id: number; month: string }>(
      `SELECT target_id AS id, to_char(max(month), 'YYYY-MM') AS month FROM price_series
       WHERE level = 'city' GROUP BY target_id ORDER BY target_id`,
    )
  ).map((c) => ({ ...c, end: monthEndDay(c.month) }));
  return citiesCache;
}

describe('every city of the sample dataset', () => {
  it('has every city', async () => {
    expect((await cities()).length).toBeGreaterThanOrEqual(16);
  });

  it('says the same 在租 and 租金均价 on the estate page, its data note and the rental page', async () => {
    // Per city: estates with rentals in their history but none on offer now (estate 5087), and some with.
    const estates = await q<{ cityId: number; id: number; onRent: number }>(
      `SELECT * FROM (
         SELECT e.city_id AS "cityId", e.id, count(*) FILTER (WHERE r.status = 'on_rent')::int AS "onRent",
                row_number() OVER (PARTITION BY e.city_id, count(*) FILTER (WHERE r.status = 'on_rent') = 0
                                   ORDER BY e.id) AS k
         FROM estate e JOIN rental r ON r.estate_id = e.id GROUP BY e.city_id, e.id) x
       WHERE k <= 3 ORDER BY "cityId", id`,
    );
    expect(estates.some((e) => e.onRent === 0)).toBe(true);
    const s = services();
    for (const e of estates) {
      const [basic, source, rent] = await Promise.all([
        s.estates.basicInfo(e.id),
        s.estates.analysisDataSource(e.id),
        s.rentals.rentList(rentListQuery.parse({ cityId: e.cityId, houseId: e.id })),
      ]);
      const summary = rent!.summary!;
      const where = `estate ${e.id}`;
      expect(basic!.onRentCount, where).toBe(e.onRent);
      expect(source!.onRentCount, where).toBe(e.onRent);
      expect(summary.onRentCount, where).toBe(e.onRent);
      expect(rent!.total, where).toBe(e.onRent);
      // 租金均价 is '--' exactly when nothing is on rent, and the trend ends on it.
      expect(summary.rentAvg === null, where).toBe(e.onRent === 0);
      expect(summary.rentAvgMonthly === null, where).toBe(e.onRent === 0);
      expect(summary.trend.at(-1)?.rentAvg ?? null, where).toBe(summary.rentAvg);
    }
  });

  it('gives no 近12个月 change (so never 持平) to a line without a value in its newest month', async () => {
    const estates = await q<{ id: number }>(
      `SELECT id FROM (
         SELECT e.id, row_number() OVER (PARTITION BY e.city_id ORDER BY e.id) AS k
         FROM estate e
         JOIN (SELECT target_id AS city, max(month) AS month FROM price_series WHERE level = 'city' GROUP BY 1) c
           ON c.city = e.city_id
         WHERE EXISTS (SELECT 1 FROM price_series p WHERE p.level = 'estate' AND p.target_id = e.id
                         AND p.month > c.month - interval '12 months' AND p.listing_avg IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM price_series p WHERE p.level = 'estate' AND p.target_id = e.id
                             AND p.month = c.month AND p.listing_avg IS NOT NULL)) x
       WHERE k <= 5`,
    );
    expect(estates.length).toBeGreaterThan(0);
    for (const { id } of estates) {
      const chart = await services().estates.headerChart(headerChartQuery.parse({ houseId: id, months: '12' }));
      for (const line of chart!.series) {
        if (line.values.at(-1) === null) expect(line.change, `estate ${id} ${line.level}`).toBeNull();
      }
      expect(chart!.series.find((l) => l.level === 'estate')!.change, `estate ${id}`).toBeNull();
    }
  });

  it('tags 现房 only projects handed over by the data’s date, and 期房 the others', async () => {
    for (const city of await cities()) {
      const wrong = await q<{ id: number; tags: string[]; delivery: string }>(
        `SELECT id, tags, to_char(delivery_date, 'YYYY-MM-DD') AS delivery FROM new_house_project
         WHERE city_id = $1 AND (('现房' = ANY(tags) AND delivery_date > $2::date)
                                 OR ('期房' = ANY(tags) AND delivery_date <= $2::date))`,
        [city.id, city.end],
      );
      expect(wrong, `city ${city.id}`).toEqual([]);
    }
  });

  it('holds no deal newer than 成交数据约延迟15天 allows', async () => {
    for (const city of await cities()) {
      const [row] = await q<{ newest: string | null }>(
        `SELECT to_char(max(deal_date), 'YYYY-MM-DD') AS newest FROM deal WHERE city_id = $1`,
        [city.id],
      );
      expect(row!.newest, `city ${city.id}`).not.toBeNull();
      expect(row!.newest! <= latestDealDay(city.end), `city ${city.id}: ${row!.newest}`).toBe(true);
    }
  });

  it('ranks only rises in 涨幅, only falls in 跌幅, each on its minimum sample', async () => {
    const kinds: RankKind[] = ['rise', 'fall', 'price', 'hot'];
    for (const city of await cities()) {
      for (const type of RANK_TYPES) {
        for (const rank of kinds) {
          for (const period of ['month', 'quarter'] as const) {
            const body = await services().market.rankList({ cityId: city.id, rank, type, size: 50, period });
            const min = MIN_LISTING_SAMPLE[type];
            expect(body!.minSample).toBe(min);
            for (const row of body!.list) {
              const where = `${city.id} ${type} ${rank} ${period}: ${row.name}`;
              const trend = formatRate(row.listingMom).trend;
              if (rank === 'rise') expect(trend, where).toBe('up');
              if (rank === 'fall') expect(trend, where).toBe('down');
              expect(row.onSaleCount, where).toBeGreaterThanOrEqual(min);
            }
          }
        }
      }
    }
  });

  it('lists 领涨小区 and draws map changes only on the minimum sample', async () => {
    for (const city of await cities()) {
      const districts = await services().plates.mapBubbles(mapBubblesQuery.parse({ cityId: city.id }));
      const plates = await services().plates.plateList({ cityId: city.id, sort: 'rise_desc' });
      const bubbles: (MapBubble & { level: 'district' | 'plate' })[] = districts!.list.map((b) => ({
        ...b,
        level: 'district',
      }));
      for (const d of districts!.list.slice(0, 3)) {
        const inner = await services().plates.mapBubbles(
          mapBubblesQuery.parse({ cityId: city.id, level: 'plate', parentId: d.id }),
        );
        bubbles.push(...inner!.list.map((b) => ({ ...b, level: 'plate' as const })));
      }
      for (const b of bubbles) {
        // A change is coloured (sampled) only on the level's minimum sample.
        if (b.momSampled)
          expect(b.onSaleCount, `${b.level} ${b.name}`).toBeGreaterThanOrEqual(MIN_LISTING_SAMPLE[b.level]);
      }
      for (const p of plates!.list.slice(0, 5)) {
        const detail = await services().plates.plateDetail(p.id);
        for (const e of detail!.topEstates) {
          expect(formatRate(e.listingMom).trend, `${p.name} ${e.name}`).toBe('up');
          expect(e.onSaleCount, `${p.name} ${e.name}`).toBeGreaterThanOrEqual(MIN_LISTING_SAMPLE.estate);
        }
      }
    }
  });

  it('highlights no tie in 小区PK', async () => {
    for (const city of await cities()) {
      const ids = (
        await q<{ id: number }>(`SELECT id FROM estate WHERE city_id = $1 ORDER BY id LIMIT 4`, [city.id])
      ).map((e) => String(e.id));
      for (let i = 0; i < ids.length; i++) {
        for (let j = i + 1; j < ids.length; j++) {
          const pk = await loadPk(services(), city.id, ids[i]!, ids[j]!);
          const a = pk.a.status === 'ok' ? pk.a.estate : null;
          const b = pk.b.status === 'ok' ? pk.b.estate : null;
          for (const row of pkRows(a, b)) {
            if (row.a.text === row.b.text) expect(row.better, `${ids[i]} vs ${ids[j]} ${row.label}`).toBeNull();
          }
        }
      }
    }
  });
});
