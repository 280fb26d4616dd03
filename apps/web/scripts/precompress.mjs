// After `react-router build`: writes brotli (.br) and gzip (.gz) copies of the client build's text assets,
// once, at the highest levels, so the server hands them out without compressing per request
// (@fastify/static preCompressed, apps/server/src/plugins/ssr.ts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(process.env.WEB_BUILD_OUT ?? 'build', 'client');
const TEXT = /\.(js|mjs|css|svg|json|html|txt|webmanifest)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (TEXT.test(entry.name) && statSync(path).size >= 1024) compress(path);
  }
}

function compress(path) {
  const body = readFileSync(path);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
  files++;
  before += body.length;
  after += br.length;
}

walk(root);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
