// The campaigns' endpoints (issue 18, PAGES.md §3.13): NEW GET activity/double11/items (public: the sale items and
// coupons of the running sale), NEW GET activity/double11/state and POST activity/double11/claim {template}
// (login), NEW GET activity/freshvip/check and POST activity/freshvip/claim (login). The claims read the device
// from the fjt_did cookie (ensureDeviceId on the client first).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  double11ClaimBody,
  double11ClaimInput,
  double11ItemsBody,
  double11StateBody,
  freshvipCheckBody,
  freshvipClaimBody,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import { deviceIdOf } from '../../lib/device.ts';
import type { Double11 } from './double11.ts';
import type { Freshvip } from './freshvip.ts';

const tags = ['activity'];

export const campaignRoutes: FastifyPluginAsyncZod<{ double11: Double11; freshvip: Freshvip }> = async (
  app,
  { double11, freshvip },
) => {
  app.get(
    '/activity/double11/items',
    {
      schema: {
        tags,
        summary: '双11活动商品与优惠券（新）：活动进行中时的活动价商品（下单用 productCode）与可领优惠券；结束后为空',
        response: { 200: envelopeOf(double11ItemsBody) },
      },
    },
    async (_request, reply) => {
      // the sale's end shows at once
      reply.header('cache-control', 'no-store');
      return ok(await double11.items());
    },
  );

  app.get(
    '/activity/double11/state',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '双11我的领券状态（新，需登录）：已领取的优惠券模板',
        response: { 200: envelopeOf(double11StateBody) },
      },
    },
    async (request) => ok(await double11.state(userIdOf(request))),
  );

  app.post(
    '/activity/double11/claim',
    {
      ...personalRoute,
      schema: {
        tags,
        summary:
          '领取双11优惠券（新，需登录）：活动进行中；每种券每个账号、每个手机号、每台设备限领1张（重复领取返回“您已领取过该优惠券”）',
        body: double11ClaimInput,
        response: { 200: envelopeOf(double11ClaimBody) },
      },
    },
    async (request) => ok(await double11.claim(userIdOf(request), request.body.template, deviceIdOf(request))),
  );

  app.get(
    '/activity/freshvip/check',
    {
      ...personalRoute,
      schema: {
        tags,
        summary:
          '新人会员资格（新，需登录）：注册N天内、从未开通过会员、本账号/手机号/设备未领取过时可领；否则给出原因',
        response: { 200: envelopeOf(freshvipCheckBody) },
      },
    },
    async (request) => ok(await freshvip.check(userIdOf(request), deviceIdOf(request))),
  );

  app.post(
    '/activity/freshvip/claim',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '领取新人会员（新，需登录）：同一账号、手机号、设备仅1次；成功后会员自领取时起生效',
        body: z.object({}).optional(),
        response: { 200: envelopeOf(freshvipClaimBody) },
      },
    },
    async (request) => ok(await freshvip.claim(userIdOf(request), deviceIdOf(request))),
  );
};
