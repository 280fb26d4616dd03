// Price-change alerts (issue 11): after every data load or import, each subscriber of an estate (subscription not
// muted, account not deleted) gets a message in `messages` for
//   deal        — a new deal of the estate (deal id above the watermark);
//   price_cut   — a listing_price_change row of one of its listings on sale that cuts the price by ≥ 3 %;
//   monthly_avg — a new month of the estate's 挂牌均价 in price_series, with the change on the month before.
// Set-based SQL: one INSERT … SELECT per kind over all subscriptions, whatever their number.
//
// Watermarks (job_state 'alerts') make each run look only at what is new since the last one:
//   dealId             the highest deal id seen;
//   cutDate, cutKeys   the latest changed_at seen, and the changes of that day already seen (listing:seq:new price),
//                      since a day holds many changes and listing_price_change has no serial id;
//   month, monthEstates the latest month of an estate's listing average seen, and the estates that had it.
// Who gets an event: the subscriptions that exist when the run starts. The job runs at the end of every import
// and seed, so an event is new to everyone subscribed by then; an older event is behind the watermark and never
// reaches a later subscription. A first run (no state, or `reset` after a fresh seed) only sets the watermarks to
// what is in the database now: nobody is flooded with history.
// dedupe_key (unique per user) makes a rerun, or two runs at once, write nothing twice.
import { sql, type DatabaseHandle } from '@fjt/db';
import { MIN_LISTING_SAMPLE, isDeployed } from '@fjt/domain';
import { createMsgLinks, msgLinkSecretFromEnv } from './msglink.ts';

export const ALERT_JOB = 'alerts';
/** A listing cut below this share of its price is news (3 %: 2.99 % is not). */
export const CUT_PERCENT = 3;

export interface AlertState {
  dealId: number;
  cutDate: string | null;
  cutKeys: string[];
  month: string | null;
  monthEstates: number[];
  runAt: string;
}

/** The SMS gateway as the job needs it (the server's SmsProvider fits). Off unless passed. */
export interface AlertSms {
  /** params: count, title and link (the short link's path; the gateway's template puts the origin before it). */
  send(phone: string, template: 'price_alert', params: Record<string, string>): Promise<void>;
}

export interface AlertOptions {
  /** Start of the run: subscriptions made later take part from the next run (tests move it). */
  now?: Date;
  /** Forget the watermarks and set them to what is there now (after a fresh seed); writes nothing. */
  reset?: boolean;
  /** One SMS per user with new messages (ALERT_SMS=1). */
  sms?: AlertSms | null;
  /**
   * Only set the watermarks if there are none yet (a database seeded before the job existed), else do nothing.
   * Callers run this before a data load, so that the load itself is news to the run after it.
   */
  initOnly?: boolean;
  /** Signs the SMS short links (MSGLINK_SECRET; the env's, or the dev secret outside a deployment, when absent). */
  msgLinkSecret?: string;
}

/** What an insert returns, and what one user's SMS says: how many, the first title, and where its link opens. */
interface AlertRow {
  user_id: number;
  title: string;
  link: string;
}
interface Notice {
  user_id: number;
  n: number;
  title: string;
  target: string;
}
/** 消息 (the message list), which an SMS about several messages opens. */
export const MESSAGES_PATH = '/profile/message';

export interface AlertResult {
  /** true: the watermarks were set, nothing was looked at. */
  initialised: boolean;
  deal: number;
  priceCut: number;
  monthlyAvg: number;
  /** SMS sent. */
  sms: number;
  ms: number;
}

type Tx = Parameters<Parameters<DatabaseHandle['db']['transaction']>[0]>[0];
const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

// 万 with at most one decimal, no trailing .0
const wan = (col: string) => `regexp_replace(round(${col} / 10000.0, 1)::text, '\\.0$', '')`;
const num1 = (col: string) => `regexp_replace(round(${col}::numeric, 1)::text, '\\.0$', '')`;
const pct1 = (expr: string) => `regexp_replace(round(${expr}, 1)::text, '\\.0$', '')`;
const layout = (t: string) => `${t}.rooms || '室' || ${t}.halls || '厅 ' || ${num1(`${t}.area`)} || '㎡'`;

/** Subscribers of an estate who get its news in this run. */
const SUBSCRIBERS = `
  SELECT s.user_id, s.target_id AS estate_id FROM subscriptions s JOIN users u ON u.id = s.user_id
  WHERE s.target_type = 'estate' AND NOT s.muted AND u.deleted_at IS NULL`;

const MAX_MONTH = `(SELECT max(m) FROM (SELECT (SELECT max(p.month) FROM price_series p
   WHERE p.level = 'estate' AND p.city_id = c.id AND p.listing_avg IS NOT NULL) AS m FROM city c) x)`;

