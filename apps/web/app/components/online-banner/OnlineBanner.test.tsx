// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { OnlineBanner, showOfflineNotice } from './OnlineBanner.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('offline banner', () => {
  it('offline, says so; after a stopped tap it adds that the page could not open', () => {
    render(<OnlineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    goOffline(true);
    expect(screen.getByTestId('offline-banner').textContent).toBe('网络已断开，请检查网络设置');
    act(() => showOfflineNotice());
    expect(screen.getByTestId('offline-notice').textContent).toBe('暂时无法打开，联网后再试');
    goOffline(false);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    goOffline(true);
    // Back online cleared the notice: a new outage starts with the plain banner.
    expect(screen.queryByTestId('offline-notice')).toBeNull();
  });
});
