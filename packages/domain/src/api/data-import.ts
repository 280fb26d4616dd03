// NEW POST ops/data/import and GET ops/data/imports (issue 11): the /ops console that loads an operator's CSV
// (columns in packages/dataset/data/IMPORT.md) into the running server, then runs the price-change alert job.
import { z } from 'zod';
import { textParam } from './params.ts';

export const DATA_IMPORT_KINDS = ['estates', 'listings', 'deals', 'rentals'] as const;
export type DataImportKind = (typeof DATA_IMPORT_KINDS)[number];
export const DATA_IMPORT_KIND_LABELS: Record<DataImportKind, string> = {
  estates: '小区',
  listings: '挂牌房源',
  deals: '成交',
  rentals: '租房',
};
/** A file larger than this is refused before it is read (the request body limit is a little above it). */
export const DATA_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const DATA_IMPORT_OPS_ONLY = '仅运营人员可以导入数据';

export const dataImportInput = z.object({
  kind: z.enum(DATA_IMPORT_KINDS, { message: '请选择数据类型：小区、挂牌房源、成交或租房' }),
  fileName: textParam('文件名', { max: 120 }),
  csv: z
    .string({ message: '请选择要导入的 CSV 文件' })
    .min(1, { message: '文件是空的' })
    .max(DATA_IMPORT_MAX_BYTES, { message: '文件不能超过5MB' }),
});

export const dataImportBody = z.object({
  import: z.object({
    kind: z.enum(DATA_IMPORT_KINDS),
    rows: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    seriesRows: z.number().int(),
  }),
  alerts: z.object({
    initialised: z.boolean(),
    deal: z.number().int(),
    priceCut: z.number().int(),
    monthlyAvg: z.number().int(),
    sms: z.number().int(),
    ms: z.number(),
  }),
});
export type DataImportBody = z.infer<typeof dataImportBody>;

export const dataImportListBody = z.object({
  list: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      fileName: z.string(),
      inserted: z.number().int(),
      updated: z.number().int(),
      unchanged: z.number().int(),
      finishedAt: z.string(),
    }),
  ),
});
export type DataImportList = z.infer<typeof dataImportListBody>;
