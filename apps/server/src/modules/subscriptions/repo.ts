// SQL of 订阅与收藏: the subscriptions and favorites rows of one user (every statement is scoped by user_id, so
// nobody reads or removes another user's rows), whether a target exists, and the estate rows of the collect page
// with the figures of the estate's own page (price_series of its city's newest month).
import { isoText, queryPage, queryRows, sql, type Database, type SQL } from '@fjt/db';
import { ARTICLE_COLUMNS, type FavoriteTarget, type SubscriptionTarget } from '@fjt/domain';
import { estateFiguresColumns, estateFiguresJoins, type EstateFiguresSqlRow } from '../../lib/estate-figures.ts';

export interface EstateFiguresRow extends EstateFiguresSqlRow {
  recordId: number;
  muted: boolean;
  createdAt: string;
}

export interface FollowSqlRow {
  recordId: number;
  targetType: 'author' | 'column';
  targetId: number;
  name: string | null;
  avatar: string | null;
  createdAt: string;
}

/** The table holding each kind of target, and the condition that it exists. */
const TARGET_EXISTS: Record<SubscriptionTarget | FavoriteTarget, ((id: number) => SQL) | null> = {
  estate: (id) => sql`SELECT 1 FROM estate WHERE id = ${id}`,
  listing: (id) => sql`SELECT 1 FROM listing WHERE id = ${id}`,
  plate: (id) => sql`SELECT 1 FROM plate WHERE id = ${id}`,
  project: (id) => sql`SELECT 1 FROM new_house_project WHERE id = ${id}`,
  author: (id) => sql`SELECT 1 FROM users WHERE id = ${id} AND deleted_at IS NULL`,
  // the fixed article columns (issue 17, domain ARTICLE_COLUMNS)
  column: (id) =>
    sql`SELECT 1 WHERE ${id} IN (${sql.join(
      Object.values(ARTICLE_COLUMNS).map((c) => sql`${c.id}`),
      sql`, `,
    )})`,
};

export function createSubscriptionsRepo(db: Database) {
  /** Estates of `table` (subscriptions or favorites) of the user, newest first, with their page's figures. */
  const estatePage = (table: 'subscriptions' | 'favorites', userId: number, page: number, size: number) =>
    queryPage<EstateFiguresRow>(db, {
      select: sql`s.id AS "recordId", ${estateFiguresColumns},
                  ${table === 'subscriptions' ? sql`s.muted` : sql`false`} AS muted, ${isoText('s.created_at')} AS "createdAt"`,
      from: sql`FROM ${sql.raw(table)} s ${estateFiguresJoins}
        WHERE s.user_id = ${userId} AND s.target_type = 'estate'`,
      orderBy: sql`s.created_at DESC, s.id DESC`,
      page,
      size,
    });

  return {
    async targetExists(type: SubscriptionTarget | FavoriteTarget, id: number): Promise<boolean> {
      const query = TARGET_EXISTS[type];
      if (!query) return false;
      return (await queryRows(db, query(id))).length > 0;
    },

    async subscription(userId: number, type: SubscriptionTarget, targetId: number) {
      const [row] = await queryRows<{ id: number; muted: boolean }>(
        db,
        sql`SELECT id, muted FROM subscriptions
            WHERE user_id = ${userId} AND target_type = ${type} AND target_id = ${targetId}`,
      );
      return row ?? null;
    },

    /** Adds the subscription unless it is there (idempotent); the row as it stands. */
    async subscribe(userId: number, type: SubscriptionTarget, targetId: number) {
      await db.execute(
        sql`INSERT INTO subscriptions (user_id, target_type, target_id) VALUES (${userId}, ${type}, ${targetId})
            ON CONFLICT (user_id, target_type, target_id) DO NOTHING`,
      );
      return (await this.subscription(userId, type, targetId))!;
    },

    async unsubscribe(userId: number, type: SubscriptionTarget, targetId: number) {
      await db.execute(
        sql`DELETE FROM subscriptions WHERE user_id = ${userId} AND target_type = ${type} AND target_id = ${targetId}`,
      );
    },

    /** Removes those of the rows that are the user's; how many went. */
    async deleteSubscriptions(userId: number, ids: number[]): Promise<number> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`DELETE FROM subscriptions WHERE user_id = ${userId}
            AND id IN (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) RETURNING id`,
      );
      return rows.length;
    },

    async isFavorite(userId: number, type: FavoriteTarget, targetId: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`SELECT 1 FROM favorites WHERE user_id = ${userId} AND target_type = ${type} AND target_id = ${targetId}`,
      );
      return rows.length > 0;
    },

    async favor(userId: number, type: FavoriteTarget, targetId: number) {
      await db.execute(
        sql`INSERT INTO favorites (user_id, target_type, target_id) VALUES (${userId}, ${type}, ${targetId})
            ON CONFLICT (user_id, target_type, target_id) DO NOTHING`,
      );
    },

    async unfavor(userId: number, type: FavoriteTarget, targetId: number) {
      await db.execute(
        sql`DELETE FROM favorites WHERE user_id = ${userId} AND target_type = ${type} AND target_id = ${targetId}`,
      );
    },

    subscribedEstates: (userId: number, page: number, size: number) => estatePage('subscriptions', userId, page, size),
    favoriteEstates: (userId: number, page: number, size: number) => estatePage('favorites', userId, page, size),

    /** Authors (users; their nickname and avatar while the account lives) or columns followed, newest first. */
    follows: (userId: number, type: 'author' | 'column', page: number, size: number) =>
      queryPage<FollowSqlRow>(db, {
        select: sql`s.id AS "recordId", s.target_type AS "targetType", s.target_id AS "targetId",
                    u.nickname AS name, u.avatar, ${isoText('s.created_at')} AS "createdAt"`,
        from: sql`FROM subscriptions s
          LEFT JOIN users u ON s.target_type = 'author' AND u.id = s.target_id AND u.deleted_at IS NULL
          WHERE s.user_id = ${userId} AND s.target_type = ${type}`,
        orderBy: sql`s.created_at DESC, s.id DESC`,
        page,
        size,
      }),
  };
}

export type SubscriptionsRepo = ReturnType<typeof createSubscriptionsRepo>;
