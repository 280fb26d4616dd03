// The lead path (issue 14): POST estate-dispatch/save-real-price and loan/consult/phone (visitors too; Idempotency-Key),
// NEW GET lead/consent and POST lead/consent/withdraw ('不再联系我', login), POST agent/call/get (login), the agents'
// console NEW GET ops/leads, ops/leads/caps, POST ops/leads/{id}/claim|outcome|note|call (staff: an agent its own
// leads, ops every lead read-only), and the telephony sandbox's NEW POST dev/telephony/connect (outside production
// only, like the SMS sandbox's outbox). Personal answers: never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  IDEMPOTENCY_HEADER,
  LEAD_MESSAGES,
  agentCallBody,
  agentCallInput,
  leadConsentState,
  leadConsentWithdrawBody,
  leadNoteInput,
  leadOutcomeInput,
  loanConsultInput,
  ok,
  opsLead,
  opsLeadCapsBody,
  opsLeadListBody,
  opsLeadParams,
  opsLeadsQuery,
  saveRealPriceBody,
  saveRealPriceInput,
  telephonyConnectBody,
  telephonyConnectInput,
} from '@fjt/domain';
import { z } from 'zod';
import { envelopeOf } from '../../plugins/openapi.ts';
import { staffGuard } from '../staff/guard.ts';
import type { StaffModule } from '../staff/service.ts';
import type { LeadsService } from './service.ts';

const tags = ['leads'];

const keyOf = (request: FastifyRequest) => {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' ? value : undefined;
};

function userOf(request: FastifyRequest) {
  if (!request.user) throw ApiError.unauthorized();
  return request.user;
}

