// /{city}/agent/{id?} 经纪人主页 and the city's agents (PAGES.md §3.11) on the small seed (605 杭州): the page shows
// what agent/detail answers, the directory sorts, the estate's agent list links to the agent, and 打电话 asks a
// visitor to log in first (the number is a virtual one, bound after login).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Envelope<T> {
  resultCode: number;
  body: T;
}
interface Profile {
  id: number;
  name: string;
  rating: number;
  dealCount: number;
  estateCount: number;
  onSaleCount: number;
}
interface Detail {
  agent: Profile;
  estates: { id: number; name: string }[];
  listings: { id: number; estateName: string }[];
  deals: { id: number; estateId: number; estateName: string; month: string }[];
}

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(`/rabbit/v1/${url}`);
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as Envelope<T>).body;
}

/** The city's agent with the most deals: every block of its page has rows. */
async function busiestAgent(request: APIRequestContext): Promise<Detail> {
  const { list } = await api<{ list: Profile[] }>(request, 'agent/list?cityId=605&sort=deals&size=1');
  expect(list.length).toBe(1);
  return api<Detail>(request, `agent/detail?cityId=605&agentId=${list[0]!.id}`);
}

test('经纪人主页 shows the agent’s figures, estates, listings and deals', async ({ page, request }) => {
  const detail = await busiestAgent(request);
  await page.goto(`/605/agent/${detail.agent.id}`);
  const main = page.getByTestId('agent-page');
  await expect(main.locator('.agent-card__name')).toContainText(detail.agent.name);
  await expect(main.getByLabel('服务数据')).toContainText(`${detail.agent.dealCount}套`);
  const estates = page.getByTestId('agent-estates').getByRole('listitem');
  await expect(estates).toHaveCount(detail.estates.length);
  await expect(page.getByTestId('agent-listings').getByRole('listitem')).toHaveCount(
    Math.max(detail.listings.length, 0),
  );
  const deals = page.getByTestId('agent-deals').getByRole('listitem');
  await expect(deals).toHaveCount(detail.deals.length);
  await expect(deals.first()).toContainText(detail.deals[0]!.estateName);
  await expect(page.getByText('号码保护，通话使用虚拟号')).toBeVisible();
  await page.screenshot({ path: shot('agent-page'), fullPage: true });

  // a deal leads to the estate's deal history, where prices follow membership
  await deals.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/605/deal-history/${detail.deals[0]!.estateId}$`));
});

test('打电话 sends a visitor to login and back', async ({ page, request }) => {
  const detail = await busiestAgent(request);
  await page.goto(`/605/agent/${detail.agent.id}`);
  await page.locator('html[data-hydrated]').waitFor();
  await page.locator('.bottom-bar').getByTestId('call-agent').click();
  await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/605/agent/${detail.agent.id}`)}`);
});

test('the city’s agents: by rating, then by deals, each linking to its page', async ({ page, request }) => {
  const byRating = await api<{ total: number; list: Profile[] }>(request, 'agent/list?cityId=605');
  await page.goto('/605/agent');
  const directory = page.getByTestId('agent-directory');
  await expect(directory.getByRole('heading', { level: 1 })).toHaveText('杭州经纪人');
  await expect(directory).toContainText(`共${byRating.total}位`);
  const rows = directory.getByRole('list', { name: '经纪人' }).getByRole('listitem');
  await expect(rows.first()).toContainText(byRating.list[0]!.name);
  await page.screenshot({ path: shot('agent-directory') });

  const byDeals = await api<{ list: Profile[] }>(request, 'agent/list?cityId=605&sort=deals');
  await directory.getByRole('link', { name: '按成交' }).click();
  await expect(page).toHaveURL(/\/605\/agent\?sort=deals$/);
  await expect(rows.first()).toContainText(byDeals.list[0]!.name);
  await expect(directory.getByRole('link', { name: '按成交' })).toHaveAttribute('aria-current', 'page');

  await rows.first().getByRole('link', { name: byDeals.list[0]!.name }).click();
  await expect(page).toHaveURL(`/605/agent/${byDeals.list[0]!.id}`);
  await expect(page.getByTestId('agent-page')).toBeVisible();
});

test('an unknown agent, or one of another city, is a 404', async ({ request }) => {
  expect((await request.get('/605/agent/999999999')).status()).toBe(404);
  expect((await request.get('/605/agent/abc')).status()).toBe(404);
});
