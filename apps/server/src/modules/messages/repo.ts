// SQL of the message centre: a user's messages (newest first), the unread count, marking read, and muting the
// estate subscription the price-change alerts come from. Every statement is scoped to the user.
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import type { MessageItem } from '@fjt/domain';


export function createMessagesRepo(db: Database) {
  const unread = async (userId: number) =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM messages WHERE user_id = ${userId} AND read_at IS NULL`,
      )
    )[0]?.n ?? 0;
  return {
    unread,

    async list(userId: number, page: number, size: number) {
      const [count, rows] = await Promise.all([
        queryRows<{ total: number; unread: number }>(
          db,
          sql`SELECT count(*)::int AS total, (count(*) FILTER (WHERE read_at IS NULL))::int AS unread
              FROM messages WHERE user_id = ${userId}`,
        ),
        queryRows<MessageItem>(
          db,
          sql`SELECT m.id::int AS id, m.kind, m.estate_id AS "estateId", m.title, m.content, m.link,
                ${isoText('m.created_at')} AS "createdAt", m.read_at IS NULL AS unread, s.muted
              FROM messages m
              LEFT JOIN subscriptions s ON s.user_id = m.user_id AND s.target_type = 'estate' AND s.target_id = m.estate_id
              WHERE m.user_id = ${userId}
              ORDER BY m.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
        ),
      ]);
      return { total: count[0]?.total ?? 0, unread: count[0]?.unread ?? 0, rows };
    },

    /** Marks the given messages of the user (others' ids are ignored) or all of them as read. */
    async markRead(userId: number, ids: number[] | 'all') {
      const rows = await queryRows<{ id: number }>(
        db,
        ids === 'all'
          ? sql`UPDATE messages SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL RETURNING id`
          : sql`UPDATE messages SET read_at = now() WHERE user_id = ${userId} AND read_at IS NULL
                AND id IN (${sql.join(
                  ids.map((id) => sql`${id}`),
                  sql`, `,
                )}) RETURNING id`,
      );
      return { updated: rows.length, unread: await unread(userId) };
    },

    /** false: the user has no subscription to that estate. */
    async mute(userId: number, estateId: number, muted: boolean) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`UPDATE subscriptions SET muted = ${muted}
            WHERE user_id = ${userId} AND target_type = 'estate' AND target_id = ${estateId} RETURNING id`,
      );
      return rows.length > 0;
    },
  };
}

export type MessagesRepo = ReturnType<typeof createMessagesRepo>;
