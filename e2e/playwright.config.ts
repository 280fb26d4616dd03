// End-to-end tests: a production build served by the real server on a free port with a fresh embedded
// database, driven in Debian's Chromium at a 375×812 phone viewport. Two servers: the small dataset (杭州,
// every page state) for most specs, and, when E2E_SAMPLE_PORT is set (npm test sets it), the sample dataset
// (every city, a few dozen estates each) for cities.spec.ts, which walks each city's pages.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const samplePort = Number(process.env.E2E_SAMPLE_PORT ?? 0);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'fjt-e2e-db-'));
export const baseURL = `http://127.0.0.1:${port}`;
const sampleURL = `http://127.0.0.1:${samplePort}`;

const server = (listenPort: number, url: string, dir: string, scale: string) => ({
  command: 'node --import tsx apps/server/src/main.ts',
  cwd: '..',
  url: `${url}/healthz`,
  timeout: 240_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(listenPort),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    SEED_SCALE: scale,
    APP_TEST_HOOKS: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    PUBLIC_ORIGIN: url,
    // two browsers on one address for minutes: far more than one visitor, so reads are allowed more
    RATE_LIMIT_READS_PER_MINUTE: '6000',
    // every spec that signs in does so from this one address
    RATE_LIMIT_WRITES_PER_MINUTE: '600',
    SMS_IP_LIMIT_PER_HOUR: '1000',
  },
});

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'retain-on-failure',
  },
  projects: [
    // signs the demo ops user in once and keeps its browser state (e2e/support/login.ts OPS_STATE)
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    { name: 'hangzhou', testIgnore: /cities\.spec\.ts$/, dependencies: ['setup'] },
    ...(samplePort ? [{ name: 'all-cities', testMatch: /cities\.spec\.ts$/, use: { baseURL: sampleURL } }] : []),
  ],
  webServer: [
    server(port, baseURL, dataDir, 'small'),
    ...(samplePort ? [server(samplePort, sampleURL, mkdtempSync(join(tmpdir(), 'fjt-e2e-sample-db-')), 'sample')] : []),
  ],
});
