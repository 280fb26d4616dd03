// The report PDF renderer of the app: playwright-core drives the system Chromium (CHROMIUM_PATH) to print one of
// this server's own report pages, fetched from its PUBLIC_ORIGIN, as A4 with the print stylesheet (app.css
// @media print hides the app chrome). One browser per render: the queue renders one file at a time, rarely. The
// queue's print pass goes with the report page's own request only (not its scripts, styles or API calls, nor any
// other host): the server renders that page for a member (ADR 0013).
import { existsSync } from 'node:fs';
import type { chromium as Chromium } from 'playwright-core';
import { RendererUnavailable, type ReportRenderer } from './files.ts';
import { PRINT_PASS_HEADER } from './print-pass.ts';

export function chromiumRenderer(options: {
  origin: string;
  executablePath: string;
  timeoutMs?: number;
}): ReportRenderer {
  const timeout = options.timeoutMs ?? 60_000;
  return {
    async render(path, pass) {
      if (!existsSync(options.executablePath)) {
        throw new RendererUnavailable(`Chromium not found at ${options.executablePath}`);
      }
      let chromium: typeof Chromium;
      try {
        ({ chromium } = await import('playwright-core'));
      } catch (error) {
        throw new RendererUnavailable(`playwright-core is not installed: ${String(error)}`);
      }
      const browser = await chromium.launch({
        executablePath: options.executablePath,
        args: ['--no-sandbox', '--disable-dev-shm-usage'],
        timeout,
      });
      try {
        const page = await browser.newPage({ viewport: { width: 794, height: 1123 }, locale: 'zh-CN' });
        await page.emulateMedia({ media: 'print' });
        const url = new URL(path, options.origin).href;
        if (pass) {
          await page.route(
            (requested) => requested.href === url,
            (route) => route.continue({ headers: { ...route.request().headers(), [PRINT_PASS_HEADER]: pass } }),
          );
        }
        const response = await page.goto(url, { waitUntil: 'networkidle', timeout });
        if (!response?.ok()) throw new Error(`report page answered ${response?.status() ?? 'nothing'}`);
        const pdf = await page.pdf({
          format: 'A4',
          printBackground: true,
          margin: { top: '12mm', bottom: '14mm', left: '10mm', right: '10mm' },
          displayHeaderFooter: true,
          headerTemplate: '<span></span>',
          footerTemplate:
            '<div style="width:100%;font-size:8px;color:#888;text-align:center">房价通 · 第 <span class="pageNumber"></span> / <span class="totalPages"></span> 页</div>',
        });
        return new Uint8Array(pdf);
      } finally {
        await browser.close();
      }
    },
  };
}
