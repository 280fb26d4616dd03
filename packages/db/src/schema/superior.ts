// 达人 (issue 14, spec §4, §6, PAGES.md §3.11 pubBySuperior): the super label staff give a user (1 达人, 2 认证达人;
// no row: none) and what a super-user recommends — resale estates and new-house projects, each with a reason.
import { bigserial, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** One row per labelled user; revoking the label deletes the row (the audit log keeps the history). */
export const userLabel = pgTable('user_label', {
  userId: integer('user_id').primaryKey(),
  /** domain SUPER_LABELS: 1 or 2. */
  label: smallint('label').notNull(),
  /** The staff user who granted it; null for the command line or the demo seed. */
  grantedBy: integer('granted_by'),
  grantedAt: at('granted_at').notNull().defaultNow(),
});

/** A pick: kind resale (target = estate id) or new (target = new_house_project id). */
export const superiorPick = pgTable(
  'superior_pick',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    targetId: integer('target_id').notNull(),
    /** The city of the target, so a city's picks are read without joining both target tables. */
    cityId: integer('city_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('superior_pick_target_idx').on(t.userId, t.kind, t.targetId),
    index('superior_pick_list_idx').on(t.userId, t.kind, t.cityId, t.createdAt),
  ],
);
