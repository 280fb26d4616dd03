// Builds the Fastify application; main.ts listens. Tests build it and call app.inject().
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '@fjt/db';
import { dataChanged, sandboxAlertSms } from '@fjt/dataset';
import { RESULT_CODE } from '@fjt/domain';
import { msgLinkSecretOf, publicOrigin, type Env } from './env.ts';
import { API_PREFIX, registerEnvelope, sendFail } from './plugins/envelope.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { clientErrorHandler, frameworkErrors, registerNotFound, type PageErrors } from './plugins/framework-errors.ts';
import { registerSsr, webBuildExists } from './plugins/ssr.ts';
import type { PageStore } from './plugins/page-store.ts';
import { createResponseCache, registerApiCache } from './plugins/response-cache.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { connectRedis } from './lib/redis.ts';
import { inProcessDataEvents, redisDataEvents, type DataEvents } from './lib/data-events.ts';
import { createLifecycle, type Lifecycle } from './lib/lifecycle.ts';
import { createReadiness } from './lib/readiness.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { createServices, invalidateDerived } from './services.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { configRoutes } from './modules/config/routes.ts';
import { marketRoutes } from './modules/market/routes.ts';
import { rentalsRoutes } from './modules/rentals/routes.ts';
import { estateListRoutes } from './modules/estate-list/routes.ts';
import { listingsRoutes } from './modules/listings/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { estatesRoutes } from './modules/estates/routes.ts';
import { dealsRoutes } from './modules/deals/routes.ts';
import { quotationRoutes } from './modules/quotation/routes.ts';
import { finderRoutes } from './modules/finder/routes.ts';
import { platesRoutes } from './modules/plates/routes.ts';
import { valuationRoutes } from './modules/valuation/routes.ts';
import { policyRoutes } from './modules/policy/routes.ts';
import { createPolicyService } from './modules/policy/service.ts';
import { createValuationRepo } from './modules/valuation/repo.ts';
import { createValuationService } from './modules/valuation/service.ts';
import { createEstimateRecords } from './modules/valuation/records.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { newHousesRoutes } from './modules/new-houses/routes.ts';
import { overseasRoutes } from './modules/overseas/routes.ts';
import { agentsRoutes } from './modules/agents/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { accountsRoutes, type LoginHook } from './modules/accounts/routes.ts';
import { createAccountsRepo } from './modules/accounts/repo.ts';
import { createAccountsService } from './modules/accounts/service.ts';
import { sandboxSmsProvider } from './modules/accounts/sms.ts';
import { registerSession, sessionCookie } from './plugins/session.ts';
import { subscriptionsRoutes } from './modules/subscriptions/routes.ts';
import { createSubscriptionsRepo } from './modules/subscriptions/repo.ts';
import { createSubscriptionsService } from './modules/subscriptions/service.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { dataImportRoutes } from './modules/data-import/routes.ts';
import { membershipRoutes } from './modules/membership/routes.ts';
import { createMembershipService } from './modules/membership/service.ts';
import { registerDealViewer } from './modules/membership/viewer.ts';
import { createTradeService } from './modules/trade/service.ts';
import { tradeRoutes } from './modules/trade/routes.ts';
import { topicsRoutes } from './modules/topics/routes.ts';
import { createTopics } from './modules/topics/service.ts';
import { msgLinkResolveLimit } from './modules/topics/resolve-limit.ts';
import { createDataImportService } from './modules/data-import/service.ts';
import { createStaffService } from './modules/staff/service.ts';
import { messagesRoutes } from './modules/messages/routes.ts';
import { createMessagesRepo } from './modules/messages/repo.ts';
import { memoryWindowCounter, redisWindowCounter } from './lib/window-counter.ts';
import { registerPayments } from './modules/payments/setup.ts';
import { vipFulfilment } from './modules/payments/service.ts';
import { opsOrdersRoutes } from './modules/ops-orders/routes.ts';
import { createOpsOrdersService } from './modules/ops-orders/service.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { reportProducts, tradeProducts } from './modules/mall/products.ts';
import {
  createReportFiles,
  RendererUnavailable,
  reportPagePath,
  reportTarget,
  type ReportRenderer,
} from './modules/mall/files.ts';
import { chromiumRenderer } from './modules/mall/renderer.ts';
import { createPrintPasses, PRINT_PASS_HEADER } from './modules/mall/print-pass.ts';
import { reportFulfilment } from './modules/mall/fulfil.ts';
import { createMallService } from './modules/mall/service.ts';
import { mallRoutes } from './modules/mall/routes.ts';
import { leadsRoutes } from './modules/leads/routes.ts';
import { loansRoutes } from './modules/loans/routes.ts';
import { createLoansRepo } from './modules/loans/repo.ts';
import { createLoansService } from './modules/loans/service.ts';
import { contractorsRoutes } from './modules/contractors/routes.ts';
import { createContractorsRepo } from './modules/contractors/repo.ts';
import { createContractorsService } from './modules/contractors/service.ts';
import { superiorRoutes } from './modules/superior/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { createSupportService, supportSettings } from './modules/support/service.ts';
import { createSuperiorService } from './modules/superior/service.ts';
import { createLeadsService, LEAD_REASSIGN_JOB_MS } from './modules/leads/service.ts';
import { ownerQuotesRoutes } from './modules/owner-quotes/routes.ts';
import { createOwnerQuotesService } from './modules/owner-quotes/service.ts';
import { createChat, type Chat } from './modules/chat/setup.ts';
import { registerChatSocket, registerWebSocketSupport } from './modules/chat/ws.ts';
import { chatRoutes, registerChatImages } from './modules/chat/routes.ts';
import { communityDevRoutes, createCommunity } from './modules/community/setup.ts';
import { informRoutes } from './modules/inform/routes.ts';
import { createActivities } from './modules/activities/service.ts';
import { activityRoutes } from './modules/activities/routes.ts';
import { channelMarkRoutes } from './modules/tracking/channel.ts';
import { createEventsFloodGuard, trackingEventRoutes } from './modules/tracking/events.ts';
import { createEventBuffer, type EventBuffer } from './modules/tracking/event-buffer.ts';
import { trackingRoutes } from './modules/tracking/routes.ts';
import { channelAttribution } from './modules/tracking/attribution.ts';
import { createCoupons } from './modules/coupons/service.ts';
import { couponRoutes } from './modules/coupons/routes.ts';
import { createInvitations } from './modules/invitations/service.ts';
import { invitationRoutes } from './modules/invitations/routes.ts';
import { createDouble11, double11Fulfilment, double11Products } from './modules/campaigns/double11.ts';
import { createFreshvip } from './modules/campaigns/freshvip.ts';
import { campaignRoutes } from './modules/campaigns/routes.ts';
import { createInformService } from './modules/inform/service.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { createModerationService } from './modules/moderation/service.ts';
import { reviewsRoutes } from './modules/reviews/routes.ts';
import { createReviewsWriter } from './modules/reviews/service.ts';
import { qaRoutes } from './modules/qa/routes.ts';
import { createQaService } from './modules/qa/service.ts';
import { imageStoreOf } from './lib/image-store.ts';
import { createUploads } from './modules/uploads/service.ts';
import { registerUploadedImages, uploadRoutes } from './modules/uploads/routes.ts';

