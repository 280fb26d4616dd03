// The article renderer: Markdown kept, everything that could run script, load from a data: URL or restyle the
// page removed, whatever the source tries (raw HTML in Markdown, or HTML handed straight to the sanitiser).
import { describe, expect, it } from 'vitest';
import { escapeHtml, isSafeUrl, renderArticleMarkdown, sanitizeArticleHtml } from './render.ts';
import { parseArticle } from './editorial.ts';

const HOSTILE_MARKDOWN = `# 标题

正文<script>alert(1)</script>继续

<img src=x onerror="alert(2)">

[点我](javascript:alert(3)) [也点我](JaVaScRiPt:alert(4)) [数据](data:text/html;base64,PHNjcmlwdD4=)

![图](data:image/png;base64,iVBORw0KGgo=) ![外链](javascript:alert(5))

<svg onload="alert(6)"><script>alert(7)</script></svg>

<iframe src="https://evil.example"></iframe>

<p style="position:fixed;top:0">样式</p>
`;

/** Nothing in `html` that a browser would run or fetch from a script URL. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<svg/i);
  expect(html).not.toMatch(/<iframe/i);
  // inside a tag (escaped text such as '&lt;img onerror=…&gt;' is only text)
  expect(html).not.toMatch(/<[^>]*\son\w+\s*=/i);
  expect(html).not.toMatch(/<[^>]*\sstyle\s*=/i);
  expect(html).not.toMatch(/(href|src)\s*=\s*"\s*(javascript|data|vbscript):/i);
}

describe('renderArticleMarkdown', () => {
  it('keeps good Markdown: headings, lists, quotes, emphasis, links, images, tables, code', () => {
    const html = renderArticleMarkdown(`## 小标题

1. 第一
2. **第二** 和 *第三*

- 一项

> 引用

[房价通](https://example.com/a?b=1) [站内](/605/home-list/more-article)

![户型图](https://img.example.com/p.png "标题")

| 指标 | 数值 |
| --- | ---: |
| 均价 | 1 |

---

\`code\`
`);
    expect(html).toContain('<h2>小标题</h2>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<strong>第二</strong>');
    expect(html).toContain('<em>第三</em>');
    expect(html).toContain('<blockquote>');
    expect(html).toContain('<a href="https://example.com/a?b=1" rel="noopener nofollow" target="_blank">房价通</a>');
    expect(html).toContain('<a href="/605/home-list/more-article" rel="noopener nofollow">站内</a>');
    expect(html).toMatch(/<img src="https:\/\/img\.example\.com\/p\.png" alt="户型图" loading="lazy" title="标题" \/>/);
    expect(html).toContain('<table>');
    // markdown-it aligns with a style attribute, which never passes
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<hr />');
    expect(html).toContain('<code>code</code>');
  });

  it('renders a hostile source inert: raw HTML is text, script URLs and data: URLs are dropped', () => {
    const html = renderArticleMarkdown(HOSTILE_MARKDOWN);
    expectInert(html);
    // markdown-it (html: false) shows raw tags as text, escaped
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror="alert(2)"&gt;');
    expect(html).not.toContain('<img src="x"');
    // the link texts survive without their targets
    expect(html).toContain('点我');
    expect(html).not.toMatch(/href="[^"]*alert/);
    expect(html).not.toMatch(/src="data:/);
  });
});

describe('sanitizeArticleHtml', () => {
  it('removes script, event handlers, javascript: and data: URLs, svg, iframe and style attributes', () => {
    const html = sanitizeArticleHtml(`<p onclick="x()" style="color:red">段落</p>
<script>alert(1)</script><img src="/img/x.png" onerror="alert(2)"><img src="data:image/png;base64,AAA">
<a href="javascript:alert(3)">a</a><a href=" javascript:alert(3)">b</a><a href="//evil.example/x">c</a>
<a href="vbscript:x">d</a><a href="https://ok.example" onmouseover="x()">e</a>
<svg onload="alert(4)"><script>alert(5)</script><circle /></svg><iframe src="https://evil.example"></iframe>
<object data="x"></object><style>body{display:none}</style><form action="/x"><input name="p"></form>
<math><mi xlink:href="javascript:alert(6)">m</mi></math><template><script>alert(7)</script></template>`);
    expectInert(html);
    expect(html).toContain('<p>段落</p>');
    expect(html).toContain('<img src="/img/x.png" alt="" loading="lazy" />');
    expect(html).not.toContain('data:image');
    expect(html).toContain('<a rel="noopener nofollow">a</a>');
    expect(html).toContain('<a rel="noopener nofollow">c</a>');
    expect(html).toContain('<a href="https://ok.example" rel="noopener nofollow" target="_blank">e</a>');
    expect(html).not.toMatch(/<(object|style|form|input|math|template)/);
    expect(html).not.toContain('display:none');
    expect(html).not.toContain('alert');
  });

  it('keeps the classes of the write-up tables only', () => {
    expect(sanitizeArticleHtml('<table class="article-table evil"><tr><td class="up x">1</td></tr></table>')).toBe(
      '<table class="article-table"><tr><td class="up">1</td></tr></table>',
    );
  });
});

describe('helpers', () => {
  it('escapes text for HTML', () => {
    expect(escapeHtml(`<b a="1">'&'</b>`)).toBe('&lt;b a=&quot;1&quot;&gt;&#39;&amp;&#39;&lt;/b&gt;');
    expect(escapeHtml(12_345)).toBe('12345');
  });

  it('accepts http(s) and our paths only', () => {
    expect(isSafeUrl('https://a.example/x')).toBe(true);
    expect(isSafeUrl('/605/x')).toBe(true);
    for (const bad of ['//evil.example', 'javascript:alert(1)', 'data:text/html,x', 'ftp://x', '', undefined])
      expect(isSafeUrl(bad)).toBe(false);
  });

  it('parses front matter and refuses a bad one with the file and field', () => {
    const source = `---\nslug: a-test\ntitle: 一篇测试文章\ncolumn: guide\nsummary: 这是一篇测试文章的摘要内容\nauthor: 测试\npublishedAt: 2026-01-02\nestateIds: [3, 4]\n---\n\n正文 <b>x</b>\n`;
    const article = parseArticle(source, 'a.md');
    expect(article).toMatchObject({
      slug: 'a-test',
      column: 'guide',
      cityId: null,
      estateIds: [3, 4],
      publishedAt: '2026-01-02T09:00:00+08:00',
    });
    expect(article.html).toBe('<p>正文 &lt;b&gt;x&lt;/b&gt;</p>\n');
    expect(() => parseArticle(source.replace('column: guide', 'column: news'), 'b.md')).toThrow(/^b\.md: column/);
    expect(() => parseArticle(source.replace('slug: a-test', 'slug: A B'), 'c.md')).toThrow(/^c\.md: slug/);
    expect(() => parseArticle(`${source.split('---\n\n')[0]}cover: javascript:x\n---\n`, 'd.md')).toThrow(/cover/);
  });
});
