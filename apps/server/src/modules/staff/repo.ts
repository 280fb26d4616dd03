// SQL of staff roles: who holds which role, granting (creating the user of a new phone) and revoking.
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import { STAFF_ROLES, maskPhone, type StaffListBody, type StaffRole } from '@fjt/domain';

const byRoleOrder = (a: StaffRole, b: StaffRole) => STAFF_ROLES.indexOf(a) - STAFF_ROLES.indexOf(b);

export interface StaffUser {
  id: number;
  phone: string;
  nickname: string | null;
}

export function createStaffRepo(db: Database) {
  return {
    async rolesOf(userId: number): Promise<StaffRole[]> {
      const rows = await queryRows<{ role: StaffRole }>(
        db,
        sql`SELECT r.role FROM staff_roles r JOIN users u ON u.id = r.user_id
            WHERE r.user_id = ${userId} AND u.deleted_at IS NULL`,
      );
      return rows.map((r) => r.role).sort(byRoleOrder);
    },

    async userOfPhone(phone: string, tx: Database = db): Promise<StaffUser | null> {
      const [row] = await queryRows<StaffUser>(
        tx,
        sql`SELECT id, phone, nickname FROM users WHERE phone = ${phone} AND deleted_at IS NULL`,
      );
      return row ?? null;
    },

    /** The user of a phone, created when the phone is new; created: whether it was. */
    async ensureUser(phone: string, tx: Database = db): Promise<StaffUser & { created: boolean }> {
      const [row] = await queryRows<StaffUser & { created: boolean }>(
        tx,
        sql`INSERT INTO users (phone) VALUES (${phone})
            ON CONFLICT (phone) DO UPDATE SET phone = EXCLUDED.phone
            RETURNING id, phone, nickname, (xmax = 0) AS created`,
      );
      return row!;
    },

    /** true when the role was added, false when the user had it already. */
    async grant(userId: number, role: StaffRole, grantedBy: number | null, tx: Database = db): Promise<boolean> {
      const rows = await queryRows<{ role: string }>(
        tx,
        sql`INSERT INTO staff_roles (user_id, role, granted_by) VALUES (${userId}, ${role}, ${grantedBy})
            ON CONFLICT (user_id, role) DO NOTHING RETURNING role`,
      );
      return rows.length === 1;
    },

    /** true when the role was removed, false when the user did not have it. */
    async revoke(userId: number, role: StaffRole, tx: Database = db): Promise<boolean> {
      const rows = await queryRows<{ role: string }>(
        tx,
        sql`DELETE FROM staff_roles WHERE user_id = ${userId} AND role = ${role} RETURNING role`,
      );
      return rows.length === 1;
    },

    async agentExists(agentId: number, tx: Database = db): Promise<boolean> {
      return (await queryRows(tx, sql`SELECT 1 FROM agent WHERE id = ${agentId}`)).length === 1;
    },

    /** The staff user already acting as this agent, if any. */
    async userOfAgent(agentId: number, tx: Database = db): Promise<number | null> {
      const [row] = await queryRows<{ userId: number }>(
        tx,
        sql`SELECT user_id AS "userId" FROM staff_agent WHERE agent_id = ${agentId}`,
      );
      return row?.userId ?? null;
    },

    async agentOfUser(userId: number, tx: Database = db): Promise<number | null> {
      const [row] = await queryRows<{ agentId: number }>(
        tx,
        sql`SELECT agent_id AS "agentId" FROM staff_agent WHERE user_id = ${userId}`,
      );
      return row?.agentId ?? null;
    },

    /** The agent the user acts as, with its city and name (the lead console's header), or null. */
    async agentProfileOfUser(userId: number): Promise<{ id: number; cityId: number; name: string } | null> {
      const [row] = await queryRows<{ id: number; cityId: number; name: string }>(
        db,
        sql`SELECT a.id, a.city_id AS "cityId", a.name FROM staff_agent s JOIN agent a ON a.id = s.agent_id
            WHERE s.user_id = ${userId}`,
      );
      return row ?? null;
    },

    /** Makes the user act as the agent (replacing a previous link of the user); true when something changed. */
    async linkAgent(userId: number, agentId: number, tx: Database = db): Promise<boolean> {
      const rows = await queryRows<{ agentId: number }>(
        tx,
        sql`INSERT INTO staff_agent (user_id, agent_id) VALUES (${userId}, ${agentId})
            ON CONFLICT (user_id) DO UPDATE SET agent_id = EXCLUDED.agent_id
              WHERE staff_agent.agent_id <> EXCLUDED.agent_id
            RETURNING agent_id AS "agentId"`,
      );
      return rows.length === 1;
    },

    /** Agents of the first estate served by at least `count` agents: the demo agents' (they share leads). */
    async demoAgents(count: number, tx: Database = db): Promise<number[]> {
      const rows = await queryRows<{ agentId: number }>(
        tx,
        sql`SELECT agent_id AS "agentId" FROM agent_estate
            WHERE estate_id = (SELECT estate_id FROM agent_estate GROUP BY estate_id
                               HAVING count(*) >= ${count} ORDER BY estate_id LIMIT 1)
            ORDER BY agent_id LIMIT ${count}`,
      );
      return rows.map((r) => r.agentId);
    },

    /** Every staff member with their roles, oldest grant first. */
    async listStaff(): Promise<StaffListBody> {
      const rows = await queryRows<{
        userId: number;
        phone: string;
        nickname: string | null;
        role: StaffRole;
        grantedAt: string;
        grantedBy: string | null;
      }>(
        db,
        sql`SELECT u.id AS "userId", u.phone, u.nickname, r.role, ${isoText('r.granted_at')} AS "grantedAt",
                   g.phone AS "grantedBy"
            FROM staff_roles r JOIN users u ON u.id = r.user_id LEFT JOIN users g ON g.id = r.granted_by
            WHERE u.deleted_at IS NULL
            ORDER BY u.id`,
      );
      const members = new Map<number, StaffListBody['list'][number]>();
      for (const r of rows) {
        let m = members.get(r.userId);
        if (!m) members.set(r.userId, (m = { userId: r.userId, phone: r.phone, nickname: r.nickname, roles: [] }));
        m.roles.push({ role: r.role, grantedAt: r.grantedAt, grantedBy: r.grantedBy ? maskPhone(r.grantedBy) : null });
      }
      for (const m of members.values()) m.roles.sort((a, b) => byRoleOrder(a.role, b.role));
      return { list: [...members.values()] };
    },
  };
}

export type StaffRepo = ReturnType<typeof createStaffRepo>;
