// Wires payments into the app (issue 12): the HttpClient for our own origin, the providers of PAY_MODE, the
// sandbox gateway (PAY_MODE=sandbox only), the orders service with its fulfilments, and the timeout job.
import type { FastifyInstance } from 'fastify';
import type { Database } from '@fjt/db';
import type { MembershipService } from '../membership/service.ts';
import { createHttpClient } from './http.ts';
import { appleCatalogueOf } from './apple/setup.ts';
import { createPaymentSetup, type PayMode, type PaymentEnv } from './registry.ts';
import { createVirtualClock, registerSandbox, type SandboxCore } from './sandbox/core.ts';
import {
  createOrdersService,
  vipFulfilment,
  type Fulfilments,
  type OrderHooks,
  type OrdersService,
} from './service.ts';
import { paymentsRoutes } from './routes.ts';
import { createCatalogue, vipProducts, type ProductSource } from './catalogue.ts';
import type { WechatOauth } from './wechat/oauth.ts';

/** How often the server closes expired unpaid orders. */
export const ORDER_TIMEOUT_JOB_MS = 60_000;

export interface Payments {
  mode: PayMode;
  orders: OrdersService;
  /** The sandbox gateway, in PAY_MODE=sandbox. */
  sandbox: SandboxCore | null;
  routes: typeof paymentsRoutes;
  /** WeChat JSAPI's openid sign-in (null when not set up). */
  wechatOauth: WechatOauth | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders service and the sandbox (tests, the ops CLI). */
    payments: Payments;
  }
}

export async function registerPayments(
  app: FastifyInstance,
  options: {
    env: PaymentEnv & { PAY_MODE?: PayMode | undefined };
    db: Database;
    membership: Pick<MembershipService, 'grantDays'>;
    publicOrigin: string;
    now: () => number;
    /** Extra fulfilments (report, trade, activity) beside VIP. */
    fulfil?: Fulfilments;
    /** Extra product sources (report, trade, activity) beside the VIP cards. */
    products?: readonly ProductSource[];
    /** afterGrant / afterRevoke lists and the reseller attribution of product orders (the wallet's). */
    hooks?: OrderHooks;
    /** 0: no timer (the job is still callable). */
    timeoutJobMs?: number;
    sandboxTickMs?: number;
  },
): Promise<Payments> {
  const mode: PayMode = options.env.PAY_MODE ?? 'sandbox';
  const http = createHttpClient(app, [options.publicOrigin]);
  const clock = createVirtualClock(options.now);
  const setup = await createPaymentSetup({
    mode,
    env: options.env,
    http,
    publicOrigin: options.publicOrigin,
    now: mode === 'sandbox' ? clock.now : Date.now,
    appleCatalogue: appleCatalogueOf(options.db),
  });
  const sandbox =
    mode === 'sandbox'
      ? await registerSandbox(app, {
          providers: setup.sandboxProviders,
          http,
          publicOrigin: options.publicOrigin,
          clock,
          ...(options.sandboxTickMs !== undefined ? { tickMs: options.sandboxTickMs } : {}),
          log: app.log,
        })
      : null;
  const orders = createOrdersService({
    db: options.db,
    providers: setup.providers,
    fulfil: { vip: vipFulfilment({ grantDays: options.membership.grantDays, now: options.now }), ...options.fulfil },
    catalogue: createCatalogue([vipProducts, ...(options.products ?? [])]),
    ...(options.hooks ? { hooks: options.hooks } : {}),
    publicOrigin: options.publicOrigin,
    now: options.now,
    log: app.log,
  });
  const every = options.timeoutJobMs ?? ORDER_TIMEOUT_JOB_MS;
  if (every > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      orders
        .closeExpired()
        .catch((error: unknown) => app.log.error({ err: error }, 'order timeout job failed'))
        .finally(() => (running = false));
    }, every);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  const payments: Payments = { mode, orders, sandbox, routes: paymentsRoutes, wechatOauth: setup.wechatOauth };
  app.decorate('payments', payments);
  return payments;
}
