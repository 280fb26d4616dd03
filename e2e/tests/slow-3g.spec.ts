// Issue 10: on Slow 3G (400 ms round trip, 400 kbit/s each way, as Chrome DevTools' preset) the estate page
// /{city}/house-detail/{id} becomes interactive: a tap on the trend's 近36个月 tab, sent the moment the app has
// hydrated (root.tsx sets data-hydrated), switches the chart. Fresh context, cache off. The bytes of JavaScript the
// HTML asks for are held to a budget here (they do not depend on how busy the machine is); the time itself (goal:
// the tap answered within 5 s) is measured by bench/browser-timing.ts on an idle machine — a bound in a test only
// measures the other tests running beside it. The times seen here are printed for the record.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
/**
 * JavaScript the HTML asks for, as it comes over the wire (brotli, with response headers). At 50 KB/s every 5 KB is
 * 0.1 s: react-dom and React Router are ≈ 93 KB of it. Before issue 10 the page loaded 122 KB; moving its blocks
 * below the fold to a later chunk took it to 113 KB, and the app shell that came with the same issue (tab bar,
 * title bar and skeletons, which need every page's title in the root; the purposes stay out, page-purposes.ts)
 * and the shared Card/EmptyState chunks brought it to ≈ 132 KB. Issue 11's login check, 订阅/收藏 buttons and
 * unread badge added ≈ 10 KB (four small chunks); dropping the document-only security headers from script files
 * (≈ 600 bytes each, security.ts) took it to ≈ 128 KB. The cap keeps it there; the time it buys is
 * bench/results/browser-timing.json.
 */
const JS_BUDGET_BYTES = 136 * 1024;

declare global {
  interface Window {
    __slow3g?: { hydrated?: number; switched?: number };
  }
}

/** The page of 杭州's hottest estate (热门搜索), which has every block. */
async function estatePath(request: APIRequestContext): Promise<string> {
  const hot = (await (await request.get('/rabbit/v1/search/hot?cityId=605')).json()) as {
    body: { list: { kind: string; id: number }[] };
  };
  const estate = hot.body.list.find((h) => h.kind === 'estate');
  expect(estate, '热门搜索 has an estate').toBeTruthy();
  return `/605/house-detail/${estate!.id}`;
}

test('小区详情 becomes interactive on Slow 3G within its JavaScript budget', async ({ page, request }) => {
  test.setTimeout(90_000);
  const path = await estatePath(request);
  // Warm the server's page cache: the measurement is the network and the browser, not a first render.
  expect((await request.get(path)).status()).toBe(200);

  await page.addInitScript(() => {
    const marks: { hydrated?: number; switched?: number } = {};
    window.__slow3g = marks;
    new MutationObserver(() => {
      const root = document.documentElement;
      if (marks.hydrated === undefined && root.hasAttribute('data-hydrated')) marks.hydrated = performance.now();
      const selected = document.querySelector('[data-testid="estate-trend"] [role="tab"][aria-selected="true"]');
      if (marks.switched === undefined && selected?.textContent?.includes('36')) marks.switched = performance.now();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated', 'aria-selected'] });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  // The JavaScript the HTML itself asks for (its module scripts and modulepreload links): what the first load
  // ships before anything can hydrate. Chunks the page imports later (the blocks below the fold) are not counted.
  const fromHtml = new Set<string>();
  const js = { bytes: 0, files: 0 };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Script' && e.initiator.type === 'parser') fromHtml.add(e.requestId);
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (!fromHtml.has(e.requestId)) return;
    js.bytes += e.encodedDataLength;
    js.files += 1;
  });

  await page.goto(path, { waitUntil: 'commit' });
  // The tab is in the server's HTML: find where it is once the page has painted, then tap that spot the moment
  // the app has hydrated (a raw touch: no actionability checks or polling adding their own delay).
  const tab = page.getByTestId('estate-trend').getByRole('tab', { name: '近36个月' });
  await tab.waitFor({ timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const box = (await tab.boundingBox())!;
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const root = document.documentElement;
        if (root.hasAttribute('data-hydrated')) return resolve();
        new MutationObserver((_, observer) => {
          if (!root.hasAttribute('data-hydrated')) return;
          observer.disconnect();
          resolve();
        }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
      }),
  );
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('estate-trend').locator('figcaption')).toHaveText(/近36个月/);
  const marks = await page.evaluate(() => window.__slow3g!);
  await page.waitForLoadState('load');
  const line =
    `Slow 3G ${path}: hydrated ${Math.round(marks.hydrated!)} ms, tap answered ${Math.round(marks.switched!)} ms, ` +
    `${js.files} scripts / ${(js.bytes / 1024).toFixed(1)} KB of JS from the HTML`;
  console.log(line);
  test.info().annotations.push({ type: 'slow-3g', description: line });
  await page.screenshot({ path: shot('slow-3g-house-detail') });
  expect(marks.switched).toBeGreaterThan(marks.hydrated!);
  expect(js.bytes).toBeLessThanOrEqual(JS_BUDGET_BYTES);
});

test('小区详情 reads in full without JavaScript: the blocks loaded later are in the HTML in place', async ({
  browser,
  request,
}) => {
  const path = await estatePath(request);
  // Written in place inside the page, not streamed after it as a hidden block that a script moves into place.
  const html = await (await request.get(path)).text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  expect(main).toContain('data-testid="estate-data-source"');
  expect(main).not.toContain('<template id="B:');

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  for (const id of ['estate-trend', 'estate-deals', 'estate-listings', 'estate-facts', 'estate-data-source']) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  await context.close();
});
