// /demo is behind the debug flag (PAGES.md §3.15): with context.debugPages false (a deployment) its loader is a 404.
import { describe, expect, it } from 'vitest';
import { demoLoader } from './demo.server.ts';

describe('/demo loader', () => {
  it('is a 404 with the debug flag off', () => {
    for (const flag of [false, undefined]) {
      let thrown: unknown;
      try {
        demoLoader(flag);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({ init: { status: 404 } });
    }
  });

  it('draws the mock charts with the flag on', () => {
    const d = demoLoader(true);
    expect(d.line).toContain('<svg');
    expect(d.bar).toContain('<svg');
  });
});
