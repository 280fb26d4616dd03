// Security headers on every answer (@fastify/helmet): a Content-Security-Policy, nosniff, a Referrer-Policy, and
// HSTS when the public origin is HTTPS. Pages carry inline scripts (React Router's hydration data, the
// pre-paint banner script); instead of a per-request nonce, which the response cache would hand to everyone,
// each HTML answer's policy lists the SHA-256 hashes of exactly the inline scripts it contains, computed once
// when the page is rendered and kept with the cached page.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

type Directives = Record<string, string[]>;

const BASE_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  // The native app's web view loads us directly; no other site may frame a page (clickjacking).
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // React and antd-mobile set style attributes; inline styles cannot run code.
  'style-src': ["'self'", "'unsafe-inline'"],
  'script-src': ["'self'"],
  'connect-src': ["'self'"],
};

function serialise(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** The policy of an answer that runs no inline script (API answers, files, pages without inline scripts). */
export const BASE_CSP = serialise(BASE_DIRECTIVES);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/** The SHA-256 sources ('sha256-…') of the inline scripts of an HTML document, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/** The Content-Security-Policy of one HTML page: the base policy allowing exactly its inline scripts. */
export function pageCsp(html: string): string {
  const hashes = inlineScriptHashes(html);
  if (hashes.length === 0) return BASE_CSP;
  return serialise({ ...BASE_DIRECTIVES, 'script-src': ["'self'", ...hashes] });
}

/**
 * Headers that only mean something on a document (what it may run, frame or send on). A hashed script or style
 * file carries none of them: on Slow 3G each of a page's ~28 script requests would otherwise spend ~600 bytes on
 * them. nosniff, the resource policy and HSTS stay.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

export async function registerSecurityHeaders(app: FastifyInstance, { publicOrigin }: { publicOrigin: string }) {
  const https = publicOrigin.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: BASE_DIRECTIVES },
    // Pages link to images and maps of our own origin only; nothing cross-origin to isolate from.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    // Superseded by frame-ancestors; kept for old browsers.
    frameguard: { action: 'sameorigin' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/')) return;
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
  });
}
