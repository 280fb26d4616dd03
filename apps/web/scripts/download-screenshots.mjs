// The /download page's screenshots, drawn from our own pages: opens four pages of a running server in Chromium at
// 375×812 and writes them as WebP into public/app-shots (committed; routes/app-integration/download.tsx shows them).
// Run against a server with data, e.g. `npm start` or the e2e server:
//   BASE_URL=http://127.0.0.1:3415 npm run screenshots:download
// CHROMIUM_PATH picks the browser (default /usr/bin/chromium, as the e2e tests).
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import sharp from 'sharp';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3415';
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'app-shots');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const context = await browser.newContext({
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
  serviceWorkers: 'block',
});
// the pages as a returning visitor sees them: no download banner
await context.addInitScript(() => {
  try {
    sessionStorage.setItem('fjt:download-banner-closed', '1');
  } catch {
    // ignore
  }
});
const page = await context.newPage();

async function capture(name, url, ready) {
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  if (ready) await page.locator(ready).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(300);
  const png = await page.screenshot();
  await sharp(png)
    .resize(300, 650)
    .webp({ quality: 72 })
    .toFile(join(out, `${name}.webp`));
  console.log(`wrote app-shots/${name}.webp from ${url}`);
}

await page.goto(`${base}/605`, { waitUntil: 'networkidle' });
const estateHref = await page.locator('a[href*="/house-detail/"]').first().getAttribute('href');
if (!estateHref) throw new Error('no estate link on /605');

await capture('city-home', '/605', '[aria-label="城市房价"]');
await capture('estate', estateHref, '[data-testid="estate-page"]');
await capture('deals', '/605/deal-search', 'main');
await capture('estimate', '/estimate', 'main');
await browser.close();
