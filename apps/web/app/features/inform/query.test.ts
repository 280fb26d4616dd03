import { describe, expect, it } from 'vitest';
import { informQuery, informReasonOf, informTargetOf } from './query.ts';

const q = (s: string) => new URLSearchParams(s);

describe('the report pages’ query', () => {
  it('reads targetType + targetId, and the estate page’s older ?estateId=', () => {
    expect(informTargetOf(q('targetType=listing&targetId=12'))).toEqual({ targetType: 'listing', targetId: 12 });
    expect(informTargetOf(q('estateId=7'))).toEqual({ targetType: 'estate', targetId: 7 });
    expect(informTargetOf(q('targetType=answer&targetId=3&estateId=7'))).toEqual({ targetType: 'answer', targetId: 3 });
  });

  it('is no target when anything is missing or malformed', () => {
    for (const s of [
      '',
      'targetType=listing',
      'targetId=1',
      'targetType=house&targetId=1',
      'targetType=listing&targetId=abc',
      'targetType=listing&targetId=0',
      'estateId=x',
    ])
      expect(informTargetOf(q(s)), s).toBeNull();
  });

  it('keeps a reason only when it is offered for the target', () => {
    const listing = { targetType: 'listing' as const, targetId: 1 };
    expect(informReasonOf(q('reason=fake_listing'), listing)).toBe('fake_listing');
    expect(informReasonOf(q('reason=abuse'), listing)).toBeNull();
    expect(informReasonOf(q('reason=toString'), listing)).toBeNull();
    expect(informReasonOf(q(''), listing)).toBeNull();
    expect(informQuery(listing, 'wrong_price')).toBe('?targetType=listing&targetId=1&reason=wrong_price');
  });
});