export interface BuildOptions {
  /**
   * Tests pass the few settings they need; what they leave out is off (response cache, rate limits) or
   * local (public origin http://localhost:PORT, no trusted proxy, no Redis).
   */
  env: Pick<Env, 'LOG_LEVEL' | 'APP_TEST_HOOKS'> &
    Partial<
      Pick<
        Env,
        | 'RESPONSE_CACHE_SECONDS'
        | 'PUBLIC_ORIGIN'
        | 'PORT'
        | 'TRUST_PROXY'
        | 'REDIS_URL'
        | 'RATE_LIMIT_READS_PER_MINUTE'
        | 'RATE_LIMIT_WRITES_PER_MINUTE'
        | 'API_DOCS'
        | 'DEBUG_PAGES'
        | 'SMS_PROVIDER'
        | 'SMS_IP_LIMIT_PER_HOUR'
        | 'PAY_MODE'
        | 'ALIPAY_APP_ID'
        | 'ALIPAY_SELLER_ID'
        | 'ALIPAY_APP_PRIVATE_KEY'
        | 'ALIPAY_PUBLIC_KEY'
        | 'ALIPAY_GATEWAY'
        | 'PROXY_RATE_BP'
        | 'CHROMIUM_PATH'
        | 'PRINT_PASS_SECRET'
        | 'MSGLINK_SECRET'
        | 'ALERT_SMS'
        | 'METRICS_TOKEN'
        | 'RENDER_WORKERS'
        | 'PAGE_STORE'
        | 'PAGE_STORE_DIR'
        | 'DATABASE_URL'
        | 'SUPPORT_ENABLED'
        | 'SUPPORT_PEER'
        | 'SUPPORT_CITY_PEERS'
        | 'SUPPORT_WECHAT_NO'
        | 'SUPPORT_PHONE'
        | 'DATA_DIR'
        | 'IMAGE_STORE'
        | 'IMAGE_DIR'
      >
    >;
  database: DatabaseHandle;
  /** The clock of sessions, codes and SMS limits (tests move it); default Date.now. */
  now?: () => number;
  /** apps/web/build; when absent (API tests) only the API is served. */
  webBuildDir?: string | undefined;
  /** Prints the report mall's PDFs; default Chromium on the web build's pages (none without a web build). */
  reportRenderer?: ReportRenderer;
  /** The chat's heartbeat interval (tests shorten it); default CHAT_HEARTBEAT_MS. */
  chatHeartbeatMs?: number;
  /** The chat's FAQ bot; off only in tests of the protocol's mechanics (their sequence numbers are the user's). */
  chatBot?: boolean;
}

