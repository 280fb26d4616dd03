// @vitest-environment happy-dom
// The share link's 推广码 (PAGES.md §3.10): kept from ?proxy=, sent only with report and deal-data orders, and
// dropped — the order made again without it, same Idempotency-Key — when the server refuses it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WALLET_MESSAGES } from '@fjt/domain';
import { forgetProxyCode, proxyCodeFor, rememberProxyCode } from './proxy-code.ts';
import { createProductOrder } from '../features/checkout/use-product.ts';

const order = { orderNo: 'FJT2026112508000012345678' };
const answer = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

describe('the kept 推广码', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps a well-formed ?proxy= code (upper-cased) and ignores anything else', () => {
    rememberProxyCode('?proxy=abcd2345&x=1');
    expect(proxyCodeFor('report')).toBe('ABCD2345');
    rememberProxyCode('?proxy=O0I1L000'); // look-alikes are not in the alphabet
    rememberProxyCode('?proxy=<script>');
    rememberProxyCode('?other=1');
    expect(proxyCodeFor('trade')).toBe('ABCD2345');
    expect(proxyCodeFor('vip')).toBeNull();
    expect(proxyCodeFor('activity')).toBeNull();
    forgetProxyCode();
    expect(proxyCodeFor('report')).toBeNull();
  });
});

describe('createProductOrder with a kept code', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    rememberProxyCode('?proxy=ABCD2345');
  });
  afterEach(() => vi.unstubAllGlobals());

  const bodies = () => fetchMock.mock.calls.map((c) => JSON.parse((c[1] as RequestInit).body as string));
  const keys = () =>
    fetchMock.mock.calls.map((c) => (c[1] as { headers: Record<string, string> }).headers['idempotency-key']);

  it('sends it with a report order', async () => {
    fetchMock = vi.fn(() => answer({ resultCode: 0, errMsg: '', body: { order } }));
    vi.stubGlobal('fetch', fetchMock);
    const res = await createProductOrder(
      'market/order/create',
      { code: 'RPT-C-605', kind: 'report' },
      null,
      'key-12345678',
    );
    expect(res.resultCode).toBe(0);
    expect(bodies()).toEqual([{ productCode: 'RPT-C-605', proxyCode: 'ABCD2345' }]);
  });

  it('never with a VIP card', async () => {
    fetchMock = vi.fn(() => answer({ resultCode: 0, errMsg: '', body: { order } }));
    vi.stubGlobal('fetch', fetchMock);
    await createProductOrder('common/order/create', { code: 'VIP_MONTH', kind: 'vip' }, '/profile', 'key-12345678');
    expect(bodies()).toEqual([{ productCode: 'VIP_MONTH', returnTo: '/profile' }]);
  });

  it('a refused code is forgotten and the order made without it, with the same key', async () => {
    fetchMock = vi
      .fn()
      .mockImplementationOnce(() => answer({ resultCode: 400, errMsg: WALLET_MESSAGES.proxyOwn, body: null }, 400))
      .mockImplementationOnce(() => answer({ resultCode: 0, errMsg: '', body: { order } }));
    vi.stubGlobal('fetch', fetchMock);
    const res = await createProductOrder(
      'trade/order/create',
      { code: 'TRD-605-90', kind: 'trade' },
      null,
      'key-12345678',
    );
    expect(res.resultCode).toBe(0);
    expect(bodies()).toEqual([{ productCode: 'TRD-605-90', proxyCode: 'ABCD2345' }, { productCode: 'TRD-605-90' }]);
    expect(keys()).toEqual(['key-12345678', 'key-12345678']);
    expect(proxyCodeFor('trade')).toBeNull();
  });

  it('any other failure is the answer (the code is kept)', async () => {
    fetchMock = vi.fn(() => answer({ resultCode: 409, errMsg: '您已购买该商品，无需重复购买', body: null }, 409));
    vi.stubGlobal('fetch', fetchMock);
    const res = await createProductOrder(
      'market/order/create',
      { code: 'RPT-C-605', kind: 'report' },
      null,
      'key-12345678',
    );
    expect(res.errMsg).toBe('您已购买该商品，无需重复购买');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(proxyCodeFor('report')).toBe('ABCD2345');
  });
});
