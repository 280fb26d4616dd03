import { describe, expect, it } from 'vitest';
import { findHref, readChoices, toQuery, toggleId } from './find-house-params.ts';

describe('帮我找房 URL state', () => {
  it('keeps valid choices and drops malformed ones', () => {
    const search = new URLSearchParams('budget=300&districtIds=330106,x&roomType=2&area=70-90&purpose=rent');
    expect(readChoices(605, search)).toEqual({ budget: '300', roomType: '2', area: '70-90' });
    expect(readChoices(605, new URLSearchParams('budget=5'))).toEqual({});
  });

  it('needs a budget before it searches', () => {
    expect(toQuery(605, { roomType: '2' })).toBeNull();
    expect(toQuery(605, { budget: '300', districtIds: '330106,330108' })).toMatchObject({
      budget: 300,
      districtIds: [330106, 330108],
      purpose: 'home',
    });
  });

  it('changes one step and keeps the others', () => {
    const chosen = { budget: '300', roomType: '2' };
    expect(findHref(605, chosen, { budget: '400' })).toBe('/605/find-house?budget=400&roomType=2');
    expect(findHref(605, chosen, { roomType: undefined })).toBe('/605/find-house?budget=300');
    expect(findHref(605, {}, {})).toBe('/605/find-house');
  });

  it('toggles a district in the comma list', () => {
    expect(toggleId(undefined, 1)).toBe('1');
    expect(toggleId('1,2', 2)).toBe('1');
    expect(toggleId('1', 1)).toBeUndefined();
  });
});
