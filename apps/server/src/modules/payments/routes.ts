// Orders and payment (issue 12; PAGES.md §3.10, spec §5 and §7): GET customer/pay/get-support-pay-pattern,
// POST memberCard/buyMember (Idempotency-Key), POST customer/pay/unifiedorder, NEW GET order/status, NEW POST
// customer/pay/apple/confirm, and the providers' NEW POST customer/pay/notify/{alipay|wechat|apple} — answered in
// each provider's own protocol, not the envelope, with the body kept exactly as received.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiError,
  appleConfirmInput,
  buyMemberInput,
  createProductOrderInput,
  productBody,
  productQuery,
  createOrderBody,
  CURRENT_VERSION_COOKIE,
  IDEMPOTENCY_HEADER,
  ok,
  ORDER_MESSAGES,
  orderStatusBody,
  safeRedirectPath,
  RETURN_TO_ERROR,
  WECHAT_AUTH_FAILED,
  orderStatusQuery,
  payPatternBody,
  payPatternQuery,
  PROVIDERS,
  unifiedOrderBody,
  unifiedOrderInput,
  type ProductKind,
  type ProviderName,
} from '@fjt/domain';
import { envelopeOf } from '../../plugins/openapi.ts';
import { API_PREFIX } from '../../plugins/envelope.ts';
import { userIdOf } from '../../plugins/session.ts';
import type { WechatOauth } from './wechat/oauth.ts';
import type { OrderClient, OrdersService } from './service.ts';

const tags = ['payments'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The notify routes' body exactly as received (WeChat signs these bytes). */
    rawBody?: string;
  }
}

/** Kept for the product routes (mall, trade, wallet) that import it from here. */
export { userIdOf };

/** The Idempotency-Key header of a creating POST, if sent. */
export const keyOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * POST {path} {productCode, returnTo?, proxyCode?}: a PENDING order for a catalogue product at the catalogue's price
 * (Idempotency-Key) — common/order/create for any kind, market/order/create and trade/order/create for theirs.
 */
