import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({
  viewport: { width: 375, height: 812 },
  deviceScaleFactor: 1,
  isMobile: true,
  hasTouch: true,
  locale: 'zh-CN',
});
const id = process.argv[2] ?? '166';
await page.goto(`http://127.0.0.1:3299/605/house-detail/${id}`);
await page.addStyleTag({ content: '.estate-bar{position:static !important}' });
const H = await page.evaluate(() => document.documentElement.scrollHeight);
for (let y = 0, i = 0; y < H; y += 1100, i++)
  await page.screenshot({
    path: `/tmp/estate-probe/shot-${id}-${i}.png`,
    fullPage: true,
    clip: { x: 0, y, width: 375, height: Math.min(1100, H - y) },
  });
console.log(
  await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  await page.evaluate(() => document.documentElement.scrollHeight),
);
await browser.close();
