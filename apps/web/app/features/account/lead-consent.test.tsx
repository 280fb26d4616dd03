// @vitest-environment happy-dom
// '不再联系我' (issue 14): the state from NEW GET lead/consent; a confirmed tap POSTs lead/consent/withdraw, toasts
// and shows 已关闭; a dismissed confirm sends nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LeadConsentEntry } from './LeadConsentEntry.tsx';
import { WITHDRAW_DONE_TOAST } from './lead-consent-copy.ts';

const toasts: string[] = [];
let choice: string | null = 'withdraw';
const extras: (string | undefined)[] = [];
vi.mock('../../lib/toast.ts', () => ({ showToast: (text: string) => void toasts.push(text) }));
vi.mock('../../lib/action-sheet.ts', () => ({
  chooseAction: (_actions: unknown, extra?: string) => {
    extras.push(extra);
    return Promise.resolve(choice);
  },
}));

const posts: string[] = [];
beforeEach(() => {
  toasts.length = 0;
  posts.length = 0;
  extras.length = 0;
  choice = 'withdraw';
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      if (init?.method === 'POST') posts.push(url);
      const body =
        init?.method === 'POST' ? { withdrawnConsents: 1, withdrawnLeads: 2 } : { active: true, openLeads: 2 };
      return Promise.resolve(new Response(JSON.stringify({ resultCode: 0, errMsg: '', body })));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('不再联系我', () => {
  it('shows the open demands, withdraws after the confirm and says so', async () => {
    render(<LeadConsentEntry />);
    const entry = screen.getByRole('button', { name: /不再联系我/ });
    await waitFor(() => expect(entry.textContent).toContain('2条需求进行中'));
    fireEvent.click(entry);
    await waitFor(() => expect(toasts).toEqual([WITHDRAW_DONE_TOAST]));
    expect(extras[0]).toContain('2条需求将关闭');
    expect(posts).toEqual(['/rabbit/v1/lead/consent/withdraw']);
    expect(entry.textContent).toContain('已关闭');
    expect((entry as HTMLButtonElement).disabled).toBe(true);
  });

  it('a dismissed confirm sends nothing', async () => {
    choice = null;
    render(<LeadConsentEntry />);
    const entry = screen.getByRole('button', { name: /不再联系我/ });
    await waitFor(() => expect(entry.textContent).toContain('2条需求进行中'));
    fireEvent.click(entry);
    await waitFor(() => expect(extras).toHaveLength(1));
    expect(posts).toEqual([]);
    expect(toasts).toEqual([]);
  });
});
