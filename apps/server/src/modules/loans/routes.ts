// The loan tools (issue 16, PAGES.md §3.7, §3.13): NEW GET config/loan-rates (public, the same for everyone), NEW
// GET activity/credit/questions (public), NEW POST activity/credit/submit and GET activity/credit/result?id (login;
// a record is its owner's only: another user's → 403) and NEW POST activity/credit/consulted (login, the owner:
// the result's 咨询贷款 was sent). Personal answers: never cached.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  creditConsultedBody,
  creditConsultedInput,
  creditQuestionsBody,
  creditQuestionsBodyOf,
  creditResultBody,
  creditResultQuery,
  creditSubmitInput,
  loanRatesBody,
  loanRatesQuery,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import type { LoansService } from './service.ts';

const tags = ['loans'];

export const loansRoutes: FastifyPluginAsyncZod<{ loans: LoansService }> = async (app, { loans }) => {
  app.get(
    '/config/loan-rates',
    {
      schema: {
        tags,
        summary: '房贷利率（新）：LPR、公积金贷款利率、最低首付比例与负债收入比规则，含生效日期与发布机构及历史',
        querystring: loanRatesQuery,
        response: { 200: envelopeOf(loanRatesBody) },
      },
    },
    async (request) => ok(loans.rates(request.query.asOf)),
  );

  app.get(
    '/activity/credit/questions',
    {
      schema: {
        tags,
        summary: '购房信用评估问题（新）：约10道单选题及每题对银行审批的意义',
        response: { 200: envelopeOf(creditQuestionsBody) },
      },
    },
    async () => ok(creditQuestionsBodyOf()),
  );

  app.post(
    '/activity/credit/submit',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '提交购房信用评估（新，需登录）：校验答案、评分、估算可贷额度并保存',
        body: creditSubmitInput,
        response: { 200: envelopeOf(creditResultBody) },
      },
    },
    async (request) => ok(await loans.submitCredit(userIdOf(request), request.body)),
  );

  app.get(
    '/activity/credit/result',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '购房信用评估结果（新，需登录，仅本人）：评分、可贷额度与逐题解析',
        querystring: creditResultQuery,
        response: { 200: envelopeOf(creditResultBody) },
      },
    },
    async (request) => ok(await loans.credit(userIdOf(request), request.query.id)),
  );

  app.post(
    '/activity/credit/consulted',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '标记评估结果已咨询贷款（新，需登录，仅本人）：结果页的咨询贷款提交成功后调用',
        body: creditConsultedInput,
        response: { 200: envelopeOf(creditConsultedBody) },
      },
    },
    async (request) => ok(await loans.markConsulted(userIdOf(request), request.body.id)),
  );
};
