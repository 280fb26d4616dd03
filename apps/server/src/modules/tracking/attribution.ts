// Channel attribution (issue 18): a user's channel is the channel of the device they first signed in on — its
// latest channel mark (last touch) within 30 days before that login. Runs as a login hook; a user keeps the first
// channel they were attributed to (one user_channel row, its primary key settles a race), and orders follow the
// user's channel (funnel.ts).
import type { Database } from '@fjt/db';
import { sql } from '@fjt/db';
import type { LoginHook } from '../accounts/routes.ts';

export const ATTRIBUTION_WINDOW_MS = 30 * 86_400_000;

export function channelAttribution(db: Database): LoginHook {
  return async ({ userId, deviceId, at }) => {
    if (!deviceId) return;
    const since = new Date(at.getTime() - ATTRIBUTION_WINDOW_MS).toISOString();
    await db.execute(
      sql`INSERT INTO user_channel (user_id, channel_code, device_id, attributed_at)
          SELECT ${userId}, m.channel_code, m.device_id, ${at.toISOString()}::timestamptz
            FROM channel_mark m
           WHERE m.device_id = ${deviceId} AND m.created_at >= ${since}::timestamptz
                 AND m.created_at <= ${at.toISOString()}::timestamptz
           ORDER BY m.created_at DESC, m.id DESC
           LIMIT 1
          ON CONFLICT (user_id) DO NOTHING`,
    );
  };
}