export const leadsRoutes: FastifyPluginAsyncZod<{
  leads: LeadsService;
  staff: Pick<StaffModule, 'rolesOf'>;
  /** The telephony sandbox's dev route (outside production only). */
  sandbox: boolean;
}> = async (app, { leads, staff, sandbox }) => {
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));
  const staffOf = staffGuard(staff);

  /** The console's viewer: ops reads every lead; an agent linked to an agent id acts on its own; others 403. */
  async function consoleViewer(request: FastifyRequest, { acting }: { acting: boolean }) {
    const viewer = await staffOf(request);
    const agentId = viewer.roles.includes('agent') ? await leads.agentOfStaff(viewer.userId) : null;
    if (agentId !== null) return { userId: viewer.userId, agentId };
    if (!acting && viewer.roles.includes('ops')) return { userId: viewer.userId, agentId: null };
    throw ApiError.forbidden(LEAD_MESSAGES.agentOnly);
  }

  app.post(
    '/estate-dispatch/save-real-price',
    {
      schema: {
        tags,
        summary:
          '提交获取成交价/找房需求：每个小区一条线索，派给服务该小区的经纪人；同一手机号同一小区24小时内去重，' +
          '每天最多联系3位经纪人（超出的小区见 cappedEstateIds）；登录用户可不传 mobile；支持 Idempotency-Key',
        body: saveRealPriceInput,
        response: { 200: envelopeOf(saveRealPriceBody) },
      },
    },
    async (request) => {
      const body = request.body;
      return ok(
        await leads.intake({
          route: 'save-real-price',
          user: request.user,
          mobile: body.mobile,
          estateIds: [body.intentionEstateId, ...(body.secondEstateIdList ?? [])],
          serviceType: body.serviceType,
          source: body.source,
          page: body.page,
          ip: request.ip,
          idempotencyKey: keyOf(request),
          body,
        }),
      );
    },
  );

  app.post(
    '/loan/consult/phone',
    {
      schema: {
        tags,
        summary: '贷款咨询：一条贷款线索，有小区时派给该小区的经纪人，否则派给该城市的经纪人；规则同获取成交价',
        body: loanConsultInput,
        response: { 200: envelopeOf(saveRealPriceBody) },
      },
    },
    async (request) => {
      const body = request.body;
      return ok(
        await leads.intake({
          route: 'loan',
          user: request.user,
          mobile: body.mobile,
          estateIds: body.estateId === undefined ? [] : [body.estateId],
          cityId: body.cityId,
          serviceType: 'loan',
          source: 'loan',
          page: body.page,
          ip: request.ip,
          idempotencyKey: keyOf(request),
          body,
        }),
      );
    },
  );

  app.get(
    '/lead/consent',
    {
      schema: {
        tags,
        summary: '联系授权状态（新，需登录）：本账号手机号是否有有效授权、进行中的线索数',
        response: { 200: envelopeOf(leadConsentState) },
      },
    },
    async (request) => ok(await leads.consentState(userOf(request).phone)),
  );

  app.post(
    '/lead/consent/withdraw',
    {
      schema: {
        tags,
        summary: '不再联系我（新，需登录）：撤回本手机号的全部联系授权，进行中的线索全部关闭',
        response: { 200: envelopeOf(leadConsentWithdrawBody) },
      },
    },
    async (request) => ok(await leads.withdrawConsent(userOf(request))),
  );

  app.post(
    '/agent/call/get',
    {
      schema: {
        tags,
        summary: '获取经纪人虚拟号（需登录）：15分钟内有效，有效期内重复获取返回同一号码；不暴露双方真实号码',
        body: agentCallInput,
        response: { 200: envelopeOf(agentCallBody) },
      },
    },
    async (request) => ok(await leads.callAgent(userOf(request), request.body.agentId)),
  );

  app.get(
    '/ops/leads',
    {
      schema: {
        tags,
        summary: '线索列表（新，工作人员）：经纪人只看自己的线索，运营看全部；买家手机号打码，最新在前',
        querystring: opsLeadsQuery,
        response: { 200: envelopeOf(opsLeadListBody) },
      },
    },
    async (request) => {
      const viewer = await consoleViewer(request, { acting: false });
      return ok(await leads.listLeads(request.query, viewer.agentId));
    },
  );

  app.get(
    '/ops/leads/caps',
    {
      schema: {
        tags,
        summary: '今日联系上限（新，工作人员）：本人线索涉及的手机号今天已派给几位经纪人',
        response: { 200: envelopeOf(opsLeadCapsBody) },
      },
    },
    async (request) => {
      const viewer = await consoleViewer(request, { acting: false });
      return ok(await leads.capsOf(viewer.agentId));
    },
  );

  const act = async (request: FastifyRequest, leadId: number, action: Parameters<LeadsService['act']>[2]) => {
    const { userId, agentId } = await consoleViewer(request, { acting: true });
    if (agentId === null) throw ApiError.forbidden(LEAD_MESSAGES.agentOnly);
    return leads.act({ userId, agentId, ip: request.ip }, leadId, action);
  };

  app.post(
    '/ops/leads/:id/claim',
    {
      schema: {
        tags,
        summary: '认领线索（新，经纪人本人）：幂等；写审计日志',
        params: opsLeadParams,
        response: { 200: envelopeOf(opsLead) },
      },
    },
    async (request) => ok((await act(request, request.params.id, { kind: 'claim' })).lead),
  );

  app.post(
    '/ops/leads/:id/outcome',
    {
      schema: {
        tags,
        summary: '记录跟进结果（新，经纪人本人）：已联系/无人接听/无效/成交，可附备注；写审计日志',
        params: opsLeadParams,
        body: leadOutcomeInput,
        response: { 200: envelopeOf(opsLead) },
      },
    },
    async (request) =>
      ok(
        (
          await act(request, request.params.id, {
            kind: 'outcome',
            outcome: request.body.outcome,
            note: request.body.note,
          })
        ).lead,
      ),
  );

  app.post(
    '/ops/leads/:id/note',
    {
      schema: {
        tags,
        summary: '添加备注（新，经纪人本人）；写审计日志',
        params: opsLeadParams,
        body: leadNoteInput,
        response: { 200: envelopeOf(opsLead) },
      },
    },
    async (request) => ok((await act(request, request.params.id, { kind: 'note', note: request.body.note })).lead),
  );

  app.post(
    '/ops/leads/:id/call',
    {
      schema: {
        tags,
        summary: '获取联系买家的虚拟号（新，经纪人本人，须先认领）：不暴露买家真实号码；写审计日志',
        params: opsLeadParams,
        response: { 200: envelopeOf(z.object({ lead: opsLead, call: agentCallBody })) },
      },
    },
    async (request) => {
      const { lead, call } = await act(request, request.params.id, { kind: 'call' });
      return ok({ lead, call: call! });
    },
  );

  if (sandbox) {
    app.post(
      '/dev/telephony/connect',
      {
        schema: {
          tags,
          summary: '沙箱电话（仅开发环境）：从真实号码拨打虚拟号，接通绑定的另一方并记录通话；过期的虚拟号拒绝接通',
          body: telephonyConnectInput,
          response: { 200: envelopeOf(telephonyConnectBody) },
        },
      },
      async (request) => ok(await leads.connectCall(request.body)),
    );
  }
};
