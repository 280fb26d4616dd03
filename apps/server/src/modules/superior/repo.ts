// SQL of 达人: the super label of a user (user_label), a super-user's picks (superior_pick) with the estate-card
// figures of resale picks, and the 达人's header (picks in a city, followers, whether the viewer follows).
import { queryPage, queryRows, sql, type Database } from '@fjt/db';
import type { SuperLabel, SuperiorPickKind } from '@fjt/domain';
import { estateFiguresColumns, estateFiguresJoins, type EstateFiguresSqlRow } from '../../lib/estate-figures.ts';

/** 'YYYY-MM-DD' of a timestamp in China time (what the page shows as the pick's date). */
const CHINA_DAY = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD')`);

export interface PickedSqlRow {
  reason: string;
  pickedAt: string;
}

export interface ProjectPickSqlRow extends PickedSqlRow {
  id: number;
  cityId: number;
  name: string;
  districtName: string;
  plateName: string;
  saleStatus: string;
  avgPrice: number | null;
}

export interface SuperiorSqlHeader {
  userId: number;
  nickname: string | null;
  avatar: string | null;
  label: SuperLabel;
  resaleCount: number;
  newCount: number;
  followerCount: number;
  followed: boolean;
}

export function createSuperiorRepo(db: Database) {
  /** The picks of one kind of a user in a city, newest first. */
  const pickPage =
    <Row>(kind: SuperiorPickKind, columns: ReturnType<typeof sql>, joins: ReturnType<typeof sql>) =>
    (userId: number, cityId: number, page: number, size: number) =>
      queryPage<Row>(db, {
        select: sql`${columns}, s.reason, ${CHINA_DAY('s.created_at')} AS "pickedAt"`,
        from: sql`FROM superior_pick s ${joins}
          WHERE s.user_id = ${userId} AND s.kind = ${kind} AND s.city_id = ${cityId}`,
        orderBy: sql`s.created_at DESC, s.id DESC`,
        page,
        size,
      });

  return {
    async labelOf(userId: number, tx: Database = db): Promise<SuperLabel | null> {
      const [row] = await queryRows<{ label: number }>(
        tx,
        sql`SELECT l.label FROM user_label l JOIN users u ON u.id = l.user_id AND u.deleted_at IS NULL
            WHERE l.user_id = ${userId}`,
      );
      return row ? (row.label as SuperLabel) : null;
    },

    /** Sets (or, with null, removes) the label; true when something changed. */
    async setLabel(userId: number, label: SuperLabel | null, grantedBy: number | null, tx: Database = db) {
      const rows =
        label === null
          ? await queryRows(tx, sql`DELETE FROM user_label WHERE user_id = ${userId} RETURNING user_id`)
          : await queryRows(
              tx,
              sql`INSERT INTO user_label (user_id, label, granted_by) VALUES (${userId}, ${label}, ${grantedBy})
                  ON CONFLICT (user_id) DO UPDATE SET label = EXCLUDED.label, granted_by = EXCLUDED.granted_by,
                                                      granted_at = now()
                  WHERE user_label.label <> EXCLUDED.label
                  RETURNING user_id`,
            );
      return rows.length > 0;
    },

    /** The city of the pick's target; null when it does not exist. */
    async targetCity(kind: SuperiorPickKind, targetId: number): Promise<number | null> {
      const table = sql.raw(kind === 'resale' ? 'estate' : 'new_house_project');
      const [row] = await queryRows<{ cityId: number }>(
        db,
        sql`SELECT city_id AS "cityId" FROM ${table} WHERE id = ${targetId}`,
      );
      return row?.cityId ?? null;
    },

    async isPicked(userId: number, kind: SuperiorPickKind, targetId: number): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`SELECT 1 FROM superior_pick WHERE user_id = ${userId} AND kind = ${kind} AND target_id = ${targetId}`,
      );
      return rows.length > 0;
    },

    async pickCount(userId: number, kind: SuperiorPickKind): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM superior_pick WHERE user_id = ${userId} AND kind = ${kind}`,
      );
      return row?.n ?? 0;
    },

    /** Adds the pick, or gives an existing one the new reason (it keeps its date). */
    async pick(userId: number, kind: SuperiorPickKind, targetId: number, cityId: number, reason: string) {
      await db.execute(
        sql`INSERT INTO superior_pick (user_id, kind, target_id, city_id, reason)
            VALUES (${userId}, ${kind}, ${targetId}, ${cityId}, ${reason})
            ON CONFLICT (user_id, kind, target_id) DO UPDATE SET reason = EXCLUDED.reason`,
      );
    },

    async unpick(userId: number, kind: SuperiorPickKind, targetId: number) {
      await db.execute(
        sql`DELETE FROM superior_pick WHERE user_id = ${userId} AND kind = ${kind} AND target_id = ${targetId}`,
      );
    },

    /** The 达人's card: null when the user has no label (or is deleted). viewerId null: a visitor. */
    async header(userId: number, cityId: number, viewerId: number | null): Promise<SuperiorSqlHeader | null> {
      const [row] = await queryRows<SuperiorSqlHeader>(
        db,
        sql`SELECT u.id AS "userId", u.nickname, u.avatar, l.label,
              (SELECT count(*)::int FROM superior_pick WHERE user_id = u.id AND city_id = ${cityId}
                 AND kind = 'resale') AS "resaleCount",
              (SELECT count(*)::int FROM superior_pick WHERE user_id = u.id AND city_id = ${cityId}
                 AND kind = 'new') AS "newCount",
              (SELECT count(*)::int FROM subscriptions WHERE target_type = 'author' AND target_id = u.id)
                AS "followerCount",
              EXISTS (SELECT 1 FROM subscriptions WHERE target_type = 'author' AND target_id = u.id
                        AND user_id = ${viewerId ?? 0}) AS followed
            FROM users u JOIN user_label l ON l.user_id = u.id
            WHERE u.id = ${userId} AND u.deleted_at IS NULL`,
      );
      return row ?? null;
    },

    estatePicks: pickPage<EstateFiguresSqlRow & PickedSqlRow>('resale', estateFiguresColumns, estateFiguresJoins),

    projectPicks: pickPage<ProjectPickSqlRow>(
      'new',
      sql`n.id, n.city_id AS "cityId", n.name, d.name AS "districtName", p.name AS "plateName",
          n.sale_status AS "saleStatus", n.avg_price AS "avgPrice"`,
      sql`JOIN new_house_project n ON n.id = s.target_id
          JOIN district d ON d.id = n.district_id
          JOIN plate p ON p.id = n.plate_id`,
    ),

    /** The demo 达人's nickname, unless the user chose one. */
    async setNicknameIfUnset(userId: number, nickname: string) {
      await db.execute(sql`UPDATE users SET nickname = ${nickname} WHERE id = ${userId} AND nickname IS NULL`);
    },

    /** Makes the user answer for the estates of the city's first plate (super_answerer_estate; idempotent). */
    async answerForFirstPlate(userId: number, cityId: number) {
      await db.execute(
        sql`INSERT INTO super_answerer_estate (user_id, estate_id)
            SELECT ${userId}, e.id FROM estate e
            WHERE e.plate_id = (SELECT id FROM plate WHERE city_id = ${cityId} ORDER BY id LIMIT 1)
            ON CONFLICT DO NOTHING`,
      );
    },

    /** The demo super-user's picks: the first few estates and projects of the city. */
    async demoTargets(cityId: number, count: number) {
      const estates = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM estate WHERE city_id = ${cityId} ORDER BY id LIMIT ${count}`,
      );
      const projects = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM new_house_project WHERE city_id = ${cityId} ORDER BY id LIMIT ${count}`,
      );
      return { estates: estates.map((r) => r.id), projects: projects.map((r) => r.id) };
    },
  };
}

export type SuperiorRepo = ReturnType<typeof createSuperiorRepo>;