export function productOrderRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  orders: OrdersService,
  options: { path: string; summary: string; kind?: ProductKind; tags?: string[] },
) {
  app.post(
    `/${options.path}`,
    {
      schema: {
        tags: options.tags ?? tags,
        summary: options.summary,
        body: createProductOrderInput,
        response: { 200: envelopeOf(createOrderBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = userIdOf(request);
      return ok(
        await orders.createProductOrder(userId, request.body, keyOf(request.headers), {
          route: options.path,
          ...(options.kind ? { kind: options.kind } : {}),
          client: clientOf(request),
        }),
      );
    },
  );
}

/** The client creating an order (its pay methods decide whether a coupon can be used). */
const clientOf = (request: FastifyRequest): OrderClient => ({
  userAgent: request.headers['user-agent'],
  currentVersion: request.cookies[CURRENT_VERSION_COOKIE],
});

/** The state of a WeChat sign-in round trip, bound to the browser that started it. */
const WX_STATE_COOKIE = 'fjt_wx_oauth';
const WX_STATE_TTL_S = 600;

export const paymentsRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  wechatOauth: WechatOauth | null;
  publicOrigin: string;
}> = async (app, { orders, wechatOauth, publicOrigin }) => {
  app.get(
    '/customer/pay/get-support-pay-pattern',
    {
      schema: {
        tags,
        summary: '支持的支付方式（原始配置；页面再按 §5 规则与客户端环境过滤）',
        querystring: payPatternQuery,
        response: { 200: envelopeOf(payPatternBody) },
      },
    },
    async (request) => ok(orders.payPattern(request.query.productCode)),
  );

  app.get(
    '/common/product',
    {
      schema: {
        tags,
        summary: '商品详情（任一商品：会员卡、报告、成交数据包、活动），供通用确认订单页展示',
        querystring: productQuery,
        response: { 200: envelopeOf(productBody) },
      },
    },
    async (request) => ok(await orders.product(request.query.productCode)),
  );

  productOrderRoute(app, orders, {
    path: 'common/order/create',
    summary: '通用下单：按商品目录价格为任一商品创建待支付订单（支持 Idempotency-Key）',
  });

  app.post(
    '/memberCard/buyMember',
    {
      schema: {
        tags,
        summary: '购买会员：按会员卡目录价格创建待支付订单（支持 Idempotency-Key）',
        body: buyMemberInput,
        response: { 200: envelopeOf(createOrderBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = userIdOf(request);
      return ok(await orders.buyMember(userId, request.body, keyOf(request.headers), clientOf(request)));
    },
  );

  app.post(
    '/customer/pay/unifiedorder',
    {
      schema: {
        tags,
        summary: '统一下单：按当前环境校验支付方式（§5），向支付渠道下单，返回页面下一步',
        body: unifiedOrderInput,
        response: { 200: envelopeOf(unifiedOrderBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = userIdOf(request);
      return ok(
        await orders.unifiedOrder(userId, request.body, {
          userAgent: request.headers['user-agent'],
          currentVersion: request.cookies[CURRENT_VERSION_COOKIE],
          ip: request.ip,
        }),
      );
    },
  );

  app.get(
    '/order/status',
    {
      schema: {
        tags,
        summary: '订单状态（新）：支付结果页每2秒轮询；通知迟到时服务端向支付渠道查询',
        querystring: orderStatusQuery,
        response: { 200: envelopeOf(orderStatusBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await orders.status(userIdOf(request), request.query.orderNo));
    },
  );

  app.post(
    '/order/cancel',
    {
      schema: {
        tags,
        summary: '取消支付（新）：用户离开收银台时先在支付渠道关闭交易再关闭订单；渠道已收款则按已支付处理',
        body: orderStatusQuery,
        response: { 200: envelopeOf(orderStatusBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await orders.cancel(userIdOf(request), request.body.orderNo));
    },
  );

  app.post(
    '/customer/pay/apple/confirm',
    {
      schema: {
        tags,
        summary: 'Apple 内购确认（新）：校验 StoreKit 签名交易后按通知同样处理',
        body: appleConfirmInput,
        response: { 200: envelopeOf(orderStatusBody) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await orders.appleConfirm(userIdOf(request), request.body));
    },
  );

  // WeChat JSAPI needs the payer's openid: a silent official-account sign-in (snsapi_base). The checkout sends the
  // browser here; WeChat comes back to oauth-return, which sends it on to the page with ?openid=.
  const wxReturnUri = `${publicOrigin}${API_PREFIX}/customer/pay/wechat/oauth-return`;
  app.get(
    '/customer/pay/wechat/authorize',
    {
      schema: {
        tags,
        summary: '微信支付授权（新）：静默获取付款人 openid 后回到结算页（?openid=）',
        querystring: z.object({
          returnTo: z
            .string({ message: RETURN_TO_ERROR })
            .max(512, { message: RETURN_TO_ERROR })
            .refine((path) => safeRedirectPath(path, '') === path, { message: RETURN_TO_ERROR }),
        }),
      },
    },
    async (request, reply) => {
      if (!wechatOauth) throw ApiError.badRequest(ORDER_MESSAGES.platformNotAllowed);
      const { returnTo } = request.query;
      const state = randomBytes(16).toString('hex');
      reply.setCookie(WX_STATE_COOKIE, `${state}|${returnTo}`, {
        path: `${API_PREFIX}/customer/pay/wechat`,
        httpOnly: true,
        sameSite: 'lax',
        secure: publicOrigin.startsWith('https:'),
        maxAge: WX_STATE_TTL_S,
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(wechatOauth.authorizeUrl(wxReturnUri, state), 302);
    },
  );
  app.get(
    '/customer/pay/wechat/oauth-return',
    {
      schema: {
        tags,
        summary: '微信支付授权回调（新）：以 code 换 openid，回到发起授权的页面',
        querystring: z.object({ code: z.string().min(1).max(256), state: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const saved = request.cookies[WX_STATE_COOKIE] ?? '';
      const cut = saved.indexOf('|');
      const [state, returnTo] = cut > 0 ? [saved.slice(0, cut), saved.slice(cut + 1)] : [null, null];
      if (!wechatOauth || !state || state !== request.query.state) throw ApiError.badRequest(WECHAT_AUTH_FAILED);
      let openid: string;
      try {
        openid = await wechatOauth.openid(request.query.code);
      } catch (error) {
        request.log.warn({ err: error }, 'wechat oauth refused');
        throw ApiError.badRequest(WECHAT_AUTH_FAILED);
      }
      reply.clearCookie(WX_STATE_COOKIE, { path: `${API_PREFIX}/customer/pay/wechat` });
      const target = new URL(safeRedirectPath(returnTo ?? '', '/profile/buynewvip'), publicOrigin);
      target.searchParams.set('openid', openid);
      return reply.redirect(`${target.pathname}${target.search}`, 302);
    },
  );

  // The providers' notifications: the body as a string (and kept), whatever its type; replies in their protocol.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 256 * 1024 }, (request, body, done) => {
      request.rawBody = body as string;
      done(null, body);
    });
    scope.post(
      '/customer/pay/notify/:provider',
      {
        config: { rateLimit: false },
        schema: {
          tags,
          summary: '支付渠道异步通知（新）：支付宝表单、微信支付与 Apple JSON；按各渠道协议应答',
          params: z.object({ provider: z.enum(PROVIDERS) }),
        },
      },
      async (request, reply) => {
        const rawBody = request.rawBody ?? '';
        const provider = (request.params as { provider: ProviderName }).provider;
        let body: unknown = rawBody;
        if (provider !== 'alipay') {
          try {
            body = JSON.parse(rawBody);
          } catch {
            body = null;
          }
        }
        let answer;
        try {
          answer = await orders.notify(provider, { headers: request.headers, rawBody, body });
        } catch (error) {
          request.log.error({ err: error, provider }, 'payment notification failed');
          answer = { status: 500, headers: { 'content-type': 'text/plain' }, body: 'fail' };
        }
        reply.code(answer.status).header('cache-control', 'no-store');
        for (const [k, v] of Object.entries(answer.headers ?? {})) reply.header(k, v);
        return reply.send(answer.body ?? '');
      },
    );
  });
};
