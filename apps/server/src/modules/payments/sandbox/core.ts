// The sandbox gateway's shared core (issue 12; research/payments.md §6): the providers' books (an in-memory trade
// store), a virtual clock (the app's clock plus an offset that tests move), the notifier that delivers each
// provider's signed notifications to the trade's notify_url through the HttpClient and retries on the provider's
// real table until our reply is the one the provider wants (same bytes and notify id every time), and the test
// controls. registerSandbox mounts it under /__sandbox — only in PAY_MODE=sandbox (app.ts decides).
//   POST /__sandbox/control/{provider}/{out_trade_no}/{pay|cancel|close|refund}
//        {delayMs?, duplicates?, tamper?: 'sign'|'amount'|'serial'|'timestamp', reorder?}
//   POST /__sandbox/control/clock {advanceMs}
//   GET  /__sandbox/control/deliveries[?provider&outTradeNo]
//   GET  /__sandbox/control/trades/{provider}/{out_trade_no}
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { PROVIDERS, type ProviderName } from '@fjt/domain';
import type { HttpClient, ProviderTradeState } from '../provider.ts';
import {
  TAMPERS,
  type NotifyOptions,
  type SandboxContext,
  type SandboxNotification,
  type SandboxProvider,
  type SandboxTrade,
  type SandboxTradeStore,
  type TradeEvent,
} from './types.ts';

export const SANDBOX_PREFIX = '/__sandbox';

/** Moves a provider allows: an unpaid trade can be paid or closed, a paid one refunded; nothing else. */
const TRADE_MOVES: Record<ProviderTradeState, readonly ProviderTradeState[]> = {
  NOTPAY: ['PAID', 'CLOSED'],
  PAID: ['REFUNDED'],
  CLOSED: [],
  REFUNDED: [],
};

export function createTradeStore(clock: { now(): number }): SandboxTradeStore {
  const trades = new Map<string, SandboxTrade>();
  const keyOf = (provider: ProviderName, outTradeNo: string) => `${provider}:${outTradeNo}`;
  return {
    get: (provider, outTradeNo) => trades.get(keyOf(provider, outTradeNo)),
    upsert(trade) {
      const key = keyOf(trade.provider, trade.outTradeNo);
      const existing = trades.get(key);
      if (existing) return existing;
      const created: SandboxTrade = {
        ...trade,
        createdAt: clock.now(),
        state: 'NOTPAY',
        paidAt: null,
        refundedAt: null,
      };
      trades.set(key, created);
      return created;
    },
    move(provider, outTradeNo, to) {
      const trade = trades.get(keyOf(provider, outTradeNo));
      if (!trade || !TRADE_MOVES[trade.state].includes(to)) return false;
      trade.state = to;
      if (to === 'PAID') trade.paidAt = clock.now();
      if (to === 'REFUNDED') trade.refundedAt = clock.now();
      return true;
    },
    byExtra(provider, key, value) {
      for (const trade of trades.values()) if (trade.provider === provider && trade.extra[key] === value) return trade;
      return undefined;
    },
  };
}

/** One delivery attempt, as GET /__sandbox/control/deliveries lists it. */
export interface DeliveryRecord {
  provider: ProviderName;
  outTradeNo: string;
  event: TradeEvent;
  notifyId: string;
  /** 1 for the first attempt of a copy, 2 for its first retry, … */
  attempt: number;
  /** Which copy (0 the original, 1… the duplicates). */
  copy: number;
  tamper: string | null;
  /** Virtual-clock time of the attempt, ISO. */
  at: string;
  status: number;
  body: string;
  accepted: boolean;
  /** Real (wall-clock) milliseconds from sending the notification to our reply: our handling time. */
  durationMs: number;
}

interface QueuedDelivery {
  seq: number;
  provider: SandboxProvider;
  trade: SandboxTrade;
  event: TradeEvent;
  notification: SandboxNotification;
  tamper: string | null;
  copy: number;
  attempts: number;
  dueAt: number;
  /** reorder: waits for the next notification queued for the same trade, then goes right after it. */
  held: boolean;
  done: boolean;
}

export interface SandboxCore {
  readonly clock: { now(): number; advance(ms: number): Promise<void> };
  readonly trades: SandboxTradeStore;
  readonly deliveries: DeliveryRecord[];
  context(): SandboxContext;
  settle(provider: ProviderName, outTradeNo: string, event: TradeEvent, options?: NotifyOptions): boolean;
  /** Delivers everything due now (and what those deliveries cause) and waits for it. */
  flush(): Promise<void>;
  provider(name: string): SandboxProvider | undefined;
  stop(): void;
}

export interface VirtualClock {
  now(): number;
  /** Moves the clock on (never back). */
  shift(ms: number): void;
}

/** The sandbox's clock: the app's clock plus an offset the controls move. Adapters in sandbox mode read it too. */
export function createVirtualClock(baseNow: () => number = Date.now): VirtualClock {
  let offset = 0;
  return { now: () => baseNow() + offset, shift: (ms) => void (offset += Math.max(0, ms)) };
}

