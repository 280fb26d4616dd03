import { describe, it, expect } from 'vitest';
import { IMAGE_PROXY_PATH, imageSrc, LAZY_IMAGE, lazyRootMargin } from './images.ts';

describe('imageSrc', () => {
  it('is null without a src', () => {
    expect(imageSrc(null)).toBeNull();
    expect(imageSrc(undefined)).toBeNull();
    expect(imageSrc('')).toBeNull();
    expect(imageSrc('   ')).toBeNull();
  });

  it('leaves same-origin paths and data URIs unchanged', () => {
    expect(imageSrc('/img/estate/1.jpg')).toBe('/img/estate/1.jpg');
    expect(imageSrc('/img/estate/1.jpg', { width: 300 })).toBe('/img/estate/1.jpg');
    expect(imageSrc('assets/logo.png')).toBe('assets/logo.png');
    expect(imageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(imageSrc('blob:https://m.fangjiatong.cn/1')).toBe('blob:https://m.fangjiatong.cn/1');
  });

  it('sends external images through the proxy', () => {
    const url = 'http://pic.example.com/a b.jpg?x=1&y=2';
    expect(IMAGE_PROXY_PATH).toBe('/img/proxy');
    expect(imageSrc(url)).toBe(`/img/proxy?url=${encodeURIComponent(url)}`);
    expect(imageSrc('https://pic.example.com/a.jpg', { width: 375 })).toBe(
      `/img/proxy?url=${encodeURIComponent('https://pic.example.com/a.jpg')}&w=375`,
    );
  });

  it('treats protocol-relative URLs as external https', () => {
    expect(imageSrc('//pic.example.com/a.jpg')).toBe(
      `/img/proxy?url=${encodeURIComponent('https://pic.example.com/a.jpg')}`,
    );
  });

  it('ignores an unusable width', () => {
    const base = `/img/proxy?url=${encodeURIComponent('https://p.cn/a.jpg')}`;
    expect(imageSrc('https://p.cn/a.jpg', { width: 0 })).toBe(base);
    expect(imageSrc('https://p.cn/a.jpg', { width: Number.NaN })).toBe(base);
    expect(imageSrc('https://p.cn/a.jpg', { width: 187.6 })).toBe(`${base}&w=188`);
  });

  it('refuses other schemes', () => {
    expect(imageSrc('javascript:alert(1)')).toBeNull();
    expect(imageSrc('file:///etc/passwd')).toBeNull();
  });
});

describe('lazy loading', () => {
  it('preloads 1.3 screens with one attempt', () => {
    expect(LAZY_IMAGE).toEqual({ preload: 1.3, attempt: 1 });
  });

  it('extends the bottom by 0.3 of the viewport', () => {
    expect(lazyRootMargin(1000)).toBe('0px 0px 300px 0px');
    expect(lazyRootMargin(812)).toBe('0px 0px 244px 0px');
    expect(lazyRootMargin(0)).toBe('0px 0px 0px 0px');
    expect(lazyRootMargin(Number.NaN)).toBe('0px 0px 0px 0px');
  });
});