async function currentState(tx: Tx, now: Date): Promise<AlertState> {
  const [r] = await rowsOf<{ deal_id: number; cut_date: string | null; month: string | null }>(
    tx,
    sql.raw(`SELECT (SELECT coalesce(max(id), 0) FROM deal)::int AS deal_id,
      to_char((SELECT max(changed_at) FROM listing_price_change), 'YYYY-MM-DD') AS cut_date,
      to_char(${MAX_MONTH}, 'YYYY-MM-DD') AS month`),
  );
  const cutKeys = r?.cut_date
    ? (
        await rowsOf<{ k: string }>(
          tx,
          sql`SELECT listing_id || ':' || seq || ':' || new_total_price AS k FROM listing_price_change WHERE changed_at = ${r.cut_date}::date`,
        )
      ).map((x) => x.k)
    : [];
  const monthEstates = r?.month
    ? (
        await rowsOf<{ id: number }>(
          tx,
          sql`SELECT target_id AS id FROM price_series p JOIN city c ON p.level = 'estate' AND p.city_id = c.id
              WHERE p.month = ${r.month}::date AND p.listing_avg IS NOT NULL ORDER BY 1`,
        )
      ).map((x) => x.id)
    : [];
  return {
    dealId: r?.deal_id ?? 0,
    cutDate: r?.cut_date ?? null,
    cutKeys,
    month: r?.month ?? null,
    monthEstates,
    runAt: now.toISOString(),
  };
}

