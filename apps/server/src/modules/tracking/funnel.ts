// The channel funnel of /ops/funnel (issue 18): per day (Asia/Shanghai) and channel, the visits (distinct devices
// with a channel mark), the logins (users attributed to the channel that day) and the PAID orders of the channel's
// users that day, with their amount. Days and channels with nothing are left out; the page fills the days.
import type { Database } from '@fjt/db';
import { queryRows, sql } from '@fjt/db';
import type { FunnelBody, FunnelQuery, FunnelRow } from '@fjt/domain';

const DAY_MS = 86_400_000;
const shanghaiStart = (day: string) => new Date(Date.parse(`${day}T00:00:00+08:00`)).toISOString();
const dayOf = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`);

export async function channelFunnel(db: Database, { from, to, channel }: FunnelQuery): Promise<FunnelBody> {
  const start = shanghaiStart(from);
  const end = new Date(Date.parse(shanghaiStart(to)) + DAY_MS).toISOString();
  const only = (column: string) => (channel ? sql`AND ${sql.raw(column)} = ${channel}` : sql``);
  const rows = await queryRows<FunnelRow>(
    db,
    sql`SELECT day, channel, sum(visits)::int AS visits, sum(logins)::int AS logins, sum(orders)::int AS orders,
               sum(amount)::int AS "amountFen"
          FROM (
            SELECT ${dayOf('created_at')} AS day, channel_code AS channel, count(DISTINCT device_id) AS visits,
                   0 AS logins, 0 AS orders, 0 AS amount
              FROM channel_mark
             WHERE created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz ${only('channel_code')}
             GROUP BY 1, 2
            UNION ALL
            SELECT ${dayOf('attributed_at')}, channel_code, 0, count(*), 0, 0
              FROM user_channel
             WHERE attributed_at >= ${start}::timestamptz AND attributed_at < ${end}::timestamptz ${only('channel_code')}
             GROUP BY 1, 2
            UNION ALL
            SELECT ${dayOf('o.paid_at')}, uc.channel_code, 0, 0, count(*), sum(o.amount_fen)
              FROM orders o JOIN user_channel uc ON uc.user_id = o.user_id
             WHERE o.status = 'PAID' AND o.paid_at >= ${start}::timestamptz AND o.paid_at < ${end}::timestamptz
                   ${only('uc.channel_code')}
             GROUP BY 1, 2
          ) t
         GROUP BY day, channel
         ORDER BY day, channel`,
  );
  // the filter's choices: every channel of the range, whatever is filtered now
  const seen = await queryRows<{ channel: string }>(
    db,
    sql`SELECT DISTINCT channel_code AS channel FROM channel_mark
         WHERE created_at >= ${start}::timestamptz AND created_at < ${end}::timestamptz
        UNION
        SELECT DISTINCT channel_code FROM user_channel
         WHERE attributed_at >= ${start}::timestamptz AND attributed_at < ${end}::timestamptz`,
  );
  const channels = seen.map((r) => r.channel).sort();
  const totals = { visits: 0, logins: 0, orders: 0, amountFen: 0 };
  for (const r of rows) {
    totals.visits += r.visits;
    totals.logins += r.logins;
    totals.orders += r.orders;
    totals.amountFen += r.amountFen;
  }
  return { from, to, channels, rows, totals };
}
