import { describe, it, expect } from 'vitest';
import { isOrderPath, orderRedirectTarget, parsePayCallback, PAY_CALLBACK_COOKIE } from './order-redirect.ts';

const cookie = { productCode: 'VIP365', serialNumber: 'SN20240101' };
const at = (path: string) => new URL(path, 'https://m.fangjiatong.cn');

describe('parsePayCallback', () => {
  it('uses the payCallback cookie name', () => {
    expect(PAY_CALLBACK_COOKIE).toBe('payCallback');
  });

  it('parses the URL-encoded cookie value', () => {
    expect(parsePayCallback(encodeURIComponent('productCode=VIP365&serialNumber=SN20240101'))).toEqual(cookie);
  });

  it('parses an un-encoded value as well', () => {
    expect(parsePayCallback('productCode=VIP365&serialNumber=SN20240101')).toEqual(cookie);
  });

  it('decodes values exactly once', () => {
    const raw = `productCode=${encodeURIComponent('A&B')}&serialNumber=${encodeURIComponent('1 2%')}`;
    expect(parsePayCallback(raw)).toEqual({ productCode: 'A&B', serialNumber: '1 2%' });
    expect(parsePayCallback(encodeURIComponent(raw))).toEqual({ productCode: 'A&B', serialNumber: '1 2%' });
  });

  it('is null when absent, malformed or incomplete', () => {
    expect(parsePayCallback(undefined)).toBeNull();
    expect(parsePayCallback(null)).toBeNull();
    expect(parsePayCallback('')).toBeNull();
    expect(parsePayCallback('%E0%A4%A')).toBeNull();
    expect(parsePayCallback('productCode=VIP365')).toBeNull();
    expect(parsePayCallback('productCode=&serialNumber=SN')).toBeNull();
    expect(parsePayCallback('productCode=%20&serialNumber=SN')).toBeNull();
  });
});

describe('isOrderPath', () => {
  it('matches "order" as a word anywhere in the path', () => {
    for (const p of [
      '/common/order',
      '/common/order/status',
      '/market/order',
      '/profile/buynewvip/order',
      '/trade/order/status',
      '/order',
    ]) {
      expect(isOrderPath(p)).toBe(true);
    }
  });

  it('does not match other paths or "order" inside a longer word', () => {
    for (const p of ['/', '/605/house-detail/1', '/market', '/recorder', '/orders', '/border/x']) {
      expect(isOrderPath(p)).toBe(false);
    }
  });
});

describe('orderRedirectTarget', () => {
  it('adds productCode and serialNumber to an order path', () => {
    expect(orderRedirectTarget(at('/common/order/status'), cookie)).toBe(
      '/common/order/status?productCode=VIP365&serialNumber=SN20240101',
    );
  });

  it('keeps other query parameters and replaces stale values', () => {
    const target = orderRedirectTarget(at('/market/order?from=app&productCode=OLD&cityId=605'), cookie);
    expect(target).not.toBeNull();
    const url = at(target ?? '');
    expect(url.pathname).toBe('/market/order');
    expect(url.searchParams.get('from')).toBe('app');
    expect(url.searchParams.get('cityId')).toBe('605');
    expect(url.searchParams.getAll('productCode')).toEqual(['VIP365']);
    expect(url.searchParams.get('serialNumber')).toBe('SN20240101');
  });

  it('keeps the hash', () => {
    expect(orderRedirectTarget(at('/trade/order#pay'), cookie)).toBe(
      '/trade/order?productCode=VIP365&serialNumber=SN20240101#pay',
    );
  });

  it('does not redirect without a cookie or outside order paths', () => {
    expect(orderRedirectTarget(at('/common/order'), null)).toBeNull();
    expect(orderRedirectTarget(at('/605/house-detail/1'), cookie)).toBeNull();
  });

  it('does not redirect again once the query carries the values (no loop)', () => {
    const first = orderRedirectTarget(at('/common/order?x=1'), cookie);
    expect(first).not.toBeNull();
    expect(orderRedirectTarget(at(first ?? ''), cookie)).toBeNull();
  });

  it('redirects when only one of the two values matches', () => {
    expect(orderRedirectTarget(at('/common/order?productCode=VIP365&serialNumber=OTHER'), cookie)).toBe(
      '/common/order?productCode=VIP365&serialNumber=SN20240101',
    );
  });

  it('encodes values that need it', () => {
    const target = orderRedirectTarget(at('/common/order'), { productCode: 'A&B', serialNumber: '1 2' });
    expect(at(target ?? '').searchParams.get('productCode')).toBe('A&B');
    expect(at(target ?? '').searchParams.get('serialNumber')).toBe('1 2');
  });
});
