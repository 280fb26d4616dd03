import { describe, expect, it } from 'vitest';
import { wrapSchemaConstants } from './pure-schemas.ts';

describe('wrapSchemaConstants', () => {
  const source = [
    "import { z } from 'zod';",
    'const base = z.object({ id: z.number() });',
    'export const query = base.extend({ page: z.number().default(1) });',
    "export const KINDS = ['a', 'b'];",
    'export const SIZE = 20;',
    'export const label = (n) => `${n}室`;',
    'let counter = make();',
    'export function f() { return 1; }',
  ].join('\n');
  const out = wrapSchemaConstants(source);

  it('wraps call and object initialisers of top-level consts in an IIFE marked pure', () => {
    expect(out).toContain('const base = /* @__PURE__ */ (() => (z.object({ id: z.number() })))();');
    expect(out).toContain('export const query = /* @__PURE__ */ (() => (base.extend(');
    expect(out).toContain("export const KINDS = /* @__PURE__ */ (() => (['a', 'b']))();");
  });

  it('leaves literals, functions, `let` and declarations alone', () => {
    expect(out).toContain('export const SIZE = 20;');
    expect(out).toContain('export const label = (n) => `${n}室`;');
    expect(out).toContain('let counter = make();');
    expect(out).toContain('export function f() { return 1; }');
  });

  it('keeps the values the module computes', () => {
    const run = (code: string) =>
      new Function(
        'z',
        'make',
        `${code.replace(/^import.*$/m, '').replace(/export /g, '')}; return { query, KINDS, SIZE };`,
      );
    const z = {
      object: (o: object) => ({ ...o, extend: (e: object) => ({ ...o, ...e }) }),
      number: () => ({ default: (d: number) => d }),
    };
    expect(JSON.stringify(run(out)(z, () => 0))).toBe(JSON.stringify(run(source)(z, () => 0)));
  });
});
