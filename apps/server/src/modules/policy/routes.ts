// NEW GET config/tax-rules, config/purchase-policy and tools/integral/rule (issue 16, PAGES.md §3.7): the dated
// rules behind /activity/taxes, /activity/qualification and /tools/integral, public and the same for everyone.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiError,
  POLICY_MESSAGES,
  integralRuleBody,
  ok,
  policyCityQuery,
  purchasePolicyBody,
  taxRulesBody,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import type { PolicyService } from './service.ts';

export const policyRoutes: FastifyPluginAsyncZod<{ policy: PolicyService }> = async (app, { policy }) => {
  app.get(
    '/config/tax-rules',
    {
      schema: {
        tags: ['policy'],
        summary: '二手房交易税费规则：契税、增值税及附加、个税、中介费惯例，每条附来源与生效日期',
        querystring: policyCityQuery,
        response: { 200: envelopeOf(taxRulesBody) },
      },
    },
    async (request) => {
      const body = policy.taxRules(request.query.cityId);
      if (!body) throw ApiError.notFound(POLICY_MESSAGES.unknownCity);
      return ok(body);
    },
  );

  app.get(
    '/config/purchase-policy',
    {
      schema: {
        tags: ['policy'],
        summary: '城市购房资格（限购）政策：是否已取消限购、分区规则、生效日期与来源',
        querystring: policyCityQuery,
        response: { 200: envelopeOf(purchasePolicyBody) },
      },
    },
    async (request) => {
      const body = policy.purchasePolicy(request.query.cityId);
      if (!body) throw ApiError.notFound(POLICY_MESSAGES.unknownCity);
      return ok(body);
    },
  );

  app.get(
    '/tools/integral/rule',
    {
      schema: {
        tags: ['policy'],
        summary: '新房摇号积分规则：城市规则全文与生效日期；无规则的城市返回“当前城市暂无积分规则”',
        querystring: policyCityQuery,
        response: { 200: envelopeOf(integralRuleBody) },
      },
    },
    async (request) => {
      const body = policy.integralRule(request.query.cityId);
      if (!body) throw ApiError.notFound(POLICY_MESSAGES.unknownCity);
      return ok(body);
    },
  );
};
