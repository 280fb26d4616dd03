// The sandbox core on its own (issue 12): the trade store's moves, and the notifier — delivery through the
// HttpClient, retries on the provider's table with the same bytes until accepted, delay, duplicates, reorder.
import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../provider.ts';
import { createSandboxCore, createTradeStore, createVirtualClock } from './core.ts';
import type { SandboxProvider } from './types.ts';

const MIN = 60_000;

function fakeProvider(): SandboxProvider {
  let n = 0;
  return {
    name: 'alipay',
    retryScheduleMs: [4 * MIN, 10 * MIN],
    buildNotification: (trade, event, tamper) => ({
      notifyId: `n${++n}`,
      contentType: 'text/plain',
      headers: { 'x-event': event },
      body: `${trade.outTradeNo}:${event}:${tamper ?? ''}:${n}`,
    }),
    accepted: (reply) => reply.body === 'success',
    routes: () => async () => {},
  };
}

function setup(answers: (request: HttpRequest) => string) {
  let t = Date.parse('2026-11-25T08:00:00Z');
  const clock = createVirtualClock(() => t);
  const sent: HttpRequest[] = [];
  const core = createSandboxCore({
    providers: [fakeProvider()],
    http: async (request) => {
      sent.push(request);
      return { status: 200, headers: {}, body: answers(request) };
    },
    publicOrigin: 'http://localhost:3000',
    clock,
    tickMs: 0,
  });
  const open = (outTradeNo: string) =>
    core.trades.upsert({
      provider: 'alipay',
      outTradeNo,
      providerTxnId: `T${outTradeNo}`,
      amountFen: 3000,
      subject: 's',
      notifyUrl: 'http://localhost:3000/notify',
      returnUrl: 'http://localhost:3000/back',
      expiresAt: t + 30 * MIN,
      extra: {},
    });
  return { core, sent, open, tick: (ms: number) => (t += ms) };
}

describe('trade store', () => {
  it('allows pay or close of an unpaid trade and refund of a paid one, nothing else', () => {
    const store = createTradeStore({ now: () => 1 });
    const trade = {
      provider: 'alipay' as const,
      providerTxnId: 'x',
      amountFen: 1,
      subject: 's',
      notifyUrl: '',
      returnUrl: '',
      expiresAt: 2,
      extra: {},
    };
    store.upsert({ ...trade, outTradeNo: 'a' });
    expect(store.upsert({ ...trade, outTradeNo: 'a', amountFen: 99 }).amountFen).toBe(1);
    expect(store.move('alipay', 'a', 'REFUNDED')).toBe(false);
    expect(store.move('alipay', 'a', 'PAID')).toBe(true);
    expect(store.get('alipay', 'a')!.paidAt).toBe(1);
    expect(store.move('alipay', 'a', 'CLOSED')).toBe(false);
    expect(store.move('alipay', 'a', 'REFUNDED')).toBe(true);
    store.upsert({ ...trade, outTradeNo: 'b', extra: { token: 't' } });
    expect(store.move('alipay', 'b', 'CLOSED')).toBe(true);
    expect(store.move('alipay', 'b', 'PAID')).toBe(false);
    expect(store.byExtra('alipay', 'token', 't')!.outTradeNo).toBe('b');
    expect(store.move('alipay', 'nope', 'PAID')).toBe(false);
  });
});

describe('notifier', () => {
  it('retries on the provider table with the same bytes until the reply is accepted', async () => {
    let replies = 0;
    const { core, sent, open } = setup(() => (++replies >= 3 ? 'success' : 'fail'));
    open('A');
    expect(core.settle('alipay', 'A', 'PAID')).toBe(true);
    await core.flush();
    expect(sent).toHaveLength(1);
    await core.clock.advance(3 * MIN);
    expect(sent).toHaveLength(1);
    await core.clock.advance(1 * MIN);
    expect(sent).toHaveLength(2);
    await core.clock.advance(10 * MIN);
    expect(sent).toHaveLength(3);
    await core.clock.advance(60 * MIN);
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((r) => r.body)).size).toBe(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: 'http://localhost:3000/notify',
      headers: { 'x-event': 'PAID', 'content-type': 'text/plain' },
    });
    expect(core.deliveries.map((d) => [d.attempt, d.accepted])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    // each attempt records how long our reply took (real time, for bench/checkout.ts)
    for (const d of core.deliveries) expect(d.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('gives up after the last retry of the table', async () => {
    const { core, sent, open } = setup(() => 'fail');
    open('A');
    core.settle('alipay', 'A', 'PAID');
    await core.clock.advance(24 * 60 * MIN);
    expect(sent).toHaveLength(3);
  });

  it('holds a delayed notification, sends duplicates at once, and reorders on request', async () => {
    const { core, sent, open } = setup(() => 'success');
    open('A');
    core.settle('alipay', 'A', 'PAID', { delayMs: 5 * MIN, duplicates: 2 });
    await core.flush();
    expect(sent).toHaveLength(0);
    await core.clock.advance(5 * MIN);
    expect(sent.map((r) => r.body)).toEqual(Array(3).fill(sent[0]!.body));

    open('B');
    core.settle('alipay', 'B', 'PAID', { reorder: true });
    await core.flush();
    expect(sent).toHaveLength(3); // held until the next one for B
    core.settle('alipay', 'B', 'REFUNDED');
    await core.flush();
    expect(sent.slice(3).map((r) => r.body!.split(':')[1])).toEqual(['REFUNDED', 'PAID']);
    // a move the provider does not allow queues nothing
    expect(core.settle('alipay', 'B', 'PAID')).toBe(false);
  });
});
