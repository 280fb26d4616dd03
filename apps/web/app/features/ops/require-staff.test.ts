import { describe, expect, it } from 'vitest';
import { STAFF_ONLY, type OpsViewer, type RouterContext } from '@fjt/domain';
import { requireStaff } from './require-staff.ts';
import { OPS_CONSOLES, consolesFor } from './consoles.ts';

const request = new Request('http://localhost/ops/audit?page=2');
const ctx = (staff: OpsViewer | null | undefined, extra: Partial<RouterContext> = {}) =>
  ({ services: {}, testHooks: false, staff, ...extra }) as unknown as RouterContext;
const viewer = (roles: OpsViewer['roles']): OpsViewer => ({
  userId: 7,
  mobile: '138****0001',
  nickname: null,
  roles,
  agent: null,
});

function thrown(fn: () => unknown): { status: number; location: string | null; message?: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof Response)
      return { status: error.status, location: error.headers.get('location'), message: undefined };
    const e = error as { init?: { status?: number }; data?: { message?: string } };
    return { status: e.init?.status ?? 0, location: null, ...(e.data?.message ? { message: e.data.message } : {}) };
  }
  throw new Error('did not throw');
}

describe('requireStaff', () => {
  it('sends a visitor (or a server that resolved nobody) to login and back here', () => {
    for (const staff of [null, undefined]) {
      expect(thrown(() => requireStaff(ctx(staff), request))).toEqual({
        status: 302,
        location: '/login?redirect=%2Fops%2Faudit%3Fpage%3D2',
        message: undefined,
      });
    }
  });

  it('refuses a signed-in user without a role with 403', () => {
    expect(thrown(() => requireStaff(ctx(viewer([])), request))).toMatchObject({ status: 403, message: STAFF_ONLY });
  });

  it('refuses staff without the console’s role, and lets its roles in', () => {
    expect(thrown(() => requireStaff(ctx(viewer(['support'])), request, 'ops-audit'))).toMatchObject({
      status: 403,
      message: '无权访问：审计日志仅限运营',
    });
    expect(requireStaff(ctx(viewer(['ops'])), request, 'ops-audit').userId).toBe(7);
    expect(requireStaff(ctx(viewer(['moderator'])), request, 'ops-staff').roles).toEqual(['moderator']);
  });
});

describe('the consoles', () => {
  it('are listed by role: every staff role sees the overview and the staff list, agents their leads, support and agents the chat, only ops the audit log', () => {
    expect(consolesFor(['ops']).map((c) => c.id)).toEqual([
      'ops-home',
      'ops-staff',
      'ops-audit',
      'ops-import',
      'ops-codes',
      'ops-leads',
      'ops-orders',
      'ops-wallet',
      'ops-moderation',
      'ops-funnel',
    ]);
    expect(consolesFor(['moderator']).map((c) => c.id)).toEqual(['ops-home', 'ops-staff', 'ops-moderation']);
    expect(consolesFor(['agent']).map((c) => c.id)).toEqual(['ops-home', 'ops-staff', 'ops-leads', 'ops-support']);
    expect(consolesFor(['support']).map((c) => c.id)).toEqual(['ops-home', 'ops-staff', 'ops-support']);
    expect(consolesFor([])).toEqual([]);
    for (const c of OPS_CONSOLES) expect(c.to).toMatch(/^\/ops(\/|$)/);
  });
});
