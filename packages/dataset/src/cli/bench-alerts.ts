// Alert-job benchmark (issue 11): the full dataset in an embedded database, 10,000 users each subscribed to an
// estate (spread over all estates, 5 % muted), then a simulated data load — new deals, listing price cuts (half of
// them ≥ 3 %) and a new month of estate series — and the alert job timed over it, then once more with nothing new.
// Target ≤ 10 s. Writes bench/results/alerts.json.
//   npx tsx packages/dataset/src/cli/bench-alerts.ts [--keep DIR]   (a kept DIR is seeded once and reused)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate, openDatabase } from '@fjt/db';
import { runAlertJob } from '../alerts.ts';
import { seedDatabase } from '../seed.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const keep = arg('--keep');
const dir = keep ?? mkdtempSync(join(tmpdir(), 'fjt-alerts-bench-'));
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const USERS = 10_000;
const NEW_DEALS = 5_000;
const CUTS = 5_000;

const loadAtStart = loadavg().map((v) => Math.round(v * 100) / 100);
const handle = await openDatabase({ dataDir: dir });
await migrate(handle.sql);
const t0 = performance.now();
const seeded = await seedDatabase(handle, { scale: 'full', log: (l) => console.log(l) });
const seedSeconds = seeded.skipped ? null : Math.round((performance.now() - t0) / 100) / 10;
const q = (text: string) => handle.sql.exec(text);

// a fresh start on a reused directory
await q(`DELETE FROM messages; DELETE FROM subscriptions; DELETE FROM users WHERE phone LIKE '170%'`);
await runAlertJob(handle, { reset: true });

// ---- 10,000 users, one estate subscription each, spread over the estates -------------------------------------
const t1 = performance.now();
await q(`
  INSERT INTO users (phone) SELECT '170' || lpad(g::text, 8, '0') FROM generate_series(1, ${USERS}) g;
  WITH e AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i, count(*) OVER () AS n FROM estate),
       u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS i FROM users WHERE phone LIKE '170%')
  INSERT INTO subscriptions (user_id, target_type, target_id, muted, created_at)
  SELECT u.id, 'estate', e.id, u.i % 20 = 0, now() - interval '1 day'
  FROM u JOIN e ON e.i = (u.i * 7919) % e.n;`);
const [subs] = await handle.sql.query<{ n: number; estates: number }>(
  `SELECT count(*)::int AS n, count(DISTINCT target_id)::int AS estates FROM subscriptions`,
);

// ---- a data load: new deals, price cuts, a new month ------------------------------------------------------
// Written as the importer writes them (deal ids above the last, a listing_price_change row dated today and the
// listing's new price, a month of price_series), without the importer's per-row work, which is not the job's.
await q(`
  INSERT INTO deal (id, external_id, city_id, district_id, plate_id, estate_id, deal_date, total_price, unit_price,
    rooms, halls, area, source)
  SELECT m.max + g, 'bench-d' || g, d.city_id, d.district_id, d.plate_id, d.estate_id, current_date, d.total_price,
    d.unit_price, d.rooms, d.halls, d.area, 'netsign'
  FROM (SELECT max(id) AS max FROM deal) m,
       LATERAL (SELECT g FROM generate_series(1, ${NEW_DEALS}) g) s,
       LATERAL (SELECT * FROM deal WHERE id = 1 + (g * 211) % m.max) d;
  WITH picked AS (
    SELECT l.id, l.total_price, l.area, row_number() OVER (ORDER BY l.id) AS r
    FROM listing l WHERE l.status = 'on_sale' AND l.id % 37 = 0 LIMIT ${CUTS}
  ), cut AS (
    SELECT p.id, p.total_price AS old, (p.total_price * CASE WHEN p.r % 2 = 0 THEN 0.95 ELSE 0.99 END)::int AS new, p.area,
      coalesce((SELECT max(seq) FROM listing_price_change c WHERE c.listing_id = p.id), 0) + 1 AS seq
    FROM picked p
  ), ins AS (
    INSERT INTO listing_price_change (listing_id, seq, changed_at, old_total_price, new_total_price, new_unit_price)
    SELECT id, seq, current_date, old, new, round(new / area)::int FROM cut RETURNING listing_id
  )
  UPDATE listing l SET total_price = cut.new, unit_price = round(cut.new / cut.area)::int,
    price_change_count = price_change_count + 1
  FROM cut WHERE l.id = cut.id;
  INSERT INTO price_series (level, target_id, city_id, month, listing_avg, listing_count, deal_avg, deal_count)
  SELECT level, target_id, city_id, (month + interval '1 month')::date, round(listing_avg * 1.01)::int, listing_count, deal_avg, deal_count
  FROM price_series WHERE level = 'estate' AND listing_avg IS NOT NULL
    AND month = (SELECT max(month) FROM price_series WHERE level = 'estate');
  ANALYZE deal; ANALYZE listing_price_change; ANALYZE price_series; ANALYZE subscriptions;`);
const setupSeconds = Math.round((performance.now() - t1) / 100) / 10;

const first = await runAlertJob(handle);
const again = await runAlertJob(handle);
const [msgs] = await handle.sql.query<{ n: number; users: number }>(
  `SELECT count(*)::int AS n, count(DISTINCT user_id)::int AS users FROM messages`,
);
const [rows] = await handle.sql.query<{ deal: number; lpc: number; series: number }>(
  `SELECT (SELECT count(*) FROM deal)::int AS deal, (SELECT count(*) FROM listing_price_change)::int AS lpc,
     (SELECT count(*) FROM price_series)::int AS series`,
);
await handle.close();

const out = {
  driver: 'pglite',
  dataset: 'full',
  subscriptions: subs?.n,
  subscribedEstates: subs?.estates,
  mutedShare: 0.05,
  load: { newDeals: NEW_DEALS, priceChanges: CUTS, priceChangesAtLeast3Pct: CUTS / 2, newMonthForAllEstates: true },
  tableRows: rows,
  job: {
    seconds: Math.round(first.ms / 100) / 10,
    messages: { deal: first.deal, priceCut: first.priceCut, monthlyAvg: first.monthlyAvg },
  },
  rerunNothingNew: {
    seconds: Math.round(again.ms / 100) / 10,
    messages: { deal: again.deal, priceCut: again.priceCut, monthlyAvg: again.monthlyAvg },
  },
  messagesTotal: msgs?.n,
  usersWithMessages: msgs?.users,
  targetSeconds: 10,
  withinTarget: first.ms <= 10_000,
  seedSeconds,
  setupSeconds,
  machine: {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? '',
    memGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  loadAverageAtStart: loadAtStart,
  measuredAt: new Date().toISOString(),
};
console.log(JSON.stringify(out, null, 2));
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'alerts.json'), `${JSON.stringify(out, null, 2)}\n`);
if (!keep) rmSync(dir, { recursive: true, force: true });
