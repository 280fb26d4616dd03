import { describe, expect, it } from 'vitest';
import { shellModules } from './shell-chunk.ts';

const graph = (edges: Record<string, string[]>) => ({
  getModuleInfo: (id: string) => (id in edges ? { importedIds: edges[id]! } : null),
});

describe('shellModules', () => {
  const app = '/repo/apps/web/app';
  const domain = '/repo/packages/domain/src';
  const modules = graph({
    [`${app}/root.tsx`]: [`${app}/lib/cookies.ts`, `${domain}/index.ts`, '/repo/node_modules/react/index.js'],
    [`${app}/lib/cookies.ts`]: [`${app}/lib/city-storage.ts`, `${app}/root.tsx`],
    [`${app}/lib/city-storage.ts`]: [`${domain}/schema-helpers.ts`],
    [`${domain}/index.ts`]: [
      `${domain}/copy.ts`,
      `${domain}/api/wallet.ts`,
      `${domain}/services.ts`,
      `${domain}/tools/tax-rules.ts`,
    ],
    [`${domain}/tools/tax-rules.ts`]: [`${domain}/tools/rates.ts`],
    [`${domain}/tools/rates.ts`]: [],
    [`${domain}/copy.ts`]: [],
    [`${domain}/api/wallet.ts`]: ['/repo/node_modules/zod/index.js', `${domain}/wallet-rules.ts`],
    [`${domain}/services.ts`]: [`${domain}/api/params.ts`],
    [`${domain}/wallet-rules.ts`]: [],
    [`${domain}/api/params.ts`]: ['/repo/node_modules/zod/index.js'],
    [`${domain}/schema-helpers.ts`]: ['/repo/node_modules/zod/index.js'],
    '/repo/node_modules/react/index.js': [`${app}/never.ts`],
    [`${app}/features/estate/page.tsx`]: [`${app}/lib/cookies.ts`],
  });

  it('takes what the root route imports through the barrel and the schemas, not libraries, tools or what imports zod', () => {
    expect([...shellModules(`${app}/root.tsx`, modules)].sort()).toEqual(
      [`${app}/lib/city-storage.ts`, `${app}/lib/cookies.ts`, `${domain}/copy.ts`, `${domain}/wallet-rules.ts`].sort(),
    );
  });

  it('fails the build when the root route is not in it', () => {
    expect(() => shellModules(`${app}/missing.tsx`, modules)).toThrow(/root route/);
  });
});