/** Runs the alert job once (see the top of this file). */
export async function runAlertJob(handle: DatabaseHandle, options: AlertOptions = {}): Promise<AlertResult> {
  const started = performance.now();
  const now = options.now ?? new Date();
  const out = { initialised: false, deal: 0, priceCut: 0, monthlyAvg: 0, sms: 0 };
  const notify: Notice[] = [];
  await handle.db.transaction(async (tx) => {
    // one run at a time: the row lock waits for another run to finish
    await tx.execute(
      sql`INSERT INTO job_state (name, state) VALUES (${ALERT_JOB}, 'null'::jsonb) ON CONFLICT (name) DO NOTHING`,
    );
    const [row] = await rowsOf<{ state: AlertState | null }>(
      tx,
      sql`SELECT state FROM job_state WHERE name = ${ALERT_JOB} FOR UPDATE`,
    );
    const state = row?.state;
    if (!state || options.reset) {
      const fresh = await currentState(tx, now);
      await tx.execute(
        sql`UPDATE job_state SET state = ${JSON.stringify(fresh)}::jsonb, updated_at = now() WHERE name = ${ALERT_JOB}`,
      );
      out.initialised = true;
      return;
    }
    if (options.initOnly) return;
    const at = now.toISOString();
    // who takes part: a parameterised fragment shared by the three inserts
    const subs = sql`${sql.raw(SUBSCRIBERS)} AND s.created_at <= ${at}::timestamptz`;
    const raw = sql.raw;

    // ---- deals --------------------------------------------------------------------------------------
    const deals = await rowsOf<AlertRow>(
      tx,
      sql`
      INSERT INTO messages (user_id, kind, estate_id, title, content, link, dedupe_key)
      SELECT s.user_id, 'deal', d.estate_id, '成交提醒',
        e.name || ' ' || ${raw(layout('d'))} || '，成交总价' || ${raw(wan('d.total_price'))} || '万，单价' || d.unit_price || '元/㎡，成交日期 ' || to_char(d.deal_date, 'YYYY-MM-DD'),
        '/' || d.city_id || '/deal-history/' || d.estate_id || '/detail?dealId=' || d.id,
        'deal:' || d.id
      FROM deal d JOIN (${subs}) s ON s.estate_id = d.estate_id JOIN estate e ON e.id = d.estate_id
      WHERE d.id > ${Math.trunc(state.dealId)}
      ORDER BY d.id
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING user_id, title, link`,
    );

    // ---- listing price cuts ≥ 3 % ---------------------------------------------------------------------
    const cutDate = state.cutDate ?? '1970-01-01';
    const seenKeys = JSON.stringify(state.cutKeys ?? []);
    const newCuts = sql`
      SELECT c.*, c.listing_id || ':' || c.seq || ':' || c.new_total_price AS k FROM listing_price_change c
      WHERE c.changed_at >= ${cutDate}::date
        AND NOT (c.changed_at = ${cutDate}::date AND (c.listing_id || ':' || c.seq || ':' || c.new_total_price)
                 IN (SELECT jsonb_array_elements_text(${seenKeys}::jsonb)))`;
    const cuts = await rowsOf<AlertRow>(
      tx,
      sql`
      INSERT INTO messages (user_id, kind, estate_id, title, content, link, dedupe_key)
      SELECT s.user_id, 'price_cut', l.estate_id, '降价提醒',
        e.name || ' ' || ${raw(layout('l'))} || '，挂牌价 ' || ${raw(wan('c.old_total_price'))} || '万 → ' || ${raw(wan('c.new_total_price'))} || '万，降' ||
          ${raw(pct1('(c.old_total_price - c.new_total_price) * 100.0 / c.old_total_price'))} || '%',
        '/' || l.city_id || '/property/' || l.id,
        'cut:' || c.k
      FROM (${newCuts}) c JOIN listing l ON l.id = c.listing_id
      JOIN (${subs}) s ON s.estate_id = l.estate_id JOIN estate e ON e.id = l.estate_id
      WHERE l.status = 'on_sale'
        AND (c.old_total_price - c.new_total_price)::bigint * 100 >= c.old_total_price::bigint * ${CUT_PERCENT}
      ORDER BY c.changed_at, c.listing_id, c.seq
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING user_id, title, link`,
    );
    const [cutMark] = await rowsOf<{ d: string | null; keys: string[] | null }>(
      tx,
      sql`WITH n AS (${newCuts}), m AS (SELECT to_char(greatest(max(changed_at), ${cutDate}::date), 'YYYY-MM-DD') AS d FROM n)
        SELECT m.d, array(SELECT k FROM n WHERE n.changed_at = m.d::date) AS keys FROM m`,
    );

    // ---- a new month of the estate's listing average --------------------------------------------------
    // only months the pages show: an average of at least MIN_LISTING_SAMPLE.estate listings on sale; the change
    // only against a month that has it too (as figures.ts sampledChange)
    const month = state.month ?? '1970-01-01';
    const seenEstates = JSON.stringify(state.monthEstates ?? []);
    const minSample = MIN_LISTING_SAMPLE.estate;
    const months = await rowsOf<AlertRow>(
      tx,
      sql`
      WITH cur AS (
        SELECT DISTINCT ON (p.target_id) p.target_id, p.month, p.listing_avg
        FROM price_series p
        WHERE p.level = 'estate' AND p.listing_avg IS NOT NULL AND p.listing_count >= ${minSample}
          AND p.month >= ${month}::date
          AND p.target_id IN (SELECT estate_id FROM (${subs}) s0)
          AND NOT (p.month = ${month}::date AND p.target_id IN (SELECT jsonb_array_elements_text(${seenEstates}::jsonb)::int))
        ORDER BY p.target_id, p.month DESC
      )
      INSERT INTO messages (user_id, kind, estate_id, title, content, link, dedupe_key)
      SELECT s.user_id, 'monthly_avg', cur.target_id, '月度均价',
        e.name || ' ' || extract(month FROM cur.month)::int || '月挂牌均价 ' || cur.listing_avg || '元/㎡，' ||
          CASE WHEN prev.listing_avg IS NULL OR prev.listing_avg = 0 THEN '上月暂无数据'
               WHEN cur.listing_avg > prev.listing_avg THEN '环比上涨 ' || ${raw(pct1('(cur.listing_avg - prev.listing_avg) * 100.0 / prev.listing_avg'))} || '%'
               WHEN cur.listing_avg < prev.listing_avg THEN '环比下跌 ' || ${raw(pct1('(prev.listing_avg - cur.listing_avg) * 100.0 / prev.listing_avg'))} || '%'
               ELSE '环比持平' END,
        '/' || e.city_id || '/house-detail/' || e.id,
        'month:' || cur.target_id || ':' || to_char(cur.month, 'YYYY-MM')
      FROM cur JOIN (${subs}) s ON s.estate_id = cur.target_id JOIN estate e ON e.id = cur.target_id
      LEFT JOIN price_series prev ON prev.level = 'estate' AND prev.target_id = cur.target_id
        AND prev.month = (cur.month - interval '1 month')::date AND prev.listing_count >= ${minSample}
      ORDER BY cur.target_id
      ON CONFLICT (user_id, dedupe_key) DO NOTHING
      RETURNING user_id, title, link`,
    );

    // ---- watermarks ----------------------------------------------------------------------------------
    const [mark] = await rowsOf<{ deal_id: number; month: string | null }>(
      tx,
      sql`SELECT greatest((SELECT coalesce(max(id), 0) FROM deal), ${Math.trunc(state.dealId)})::int AS deal_id,
        to_char(greatest(${raw(MAX_MONTH)}, ${month}::date), 'YYYY-MM-DD') AS month`,
    );
    const nextMonth = mark?.month ?? state.month;
    let monthEstates = state.monthEstates ?? [];
    if (nextMonth && nextMonth !== state.month) monthEstates = [];
    if (nextMonth) {
      const ids = await rowsOf<{ id: number }>(
        tx,
        sql`SELECT p.target_id AS id FROM price_series p JOIN city c ON p.level = 'estate' AND p.city_id = c.id
            WHERE p.month = ${nextMonth}::date AND p.listing_avg IS NOT NULL ORDER BY 1`,
      );
      monthEstates = ids.map((x) => x.id);
    }
    const nextCutDate = cutMark?.d ?? state.cutDate;
    const nextKeys =
      nextCutDate === state.cutDate ? [...(state.cutKeys ?? []), ...(cutMark?.keys ?? [])] : (cutMark?.keys ?? []);
    const next: AlertState = {
      dealId: mark?.deal_id ?? state.dealId,
      cutDate: nextCutDate,
      cutKeys: [...new Set(nextKeys)],
      month: nextMonth,
      monthEstates,
      runAt: at,
    };
    await tx.execute(
      sql`UPDATE job_state SET state = ${JSON.stringify(next)}::jsonb, updated_at = now() WHERE name = ${ALERT_JOB}`,
    );
    out.deal = deals.length;
    out.priceCut = cuts.length;
    out.monthlyAvg = months.length;
    const byUser = new Map<number, Notice>();
    for (const m of [...deals, ...cuts, ...months]) {
      const u = byUser.get(m.user_id);
      if (u) {
        u.n++;
        // several messages: the SMS opens the message list, where all of them are
        u.target = MESSAGES_PATH;
      } else byUser.set(m.user_id, { user_id: m.user_id, n: 1, title: m.title, target: m.link });
    }
    notify.push(...byUser.values());
  });

  // SMS after the commit: a failed send never takes the messages back
  if (options.sms && notify.length) {
    const secret = options.msgLinkSecret ?? msgLinkSecretFromEnv();
    for (let i = 0; i < notify.length; i += 1000) {
      const part = notify.slice(i, i + 1000);
      const phones = await handle.sql.query<{ id: number; phone: string }>(
        `SELECT id, phone FROM users WHERE id = ANY($1::int[]) AND deleted_at IS NULL`,
        [part.map((p) => p.user_id)],
      );
      const phoneOf = new Map(phones.map((p) => [p.id, p.phone]));
      const reached = part.filter((p) => phoneOf.has(p.user_id));
      // one signed short link (/activity/msglink?code=…) per SMS to the message's page (the message list for
      // several), valid MSGLINK_TTL_DAYS.alert: all of the part's in one INSERT
      const links = await createMsgLinks(
        handle.db,
        reached.map((p) => ({ kind: 'alert' as const, target: p.target, userId: p.user_id, now })),
        secret,
      );
      for (const [k, p] of reached.entries()) {
        await options.sms.send(phoneOf.get(p.user_id)!, 'price_alert', {
          count: String(p.n),
          title: p.title,
          link: links[k]!.path,
        });
        out.sms++;
      }
    }
  }
  return { ...out, ms: Math.round(performance.now() - started) };
}

