// 邀请好友 (issue 18): NEW GET invitation/info, NEW POST invitation/get-coupon {code}, NEW POST invitation/receive
// {code, variant} — all login, never cached; the claims read the device from the fjt_did cookie.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invitationClaimBody,
  invitationGetCouponInput,
  invitationInfoBody,
  invitationReceiveInput,
  ok,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { personalRoute, userIdOf } from '../../plugins/session.ts';
import { deviceIdOf } from '../../lib/device.ts';
import { refusesTracking } from '../tracking/events.ts';
import type { Invitations } from './service.ts';

const tags = ['invitation'];

export const invitationRoutes: FastifyPluginAsyncZod<{ invitations: Invitations }> = async (app, { invitations }) => {
  app.get(
    '/invitation/info',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '我的邀请（新，需登录）：邀请码、分享链接、已邀请好友（手机号打码）、获得的奖励',
        response: { 200: envelopeOf(invitationInfoBody) },
      },
    },
    async (request) =>
      ok(await invitations.info(userIdOf(request), refusesTracking(request.headers) ? null : deviceIdOf(request))),
  );

  app.post(
    '/invitation/get-coupon',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '被邀请人领取新人券（新，需登录，需设备 cookie）：同一手机号只能被邀请一次；同一设备重复参与不发券',
        body: invitationGetCouponInput,
        response: { 200: envelopeOf(invitationClaimBody) },
      },
    },
    async (request) =>
      ok(
        await invitations.claim({
          userId: userIdOf(request),
          code: request.body.code,
          deviceId: deviceIdOf(request),
          variant: '',
        }),
      ),
  );

  app.post(
    '/invitation/receive',
    {
      ...personalRoute,
      schema: {
        tags,
        summary: '邀请有礼活动：被邀请人领取奖励（新，需登录，需设备 cookie；活动结束后不可领取）',
        body: invitationReceiveInput,
        response: { 200: envelopeOf(invitationClaimBody) },
      },
    },
    async (request) =>
      ok(
        await invitations.claim({
          userId: userIdOf(request),
          code: request.body.code,
          deviceId: deviceIdOf(request),
          variant: request.body.variant,
        }),
      ),
  );
};
