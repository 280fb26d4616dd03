// Image URLs and lazy loading (spec §5 "Lazy images need a src. External images go through an image proxy", §9).

export const IMAGE_PROXY_PATH = '/img/proxy';
/** preload: load images within 1.3 screen heights; attempt: one try, no retries. */
export const LAZY_IMAGE = { preload: 1.3, attempt: 1 } as const;

/**
 * The src to render, or null when there is nothing loadable (the caller shows its placeholder).
 * External images are proxied: third-party hosts block hotlinking and serve plain http, which
 * an https page may not load. Other schemes (javascript:, file:) are refused.
 */
export function imageSrc(src: string | null | undefined, opts?: { width?: number }): string | null {
  const value = src?.trim();
  if (!value) return null;
  if (/^(?:data|blob):/i.test(value)) return value;
  const external = /^(?:https?:)?\/\//i.test(value) ? (value.startsWith('//') ? `https:${value}` : value) : null;
  if (external === null) {
    // Any other scheme is not an image we can serve; a path without a scheme is same-origin.
    return /^[a-z][a-z\d+.-]*:/i.test(value) ? null : value;
  }
  const width = opts?.width;
  const widthParam = width !== undefined && Number.isFinite(width) && width > 0 ? `&w=${Math.round(width)}` : '';
  return `${IMAGE_PROXY_PATH}?url=${encodeURIComponent(external)}${widthParam}`;
}

/**
 * IntersectionObserver rootMargin that starts loading 0.3 of a screen below the viewport, so images
 * within 1.3 screens load. Only the bottom grows: pages are read downwards.
 */
export function lazyRootMargin(viewportHeight: number): string {
  const height = Number.isFinite(viewportHeight) && viewportHeight > 0 ? viewportHeight : 0;
  const below = Math.round(height * (LAZY_IMAGE.preload - 1));
  return `0px 0px ${below}px 0px`;
}
