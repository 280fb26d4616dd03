// Browser timings that a test cannot hold to a bound on a shared 2-core machine (STYLE: speed is measured in
// benchmarks, not timed tests), against the real server (production build) in Debian's Chromium at 375×812:
// - issue 10, Slow 3G: on Chrome DevTools' Slow 3G preset (400 ms round trip, 400 kbit/s each way), fresh context,
//   cache off, the estate page /{city}/house-detail/{id} answers a tap on the trend's 近36个月 tab within 5 s of the
//   navigation (page clock, 0 = navigation start; the server's page cache warm, so this is the network and the
//   browser, not a first render);
// - the app shell: a tap on an estate row shows the estate skeleton within 100 ms while the data is held.
// Each runs RUNS times (default 5); the median is held to the goal, the worst is reported beside it.
//   npm run bench:timing -w @fjt/bench → bench/results/browser-timing.json
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { apiBody, machine, root, startServer } from './server.ts';

const RUNS = Number(process.env.TIMING_RUNS ?? 5);
const CITY = 605;
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x);

const phone = (browser: Browser): Promise<BrowserContext> =>
  browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  });

/** One Slow 3G load: when the app hydrated and when the tap sent at that moment had switched the chart. */
async function slow3g(browser: Browser, url: string) {
  const context = await phone(browser);
  const page = await context.newPage();
  await page.addInitScript(() => {
    const marks: { hydrated?: number; switched?: number } = {};
    (window as unknown as { __slow3g: typeof marks }).__slow3g = marks;
    new MutationObserver(() => {
      const root = document.documentElement;
      if (marks.hydrated === undefined && root.hasAttribute('data-hydrated')) marks.hydrated = performance.now();
      const selected = document.querySelector('[data-testid="estate-trend"] [role="tab"][aria-selected="true"]');
      if (marks.switched === undefined && selected?.textContent?.includes('36')) marks.switched = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated', 'aria-selected'] });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  await page.goto(url, { waitUntil: 'commit' });
  const tab = page.getByTestId('estate-trend').getByRole('tab', { name: '近36个月' });
  await tab.waitFor({ timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const box = (await tab.boundingBox())!;
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, { timeout: 60_000 });
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => (window as unknown as { __slow3g: { switched?: number } }).__slow3g.switched);
  const marks = await page.evaluate(
    () => (window as unknown as { __slow3g: { hydrated: number; switched: number } }).__slow3g,
  );
  await context.close();
  return { hydratedMs: round(marks.hydrated), tapAnsweredMs: round(marks.switched) };
}

/** One tap on the home page's first estate row, the estate's data held: ms from the tap to the skeleton. */
async function skeleton(browser: Browser, base: string) {
  const context = await phone(browser);
  const page = await context.newPage();
  await page.goto(`${base}/${CITY}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/house-detail/*.data*', async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => {
    const w = window as unknown as { __tapAt?: number; __skeletonAt?: number };
    window.addEventListener('click', () => (w.__tapAt ??= performance.now()), true);
    new MutationObserver(() => {
      if (w.__skeletonAt === undefined && document.querySelector('[data-testid="nav-skeleton"]')) {
        w.__skeletonAt = performance.now();
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.locator('a[href*="/house-detail/"]').first().click();
  await page.getByTestId('nav-skeleton').waitFor();
  const delay = await page.evaluate(() => {
    const w = window as unknown as { __tapAt: number; __skeletonAt: number };
    return w.__skeletonAt - w.__tapAt;
  });
  release();
  await context.close();
  return round(delay);
}

const measured = machine();
const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
try {
  const hot = await apiBody<{ list: { kind: string; id: number }[] }>(
    `${server.base}/rabbit/v1/search/hot?cityId=${CITY}`,
  );
  const estate = hot.list.find((h) => h.kind === 'estate');
  if (!estate) throw new Error('热门搜索 has no estate');
  const path = `/${CITY}/house-detail/${estate.id}`;
  // warm the page cache: the figure is the network and the browser
  if ((await fetch(server.base + path)).status !== 200) throw new Error(`${path} is not 200`);

  const loads = [];
  for (let i = 0; i < RUNS; i++) loads.push(await slow3g(browser, server.base + path));
  const taps = [];
  for (let i = 0; i < RUNS; i++) taps.push(await skeleton(browser, server.base));

  const tapAnswered = loads.map((l) => l.tapAnsweredMs);
  const results = {
    measuredAt: new Date().toISOString(),
    machine: { ...measured, loadAverageAtEnd: machine().loadAverageAtStart },
    runs: RUNS,
    slow3g: {
      page: path,
      goalMs: 5000,
      medianTapAnsweredMs: median(tapAnswered),
      worstTapAnsweredMs: Math.max(...tapAnswered),
      medianHydratedMs: median(loads.map((l) => l.hydratedMs)),
      pass: median(tapAnswered) <= 5000,
      loads,
    },
    skeleton: {
      goalMs: 100,
      medianDelayMs: median(taps),
      worstDelayMs: Math.max(...taps),
      pass: median(taps) <= 100,
      delays: taps,
    },
  };
  writeFileSync(join(root, 'bench', 'results', 'browser-timing.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify({ slow3g: { ...results.slow3g, loads: undefined }, skeleton: results.skeleton }, null, 2));
} finally {
  await browser.close();
  await server.stop();
}
