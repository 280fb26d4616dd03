// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ErrorPage, ErrorPageBoundary } from './ErrorPage.tsx';

afterEach(cleanup);

describe('error page (spec §2)', () => {
  it('shows a picture, the status code and the message, with 刷新试试看 and 回到首页', () => {
    render(<ErrorPage status={503} message="服务暂时不可用" />);
    expect(screen.getByRole('img')).toBeTruthy();
    expect(screen.getByTestId('error-status').textContent).toBe('503');
    expect(screen.getByTestId('error-message').textContent).toBe('服务暂时不可用');
    expect(screen.getByRole('link', { name: '回到首页' }).getAttribute('href')).toBe('/');
  });

  it('刷新试试看 reloads the page', () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    render(<ErrorPage status={500} message="x" />);
    fireEvent.click(screen.getByRole('button', { name: '刷新试试看' }));
    expect(reload).toHaveBeenCalledOnce();
    Object.defineProperty(window, 'location', { configurable: true, value: original });
  });

  it('a failure while showing the error page shows the spec’s fallback with a link home', () => {
    const Broken = () => {
      throw new Error('cannot render');
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorPageBoundary>
        <Broken />
      </ErrorPageBoundary>,
    );
    quiet.mockRestore();
    expect(screen.getByText('An error occurred while showing the error page')).toBeTruthy();
    expect(screen.getByRole('link', { name: '回到首页' }).getAttribute('href')).toBe('/');
  });
});
