// NEW GET/POST user/privacy (the '个性化推荐与统计' switch of /profile/info: off = a tracking_opt_out row, and the
// events of the user are dropped), NEW GET ops/funnel (ops role only; a read, so no audit) and, with the sandbox SMS
// gateway only, NEW GET dev/ubt/recent?deviceId (the device's latest events, for the end-to-end tests: the write buffer
// is flushed first, so what was accepted is there).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '@fjt/db';
import { queryRows, sql } from '@fjt/db';
import {
  DEVICE_ID_PATTERN,
  TRACKING_MESSAGES,
  funnelBody,
  funnelQuery,
  ok,
  privacyBody,
  privacyInput,
  ubtRecentBody,
  type UbtRecentBody,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import { staffGuard } from '../staff/guard.ts';
import type { StaffModule } from '../staff/service.ts';
import type { EventBuffer } from './event-buffer.ts';
import { hasOptedOut } from './events.ts';
import { channelFunnel } from './funnel.ts';

const tags = ['tracking'];

export const trackingRoutes: FastifyPluginAsyncZod<{
  db: Database;
  staff: StaffModule;
  sandbox: boolean;
  events: EventBuffer;
}> = async (app, { db, staff, sandbox, events }) => {
  const staffOf = staffGuard(staff);

  app.get(
    '/user/privacy',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '隐私设置（新，需登录）：“个性化推荐与统计”是否开启',
        response: { 200: envelopeOf(privacyBody) },
      },
    },
    async (request) => ok({ tracking: !(await hasOptedOut(db, userIdOf(request))) }),
  );

  app.post(
    '/user/privacy',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '修改隐私设置（新，需登录）：关闭“个性化推荐与统计”后不再记录该用户的埋点事件',
        body: privacyInput,
        response: { 200: envelopeOf(privacyBody) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      if (request.body.tracking) await db.execute(sql`DELETE FROM tracking_opt_out WHERE user_id = ${userId}`);
      else
        await db.execute(
          sql`INSERT INTO tracking_opt_out (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`,
        );
      return ok({ tracking: request.body.tracking });
    },
  );

  app.get(
    '/ops/funnel',
    {
      ...personalRoute,
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        reply.header('x-robots-tag', 'noindex');
      },
      schema: {
        tags: ['staff'],
        summary:
          '渠道漏斗（新，仅限运营）：按天（北京时间）按渠道的访问设备数、归因登录数、已支付订单数与金额；范围最多92天',
        querystring: funnelQuery,
        response: { 200: envelopeOf(funnelBody) },
      },
    },
    async (request) => {
      await staffOf(request, { role: 'ops', message: TRACKING_MESSAGES.opsOnly });
      return ok(await channelFunnel(db, request.query));
    },
  );

  if (!sandbox) return;
  app.get(
    '/dev/ubt/recent',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '沙箱（仅开发环境）：某设备最近50条埋点事件',
        querystring: z.object({ deviceId: z.string().regex(DEVICE_ID_PATTERN, { message: 'deviceId 格式不正确' }) }),
        response: { 200: envelopeOf(ubtRecentBody) },
      },
    },
    async (request) => {
      await events.flush();
      const list = await queryRows<UbtRecentBody['list'][number]>(
        db,
        sql`SELECT type, page, spm, month, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
                   user_id AS "userId", channel_code AS "channelCode"
              FROM ubt_event WHERE device_id = ${request.query.deviceId}
             ORDER BY id DESC LIMIT 50`,
      );
      return ok({ list });
    },
  );
};