/**
 * ALERT_SMS=1: the sandbox SMS gateway (as the server's, outside a deployment) writes each alert SMS to sms_outbox.
 * Off by default; null when off or when no sandbox gateway may be used (a deployment has no provider here yet).
 */
export function alertSmsFromEnv(handle: DatabaseHandle, env: NodeJS.ProcessEnv = process.env): AlertSms | null {
  if (env.ALERT_SMS !== '1') return null;
  // the server's rule (apps/server/src/env.ts): the sandbox unless this is a deployment
  const provider = env.SMS_PROVIDER ?? (isDeployed(env) ? 'none' : 'sandbox');
  if (provider === 'sandbox' && isDeployed(env)) return null;
  if (provider !== 'sandbox') return null;
  return sandboxAlertSms(handle);
}

/** The sandbox gateway's alert SMS: each written to sms_outbox (the server's, when its gateway is the sandbox). */
export function sandboxAlertSms(handle: DatabaseHandle): AlertSms {
  return {
    async send(phone, template, params) {
      await handle.sql.query(`INSERT INTO sms_outbox (phone, template, code, params) VALUES ($1, $2, NULL, $3)`, [
        phone,
        template,
        JSON.stringify(params),
      ]);
    },
  };
}

/** The one line the command lines print. */
export function alertSummary(r: AlertResult): string {
  if (r.initialised) return `提醒任务：已记录当前数据位置，不发送历史消息 / alerts: watermarks set (${r.ms} ms)`;
  return (
    `提醒任务 / alerts: 成交 deal ${r.deal}, 降价 price_cut ${r.priceCut}, 月度均价 monthly_avg ${r.monthlyAvg}` +
    `${r.sms ? `, 短信 sms ${r.sms}` : ''} (${r.ms} ms)`
  );
}