/**
 * The page store's directory (ADR 0026), or null when it is off: PAGE_STORE_DIR, or beside DATA_DIR `pages` for the
 * embedded database and `pages-<database>` for PostgreSQL (instances sharing a database share its pages; another
 * database's are never touched).
 */
function pageStoreDirOf(env: BuildOptions['env'], database: DatabaseHandle): string | null {
  if (!env.PAGE_STORE) return null;
  if (env.PAGE_STORE_DIR) return env.PAGE_STORE_DIR;
  if (!env.DATA_DIR || env.DATA_DIR.startsWith('memory:')) return null;
  if (database.driver === 'pglite' || !env.DATABASE_URL) return join(env.DATA_DIR, '..', 'pages');
  const url = new URL(env.DATABASE_URL);
  const name = createHash('sha256').update(`${url.hostname}:${url.port}${url.pathname}`).digest('hex').slice(0, 12);
  return join(env.DATA_DIR, '..', `pages-${name}`);
}

/** A request id we take from the caller (nginx's $request_id, a client's own): short, and nothing a log line could trip on. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** Shutting down or not, and the open WebSockets a shutdown closes (serve.ts, the chat's /ws/im). */
    lifecycle: Lifecycle;
    /** The page store (ADR 0026), when it is on: tests and the benchmark wait for its builder. */
    pageStore?: PageStore;
    /** The "data changed" bus (ADR 0015): a load publishes; this instance drops what it derived. */
    dataEvents: DataEvents;
    /** The support chat (issue 15): its service, bus and this instance's connections. */
    chat: Chat;
    /** The tracking events' write buffer (issue 18): tests flush it before reading ubt_event. */
    trackingEvents: EventBuffer;
  }
}

