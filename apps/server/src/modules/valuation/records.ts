// The stored valuations (PAGES.md §3.7, §3.9): estimate/create values a home and keeps the answer as given, so a
// record never changes when later deals arrive (重新估价 makes a new one); estimate/detail shows it to its owner
// only; app/estate/evaluation lists a user's records, newest first; delete hides one for good.
import { isoText, queryRows, sql, type Database } from '@fjt/db';
import {
  ApiError,
  ESTIMATE_RECORD_MESSAGES,
  ESTIMATE_RECORD_PAGE_SIZE,
  type EstimateCreateInput,
  type EstimateRecord,
  type EstimateRecordItem,
  type EstimateRecordList,
  type EstimateValueBody,
} from '@fjt/domain';
import type { ValuationService } from './service.ts';

type RecordInput = EstimateRecord['input'];

interface RecordRow {
  id: number;
  userId: number;
  createdAt: string;
  input: RecordInput;
  result: EstimateValueBody;
  estateId: number;
  estateName: string;
  cityId: number;
  districtName: string;
  plateName: string;
}

export interface EstimateRecords {
  create(userId: number, input: EstimateCreateInput): Promise<EstimateRecord>;
  /** 404 when missing or deleted, 403 when another user's. */
  detail(userId: number, recordId: number): Promise<EstimateRecord>;
  list(userId: number, page: number): Promise<EstimateRecordList>;
  /** false: no such record of this user (already deleted, or someone else's). */
  remove(userId: number, recordId: number): Promise<boolean>;
}

const toRecord = (r: RecordRow): EstimateRecord => ({
  recordId: Number(r.id),
  createdAt: r.createdAt,
  estate: {
    id: Number(r.estateId),
    name: r.estateName,
    cityId: Number(r.cityId),
    districtName: r.districtName,
    plateName: r.plateName,
  },
  input: r.input,
  result: r.result,
});

export function createEstimateRecords(db: Database, valuation: Pick<ValuationService, 'value'>): EstimateRecords {
  const read = async (recordId: number) => {
    const [row] = await queryRows<RecordRow>(
      db,
      sql`SELECT r.id, r.user_id AS "userId", ${isoText('r.created_at')} AS "createdAt", r.input, r.result,
                 e.id AS "estateId", e.name AS "estateName", e.city_id AS "cityId",
                 d.name AS "districtName", p.name AS "plateName"
          FROM estimate_record r
          JOIN estate e ON e.id = r.estate_id
          JOIN district d ON d.id = e.district_id
          JOIN plate p ON p.id = e.plate_id
          WHERE r.id = ${recordId} AND r.deleted_at IS NULL`,
    );
    return row ?? null;
  };

  return {
    async create(userId, input) {
      // Valued first: a refusal (数据不足) or a bad month stores nothing.
      const result = await valuation.value(input);
      const kept: RecordInput = {
        area: input.area,
        rooms: input.rooms,
        halls: input.halls ?? null,
        floor: input.floor,
        totalFloors: input.totalFloors,
        orientation: input.orientation,
        decoration: input.decoration ?? null,
        asOf: input.asOf ?? null,
      };
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO estimate_record (user_id, city_id, estate_id, input, result, total_price, area, as_of, created_at)
            SELECT ${userId}, e.city_id, e.id, ${JSON.stringify(kept)}::jsonb, ${JSON.stringify(result)}::jsonb,
                   ${result.totalPrice}, ${input.area}, ${result.asOf}, now()
            FROM estate e WHERE e.id = ${input.estateId}
            RETURNING id`,
      );
      const created = row && (await read(Number(row.id)));
      if (!created) throw ApiError.notFound(ESTIMATE_RECORD_MESSAGES.notFound);
      return toRecord(created);
    },

    async detail(userId, recordId) {
      const row = await read(recordId);
      if (!row) throw ApiError.notFound(ESTIMATE_RECORD_MESSAGES.notFound);
      if (Number(row.userId) !== userId) throw ApiError.forbidden(ESTIMATE_RECORD_MESSAGES.forbidden);
      return toRecord(row);
    },

    async list(userId, page) {
      const size = ESTIMATE_RECORD_PAGE_SIZE;
      const [count, rows] = await Promise.all([
        queryRows<{ total: number }>(
          db,
          sql`SELECT count(*)::int AS total FROM estimate_record WHERE user_id = ${userId} AND deleted_at IS NULL`,
        ),
        queryRows<EstimateRecordItem>(
          db,
          sql`SELECT r.id::int AS "recordId", r.estate_id AS "estateId", e.name AS "estateName", r.area,
                     (r.input->>'rooms')::int AS rooms, r.total_price AS "totalPrice",
                     (r.result->>'unitPrice')::int AS "unitPrice", r.result->>'confidence' AS confidence,
                     r.as_of AS "asOf", ${isoText('r.created_at')} AS "createdAt"
              FROM estimate_record r JOIN estate e ON e.id = r.estate_id
              WHERE r.user_id = ${userId} AND r.deleted_at IS NULL
              ORDER BY r.id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`,
        ),
      ]);
      return {
        total: count[0]?.total ?? 0,
        page,
        list: rows.map((r) => ({ ...r, area: Number(r.area), estateId: Number(r.estateId) })),
      };
    },

    async remove(userId, recordId) {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`UPDATE estimate_record SET deleted_at = now()
            WHERE id = ${recordId} AND user_id = ${userId} AND deleted_at IS NULL RETURNING id`,
      );
      return rows.length > 0;
    },
  };
}
