// NEW GET coupon/mine?state (issue 18; login, never cached): the coupons the user holds, usable ones first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponMineBody, couponMineQuery, ok } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import type { Coupons } from './service.ts';

export const couponRoutes: FastifyPluginAsyncZod<{ coupons: Coupons }> = async (app, { coupons }) => {
  app.get(
    '/coupon/mine',
    {
      ...personalRoute,
      schema: {
        tags: ['coupon'],
        summary: '我的优惠券（新，需登录）：state=usable|used|expired|all，最新在前',
        querystring: couponMineQuery,
        response: { 200: envelopeOf(couponMineBody) },
      },
    },
    async (request) => ok({ list: await coupons.mine(userIdOf(request), request.query.state) }),
  );
};
