import { describe, expect, it } from 'vitest';
import routes from './routes.ts';
import { routeLeaves } from './route-leaves.ts';
import { PAGES } from './pages.ts';
import { PURPOSES } from './page-purposes.ts';

describe('page titles and purposes', () => {
  it('every route of the route table has a title and a Chinese purpose, and nothing else does', () => {
    const ids = routeLeaves(routes).map((r) => r.id);
    expect(Object.keys(PAGES).sort()).toEqual([...ids].sort());
    expect(Object.keys(PURPOSES).sort()).toEqual([...ids].sort());
    for (const id of ids) expect(PURPOSES[id]).toMatch(/[\u4e00-\u9fa5]/);
  });
});
