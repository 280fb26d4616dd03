// SQL of the agent pages. An agent's listings come through listing_agent_idx; its deals through the estates it
// serves (agent_estate, then deal_estate_date_idx), so no query scans a city's deals for one agent.
import { queryPage, queryRows, sql, type Database } from '@fjt/db';
import type { AgentSort } from '@fjt/domain';

export interface AgentSqlRow {
  id: number;
  cityId: number;
  name: string;
  avatar: string | null;
  company: string;
  store: string;
  years: number;
  rating: number;
  showingCount: number;
  dealCount: number;
  wechatNo: string | null;
  estateCount: number;
  onSaleCount: number;
}

const PROFILE = sql`a.id, a.city_id AS "cityId", a.name, a.avatar, a.company, a.store, a.years, a.rating,
  a.showing_count AS "showingCount", a.deal_count AS "dealCount", a.wechat_no AS "wechatNo",
  (SELECT count(*)::int FROM agent_estate ae WHERE ae.agent_id = a.id) AS "estateCount",
  (SELECT count(*)::int FROM listing l WHERE l.agent_id = a.id AND l.status = 'on_sale') AS "onSaleCount"`;

const ORDER: Record<AgentSort, ReturnType<typeof sql>> = {
  rating: sql`a.rating DESC, a.deal_count DESC, a.id`,
  deals: sql`a.deal_count DESC, a.rating DESC, a.id`,
};

export function createAgentsRepo(db: Database) {
  return {
    async agent(id: number): Promise<AgentSqlRow | null> {
      const [row] = await queryRows<AgentSqlRow>(db, sql`SELECT ${PROFILE} FROM agent a WHERE a.id = ${id}`);
      return row ?? null;
    },

    page(cityId: number, sort: AgentSort, page: number, size: number) {
      return queryPage<AgentSqlRow>(db, {
        select: PROFILE,
        from: sql`FROM agent a WHERE a.city_id = ${cityId}`,
        orderBy: ORDER[sort],
        page,
        size,
      });
    },

    /** The estates the agent serves, with its listings on sale and its deals in each; most deals first. */
    estates(agentId: number) {
      return queryRows<{ id: number; name: string; plateName: string; onSaleCount: number; dealCount: number }>(
        db,
        sql`SELECT e.id, e.name, p.name AS "plateName",
              (SELECT count(*)::int FROM listing l
                WHERE l.estate_id = e.id AND l.status = 'on_sale' AND l.agent_id = ${agentId}) AS "onSaleCount",
              (SELECT count(*)::int FROM deal d WHERE d.estate_id = e.id AND d.agent_id = ${agentId}) AS "dealCount"
            FROM agent_estate ae
            JOIN estate e ON e.id = ae.estate_id
            JOIN plate p ON p.id = e.plate_id
            WHERE ae.agent_id = ${agentId}
            ORDER BY "dealCount" DESC, "onSaleCount" DESC, e.id`,
      );
    },

    /** Its listings on sale, newest first. */
    listings(agentId: number, size: number) {
      return queryRows<{
        id: number;
        estateId: number;
        estateName: string;
        rooms: number;
        halls: number;
        area: number;
        totalPrice: number;
        unitPrice: number;
        listedAt: string;
      }>(
        db,
        sql`SELECT l.id, l.estate_id AS "estateId", e.name AS "estateName", l.rooms, l.halls, l.area,
              l.total_price AS "totalPrice", l.unit_price AS "unitPrice", to_char(l.listed_at, 'YYYY-MM-DD') AS "listedAt"
            FROM listing l JOIN estate e ON e.id = l.estate_id
            WHERE l.agent_id = ${agentId} AND l.status = 'on_sale'
            ORDER BY l.listed_at DESC, l.id DESC
            LIMIT ${size}`,
      );
    },

    /** Its latest deals in the estates it serves, newest first. */
    deals(agentId: number, size: number) {
      return queryRows<{
        id: number;
        estateId: number;
        estateName: string;
        rooms: number;
        halls: number;
        area: number;
        month: string;
      }>(
        db,
        sql`SELECT d.id, d.estate_id AS "estateId", e.name AS "estateName", d.rooms, d.halls, d.area,
              to_char(d.deal_date, 'YYYY-MM') AS month
            FROM agent_estate ae
            JOIN deal d ON d.estate_id = ae.estate_id AND d.agent_id = ae.agent_id
            JOIN estate e ON e.id = d.estate_id
            WHERE ae.agent_id = ${agentId}
            ORDER BY d.deal_date DESC, d.id DESC
            LIMIT ${size}`,
      );
    },
  };
}
export type AgentsRepo = ReturnType<typeof createAgentsRepo>;
