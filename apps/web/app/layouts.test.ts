import { describe, expect, it } from 'vitest';
import routes from './routes.ts';
import { routeLeaves } from './route-leaves.ts';
import { LAYOUTS, layoutOf } from './layouts.ts';

describe('layouts', () => {
  it('names only routes of the route table', () => {
    const ids = new Set(routeLeaves(routes).map((r) => r.id));
    expect(Object.keys(LAYOUTS).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('gives a page not listed the default layout', () => {
    expect(layoutOf('house-detail')).toBe('send-order');
    expect(layoutOf('citylist')).toBe('default');
    expect(layoutOf(undefined)).toBe('default');
  });
});
