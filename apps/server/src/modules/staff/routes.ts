// NEW GET ops/staff, POST ops/staff/grant, POST ops/staff/revoke, GET ops/audit (issue 11): the /ops consoles'
// calls. A visitor gets 401, a signed-in user without a staff role 403; only the ops role grants, revokes and
// reads the audit log.
// Cookie POSTs pass the session plugin's same-origin check. Never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_OPS_ONLY,
  OPS_ONLY,
  auditListBody,
  auditQuery,
  ok,
  staffChangeBody,
  staffChangeInput,
  staffListBody,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import type { StaffModule } from './service.ts';
import { staffGuard } from './guard.ts';

const tags = ['staff'];

export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffModule }> = async (app, { staff }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });

  const staffOf = staffGuard(staff);

  app.get(
    '/ops/staff',
    {
      schema: {
        tags,
        summary: '工作人员列表（新，仅限工作人员）：每人的角色、授予时间和授予人',
        response: { 200: envelopeOf(staffListBody) },
      },
    },
    async (request) => {
      await staffOf(request);
      return ok(await staff.listStaff());
    },
  );

  app.post(
    '/ops/staff/grant',
    {
      schema: {
        tags,
        summary: '授予角色（新，仅限运营）：按手机号授予 ops|support|agent|moderator，新手机号自动注册；写审计日志',
        body: staffChangeInput,
        response: { 200: envelopeOf(staffChangeBody) },
      },
    },
    async (request) => {
      const actor = await staffOf(request, { role: 'ops', message: OPS_ONLY });
      const { mobile, role } = request.body;
      const result = await staff.grant({ phone: mobile, role, actorId: actor.userId, ip: request.ip });
      return ok({ userId: result.userId, role: result.role, changed: result.changed });
    },
  );

  app.post(
    '/ops/staff/revoke',
    {
      schema: {
        tags,
        summary: '撤销角色（新，仅限运营）：按手机号撤销角色，不能撤销自己的运营角色；写审计日志',
        body: staffChangeInput,
        response: { 200: envelopeOf(staffChangeBody) },
      },
    },
    async (request) => {
      const actor = await staffOf(request, { role: 'ops', message: OPS_ONLY });
      const { mobile, role } = request.body;
      const result = await staff.revoke({ phone: mobile, role, actorId: actor.userId, ip: request.ip });
      return ok({ userId: result.userId, role: result.role, changed: result.changed });
    },
  );

  app.get(
    '/ops/audit',
    {
      schema: {
        tags,
        summary: '审计日志（新，仅限运营）：最新在前，分页，可按操作人 actorId 和操作 action 筛选',
        querystring: auditQuery,
        response: { 200: envelopeOf(auditListBody) },
      },
    },
    async (request) => {
      await staffOf(request, { role: 'ops', message: AUDIT_OPS_ONLY });
      return ok(await staff.auditLog(request.query));
    },
  );
};
