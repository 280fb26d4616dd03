// @vitest-environment happy-dom
// The invitee's claim form against a stubbed API: the login page's checks (isValidMobile, the 6-digit code, the
// agreement) through the shared useSmsCode, one SMS and one claim however fast the taps come.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MOBILE_FORMAT_ERROR, type InvitationClaimBody } from '@fjt/domain';
import { forgetLogin, rememberLogin } from '../../lib/session.ts';
import { AGREEMENT_REQUIRED } from '../../lib/use-sms-code.ts';
import { ClaimForm } from './ClaimForm.tsx';

configure({ asyncUtilTimeout: 4000 });

type Call = { url: string; body: unknown };
let calls: Call[];
const CLAIMED: InvitationClaimBody = { status: 'claimed', message: '', coupon: null };
const ok = (body: unknown) => new Response(JSON.stringify({ resultCode: 0, errMsg: '', body }));

beforeEach(() => {
  localStorage.clear();
  forgetLogin();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (String(url).includes('login/check')) return Promise.resolve(ok({ user: null }));
      if (String(url).includes('login/sms')) return Promise.resolve(ok({ resendAfter: 60 }));
      if (String(url).includes('login/mobile')) {
        return Promise.resolve(
          ok({ user: { id: 1, mobile: '138****0000', nickname: null, avatar: null }, token: null }),
        );
      }
      if (String(url).includes('invitation/')) return Promise.resolve(ok(CLAIMED));
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const onDone = vi.fn();
function renderForm() {
  onDone.mockReset();
  render(
    <MemoryRouter>
      <ClaimForm code="ABCDEF" variant="invitation" onDone={onDone} />
    </MemoryRouter>,
  );
}
const sent = (part: string) => calls.filter((c) => c.url.includes(part));
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('ClaimForm', () => {
  it('checks the phone as the login page does before sending a code', async () => {
    renderForm();
    type('claim-mobile', '12345678901');
    fireEvent.click(screen.getByTestId('claim-send'));
    expect((await screen.findByTestId('claim-error')).textContent).toBe(MOBILE_FORMAT_ERROR);
    expect(sent('login/sms')).toHaveLength(0);
  });

  it('sends one code for a double tap, then counts down', async () => {
    renderForm();
    type('claim-mobile', '13800000000');
    fireEvent.click(screen.getByTestId('claim-send'));
    fireEvent.click(screen.getByTestId('claim-send'));
    await waitFor(() => expect(screen.getByTestId('claim-send').textContent).toBe('60秒后重发'));
    expect(sent('login/sms')).toHaveLength(1);
  });

  it('asks for the agreement and sends nothing without it', async () => {
    renderForm();
    type('claim-mobile', '13800000000');
    type('claim-sms', '123456');
    fireEvent.click(screen.getByTestId('claim-submit'));
    expect((await screen.findByTestId('claim-error')).textContent).toBe(AGREEMENT_REQUIRED);
    expect(sent('login/mobile')).toHaveLength(0);
  });

  it('signs in and claims once for a double tap', async () => {
    renderForm();
    type('claim-mobile', '13800000000');
    type('claim-sms', '123456');
    fireEvent.click(screen.getByTestId('claim-agree'));
    fireEvent.click(screen.getByTestId('claim-submit'));
    fireEvent.click(screen.getByTestId('claim-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent('login/mobile')).toHaveLength(1);
    expect(sent('invitation/receive')).toHaveLength(1);
    expect(sent('invitation/receive')[0]!.body).toEqual({ code: 'ABCDEF', variant: 'invitation' });
  });

  it('a signed-in visitor claims straight away', async () => {
    rememberLogin({ id: 1, mobile: '138****0000', nickname: null, avatar: null });
    renderForm();
    await screen.findByTestId('claim-signed-in');
    fireEvent.click(screen.getByTestId('claim-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(CLAIMED));
    expect(sent('login/mobile')).toHaveLength(0);
  });
});
