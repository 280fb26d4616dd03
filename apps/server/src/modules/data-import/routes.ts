// NEW POST ops/data/import, GET ops/data/imports (issue 11): the /ops 数据导入 console's calls, ops role only.
// With APP_TEST_HOOKS (end-to-end tests) also POST dev/alerts/import: the same import without a staff session.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoText, queryRows, sql, type DatabaseHandle } from '@fjt/db';
import {
  DATA_IMPORT_MAX_BYTES,
  DATA_IMPORT_OPS_ONLY,
  dataImportBody,
  dataImportInput,
  dataImportListBody,
  ok,
  type DataImportList,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { staffGuard } from '../staff/guard.ts';
import type { StaffModule } from '../staff/service.ts';
import type { DataImportService } from './service.ts';

const tags = ['staff'];
// JSON escaping of the CSV text and the other fields on top of the file's own size
const BODY_LIMIT = Math.ceil(DATA_IMPORT_MAX_BYTES * 1.2) + 4096;

export const dataImportRoutes: FastifyPluginAsyncZod<{
  staff: StaffModule;
  imports: DataImportService;
  database: DatabaseHandle;
  testHooks: boolean;
}> = async (app, { staff, imports, database, testHooks }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });
  const staffOf = staffGuard(staff);
  const needsOps = { role: 'ops' as const, message: DATA_IMPORT_OPS_ONLY };

  app.post(
    '/ops/data/import',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary:
          '导入数据（新，仅限运营）：小区/挂牌/成交/租房 CSV，全部校验通过才写入；随后运行价格提醒任务并刷新缓存；写审计日志',
        body: dataImportInput,
        response: { 200: envelopeOf(dataImportBody) },
      },
    },
    async (request) => {
      const actor = await staffOf(request, needsOps);
      const { kind, csv, fileName } = request.body;
      return ok(await imports.run({ kind, csv, fileName, actorId: actor.userId, ip: request.ip }));
    },
  );

  app.get(
    '/ops/data/imports',
    {
      schema: {
        tags,
        summary: '最近的数据导入（新，仅限运营）：最近20次导入的文件与新增、更新、未变行数',
        response: { 200: envelopeOf(dataImportListBody) },
      },
    },
    async (request) => {
      await staffOf(request, needsOps);
      const list = await queryRows<DataImportList['list'][number]>(
        database.db,
        sql`SELECT id, kind, file_name AS "fileName", inserted, updated, unchanged, ${isoText('finished_at')} AS "finishedAt"
            FROM import_run ORDER BY id DESC LIMIT 20`,
      );
      return ok({ list });
    },
  );

  if (testHooks) {
    app.post(
      '/dev/alerts/import',
      { bodyLimit: BODY_LIMIT, schema: { hide: true, body: dataImportInput.partial({ fileName: true }) } },
      async (request) => {
        const { kind, csv, fileName } = request.body;
        return ok(await imports.run({ kind, csv, fileName: fileName ?? 'e2e.csv', actorId: null, ip: null }));
      },
    );
  }
};