export interface SandboxOptions {
  providers: readonly SandboxProvider[];
  http: HttpClient;
  publicOrigin: string;
  /** The virtual clock (default: real time plus an offset). */
  clock?: VirtualClock;
  /** Real-time tick that delivers what has become due (0: none; tests drive the clock). Default 1000 ms. */
  tickMs?: number;
  log?: { warn(obj: unknown, msg: string): void };
}

export function createSandboxCore(options: SandboxOptions): SandboxCore {
  const virtual = options.clock ?? createVirtualClock();
  const clock = {
    now: virtual.now,
    /** Moves on by `ms`, stopping at each delivery due on the way (a retry falls due after its attempt). */
    async advance(ms: number) {
      const target = virtual.now() + Math.max(0, ms);
      for (let steps = 0; steps < 10_000; steps++) {
        await flush();
        const pending = queue.filter((q) => !q.done && !q.held).map((q) => q.dueAt);
        const next = pending.length > 0 ? Math.min(...pending) : Number.POSITIVE_INFINITY;
        if (next > target) break;
        virtual.shift(next - virtual.now());
      }
      virtual.shift(target - virtual.now());
      await flush();
    },
  };
  const trades = createTradeStore(clock);
  const providers = new Map(options.providers.map((p) => [p.name as string, p]));
  const queue: QueuedDelivery[] = [];
  const deliveries: DeliveryRecord[] = [];
  let seq = 0;
  let running: Promise<void> = Promise.resolve();

  function settle(name: ProviderName, outTradeNo: string, event: TradeEvent, notify: NotifyOptions = {}): boolean {
    const provider = providers.get(name);
    const trade = trades.get(name, outTradeNo);
    if (!provider || !trade) return false;
    const to: ProviderTradeState = event;
    if (!trades.move(name, outTradeNo, to)) return false;
    // same bytes for every copy and every retry
    const notification = provider.buildNotification(trade, event, notify.tamper) as SandboxNotification | null;
    if (!notification) return true;
    const dueAt = clock.now() + Math.max(0, notify.delayMs ?? 0);
    const copies = 1 + Math.min(Math.max(0, notify.duplicates ?? 0), 1000);
    // a notification held back by reorder goes right after this one
    const heldBefore = queue.filter((q) => q.held && !q.done && q.provider.name === name && q.trade === trade);
    for (let copy = 0; copy < copies; copy++) {
      queue.push({
        seq: ++seq,
        provider,
        trade,
        event,
        notification,
        tamper: notify.tamper ?? null,
        copy,
        attempts: 0,
        dueAt,
        held: notify.reorder === true,
        done: false,
      });
    }
    for (const h of heldBefore) {
      h.held = false;
      h.dueAt = dueAt;
      h.seq = ++seq;
    }
    schedule();
    return true;
  }

  async function deliver(q: QueuedDelivery): Promise<void> {
    q.attempts += 1;
    const at = clock.now();
    let status = 0;
    let body = '';
    const started = performance.now();
    try {
      const reply = await options.http({
        method: 'POST',
        url: q.trade.notifyUrl,
        // WeChat signs every delivery afresh (refresh); the others resend the same bytes
        headers: {
          ...(q.provider.refresh?.(q.notification) ?? q.notification).headers,
          'content-type': q.notification.contentType,
        },
        body: q.notification.body,
      });
      status = reply.status;
      body = reply.body;
    } catch (error) {
      options.log?.warn({ err: error, outTradeNo: q.trade.outTradeNo }, 'sandbox notification not delivered');
    }
    const durationMs = +(performance.now() - started).toFixed(2);
    const accepted = status > 0 && q.provider.accepted({ status, body });
    deliveries.push({
      provider: q.provider.name,
      outTradeNo: q.trade.outTradeNo,
      event: q.event,
      notifyId: q.notification.notifyId,
      attempt: q.attempts,
      copy: q.copy,
      tamper: q.tamper,
      at: new Date(at).toISOString(),
      status,
      body: body.slice(0, 200),
      accepted,
      durationMs,
    });
    const gap = q.provider.retryScheduleMs[q.attempts - 1];
    if (accepted || gap === undefined) q.done = true;
    else q.dueAt = at + gap;
  }

  const due = () => {
    const t = clock.now();
    return queue.filter((q) => !q.done && !q.held && q.dueAt <= t).sort((a, b) => a.dueAt - b.dueAt || a.seq - b.seq);
  };

  async function deliverDue(): Promise<void> {
    for (let rounds = 0; rounds < 100; rounds++) {
      const batch = due();
      if (batch.length === 0) return;
      // copies of one notification arrive at once; different notifications in their order
      const groups = new Map<SandboxNotification, QueuedDelivery[]>();
      for (const q of batch) groups.set(q.notification, [...(groups.get(q.notification) ?? []), q]);
      for (const group of groups.values()) await Promise.all(group.map(deliver));
      for (let i = queue.length - 1; i >= 0; i--) if (queue[i]!.done) queue.splice(i, 1);
    }
  }

  function runDue(): Promise<void> {
    running = running.then(deliverDue, deliverDue);
    return running;
  }

  let scheduled = false;
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // never inside the caller's request (it may hold a transaction the notification needs)
    setImmediate(() => {
      scheduled = false;
      void runDue();
    });
  }

  async function flush(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    do await runDue();
    while (due().length > 0);
  }

  const tick = options.tickMs ?? 1000;
  const timer =
    tick > 0
      ? setInterval(() => {
          if (due().length > 0) void runDue();
        }, tick)
      : undefined;
  timer?.unref();

  const context = (): SandboxContext => ({ trades, clock, settle, publicOrigin: options.publicOrigin, flush });
  return {
    clock,
    trades,
    deliveries,
    context,
    settle,
    flush,
    provider: (name) => providers.get(name),
    stop: () => clearInterval(timer),
  };
}

