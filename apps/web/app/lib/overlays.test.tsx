// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import './antd-react19.ts';
import { copyText } from './copy-text.ts';
import { chooseAction } from './action-sheet.ts';
import { LazyImage } from '../components/lazy-image/LazyImage.tsx';

afterEach(cleanup);

describe('copy toast', () => {
  it('copies to the clipboard and shows 复制成功', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await copyText('fangjiatong01');
    expect(writeText).toHaveBeenCalledWith('fangjiatong01');
    await waitFor(() => expect(document.body.textContent).toContain('复制成功'));
  });

  it('passes a clipboard failure up to the caller (spec §8)', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    await expect(copyText('x')).rejects.toThrow('denied');
  });
});

describe('action sheet', () => {
  it('resolves with the chosen action', async () => {
    const choice = chooseAction([
      { key: 'call', text: '打电话' },
      { key: 'wechat', text: '复制微信号' },
    ]);
    fireEvent.click(await screen.findByText('复制微信号'));
    await expect(choice).resolves.toBe('wechat');
  });
});

describe('lazy images (spec §5)', () => {
  it('loads external images through the image proxy', () => {
    render(<LazyImage src="https://img.example.com/a.jpg" alt="小区图片" width={300} />);
    const img = screen.getByAltText('小区图片');
    expect(img.getAttribute('data-src')).toBe('/img/proxy?url=https%3A%2F%2Fimg.example.com%2Fa.jpg&w=300');
  });

  it('keeps same-origin images as they are', () => {
    render(<LazyImage src="/covers/1.png" alt="封面" />);
    expect(screen.getByAltText('封面').getAttribute('data-src')).toBe('/covers/1.png');
  });

  it('an image without a src draws a placeholder, never a broken image', () => {
    render(<LazyImage src="" alt="无图" />);
    expect(screen.getByRole('img', { name: '无图' }).tagName).toBe('SPAN');
  });
});
