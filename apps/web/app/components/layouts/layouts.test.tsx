// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { detectClient } from '@fjt/domain';
import { ClientFlagsProvider } from '../../lib/client-flags.tsx';
import { MemoryRouter } from 'react-router';
import { AppLayout } from './AppLayout.tsx';
import { SendOrderLayout, useSendOrder } from './SendOrderLayout.tsx';
import { ShareLayout, useShare, useShareContent } from './ShareLayout.tsx';

afterEach(cleanup);

function PremiumInfo() {
  const { showPriceGuide } = useSendOrder();
  return (
    <button type="button" onClick={showPriceGuide}>
      房东溢价系数ⓘ
    </button>
  );
}

describe('send-order layout', () => {
  it('hosts the price-guide popup with the spec’s copy; 我知道了 closes it', async () => {
    render(
      <SendOrderLayout>
        <PremiumInfo />
      </SendOrderLayout>,
    );
    expect(screen.queryByTestId('price-guide')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '房东溢价系数ⓘ' }));
    const guide = await screen.findByTestId('price-guide', {}, { timeout: 15_000 });
    expect(guide.textContent).toContain('本月挂牌价÷上月成交价');
    fireEvent.click(screen.getByRole('button', { name: '我知道了' }));
    await waitFor(() => expect(screen.queryByTestId('price-guide')).toBeNull());
  });

  it('opens the order modal when a send-order state object is set, and closes it', () => {
    function Opener() {
      const { openOrder } = useSendOrder();
      return (
        <button type="button" onClick={() => openOrder({ cityId: 605, estateId: 9 })}>
          获取成交价
        </button>
      );
    }
    render(
      <SendOrderLayout
        renderOrderModal={(info, close) => (
          <div role="dialog">
            小区{info.estateId}
            <button type="button" onClick={close}>
              关闭
            </button>
          </div>
        )}
      >
        <Opener />
      </SendOrderLayout>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '获取成交价' }));
    expect(screen.getByRole('dialog').textContent).toContain('小区9');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on a send-order page the slot holds the deal-price modal, loaded when opened', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ resultCode: 401, errMsg: '请先登录', body: null }), { status: 401 }),
        ),
      ),
    );
    function Opener() {
      const { openOrder } = useSendOrder();
      return (
        <button type="button" onClick={() => openOrder({ cityId: 605, estateId: 9, title: '咨询房源' })}>
          打开
        </button>
      );
    }
    render(
      <ClientFlagsProvider value={detectClient('')}>
        <MemoryRouter>
          <AppLayout name="send-order">
            <Opener />
          </AppLayout>
        </MemoryRouter>
      </ClientFlagsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '打开' }));
    const modal = await screen.findByRole('dialog', { name: '咨询房源' }, { timeout: 15_000 });
    fireEvent.click(within(modal).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '咨询房源' })).toBeNull());
    vi.unstubAllGlobals();
  });

  it('useSendOrder outside the layout is a developer error', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<PremiumInfo />)).toThrow(/send-order layout/);
    quiet.mockRestore();
  });
});

function ShareButton() {
  const share = useShare();
  return (
    <button type="button" onClick={share}>
      分享
    </button>
  );
}

describe('share layout (spec §4 share flow)', () => {
  it('in WeChat’s browser, sharing shows the share-guide overlay; a tap dismisses it', () => {
    const weixin = detectClient('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) MicroMessenger/8.0.50');
    render(
      <ClientFlagsProvider value={weixin}>
        <ShareLayout>
          <ShareButton />
        </ShareLayout>
      </ClientFlagsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    const overlay = screen.getByTestId('share-guide');
    expect(overlay.textContent).toContain('点击右上角');
    fireEvent.click(overlay);
    expect(screen.queryByTestId('share-guide')).toBeNull();
  });

  it('in other browsers, sharing starts the app download flow instead', () => {
    vi.useFakeTimers();
    const android = detectClient('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36');
    const hrefs: string[] = [];
    const original = window.location;
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: {
        ...original,
        set href(v: string) {
          hrefs.push(v);
        },
      },
    });
    render(
      <ClientFlagsProvider value={android}>
        <ShareLayout>
          <ShareButton />
        </ShareLayout>
      </ClientFlagsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '分享' }));
    expect(screen.queryByTestId('share-guide')).toBeNull();
    expect(hrefs[0]).toMatch(/^fangjiatong:\/\//);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(hrefs[1]).toBe('/download/fangjiatong.apk');
    Object.defineProperty(window, 'location', { configurable: true, value: original });
    vi.useRealTimers();
  });
});

describe('share layout with content (the invitation hub)', () => {
  function InviteButton() {
    const share = useShareContent();
    return (
      <button
        type="button"
        onClick={() => share({ title: '邀请好友', desc: '邀请码 ABCDEF', link: 'https://x/i?code=ABCDEF' })}
      >
        邀请好友
      </button>
    );
  }

  it('in the app, the share panel gets the content instead of the page', async () => {
    const share = vi.fn(() => Promise.resolve(true));
    window.fjtBridge = { share } as never;
    render(
      <ClientFlagsProvider
        value={detectClient('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) FangJiaTong/11.2.0')}
      >
        <ShareLayout>
          <InviteButton />
        </ShareLayout>
      </ClientFlagsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: '邀请好友' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith({ title: '邀请好友', desc: '邀请码 ABCDEF', link: 'https://x/i?code=ABCDEF' }),
    );
    delete window.fjtBridge;
  });
});
