// 业主认证 and 卖房报价 (issue 16, PAGES.md §3.7, §3.11): NEW POST estimate/quotation/sms, estimate/quotation/auth,
// GET estimate/quotation/status, POST estimate/quotation/submit (Idempotency-Key), GET estimate/quotation/detail and
// estimate/quotation/mine (login; another user's quote 403), and the agents' console's NEW GET
// ops/leads/{id}/owner-quote and POST ops/leads/{id}/owner-quote/advice (staff: the lead's own agent; ops reads).
// Personal answers: never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  IDEMPOTENCY_HEADER,
  LEAD_MESSAGES,
  ok,
  opsLeadParams,
  opsOwnerQuote,
  ownerAuthBody,
  ownerAuthInput,
  ownerQuote,
  ownerQuoteInput,
  ownerQuoteListBody,
  ownerQuoteQuery,
  ownerSmsBody,
  ownerSmsInput,
  ownerStatusBody,
  ownerStatusQuery,
  quoteAdviceInput,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { staffGuard } from '../staff/guard.ts';
import type { StaffModule } from '../staff/service.ts';
import type { OwnerQuotesService } from './service.ts';

const tags = ['owner-quotes'];

function userOf(request: FastifyRequest) {
  if (!request.user) throw ApiError.unauthorized();
  return request.user;
}

export const ownerQuotesRoutes: FastifyPluginAsyncZod<{
  quotes: OwnerQuotesService;
  staff: Pick<StaffModule, 'rolesOf'>;
}> = async (app, { quotes, staff }) => {
  app.addHook('onSend', async (_request, reply) => void reply.header('cache-control', 'no-store'));
  const staffOf = staffGuard(staff);

  app.post(
    '/estimate/quotation/sms',
    {
      schema: {
        tags,
        summary: '业主认证验证码（新，需登录）：发送到本账号手机号；频率限制同登录验证码，6位，5分钟内有效',
        body: ownerSmsInput,
        response: { 200: envelopeOf(ownerSmsBody) },
      },
    },
    async (request) => ok(await quotes.sendCode(userOf(request), request.body.estateId, request.ip)),
  );

  app.post(
    '/estimate/quotation/auth',
    {
      schema: {
        tags,
        summary: '业主认证（新，需登录）：校验验证码，保存房屋地址（楼栋/单元/门牌号）与业主声明版本',
        body: ownerAuthInput,
        response: { 200: envelopeOf(ownerAuthBody) },
      },
    },
    async (request) => ok(await quotes.verify(userOf(request), request.body, request.ip)),
  );

  app.get(
    '/estimate/quotation/status',
    {
      schema: {
        tags,
        summary: '业主认证状态（新，需登录）：本人对该小区的最新认证；recordId 为本人估价记录时附面积与估价',
        querystring: ownerStatusQuery,
        response: { 200: envelopeOf(ownerStatusBody) },
      },
    },
    async (request) => ok(await quotes.status(userOf(request), request.query.estateId, request.query.recordId)),
  );

  app.post(
    '/estimate/quotation/submit',
    {
      schema: {
        tags,
        summary:
          '卖房报价（新，需登录，须先业主认证）：保存期望售价、出售时间、联系偏好，并作为卖房线索派给服务该小区的经纪人；' +
          '支持 Idempotency-Key',
        body: ownerQuoteInput,
        response: { 200: envelopeOf(ownerQuote) },
      },
    },
    async (request) => {
      const key = request.headers[IDEMPOTENCY_HEADER];
      return ok(
        await quotes.submit(userOf(request), request.body, {
          ip: request.ip,
          idempotencyKey: typeof key === 'string' ? key : undefined,
        }),
      );
    },
  );

  app.get(
    '/estimate/quotation/detail',
    {
      schema: {
        tags,
        summary: '我的卖房报价详情（新，需登录）：含经纪人的挂牌建议；他人的报价返回 403',
        querystring: ownerQuoteQuery,
        response: { 200: envelopeOf(ownerQuote) },
      },
    },
    async (request) => ok(await quotes.detail(userOf(request), request.query.quoteId)),
  );

  app.get(
    '/estimate/quotation/mine',
    {
      schema: {
        tags,
        summary: '我的卖房报价（新，需登录）：最新在前，最多50条',
        response: { 200: envelopeOf(ownerQuoteListBody) },
      },
    },
    async (request) => ok(await quotes.mine(userOf(request))),
  );

  /** The console's viewer: an agent linked to an agent id (its own leads), or ops (read only). */
  async function viewerOf(request: FastifyRequest, { acting }: { acting: boolean }) {
    const viewer = await staffOf(request);
    const agentId = viewer.roles.includes('agent') ? await quotes.agentOfStaff(viewer.userId) : null;
    if (agentId !== null) return { userId: viewer.userId, agentId };
    if (!acting && viewer.roles.includes('ops')) return { userId: viewer.userId, agentId: null };
    throw ApiError.forbidden(LEAD_MESSAGES.agentOnly);
  }

  app.get(
    '/ops/leads/:id/owner-quote',
    {
      schema: {
        tags,
        summary: '线索的业主报价（新，工作人员）：房屋只显示楼栋；经纪人只看自己的线索，运营看全部',
        params: opsLeadParams,
        response: { 200: envelopeOf(opsOwnerQuote) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, { acting: false });
      return ok(await quotes.quoteOfLead(viewer, request.params.id));
    },
  );

  app.post(
    '/ops/leads/:id/owner-quote/advice',
    {
      schema: {
        tags,
        summary: '挂牌建议（新，该线索的经纪人本人）：建议挂牌价（万）与说明；写审计日志，并通知业主（消息中心）',
        params: opsLeadParams,
        body: quoteAdviceInput,
        response: { 200: envelopeOf(opsOwnerQuote) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request, { acting: true });
      if (viewer.agentId === null) throw ApiError.forbidden(LEAD_MESSAGES.agentOnly);
      return ok(
        await quotes.advise(
          { userId: viewer.userId, agentId: viewer.agentId, ip: request.ip },
          request.params.id,
          request.body,
        ),
      );
    },
  );
};
