// 文章 HTML (issue 17): Markdown of the repository's articles rendered with markdown-it (raw HTML off), then passed
// through an allow-list (sanitize-html) so the one place the web renders HTML (the article page) gets only
// headings, paragraphs, lists, quotes, emphasis, links, images, tables, rules and code — with http(s) or relative
// URLs, links opening with rel="noopener nofollow", and no attribute that runs script or styles. The monthly
// write-ups are built from figures and names that go through escapeHtml, then through the same allow-list.
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

const ALLOWED_TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'blockquote',
  'strong',
  'em',
  'b',
  'i',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'code',
  'pre',
  'figure',
  'figcaption',
];

/** http(s) or a path of ours ('/…' but not '//host'); anything else (javascript:, data:, vbscript:) is dropped. */
export function isSafeUrl(value: string | undefined): boolean {
  if (!value) return false;
  const url = value.trim();
  if (/^https?:\/\//i.test(url)) return true;
  return /^\/(?!\/)/.test(url) || /^#[\w-]*$/.test(url);
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align', 'class'],
    td: ['align', 'class'],
    table: ['class'],
    p: ['class'],
  },
  allowedClasses: { table: ['article-table'], td: ['up', 'down', 'num'], th: ['num'], p: ['article-note'] },
  // no scheme at all reaches the page except http(s) (checked again below, with relative paths)
  allowedSchemes: ['http', 'https'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the contents of these go with them (a <script>'s text is never shown as text either)
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'template'],
  transformTags: {
    // the page's title is the article's: a '# heading' of the body is a section heading
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = isSafeUrl(attribs.href) ? attribs.href!.trim() : undefined;
      const external = href !== undefined && /^https?:/i.test(href);
      return {
        tagName,
        attribs: {
          ...(href ? { href } : {}),
          ...(attribs.title ? { title: attribs.title } : {}),
          rel: 'noopener nofollow',
          ...(external ? { target: '_blank' } : {}),
        },
      };
    },
    img: (tagName, attribs) => {
      const src = isSafeUrl(attribs.src) ? attribs.src!.trim() : undefined;
      return {
        tagName,
        attribs: {
          ...(src ? { src } : {}),
          alt: attribs.alt ?? '',
          loading: 'lazy',
          ...(attribs.title ? { title: attribs.title } : {}),
        },
      };
    },
  },
  // an image without a source is nothing to show
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The allow-list applied to any HTML an article page shows. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}

/** Markdown → safe HTML: markdown-it without raw HTML (it is escaped as text), then the allow-list. */
export function renderArticleMarkdown(source: string): string {
  return sanitizeArticleHtml(markdown.render(source));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text (a name from the data, a formatted figure) as HTML text or attribute value. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
