// Signing in for end-to-end tests: through the API (code sent, read from the sandbox outbox, verified) with the
// page's own request context, so the session cookie lands in the browser. Each call uses a fresh phone unless
// one is given.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';

let counter = 0;

/** A phone number no other test of this run uses. */
export function freshPhone(): string {
  counter += 1;
  const tail = (Date.now() % 1_000_000) * 100 + (counter % 100) + process.pid;
  return `137${String(tail % 100_000_000).padStart(8, '0')}`;
}

/** The newest login code sent to `phone` (the sandbox SMS gateway's outbox). */
export async function latestCode(page: Page, phone: string): Promise<string> {
  const res = await page.request.get(`/rabbit/v1/dev/sms-outbox?phone=${phone}`);
  expect(res.status()).toBe(200);
  const list = ((await res.json()) as { body: { list: { code: string | null }[] } }).body.list;
  expect(list.length, `no SMS for ${phone}`).toBeGreaterThan(0);
  return list[0]!.code!;
}

/** Signs the page's browser in as `phone` (a new user unless it exists); returns the phone. */
export async function signIn(page: Page, phone = freshPhone()): Promise<string> {
  // the server's public origin: cookie-authenticated POSTs must name it (CSRF check)
  const base = new URL(test.info().project.use.baseURL!).origin;
  const send = () => page.request.post('/rabbit/v1/login/sms', { data: { mobile: phone }, headers: { origin: base } });
  let sent = await send();
  // a shared phone (the demo staff) may have had a code within the minute in another spec: wait it out once
  if (sent.status() === 429 && (await sent.text()).includes('60秒')) {
    test.info().setTimeout(test.info().timeout + 70_000);
    await page.waitForTimeout(61_000);
    sent = await send();
  }
  expect(sent.status(), await sent.text()).toBe(200);
  const code = await latestCode(page, phone);
  const res = await page.request.post('/rabbit/v1/login/mobile', {
    data: { mobile: phone, code, client: 'web' },
    headers: { origin: base },
  });
  expect(res.status(), await res.text()).toBe(200);
  return phone;
}

/**
 * The demo ops user's signed-in browser state, made once per run by tests/ops-session.setup.ts: specs that need
 * an ops user open a context with it instead of signing the one shared phone in again (its codes are limited to
 * one a minute).
 */
export const OPS_STATE = join(tmpdir(), `fjt-e2e-ops-${process.env.E2E_PORT ?? 3210}.json`);
export const DEMO_OPS_PHONE = '13800000001';

/** The demo ops user's cookies from OPS_STATE, for a page whose context already exists. */
type StoredCookie = { name: string; value: string; domain: string; path: string };
export function opsCookies(): StoredCookie[] {
  return (JSON.parse(readFileSync(OPS_STATE, 'utf8')) as { cookies: StoredCookie[] }).cookies;
}

/**
 * Signs `page`'s browser in as a new user and makes it a member the way a user becomes one without paying: a
 * code made through the ops API (as the demo ops user, OPS_STATE), redeemed by the user. Returns the phone.
 */
export async function becomeMember(page: Page, browser: Browser): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const ops = await browser.newContext({ storageState: OPS_STATE });
  const made = await ops.request.post('/rabbit/v1/ops/codes/create', {
    data: { count: 1, days: 30, validDays: 30 },
    headers: { origin },
  });
  expect(made.status(), await made.text()).toBe(200);
  const { codes } = ((await made.json()) as { body: { codes: string[] } }).body;
  await ops.close();
  const phone = await signIn(page);
  const redeemed = await page.request.post('/rabbit/v1/promotion/exchange-vip', {
    data: { code: codes[0] },
    headers: { origin },
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  return phone;
}

/**
 * Signs in as a fresh user who may post in the community at once: the sandbox's dev/community/age-account moves the
 * account past the new-account cool-down (issue 17). Returns the phone.
 */
export async function signInToPost(page: Page, phone = freshPhone()): Promise<string> {
  await signIn(page, phone);
  const base = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.post('/rabbit/v1/dev/community/age-account', { headers: { origin: base } });
  expect(res.status(), await res.text()).toBe(200);
  return phone;
}
