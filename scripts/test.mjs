// npm test: typecheck, lint, unit and integration tests (PGlite; again on PostgreSQL when TEST_DATABASE_URL is
// set), then the long-tail budget and Playwright end-to-end tests against a production build. Ends with one line
// "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const results = [];
let passed = 0;
let failed = 0;

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function step(label, command, args, env) {
  const ok = run(label, command, args, env);
  results.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
  if (ok) passed++;
  else failed++;
  return ok;
}

/** Runs a suite whose reporter writes JSON, and counts its tests. A crash with no report counts as one failure. */
function suite(label, command, args, reportFile, count, env) {
  rmSync(reportFile, { force: true });
  const ok = run(label, command, args, env);
  let p = 0;
  let f = 0;
  if (existsSync(reportFile)) ({ passed: p, failed: f } = count(JSON.parse(readFileSync(reportFile, 'utf8'))));
  if (!ok && f === 0) f = 1;
  results.push({ label, passed: p, failed: f });
  passed += p;
  failed += f;
}

const countVitest = (r) => ({
  passed: r.numPassedTests ?? 0,
  failed: (r.numFailedTests ?? 0) + (r.numRuntimeErrorTestSuites ?? 0),
});
const countPlaywright = (r) => ({
  passed: (r.stats?.expected ?? 0) + (r.stats?.flaky ?? 0),
  failed: r.stats?.unexpected ?? 0,
});

function ensureBrowser() {
  const hasChromium = existsSync('/usr/bin/chromium');
  const fonts = spawnSync('sh', ['-c', 'fc-list 2>/dev/null | grep -qi "Noto Sans CJK"']);
  if (hasChromium && fonts.status === 0) return;
  console.log('Chromium or CJK fonts missing: installing chromium and fonts-noto-cjk through apt…');
  const apt = (...args) =>
    process.getuid?.() === 0
      ? spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
      : spawnSync('sudo', ['apt-get', ...args], {
          stdio: 'inherit',
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
        });
  apt('update');
  apt('install', '-y', 'chromium', 'fonts-noto-cjk');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const npm = 'npm';
const reports = mkdtempSync(join(tmpdir(), 'fjt-test-'));

// Chromium first: the end-to-end tests need it, and so does the report PDF renderer some integration tests drive.
ensureBrowser();
step('typecheck', npm, ['run', 'typecheck']);
step('lint', npm, ['run', 'lint']);
suite(
  'unit + integration (PGlite)',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${join(reports, 'vitest.json')}`],
  join(reports, 'vitest.json'),
  countVitest,
  { TEST_DATABASE_URL: '' },
);
if (process.env.TEST_DATABASE_URL) {
  suite(
    'integration (PostgreSQL)',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${join(reports, 'vitest-pg.json')}`,
    ],
    join(reports, 'vitest-pg.json'),
    countVitest,
  );
}
if (step('build', npm, ['run', 'build'])) {
  // The long-tail budget (issue 13): a cold estate render against the committed baseline ratio, on the new build.
  step('long-tail budget (cold estate render)', 'npx', ['tsx', 'bench/budget.ts']);
  const dataDir = mkdtempSync(join(tmpdir(), 'fjt-e2e-db-'));
  const port = String(await freePort());
  let samplePort = port;
  while (samplePort === port) samplePort = String(await freePort());
  suite(
    'end-to-end (Playwright, Chromium 375×812)',
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
    join(reports, 'playwright.json'),
    countPlaywright,
    {
      E2E_PORT: port,
      E2E_SAMPLE_PORT: samplePort,
      E2E_DATA_DIR: dataDir,
      PLAYWRIGHT_JSON_OUTPUT_NAME: join(reports, 'playwright.json'),
    },
  );
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('\nSummary');
for (const r of results) console.log(`  ${r.failed ? '✘' : '✔'} ${r.label}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
