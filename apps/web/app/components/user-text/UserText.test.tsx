// @vitest-environment happy-dom
// User text is shown as text: markup stays words, line breaks are kept, only http(s) links become links (opening in
// a new tab without the opener), javascript:/data:/mailto: never do.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { linkPieces, UserText } from './UserText.tsx';

afterEach(cleanup);

describe('UserText', () => {
  it('renders markup as literal text, nothing executable', () => {
    const evil =
      '<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n<a href="javascript:alert(1)">点我</a>\n' +
      '<svg onload=alert(1)></svg>';
    const { container } = render(<UserText text={evil} testId="t" />);
    const root = container.querySelector('[data-testid="t"]')!;
    expect(root.querySelector('script, img, svg, a')).toBeNull();
    expect(root.textContent).toBe(evil.replace(/\n/g, ''));
    expect(root.querySelectorAll('br')).toHaveLength(3);
  });

  it('links http(s) and www. addresses safely, and nothing else', () => {
    const { container } = render(
      <UserText text={'政策原文 https://www.gov.cn/zhengce/a.html 以及 www.example.com 和 javascript:alert(1)'} />,
    );
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://www.gov.cn/zhengce/a.html',
      'http://www.example.com',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toContain('noopener');
    }
    expect(container.textContent).toContain('javascript:alert(1)');
  });

  it('splits a line into text and link pieces', () => {
    expect(linkPieces('看 https://a.cn/x 吧')).toEqual([
      { text: '看 ' },
      { text: 'https://a.cn/x', href: 'https://a.cn/x' },
      { text: ' 吧' },
    ]);
    expect(linkPieces('mailto:a@b.cn data:text/html,x')).toEqual([{ text: 'mailto:a@b.cn data:text/html,x' }]);
  });
});
