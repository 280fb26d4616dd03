// Prints the page as A4 through Chromium and checks the PDF is a real document, its print button hidden in
// print; keeps a screenshot of what the print stylesheet lays out at A4 width (794 CSS px) to look at.
import { expect, type Page } from '@playwright/test';
import { shot } from './screenshots.ts';

export async function printA4(page: Page, name: string, button: string, minPages = 1): Promise<Buffer> {
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: button })).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(20_000);
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages.length, `${name} pages`).toBeGreaterThanOrEqual(minPages);
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: shot(`${name}-print`), fullPage: true });
  if (viewport) await page.setViewportSize(viewport);
  await page.emulateMedia({ media: 'screen' });
  return pdf;
}
