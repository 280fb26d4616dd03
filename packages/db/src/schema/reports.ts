// Certificates behind the QR code of an issued report (PAGES.md §3.4 /report/certificate/{id?}): whoever holds
// a printed or shared report can check that it was issued by us, for which estate and when.
import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per issued report. id is a random, unguessable code printed on the report (e.g. FJT7K3M9Q2XW4P). */
export const reportCertificate = pgTable(
  'report_certificate',
  {
    id: text('id').primaryKey(),
    /** estate: the one-page 小区报告. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    cityId: integer('city_id').notNull(),
    estateId: integer('estate_id').notNull(),
    /** The data month the report shows (first day of the month), null when the estate has no series yet. */
    dataMonth: date('data_month', { mode: 'string' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_certificate_estate_idx').on(t.estateId, t.issuedAt)],
);
