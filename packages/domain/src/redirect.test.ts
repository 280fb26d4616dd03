import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect.ts';

describe('safeRedirectPath: redirect parameters stay on this site', () => {
  it('keeps paths of this site, with their query and hash', () => {
    expect(safeRedirectPath('/605/search?kw=xixi', '/')).toBe('/605/search?kw=xixi');
    expect(safeRedirectPath('/quotation?cityId=605#top', '/')).toBe('/quotation?cityId=605#top');
    expect(safeRedirectPath('/605/house-detail/1/../2', '/')).toBe('/605/house-detail/2');
    expect(safeRedirectPath('/605/search?kw=%E8%A5%BF', '/')).toBe('/605/search?kw=%E8%A5%BF');
  });

  it.each([
    '/.//evil.example/x',
    '/./\\evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%2fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '%2F%2Fevil.example',
    'https://evil.example',
    'HTTPS://evil.example/605',
    'javascript:alert(1)',
    'data:text/html,x',
    'evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%09/evil.example',
    '/%0d%0a/evil.example',
    '/605\u0000',
    '/../..//evil.example',
    '',
    ' /605',
  ])('refuses %j', (target) => {
    expect(safeRedirectPath(target, '/605')).toBe('/605');
  });

  it('refuses what is not text', () => {
    for (const target of [null, undefined, 1, ['/605'], {}]) expect(safeRedirectPath(target, '/x')).toBe('/x');
  });
});
