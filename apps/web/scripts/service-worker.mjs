// After `react-router build`: stamps the build's id into build/client/sw.js (copied from public/sw.js), so each
// build's worker is a new byte-for-byte script: the browser installs it and the app shell is cached afresh.
// The id is a hash of the build's hashed asset names.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(process.env.WEB_BUILD_OUT ?? 'build', 'client');
const assets = readdirSync(join(root, 'assets')).sort();
const id = createHash('sha256').update(assets.join('\n')).digest('hex').slice(0, 12);
const file = join(root, 'sw.js');
const source = readFileSync(file, 'utf8');
const marker = "const BUILD_ID = 'dev';";
if (!source.includes(marker)) throw new Error(`sw.js: ${marker} not found`);
writeFileSync(file, source.replace(marker, `const BUILD_ID = '${id}';`));
console.log(`sw.js: build ${id}`);
