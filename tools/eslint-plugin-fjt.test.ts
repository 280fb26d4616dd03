// The boundary rule must fail the lint when an import crosses a boundary of ARCHITECTURE §3.
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import plugin from './eslint-plugin-fjt.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const root = process.cwd();

tester.run('fjt/boundaries', plugin.rules.boundaries, {
  valid: [
    { filename: `${root}/packages/domain/src/filters.ts`, code: "import { z } from 'zod';" },
    { filename: `${root}/apps/web/app/root.tsx`, code: "import { formatMoney } from '@fjt/domain';" },
    { filename: `${root}/apps/web/app/features/search/a.ts`, code: "import { b } from './b.ts';" },
    {
      filename: `${root}/apps/web/app/features/search/ui/a.ts`,
      code: "import { c } from '../../../components/x.tsx';",
    },
    { filename: `${root}/apps/server/src/app.ts`, code: "import { openDatabase } from '@fjt/db';" },
  ],
  invalid: [
    { filename: `${root}/packages/domain/src/x.ts`, code: "import { readFileSync } from 'node:fs';", errors: 1 },
    {
      filename: `${root}/packages/domain/src/x.ts`,
      code: "import { buildApp } from '../../../apps/server/src/app.ts';",
      errors: 1,
    },
    { filename: `${root}/packages/domain/src/x.ts`, code: "import { schema } from '@fjt/db';", errors: 1 },
    {
      filename: `${root}/apps/web/app/routes/a.tsx`,
      code: "import { createServices } from '../../../server/src/services.ts';",
      errors: 1,
    },
    { filename: `${root}/apps/web/app/routes/a.tsx`, code: "import { schema } from '@fjt/db';", errors: 1 },
    { filename: `${root}/apps/web/app/features/search/a.ts`, code: "import { x } from '../estate/x.ts';", errors: 1 },
    { filename: `${root}/apps/web/app/features/search/a.ts`, code: "export { x } from '../estate/x.ts';", errors: 1 },
  ],
});
