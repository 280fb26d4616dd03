// NEW GET activity/info?code (public, never cached: a period changed by ops shows at once) and, with the sandbox
// SMS gateway only (development and tests), NEW POST dev/activity/period, which moves an activity's period or takes
// it down so a test can see its upcoming and ended states.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityCodeParam, activityInfoBody, activityInfoQuery, activityView, ok } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import type { Activities } from './service.ts';

const tags = ['activity'];

export const activityRoutes: FastifyPluginAsyncZod<{ activities: Activities; sandbox: boolean }> = async (
  app,
  { activities, sandbox },
) => {
  app.get(
    '/activity/info',
    {
      schema: {
        tags,
        summary: '活动信息（新）：活动期、规则与状态（upcoming / running / ended）；已结束的活动页面显示“活动已结束”',
        querystring: activityInfoQuery,
        response: { 200: envelopeOf(activityInfoBody) },
      },
    },
    async (request) => ok(await activities.info(request.query.code)),
  );

  if (!sandbox) return;
  app.post(
    '/dev/activity/period',
    {
      schema: {
        tags,
        summary: '沙箱（仅开发环境）：修改活动期或下架活动，用于测试未开始/已结束状态',
        body: z.object({
          code: activityCodeParam,
          startsAt: z.iso.datetime({ offset: true }).optional(),
          endsAt: z.iso.datetime({ offset: true }).nullable().optional(),
          disabled: z.boolean().optional(),
        }),
        response: { 200: envelopeOf(z.object({ activity: activityView })) },
      },
    },
    async (request) => {
      const { code, startsAt, endsAt, disabled } = request.body;
      const activity = await activities.update(
        code,
        {
          startsAt: startsAt ? new Date(startsAt) : undefined,
          endsAt: endsAt === undefined ? undefined : endsAt === null ? null : new Date(endsAt),
          disabled,
        },
        null,
      );
      return ok({ activity });
    },
  );
};
