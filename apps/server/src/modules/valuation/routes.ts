// POST estimate/value (issue 16): the valuation of a home as of a month, public and stateless; the page's
// estimate/create (a stored record per user) builds on it later.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { estimateValueBody, estimateValueInput, ok } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import type { ValuationService } from './service.ts';

export const valuationRoutes: FastifyPluginAsyncZod<{ valuation: ValuationService }> = async (app, { valuation }) => {
  app.post(
    '/estimate/value',
    {
      schema: {
        tags: ['valuation'],
        summary: '房屋估价：按小区、面积、楼层、朝向、装修估算某月的总价与单价、80%区间、可信度和可比成交',
        body: estimateValueInput,
        response: { 200: envelopeOf(estimateValueBody) },
      },
    },
    async (request) => ok(await valuation.value(request.body)),
  );
};