/** How long an idle keep-alive connection stays open here: longer than the proxy's upstream keepalive_timeout. */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export async function buildApp({
  env,
  database,
  webBuildDir,
  reportRenderer,
  chatHeartbeatMs,
  chatBot,
  now = Date.now,
}: BuildOptions): Promise<FastifyInstance> {
  // The web app's error page, once registerSsr has set it up: Fastify's own errors on page paths render it.
  const pages: PageErrors = {};
  const app = Fastify({
    logger: { level: env.LOG_LEVEL },
    frameworkErrors: frameworkErrors(pages),
    clientErrorHandler,
    // X-Forwarded-* are believed only from the configured proxies: anyone else could claim any client address
    // (rate limits) or host (links), so request.ip is the socket's peer unless a trusted proxy says otherwise.
    trustProxy: env.TRUST_PROXY?.length ? env.TRUST_PROXY : false,
    // An idle keep-alive connection is closed by the proxy, never by us: nginx keeps its upstream connections 60 s
    // (deploy/nginx.conf), and a server closing one first (Node's default is 5 s) races nginx reusing it, a request
    // then lost mid-flight (the cluster's kill test saw it as client resets).
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    // One line per request only when debugging: at hundreds of requests a second it is noise and cost.
    logController: new LogController({ disableRequestLogging: env.LOG_LEVEL !== 'debug' && env.LOG_LEVEL !== 'trace' }),
    // Every log line of a request carries its id (reqId): the proxy's X-Request-Id when it is a sane one, else ours.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A shutdown (lib/shutdown.ts) answers new requests 503 and closes idle keep-alive sockets at once.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // the id goes back to whoever asked, so a user's report or nginx's log line finds the server's log lines
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  registerEnvelope(app);
  registerNotFound(app, pages);
  await app.register(cookie);
  // before any route: every route then refuses a WebSocket upgrade except the chat's (modules/chat/ws.ts)
  await registerWebSocketSupport(app);
  const origin = publicOrigin({ PUBLIC_ORIGIN: env.PUBLIC_ORIGIN, PORT: env.PORT ?? 3000 });
  await registerSecurityHeaders(app, { publicOrigin: origin });
  // The OpenAPI document is always built (the fuzz test reads it); its UI only when API_DOCS is on.
  await registerOpenApi(app, { ui: env.API_DOCS ?? false });

  const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  const plays = redis ? redisWindowCounter(redis, { prefix: 'fjt:play' }) : memoryWindowCounter();
  const msgLinkSecret = msgLinkSecretOf(env);
  const services = createServices(database.db, { plays, msgLinkSecret });
  // Off unless asked for (serve.ts passes the environment's 60 s): tests change data under a running app.
  const cacheSeconds = env.RESPONSE_CACHE_SECONDS ?? 0;
  const responseCache = cacheSeconds > 0 ? createResponseCache({ ttlMs: cacheSeconds * 1000 }) : undefined;
  const metrics = registerMetrics(app, { database, responseCache, token: env.METRICS_TOKEN });

  // A data load (here, in another instance, or `npm run data:import` / `db:seed`) changes what cached answers were
  // computed from: drop those of the changed cities (everything when the change is not confined to cities).
  const dataEvents =
    redis && env.REDIS_URL
      ? redisDataEvents({ url: env.REDIS_URL, publisher: redis, log: app.log })
      : inProcessDataEvents(app.log);
  app.decorate('dataEvents', dataEvents);
  // The valuation keeps each city's deals and models in memory (issue 16): a load drops those of the changed cities.
  const valuation = createValuationService(createValuationRepo(database.db));
  services.valuation = valuation;
  dataEvents.onChange((event) => {
    const cityIds = event.cityIds === 'all' ? undefined : event.cityIds;
    invalidateDerived(services, cityIds);
    valuation.reset(cityIds);
    responseCache?.clear(cityIds);
    metrics.dataChanged(cityIds ? 'cities' : 'all');
    app.log.info({ cityIds: event.cityIds, kinds: event.kinds, at: event.at }, 'data changed: derived answers dropped');
  });
  app.addHook('onClose', () => dataEvents.close());
  // Tests leave SMS_PROVIDER out: the sandbox, as outside production.
  const smsProvider = env.SMS_PROVIDER ?? 'sandbox';
  const accountsRepo = createAccountsRepo(database.db);
  const accounts = createAccountsService({
    repo: accountsRepo,
    sms: smsProvider === 'sandbox' ? sandboxSmsProvider(accountsRepo) : null,
    counters: redis ? redisWindowCounter(redis, { prefix: 'fjt:sms' }) : memoryWindowCounter({ now }),
    now,
    ipLimitPerHour: env.SMS_IP_LIMIT_PER_HOUR,
  });
  const cookieOfSession = sessionCookie(origin);
  const staff = createStaffService(database.db);
  const imports = createDataImportService({
    database,
    // issue 18: alert SMS (with their short links) through the sandbox gateway when ALERT_SMS=1 — and always on an
    // e2e server's, so a test can follow an alert's link
    alertSms: smsProvider === 'sandbox' && (env.ALERT_SMS || env.APP_TEST_HOOKS) ? sandboxAlertSms(database) : null,
    msgLinkSecret,
    afterLoad: ({ kind, cityIds }) => dataEvents.publish(dataChanged([kind], cityIds)),
  });

  // Liveness and readiness say only ok / not ok (and which check failed): which database or driver serves the app is
  // nobody's business outside.
  const readiness = createReadiness({ sql: database.sql, shuttingDown: () => lifecycle.shuttingDown });
  app.get(
    '/readyz',
    {
      schema: {
        hide: true,
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({
            status: z.literal('not ready'),
            failed: z.enum(['shutting down', 'database', 'migrations', 'seed']),
          }),
        },
      },
    },
    async (_request, reply) => {
      const state = await readiness();
      reply.header('cache-control', 'no-store');
      if (state.ready) return { status: 'ready' as const };
      return reply.code(503).send({ status: 'not ready' as const, failed: state.failed });
    },
  );
  app.get(
    '/healthz',
    {
      schema: {
        hide: true,
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('not ok') }) },
      },
    },
    async (request, reply) => {
      try {
        await database.sql.query('SELECT 1');
        return { status: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.code(503).send({ status: 'not ok' as const });
      }
    },
  );

  const membership = createMembershipService(database.db, { now });
  // Tests leave PAY_MODE out: the sandbox, as outside production.
  const trade = createTradeService(database.db, {
    now,
    cityName: async (cityId) => (await services.geo.getCity(cityId))?.name ?? null,
  });
  // the reseller wallet settles and reverses commissions in the payment's own transaction (the core's hooks)
  const wallet = createWalletService({ db: database.db, now, publicOrigin: origin, rateBp: env.PROXY_RATE_BP });
  // Report PDFs are printed from this server's own pages: without a web build there is nothing to print.
  const hasPages = Boolean(webBuildDir && webBuildExists(webBuildDir));
  // a bought report is printed as a member sees it (ADR 0013)
  const printPasses = createPrintPasses({ secret: env.PRINT_PASS_SECRET, now });
  const reportFiles = createReportFiles({
    db: database.db,
    passes: printPasses,
    renderer:
      reportRenderer ??
      (hasPages
        ? chromiumRenderer({ origin, executablePath: env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
        : {
            render: () => Promise.reject(new RendererUnavailable('no web build: no report pages to print')),
          }),
    now,
    log: app.log,
  });
  app.addHook('onClose', async () => reportFiles.close());
  // issue 18: the activity engine every campaign's endpoints check first
  const activities = createActivities(database.db, { now });
  const loginHooks: LoginHook[] = [];
  // issue 18: invitations — the inviter's rewards follow the invitee's verified login and first paid order
  const invitations = createInvitations({
    db: database.db,
    activities,
    grantDays: membership.grantDays,
    publicOrigin: origin,
    now,
  });
  loginHooks.push((event) => invitations.afterLogin(event));
  // tracking: a first login on a device with a channel mark attributes the user to that channel
  loginHooks.push(channelAttribution(database.db));
  const reportFulfil = reportFulfilment({ files: reportFiles, now });
  const payments = await registerPayments(app, {
    env,
    db: database.db,
    membership,
    publicOrigin: origin,
    now,
    // issue 18: the 双11 sale items (kind 'activity') give a card's days or a report
    products: [reportProducts, tradeProducts, double11Products({ activities })],
    hooks: { ...wallet.hooks, afterGrant: [...(wallet.hooks.afterGrant ?? []), invitations.afterPaid] },
    fulfil: {
      report: reportFulfil,
      trade: trade.fulfilment,
      activity: double11Fulfilment({
        vip: vipFulfilment({ grantDays: membership.grantDays, now }),
        report: reportFulfil,
      }),
    },
  });
  const mall = createMallService({ db: database.db, services, files: reportFiles });
  const leads = createLeadsService({ db: database.db, now, telephony: smsProvider === 'sandbox' ? 'sandbox' : null });
  // An unclaimed lead moves to the next agent after LEAD_CLAIM_MINUTES: looked for every minute (tests call
  // reassignDue with their own clock); one run at a time, stopped on close like the order timeout job.
  {
    let running = false;
    const timer = setInterval(() => {
      if (running || lifecycle.shuttingDown) return;
      running = true;
      leads
        .reassignDue()
        .catch((error: unknown) => app.log.error({ err: error }, 'lead reassignment job failed'))
        .finally(() => (running = false));
    }, LEAD_REASSIGN_JOB_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  // The support chat (issue 15): its WebSocket /ws/im lives outside the API prefix (no envelope, no response cache,
  // no API rate limit: the chat limits messages per user itself); a shutdown closes its sockets with 4503.
  // uploaded images (issue 17): one store and one way in for posts, reports and the chat
  const uploads = createUploads({ db: database.db, store: imageStoreOf(env) });
  registerUploadedImages(app, { uploads });
  const chat = createChat({
    db: database.db,
    uploads,
    staff,
    redis,
    redisUrl: env.REDIS_URL,
    log: app.log,
    heartbeatMs: chatHeartbeatMs,
    bot: chatBot,
  });
  app.decorate('chat', chat);
  app.addHook('onClose', () => chat.close());
  await registerChatSocket(app, {
    hub: chat.hub,
    service: chat.service,
    accounts,
    cookieName: cookieOfSession.name,
    publicOrigin: origin,
    lifecycle,
  });
  await registerChatImages(app, { chat: chat.service, accounts, cookieName: cookieOfSession.name });
  // the community (issue 17): what every post passes (guard.ts), shared by its routes below
  const community = createCommunity({ db: database.db, redis, now });
  // issue 18 tracking: accepted events are written in batches (written out on close); the flood guard runs before the
  // session is resolved
  const trackingEvents = createEventBuffer({ db: database.db, log: app.log });
  app.decorate('trackingEvents', trackingEvents);
  app.addHook('onClose', () => trackingEvents.close());
  const eventsFloodGuard = createEventsFloodGuard({ redis, now });
  // issue 18: SMS short links — one per-address limit for msglink/resolve and the /activity/msglink page
  const msgLinkResolves = msgLinkResolveLimit(
    redis ? redisWindowCounter(redis, { prefix: 'fjt:msglink' }) : memoryWindowCounter({ now }),
  );
  app.addHook('onRequest', msgLinkResolves.pageGuard(pages));
  /**
   * A post (review, answer, moderation) changed cached answers: the response cache forgets those whose URL passes
   * `test`, and the page store (set once the pages are registered) looks up the review scores that changed.
   */
  let pageStoreOfPosts: PageStore | null = null;
  const postChanged = (test: (url: string) => boolean) => {
    responseCache?.forget(test);
    pageStoreOfPosts?.refreshReviews();
  };
  const reviewsWriter = createReviewsWriter({
    db: database.db,
    guard: community.guard,
    reads: services.reviews,
    now,
    changed: postChanged,
  });

  await app.register(
    async (api) => {
      await registerRateLimit(api, {
        limits: {
          readsPerMinute: env.RATE_LIMIT_READS_PER_MINUTE ?? 0,
          writesPerMinute: env.RATE_LIMIT_WRITES_PER_MINUTE ?? 0,
        },
        redis,
      });
      if (responseCache) registerApiCache(api, responseCache);
      api.addHook('onRequest', eventsFloodGuard.onRequest);
      registerSession(api, { accounts, cookie: cookieOfSession, publicOrigin: origin });
      registerDealViewer(api, membership, trade);
      await api.register(geoRoutes, { services });
      await api.register(configRoutes, { services });
      await api.register(marketRoutes, { services });
      await api.register(rentalsRoutes, { services });
      await api.register(estateListRoutes, { services });
      await api.register(searchRoutes, { services });
      await api.register(estatesRoutes, { services });
      await api.register(dealsRoutes, { services });
      await api.register(quotationRoutes, { services });
      await api.register(finderRoutes, { services });
      await api.register(listingsRoutes, { services });
      await api.register(platesRoutes, { services });
      await api.register(valuationRoutes, { valuation, records: createEstimateRecords(database.db, valuation) });
      await api.register(policyRoutes, { policy: createPolicyService() });
      await api.register(reportsRoutes, { services });
      await api.register(newHousesRoutes, { services });
      await api.register(overseasRoutes, { services });
      await api.register(agentsRoutes, { services });
      await api.register(contentRoutes, { services });
      await api.register(accountsRoutes, {
        accounts,
        cookie: cookieOfSession,
        sandbox: smsProvider === 'sandbox',
        // issue 18: what follows a verified login (channel attribution, invitation rewards), in order
        afterLogin: loginHooks,
        now,
      });
      await api.register(subscriptionsRoutes, {
        subscriptions: createSubscriptionsService(createSubscriptionsRepo(database.db)),
      });
      await api.register(staffRoutes, { staff });
      await api.register(messagesRoutes, { repo: createMessagesRepo(database.db) });
      await api.register(membershipRoutes, { membership, staff });
      await api.register(payments.routes, {
        orders: payments.orders,
        wechatOauth: payments.wechatOauth,
        publicOrigin: origin,
      });
      await api.register(mallRoutes, {
        mall,
        files: reportFiles,
        orders: payments.orders,
        ...(env.APP_TEST_HOOKS
          ? {
              printPass: async (code: string) => {
                const target = await reportTarget(database.db, code);
                if (!target) return null;
                const path = reportPagePath(target);
                return { path, pass: printPasses.issue(path) };
              },
            }
          : {}),
      });
      await api.register(tradeRoutes, { trade, orders: payments.orders });
      await api.register(opsOrdersRoutes, {
        staff,
        orders: payments.orders,
        lookup: createOpsOrdersService(database.db),
      });
      await api.register(walletRoutes, { wallet, orders: payments.orders, staff });
      await api.register(leadsRoutes, { leads, staff, sandbox: smsProvider === 'sandbox' });
      await api.register(ownerQuotesRoutes, {
        quotes: createOwnerQuotesService({ db: database.db, now, accounts, leads }),
        staff,
      });
      await api.register(loansRoutes, {
        loans: createLoansService(createLoansRepo(database.db), { now: () => new Date(now()) }),
      });
      await api.register(chatRoutes, {
        chat: chat.service,
        desk: chat.desk,
        hub: chat.hub,
        presence: chat.presence,
        bus: chat.bus,
      });
      await api.register(contractorsRoutes, {
        contractors: createContractorsService(createContractorsRepo(database.db), leads),
      });
      await api.register(superiorRoutes, { superior: createSuperiorService(database.db) });
      await api.register(supportRoutes, {
        support: createSupportService({ db: database.db, services, settings: supportSettings(env) }),
      });
      await api.register(reviewsRoutes, { reads: services.reviews, writer: reviewsWriter });
      await api.register(qaRoutes, {
        qa: createQaService({
          db: database.db,
          guard: community.guard,
          changed: postChanged,
        }),
      });
      await api.register(uploadRoutes, { uploads, chat: chat.service });
      await api.register(communityDevRoutes, { db: database.db, sandbox: smsProvider === 'sandbox', now });
      await api.register(informRoutes, {
        inform: createInformService({ db: database.db, guard: community.guard, now }),
      });
      await api.register(moderationRoutes, {
        staff,
        moderation: createModerationService({
          db: database.db,
          // a correction changes market data: drop the answers derived from it, as a data load does
          dataChanged: (kind, cityIds) => dataEvents.publish(dataChanged([kind], cityIds)),
          // a post hidden or restored: its lists and details, as the Q&A and review writers forget theirs
          postChanged,
        }),
      });
      // issue 18: activities, growth and app integration
      await api.register(activityRoutes, { activities, sandbox: smsProvider === 'sandbox' });
      await api.register(channelMarkRoutes, { db: database.db });
      await api.register(topicsRoutes, {
        topics: createTopics({ db: database.db, services, activities }),
        services,
        resolveLimit: msgLinkResolves,
      });
      await api.register(trackingEventRoutes, {
        db: database.db,
        buffer: trackingEvents,
        guard: eventsFloodGuard,
        now,
      });
      await api.register(trackingRoutes, {
        db: database.db,
        staff,
        sandbox: smsProvider === 'sandbox',
        events: trackingEvents,
      });
      await api.register(couponRoutes, {
        coupons: createCoupons(database.db, { now }),
        product: (code) => payments.orders.entry(code),
      });
      await api.register(invitationRoutes, { invitations });
      await api.register(campaignRoutes, {
        double11: createDouble11(database.db, { activities, now }),
        freshvip: createFreshvip(database.db, { activities, membership, now }),
      });
      await api.register(dataImportRoutes, { staff, imports, database, testHooks: env.APP_TEST_HOOKS });
      // Anything else under the API prefix is a JSON 404, never the HTML app.
      api.all('/*', async (_request, reply) => sendFail(reply, 404, RESULT_CODE.notFound, '接口不存在'));
      api.all('/', async (_request, reply) => sendFail(reply, 404, RESULT_CODE.notFound, '接口不存在'));
    },
    { prefix: API_PREFIX },
  );

  if (webBuildDir && webBuildExists(webBuildDir)) {
    const storeDir = pageStoreDirOf(env, database);
    const ssr = await registerSsr(app, {
      buildDir: webBuildDir,
      context: {
        services,
        testHooks: env.APP_TEST_HOOKS,
        smsSandbox: smsProvider === 'sandbox',
        debugPages: env.DEBUG_PAGES ?? false,
      },
      pageCache: responseCache,
      publicOrigin: origin,
      pageErrors: pages,
      renderWorkers: env.RENDER_WORKERS,
      pageStore: storeDir
        ? { dir: storeDir, query: database.sql.query, log: app.log.child({ module: 'page-store' }) }
        : undefined,
      // /ops pages only (ADR 0009): the signed-in viewer from the session cookie, with their staff roles.
      opsViewer: async (request, reply) => {
        const token = request.cookies[cookieOfSession.name];
        const found = token ? await accounts.resolve(token) : null;
        if (!found) return null;
        if (found.extended) cookieOfSession.set(reply, token!);
        return staff.viewerOf(found.user);
      },
      // the report printer's page request (ADR 0013): a pass for exactly this URL prints it as a member sees it
      printViewer: (request) =>
        printPasses.verify(request.headers[PRINT_PASS_HEADER], request.url) ? { member: true } : null,
    });
    metrics.setPageRoutes(ssr.pagePaths);
    const { pageStore } = ssr;
    if (pageStore) {
      pageStoreOfPosts = pageStore;
      app.decorate('pageStore', pageStore);
      metrics.setPageStore(pageStore);
      dataEvents.onChange((event) => {
        pageStore
          .dataChanged(event.cityIds === 'all' ? undefined : event.cityIds)
          .catch((error: unknown) => app.log.error({ err: error }, 'page store: data versions not read'));
      });
      // started once the app listens: its first pass lists the kept pages, then makes the missing ones in idle time
      app.addHook('onListen', async () => {
        await pageStore.start();
      });
    }
  }
  return app;
}
