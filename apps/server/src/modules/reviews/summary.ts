// An estate's review scores (review_summary), recomputed from its visible reviews. Called in the same transaction as
// every change to a review's scores, tags or status (written, edited, deleted, hidden or restored by moderation), so
// the estate page's one-row read is never behind the list.
import { sql } from 'drizzle-orm';
import type { Database } from '@fjt/db';

export async function recomputeReviewSummary(db: Pick<Database, 'execute'>, estateId: number): Promise<void> {
  await db.execute(sql`
    WITH v AS (
      SELECT * FROM review WHERE estate_id = ${estateId} AND status = 'visible'
    ), tags AS (
      SELECT COALESCE(jsonb_object_agg(tag, n), '{}'::jsonb) AS counts
        FROM (SELECT t.tag, count(*)::int AS n FROM v, jsonb_array_elements_text(v.tags) AS t(tag) GROUP BY t.tag) x
    )
    INSERT INTO review_summary (estate_id, count, overall_sum, traffic_sum, amenities_sum, property_sum,
                                environment_sum, tag_counts, updated_at)
    SELECT ${estateId}, count(*)::int, COALESCE(sum(overall), 0)::int, COALESCE(sum(traffic), 0)::int,
           COALESCE(sum(amenities), 0)::int, COALESCE(sum(property), 0)::int, COALESCE(sum(environment), 0)::int,
           (SELECT counts FROM tags), now()
      FROM v
    ON CONFLICT (estate_id) DO UPDATE SET
      count = EXCLUDED.count, overall_sum = EXCLUDED.overall_sum, traffic_sum = EXCLUDED.traffic_sum,
      amenities_sum = EXCLUDED.amenities_sum, property_sum = EXCLUDED.property_sum,
      environment_sum = EXCLUDED.environment_sum, tag_counts = EXCLUDED.tag_counts, updated_at = now()`);
}
