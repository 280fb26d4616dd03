// NEW GET coupon/mine?state (issue 18; login, never cached): the coupons the user holds, usable ones first.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { couponMineBody, couponMineQuery, couponUsableBody, ok, productQuery, type ProductKind } from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import type { Coupons } from './service.ts';

export const couponRoutes: FastifyPluginAsyncZod<{
  coupons: Coupons;
  /** The catalogue's product (404 商品不存在或已下架 when unknown): its order's amount is what a coupon is measured against. */
  product: (code: string) => Promise<{ amountFen: number; kind: ProductKind }>;
}> = async (app, { coupons, product }) => {
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

  app.get(
    '/coupon/usable',
    {
      ...personalRoute,
      schema: {
        tags: ['coupon'],
        summary: '下单可用优惠券（新，需登录）：该商品现在可用的优惠券及各自优惠金额，优惠最多的在前',
        querystring: productQuery,
        response: { 200: envelopeOf(couponUsableBody) },
      },
    },
    async (request) => {
      const userId = userIdOf(request);
      const { amountFen, kind } = await product(request.query.productCode);
      return ok({ price: amountFen / 100, list: await coupons.usable(userId, amountFen, kind) });
    },
  );
};
