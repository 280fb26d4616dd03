// First-load JavaScript and CSS per route, gzipped (issue 4: "first-load JS per route reported in KB gzipped"):
// what a phone downloads to open each page directly — the entry, the root route and the page's own module with
// all their static imports. Reads the production build (npm run build) → bench/results/bundle-size.json
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestRoute {
  id: string;
  path?: string;
  parentId?: string;
  module: string;
  imports?: string[];
  css?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, ManifestRoute>;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const client = join(root, 'apps', 'web', 'build', 'client');
const manifestFile = readdirSync(join(client, 'assets')).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error('no build found: run npm run build first');
const source = readFileSync(join(client, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as Manifest;

const gzipped = new Map<string, number>();
const gz = (asset: string) => {
  let size = gzipped.get(asset);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(client, asset))).length;
    gzipped.set(asset, size);
  }
  return size;
};
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const rootRoute = manifest.routes.root!;
// Routes sharing a module (the pending pages) cost the same: report each module once, naming its routes.
const byModule = new Map<string, { routes: string[]; js: number; css: number }>();
for (const route of Object.values(manifest.routes)) {
  if (route.id === 'root') continue;
  const existing = byModule.get(route.module);
  if (existing) {
    existing.routes.push(route.id);
    continue;
  }
  const js = new Set([
    manifest.entry.module,
    ...manifest.entry.imports,
    rootRoute.module,
    ...(rootRoute.imports ?? []),
    route.module,
    ...(route.imports ?? []),
  ]);
  const css = new Set([...manifest.entry.css, ...(rootRoute.css ?? []), ...(route.css ?? [])]);
  byModule.set(route.module, {
    routes: [route.id],
    js: [...js].reduce((sum, f) => sum + gz(f), 0),
    css: [...css].reduce((sum, f) => sum + gz(f), 0),
  });
}

const rows = [...byModule.entries()]
  .map(([module, r]) => ({
    module: module.replace(/^\/assets\//, ''),
    routes: r.routes,
    jsKbGzip: kb(r.js),
    cssKbGzip: kb(r.css),
  }))
  .sort((a, b) => b.jsKbGzip - a.jsKbGzip);
const out = {
  measuredAt: new Date().toISOString(),
  note: 'gzip -6 of the files a direct visit loads (entry + root + route, with static imports)',
  routes: rows,
};
writeFileSync(join(root, 'bench', 'results', 'bundle-size.json'), `${JSON.stringify(out, null, 2)}\n`);
for (const r of rows)
  console.log(
    `${String(r.jsKbGzip).padStart(7)} KB js  ${String(r.cssKbGzip).padStart(5)} KB css  ${r.routes.slice(0, 4).join(', ')}${r.routes.length > 4 ? ` (+${r.routes.length - 4})` : ''}`,
  );
