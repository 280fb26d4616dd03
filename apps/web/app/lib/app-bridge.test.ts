// docs/app-bridge.md against the code: one test per row of its tables, and every code entry must have a row.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as domain from '@fjt/domain';
import { APP_SCHEME, NATIVE_SCREENS, nativeLink } from '@fjt/domain';
import { BRIDGE_CALLS, appDetailLink, appLoginLink, appShare } from './app-bridge.ts';

const doc = readFileSync(fileURLToPath(new URL('../../../../docs/app-bridge.md', import.meta.url)), 'utf8');

/** The rows (cells, trimmed) of the first table after `## heading`. */
function table(heading: string): string[][] {
  const start = doc.indexOf(`## ${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const lines = doc.slice(start).split('\n').slice(1);
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim()),
    );
  }
  return rows;
}
const code = (cell: string) => /`([^`]+)`/.exec(cell)?.[1] ?? cell;
const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

describe('constants', () => {
  const rows = table('Constants');
  for (const [name = '', value = ''] of rows) {
    it(`${code(name)} = ${code(value)}`, () => {
      const actual = (domain as Record<string, unknown>)[code(name)];
      expect(actual, code(name)).toBeDefined();
      expect(String(actual)).toBe(code(value));
    });
  }
});

describe('deep links', () => {
  const rows = table('Deep links');
  it('lists every screen of NATIVE_SCREENS once', () => {
    expect(rows.map((r) => code(r[0] ?? '')).sort()).toEqual(Object.keys(NATIVE_SCREENS).sort());
  });
  for (const [screenCell = '', , linkCell = '', paramsCell = ''] of rows) {
    const screen = code(screenCell) as keyof typeof NATIVE_SCREENS;
    it(`${screen}: ${code(linkCell)}`, () => {
      const def = NATIVE_SCREENS[screen];
      expect(def, screen).toBeDefined();
      expect(code(linkCell)).toBe(`${APP_SCHEME}${def.path}`);
      const documented = codes(paramsCell).map((p) => ({ name: p.slice(0, -1), required: p.endsWith('!') }));
      const actual = Object.entries(def.params).map(([name, rule]) => ({ name, required: rule.required }));
      expect(documented).toEqual(actual);
      // the link the code builds from the documented required parameters
      const sample: Record<string, string | number> = {};
      for (const [name, rule] of Object.entries(def.params) as [string, { kind: unknown; required: boolean }][]) {
        if (!rule.required) continue;
        sample[name] = rule.kind === 'text' ? '小区' : rule.kind === 'url' ? '/605' : 1;
      }
      expect(nativeLink(screen, sample).startsWith(code(linkCell))).toBe(true);
    });
  }
});

describe('JS-bridge calls', () => {
  const rows = table('JS-bridge calls');
  it('lists every call of BRIDGE_CALLS once', () => {
    expect(rows.map((r) => code(r[0] ?? '')).sort()).toEqual(Object.keys(BRIDGE_CALLS).sort());
  });
  for (const [callCell = '', via = '', target = '', payload = ''] of rows) {
    const name = code(callCell) as keyof typeof BRIDGE_CALLS;
    it(`${name} via ${via}`, () => {
      const call = BRIDGE_CALLS[name];
      expect(call, name).toBeDefined();
      expect(via).toBe(call.via);
      expect(code(target)).toBe(call.via === 'js' ? `${call.object}.${call.method}` : call.screen);
      expect(codes(payload)).toEqual([...call.payload]);
      if (call.via === 'deep-link') {
        // the payload is exactly the screen's parameters
        expect(Object.keys(NATIVE_SCREENS[call.screen].params)).toEqual([...call.payload]);
      }
    });
  }
});

describe('bridge helpers', () => {
  it('builds the login and detail links', () => {
    expect(appLoginLink('/605')).toBe('fangjiatong://login/guest?redirect=%2F605');
    expect(appDetailLink(605, 9)).toBe('fangjiatong://house/detail?cityId=605&estateId=9');
  });

  it('shares through window.fjtBridge only inside the app, cutting long texts', async () => {
    const calls: unknown[] = [];
    (globalThis as { window?: unknown }).window = {
      fjtBridge: {
        share: (p: unknown) => {
          calls.push(p);
          return Promise.resolve(true);
        },
      },
    };
    try {
      const payload = { title: '房'.repeat(80), desc: 'd', link: 'https://x.test/605' };
      expect(await appShare({ isApp: false }, payload)).toBeNull();
      expect(await appShare({ isApp: true }, payload)).toBe(true);
      expect((calls[0] as { title: string }).title).toHaveLength(64);
      (globalThis as { window?: unknown }).window = {};
      expect(await appShare({ isApp: true }, payload)).toBeNull();
    } finally {
      delete (globalThis as { window?: unknown }).window;
    }
  });
});
