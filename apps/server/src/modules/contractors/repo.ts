// SQL of 委托找房: a city's contracted house-search agents (agent.contractor), one of them, and the districts a brief
// may name.
import { queryPage, queryRows, sql, type Database } from '@fjt/db';
import type { ContractorCard } from '@fjt/domain';

export function createContractorsRepo(db: Database) {
  return {
    async cityExists(cityId: number): Promise<boolean> {
      return (await queryRows(db, sql`SELECT 1 FROM city WHERE id = ${cityId}`)).length === 1;
    },

    /** The city's contractors, best rated first (then most deals, then the lower id). */
    page(cityId: number, page: number, size: number) {
      return queryPage<ContractorCard>(db, {
        select: sql`a.id, a.name, a.company, a.store, a.years, a.rating, a.deal_count AS "dealCount",
                    a.showing_count AS "showingCount", a.intro`,
        from: sql`FROM agent a WHERE a.city_id = ${cityId} AND a.contractor`,
        orderBy: sql`a.rating DESC, a.deal_count DESC, a.id`,
        page,
        size,
      });
    },

    districts(cityId: number) {
      return queryRows<{ id: number; name: string }>(
        db,
        sql`SELECT id, name FROM district WHERE city_id = ${cityId} ORDER BY sort_order, id`,
      );
    },

    /** A contractor (an agent not contracted is none). */
    async contractor(id: number): Promise<{ id: number; cityId: number } | null> {
      const [row] = await queryRows<{ id: number; cityId: number }>(
        db,
        sql`SELECT id, city_id AS "cityId" FROM agent WHERE id = ${id} AND contractor`,
      );
      return row ?? null;
    },

    async district(id: number): Promise<{ id: number; cityId: number; name: string } | null> {
      const [row] = await queryRows<{ id: number; cityId: number; name: string }>(
        db,
        sql`SELECT id, city_id AS "cityId", name FROM district WHERE id = ${id}`,
      );
      return row ?? null;
    },
  };
}
export type ContractorsRepo = ReturnType<typeof createContractorsRepo>;
