// Local lint rules for the architecture's import boundaries (ARCHITECTURE §3, STYLE "What to adopt" 9):
//  - packages/domain imports no app, no database, no Node built-ins (it is pure);
//  - apps/web never imports server internals or the database;
//  - a feature folder (apps/web/app/features/<name>) never imports another feature.
import path from 'node:path';

const root = process.cwd();

function rel(file) {
  return path.relative(root, file).split(path.sep).join('/');
}

/** @type {Record<string, {forbid: string[], message: string}>} */
const AREAS = {
  'packages/domain/': {
    forbid: [
      'apps/',
      'packages/db/',
      'packages/dataset/',
      '@fjt/db',
      '@fjt/dataset',
      '@fjt/server',
      '@fjt/web',
      'node:',
      'fs',
      'pg',
      '@electric-sql/',
    ],
    message: 'packages/domain is pure: it may not import {{target}}',
  },
  'apps/web/': {
    forbid: ['apps/server/', 'packages/db/', 'packages/dataset/', '@fjt/server', '@fjt/db', '@fjt/dataset'],
    message: 'the web app reaches the server only through the router context, not {{target}}',
  },
};

function targetOf(file, specifier) {
  if (specifier.startsWith('.')) return rel(path.resolve(path.dirname(file), specifier));
  return specifier;
}

function featureOf(relPath) {
  const m = /^apps\/web\/app\/features\/([^/]+)\//.exec(relPath);
  return m ? m[1] : null;
}

const boundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      forbidden: '{{message}}',
      crossFeature:
        'feature "{{from}}" may not import feature "{{to}}"; move the shared part to app/components or app/lib',
    },
  },
  create(context) {
    const file = context.filename;
    const source = rel(file);
    const area = Object.entries(AREAS).find(([prefix]) => source.startsWith(prefix));
    const fromFeature = featureOf(source);
    function check(node) {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = targetOf(file, node.source.value);
      if (area) {
        const hit = area[1].forbid.find(
          (f) =>
            target === f ||
            target.startsWith(f.endsWith('/') || f.endsWith(':') ? f : `${f}/`) ||
            target === f.replace(/\/$/, ''),
        );
        if (hit) {
          context.report({
            node,
            messageId: 'forbidden',
            data: { message: area[1].message.replace('{{target}}', target) },
          });
          return;
        }
      }
      const toFeature = featureOf(`${target}/`);
      if (fromFeature && toFeature && toFeature !== fromFeature) {
        context.report({ node, messageId: 'crossFeature', data: { from: fromFeature, to: toFeature } });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check({ ...node, source: node.source }),
    };
  },
};

export default { rules: { boundaries } };