const controlBody = z
  .object({
    delayMs: z
      .number()
      .int()
      .min(0)
      .max(30 * 24 * 3600_000)
      .optional(),
    duplicates: z.number().int().min(0).max(1000).optional(),
    tamper: z.enum(TAMPERS as [string, ...string[]]).optional(),
    reorder: z.boolean().optional(),
  })
  .strict()
  .optional();
const ACTION_EVENTS = { pay: 'PAID', cancel: 'CLOSED', close: 'CLOSED', refund: 'REFUNDED' } as const;

/**
 * Mounts the sandbox under /__sandbox: the controls and each provider's own routes under /__sandbox/{name}.
 * Nothing here is indexed or cached.
 */
export async function registerSandbox(app: FastifyInstance, options: SandboxOptions): Promise<SandboxCore> {
  const core = createSandboxCore(options);
  app.addHook('onClose', async () => core.stop());
  await app.register(
    async (scope) => {
      // not part of the product API: out of the OpenAPI document (and so of its fuzz test)
      scope.addHook('onRoute', (route) => {
        route.schema = { ...route.schema, hide: true };
      });
      scope.addHook('onSend', async (_request, reply, payload) => {
        reply.header('x-robots-tag', 'noindex, nofollow');
        reply.header('cache-control', 'no-store');
        return payload;
      });
      const fail = (reply: FastifyReply, status: number, message: string) =>
        reply.code(status).send({ ok: false, message });

      scope.post('/control/clock', async (request, reply) => {
        const parsed = z
          .object({
            advanceMs: z
              .number()
              .int()
              .min(0)
              .max(365 * 24 * 3600_000),
          })
          .safeParse(request.body);
        if (!parsed.success) return fail(reply, 400, 'advanceMs: a whole number of milliseconds');
        await core.clock.advance(parsed.data.advanceMs);
        return { ok: true, now: new Date(core.clock.now()).toISOString() };
      });

      scope.get('/control/deliveries', async (request) => {
        const q = request.query as { provider?: string; outTradeNo?: string };
        await core.flush();
        return {
          list: core.deliveries.filter(
            (d) => (!q.provider || d.provider === q.provider) && (!q.outTradeNo || d.outTradeNo === q.outTradeNo),
          ),
        };
      });

      scope.get('/control/trades/:provider/:outTradeNo', async (request, reply) => {
        const { provider, outTradeNo } = request.params as { provider: string; outTradeNo: string };
        const trade = PROVIDERS.includes(provider as ProviderName)
          ? core.trades.get(provider as ProviderName, outTradeNo)
          : undefined;
        if (!trade) return fail(reply, 404, 'no such trade');
        return { ok: true, trade };
      });

      scope.post('/control/:provider/:outTradeNo/:action', async (request, reply) => {
        const { provider, outTradeNo, action } = request.params as Record<string, string>;
        if (!core.provider(provider!)) return fail(reply, 404, 'no such provider');
        const event = ACTION_EVENTS[action as keyof typeof ACTION_EVENTS];
        if (!event) return fail(reply, 404, 'action: pay | cancel | close | refund');
        const parsed = controlBody.safeParse(request.body ?? undefined);
        if (!parsed.success) return fail(reply, 400, parsed.error.issues.map((i) => i.message).join('; '));
        const name = provider as ProviderName;
        if (!core.trades.get(name, outTradeNo!)) return fail(reply, 404, 'no such trade');
        const moved = core.settle(name, outTradeNo!, event, parsed.data as NotifyOptions | undefined);
        if (!moved) return fail(reply, 409, `trade is ${core.trades.get(name, outTradeNo!)!.state}`);
        await core.flush();
        return { ok: true, trade: core.trades.get(name, outTradeNo!) };
      });

      for (const provider of options.providers) {
        await scope.register(provider.routes(core.context()), { prefix: `/${provider.name}` });
      }
    },
    { prefix: SANDBOX_PREFIX },
  );
  return core;
}
