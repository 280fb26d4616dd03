// Vite plugin (client build only): every top-level `const` of @fjt/domain's payload-schema modules
// (packages/domain/src/api/*.ts) is built inside an IIFE marked pure, so the bundler drops the schemas a page
// never uses — a page that takes only a constant or a label from such a module no longer ships zod. Building
// a zod schema has no side effect; `manualPureFunctions` alone cannot see that through helper functions and
// `.extend()` chains (ADR 0006).
import type { Plugin } from 'vite';
import { parseAst } from 'vite';

// and the buyer tools' rule tables (packages/domain/src/tools/*.ts), built the same way: a page that takes one label
// from them does not ship every city's dated rules
const SCHEMA_MODULE = /packages\/domain\/src\/(api|tools)\/[^/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Initialisers that are already pure (or cheap and side-effect free) are left alone. */
const PLAIN = new Set(['Literal', 'ArrowFunctionExpression', 'FunctionExpression', 'Identifier', 'TemplateLiteral']);

export function wrapSchemaConstants(code: string): string {
  const ast = parseAst(code) as unknown as { body: Node[] };
  const spans: [number, number][] = [];
  for (const statement of ast.body) {
    const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as
      Node | null | undefined;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | null;
      if (init && !PLAIN.has(init.type)) spans.push([init.start, init.end]);
    }
  }
  let out = code;
  for (const [start, end] of spans.sort((a, b) => b[0] - a[0])) {
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  }
  return out;
}

export function pureSchemas(): Plugin {
  return {
    name: 'fjt:pure-schemas',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!SCHEMA_MODULE.test(id.split('?')[0]!)) return null;
      return { code: wrapSchemaConstants(code), map: null };
    },
  };
}
