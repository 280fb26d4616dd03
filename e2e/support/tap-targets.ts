// Tap targets ≥ 44×44 CSS px (DESIGN.md) for every visible link and button, measured as a finger would meet
// them: each target is scrolled to the middle of the screen and the browser is asked which element is under
// the centre and under the four edge midpoints of a 44 × 44 square around its centre. The hit-area extension
// of styles/app.css (an invisible ::after) counts, because hit-testing sees it; a neighbour whose extension
// covers the point, a clipping ancestor or an overlay does not.
//
// Exempt, as in WCAG 2.5.8 (target size, "inline" exception): a link inside a sentence of running text — an
// inline <a> whose block holds at least 12 other characters of text — where growing the target would break
// the line spacing of the paragraph.
import type { Page } from '@playwright/test';

export const TAP = 44;

export interface SmallTarget {
  html: string;
  text: string;
  width: number;
  height: number;
  /** Which probe points missed: 'c' centre, 't' 'b' 'l' 'r' the edges. */
  missed: string;
}

export async function smallTapTargets(page: Page): Promise<SmallTarget[]> {
  return page.evaluate((tap) => {
    const out: SmallTarget[] = [];
    const nodes = [...document.querySelectorAll<HTMLElement>('a[href], button, [role="button"]')];
    const inSentence = (el: HTMLElement) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      let block: HTMLElement | null = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (!block) return false;
      const own = (el.textContent ?? '').trim().length;
      return (block.textContent ?? '').replace(/\s+/g, '').length - own >= 12;
    };
    for (const el of nodes) {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      if (el.closest('[aria-hidden="true"], [inert], .visually-hidden')) continue;
      let r = el.getBoundingClientRect();
      if (r.width <= 1 || r.height <= 1) continue;
      if (inSentence(el)) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      r = el.getBoundingClientRect();
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      // a 44 × 44 square around the centre must all be this target (a bigger target may be covered at its
      // edges, e.g. a city row under the A–Z index bar, and still leave a full tap target)
      const hw = tap / 2 - 1;
      const hh = tap / 2 - 1;
      const probes: [string, number, number][] = [
        ['c', cx, cy],
        ['t', cx, cy - hh],
        ['b', cx, cy + hh],
        ['l', cx - hw, cy],
        ['r', cx + hw, cy],
      ];
      let missed = '';
      // a neighbour's hit area reaching up to 2 px into this target's own box (a bordered 44 px row's area
      // is centred on its padding box, and rows meet on fractional pixels) is tolerated
      const nearOwnEdge = (x: number, y: number) =>
        x >= r.left &&
        x <= r.right &&
        y >= r.top &&
        y <= r.bottom &&
        Math.min(x - r.left, r.right - x, y - r.top, r.bottom - y) <= 2;
      for (const [name, x, y] of probes) {
        const hit = document.elementFromPoint(x, y);
        if (hit && (el === hit || el.contains(hit))) continue;
        if (!nearOwnEdge(x, y)) missed += name;
      }
      if (missed)
        out.push({
          html: el.outerHTML.slice(0, 160),
          text: (el.textContent ?? '').trim().slice(0, 20),
          width: Math.round(r.width),
          height: Math.round(r.height),
          missed,
        });
    }
    window.scrollTo(0, 0);
    return out;
  }, TAP);
}
