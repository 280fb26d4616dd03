// /spm-demo's overlay (issue 18): in a document (the framed page), outlines every element with data-spm and labels it
// with its code, and outlines in red every interactive element (a, button, [role=button]) that is neither tagged nor
// inside a tagged element. Returns the counts; draws into one layer it owns, so calling it again redraws.
const LAYER_ID = 'fjt-spm-overlay';
const INTERACTIVE = 'a[href], button, [role="button"]';

export interface OverlayCounts {
  tagged: number;
  untagged: number;
  codes: string[];
}

export function drawSpmOverlay(doc: Document): OverlayCounts {
  doc.getElementById(LAYER_ID)?.remove();
  const layer = doc.createElement('div');
  layer.id = LAYER_ID;
  layer.setAttribute('aria-hidden', 'true');
  layer.style.cssText = 'position:absolute;left:0;top:0;width:0;height:0;pointer-events:none;z-index:2147483647';
  const scrollX = doc.defaultView?.scrollX ?? 0;
  const scrollY = doc.defaultView?.scrollY ?? 0;
  const box = (el: Element, color: string, label: string | null) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    const b = doc.createElement('div');
    b.style.cssText = `position:absolute;left:${r.left + scrollX}px;top:${r.top + scrollY}px;width:${r.width}px;height:${r.height}px;outline:2px solid ${color};outline-offset:-1px;box-sizing:border-box`;
    if (label) {
      const tag = doc.createElement('span');
      tag.textContent = label;
      tag.style.cssText = `position:absolute;left:0;top:0;max-width:100%;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;background:${color};color:#fff;font:10px/14px monospace;padding:0 2px`;
      b.appendChild(tag);
    }
    layer.appendChild(b);
    return true;
  };
  const codes: string[] = [];
  for (const el of doc.querySelectorAll('[data-spm]')) {
    const code = el.getAttribute('data-spm') ?? '';
    if (box(el, '#1f6fff', code)) codes.push(code);
  }
  let untagged = 0;
  for (const el of doc.querySelectorAll(INTERACTIVE)) {
    if (el.closest('[data-spm]') || el.querySelector('[data-spm]')) continue;
    if (box(el, '#f5222d', null)) untagged += 1;
  }
  doc.body.appendChild(layer);
  return { tagged: codes.length, untagged, codes };
}
