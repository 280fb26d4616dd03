// 消息 (issue 11): a signed-in user subscribed to an estate gets a message in /profile/message when a data import
// brings the estate a new deal or cuts a listing's price, sees the unread count on the 消息 tab, opens a message
// (read), marks all read and mutes the estate. Sign-in goes through the API (the code from the sandbox outbox);
// the subscription is the estate-subscribe/add call; the import goes through the e2e-only hook dev/alerts/import
// (the /ops import without a staff session: the importer followed by the alert job, as `npm run data:import` does).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { shot } from '../support/screenshots.ts';
import { signIn } from '../support/login.ts';

const API = '/rabbit/v1';
const origin = { origin: baseURL };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown) {
  const res = await request.fetch(`${API}/${path}`, { method, headers: origin, ...(data ? { data } : {}) });
  const json = (await res.json()) as { resultCode: number; errMsg: string; body: T };
  expect(json.resultCode, `${path}: ${json.errMsg}`).toBe(0);
  return json.body;
}

/** The city's last estate: the one other specs are least likely to look at. */
async function quietEstate(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const first = await call<{ total: number }>(request, 'GET', 'estate/list?cityId=605&size=50');
  const page = Math.min(500, Math.ceil(first.total / 50));
  const last = await call<{ list: { id: number; name: string }[] }>(
    request,
    'GET',
    `estate/list?cityId=605&size=50&page=${page}`,
  );
  return last.list.at(-1)!;
}

test('a subscribed estate’s new deal and price cut reach 消息: badge, open, 全部已读, 不再提醒', async ({ page }) => {
  await signIn(page);
  const estate = await quietEstate(page.request);
  await call(page.request, 'POST', 'message/message-center/estate-subscribe/add', { estateId: estate.id });
  const run = Date.now();
  // an older deal date: the estate's recent figures, which other specs read, stay as they are
  const deal = await call<{ alerts: { deal: number } }>(page.request, 'POST', 'dev/alerts/import', {
    kind: 'deals',
    csv: `external_id,estate_id,deal_date,total_price,area,rooms,halls\ne2e-d${run},${estate.id},2022-03-15,268,89,2,1`,
  });
  expect(deal.alerts.deal).toBe(1);
  const listing = (wan: number) =>
    'external_id,estate_id,rooms,halls,baths,area,orientation,floor,total_floors,decoration,total_price,listed_at,status\n' +
    `e2e-l${run},${estate.id},3,1,1,120,南,5,18,精装,${wan},2026-06-10,on_sale`;
  await call(page.request, 'POST', 'dev/alerts/import', { kind: 'listings', csv: listing(400) });
  const cut = await call<{ alerts: { priceCut: number } }>(page.request, 'POST', 'dev/alerts/import', {
    kind: 'listings',
    csv: listing(380),
  });
  expect(cut.alerts.priceCut).toBe(1);
  // the listing may also give the estate its first listing average of the month: a 月度均价 message too
  const { count } = await call<{ count: number }>(page.request, 'GET', 'message/unread-count');
  expect(count).toBeGreaterThanOrEqual(2);

  // the 消息 tab shows the unread count
  await page.goto('/605', { waitUntil: 'networkidle' });
  const tab = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /^消息/ });
  await expect(tab).toHaveAttribute('href', '/profile/message');
  await expect(tab.getByTestId('unread-badge')).toHaveText(String(count));
  await page.screenshot({ path: shot('messages-tab-badge') });

  await tab.click();
  await expect(page).toHaveURL(/\/profile\/message$/);
  const items = page.getByTestId('message');
  await expect(items).toHaveCount(count);
  // newest first: the cut came last
  await expect(items.nth(0)).toContainText('降价提醒');
  await expect(items.nth(0)).toContainText(`${estate.name} 3室1厅 120㎡，挂牌价 400万 → 380万，降5%`);
  const dealItem = items.filter({ hasText: '成交提醒' });
  await expect(dealItem).toContainText('成交总价268万');
  await expect(items.getByLabel('未读')).toHaveCount(count);
  await expect(page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /^消息/ })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.screenshot({ path: shot('messages-list-unread') });

  // opening the deal message goes to the deal and marks it read
  await dealItem.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/605/deal-history/${estate.id}/detail\\?dealId=\\d+$`));
  await page.goBack();
  await expect(page.getByTestId('message')).toHaveCount(count);
  await expect(page.getByTestId('message').filter({ hasText: '成交提醒' }).getByLabel('未读')).toHaveCount(0);
  await expect(page.getByTestId('unread-badge')).toHaveText(String(count - 1));

  await page.getByRole('button', { name: '全部已读' }).click();
  await expect(page.getByTestId('message').getByLabel('未读')).toHaveCount(0);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '全部已读' })).toBeDisabled();

  // 不再提醒此小区: the next deal of the estate tells this user nothing
  await page.getByTestId('message').first().getByRole('button', { name: '不再提醒此小区' }).click();
  await expect(page.getByTestId('message').first()).toContainText('已不再提醒此小区');
  await expect(page.getByRole('button', { name: '恢复提醒' })).toHaveCount(count);
  await page.screenshot({ path: shot('messages-list-muted') });
  const after = await call<{ alerts: { deal: number } }>(page.request, 'POST', 'dev/alerts/import', {
    kind: 'deals',
    csv: `external_id,estate_id,deal_date,total_price,area,rooms,halls\ne2e-d${run}b,${estate.id},2022-03-16,270,89,2,1`,
  });
  expect(after.alerts.deal).toBe(0);
  const unread = await call<{ count: number }>(page.request, 'GET', 'message/unread-count');
  expect(unread.count).toBe(0);
});

test('a new user sees the empty message centre with a way to the city home', async ({ page }) => {
  await signIn(page);
  await page.goto('/profile/message', { waitUntil: 'networkidle' });
  await expect(page.getByText('暂无消息')).toBeVisible();
  await expect(page.getByText('订阅小区后，成交、降价和月度均价会通知你')).toBeVisible();
  await expect(page.getByRole('link', { name: '去首页看看小区' })).toHaveAttribute('href', /^\/\d+$/);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await page.screenshot({ path: shot('messages-empty') });
});

test('a visitor is sent to login and back', async ({ page }) => {
  await page.goto('/profile/message');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile%2Fmessage$/);
});
