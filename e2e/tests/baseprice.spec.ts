// 底价揭秘 /activity/baseprice and the 捡漏 card's deal-price modal (issue 14, PAGES.md §3.1, §3.11, §3.13) at
// 375×812: an estate picked through the search, '请选择小区' and the bad-phone toast send nothing, a visitor's demand
// (source 'baseprice') turns the form into the success state; ?estateId= prefills the estate with its 均价 and the
// agents serving it; on /605/find-house-365 a card's 获取成交价 opens the modal for the listing's estate and the
// lead is stored with source 'find-house-365' (read back through the ops console's API).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEAL_PRICE_MODAL_BUTTON,
  DEAL_PRICE_MODAL_TITLE,
  LEAD_CONSENT_TEXT,
  LEAD_SUCCESS_TOAST,
} from '../../packages/domain/src/api/leads.ts';
import { MOBILE_FORMAT_ERROR, formatMoney } from '../../packages/domain/src/filters.ts';
import { OPS_STATE, freshPhone, signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

async function api<T>(request: APIRequestContext, url: string, data?: unknown): Promise<T> {
  const response =
    data === undefined ? await request.get(`/rabbit/v1/${url}`) : await request.post(`/rabbit/v1/${url}`, { data });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as { body: T }).body;
}

/** 杭州's hottest estate with agents serving it, and its figures. */
async function hotEstate(request: APIRequestContext) {
  const hot = await api<{ list: { kind: string; id: number; name: string }[] }>(request, 'search/hot?cityId=605');
  for (const item of hot.list.filter((h) => h.kind === 'estate')) {
    const agents = await api<{ agents: unknown[] }>(request, 'house/agent/get', {
      type: 8,
      cityId: 605,
      houseId: item.id,
    });
    if (agents.agents.length === 0) continue;
    const basic = await api<{ name: string; listingAvg: number | null }>(
      request,
      `house/basic-info?houseId=${item.id}`,
    );
    return { id: item.id, name: basic.name, listingAvg: basic.listingAvg, agents: agents.agents.length };
  }
  throw new Error('no estate with agents in 热门搜索');
}

/** Every save-real-price request the page sends. */
function demandsOf(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/estate-dispatch/save-real-price')) sent.push(r.postData() ?? '');
  });
  return sent;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

test.describe('/activity/baseprice 底价揭秘', () => {
  test('pick an estate by search; no estate and a bad phone send nothing; a visitor’s demand succeeds', async ({
    page,
    request,
  }) => {
    const estate = await hotEstate(request);
    const sent = demandsOf(page);
    await open(page, '/activity/baseprice?cityId=605');
    await expect(page.getByRole('heading', { level: 1, name: '底价揭秘' })).toBeVisible();
    await expect(page.getByTestId('bp-city')).toContainText('杭州');
    await expect(page.getByTestId('bp-form')).toContainText(LEAD_CONSENT_TEXT);
    await expect(page.getByRole('link', { name: '《隐私政策》' })).toBeVisible();
    await page.screenshot({ path: shot('baseprice'), fullPage: true });

    await page.getByRole('button', { name: '获取底价' }).click();
    await expect(page.getByText('请选择小区')).toBeVisible();

    await page.getByTestId('estate-search').fill(estate.name);
    const option = page.getByRole('list', { name: '小区' }).getByRole('button', { name: new RegExp(estate.name) });
    await expect(option.first()).toBeVisible();
    await page.screenshot({ path: shot('baseprice-search') });
    await option.first().click();
    const card = page.getByTestId('estate-picked');
    await expect(card).toContainText(estate.name);
    await expect(card).toContainText(`${estate.agents}位经纪人服务该小区`);

    await page.getByTestId('lead-phone').fill('1381234');
    await page.getByRole('button', { name: '获取底价' }).click();
    await expect(page.getByText(MOBILE_FORMAT_ERROR)).toBeVisible();
    await page.screenshot({ path: shot('baseprice-bad-phone') });
    expect(sent).toEqual([]);

    const phone = freshPhone();
    await page.getByTestId('lead-phone').fill(phone);
    const saved = page.waitForRequest((r) => r.url().includes('/rabbit/v1/estate-dispatch/save-real-price'));
    await page.getByRole('button', { name: '获取底价' }).click();
    const body = (await saved).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ type: 2, intentionEstateId: estate.id, mobile: phone, source: 'baseprice' });
    expect(body).not.toHaveProperty('secondEstateIdList');
    await expect(page.getByText(LEAD_SUCCESS_TOAST).first()).toBeVisible();
    const done = page.getByTestId('bp-done');
    await expect(done).toContainText('需求已提交');
    await expect(done.getByRole('link', { name: `查看${estate.name}房价` })).toHaveAttribute(
      'href',
      `/605/house-detail/${estate.id}`,
    );
    await page.screenshot({ path: shot('baseprice-sent') });
    expect(sent).toHaveLength(1);
  });

  test('?estateId= prefills the estate, its 均价 and agents; a signed-in user’s masked phone is kept', async ({
    page,
    request,
  }) => {
    const estate = await hotEstate(request);
    const phone = await signIn(page);
    await open(page, `/activity/baseprice?estateId=${estate.id}`);
    const card = page.getByTestId('estate-picked');
    await expect(card).toContainText(estate.name);
    await expect(card).toContainText(`挂牌均价 ${formatMoney(estate.listingAvg)}元/㎡`);
    await expect(card).toContainText(`${estate.agents}位经纪人服务该小区`);
    await expect(page.getByTestId('lead-phone')).toHaveValue(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    await page.screenshot({ path: shot('baseprice-prefilled') });

    const saved = page.waitForRequest((r) => r.url().includes('/rabbit/v1/estate-dispatch/save-real-price'));
    await page.getByRole('button', { name: '获取底价' }).click();
    const body = (await saved).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ intentionEstateId: estate.id, source: 'baseprice' });
    expect(body).not.toHaveProperty('mobile');
    await expect(page.getByTestId('bp-done')).toBeVisible();

    // 更换 after 再查一个小区: the search is back
    await page.getByRole('button', { name: '再查一个小区' }).click();
    await expect(page.getByTestId('estate-search')).toBeVisible();
  });
});

test('捡漏: a card’s 获取成交价 opens the modal for the listing’s estate; the lead’s source is find-house-365', async ({
  page,
  request,
  browser,
}) => {
  const bargains = await api<{ list: { id: number; estateId: number }[] }>(request, 'house/bargain/list?cityId=605');
  const first = bargains.list[0]!;
  await open(page, '/605/find-house-365');
  await expect(page.getByRole('link', { name: '底价揭秘 ›' })).toHaveAttribute(
    'href',
    '/activity/baseprice?cityId=605',
  );

  await expect(page.getByTestId('finder-card').first()).toBeVisible();
  await page.screenshot({ path: shot('find-house-365-cards') });
  const agentCall = page.waitForRequest((r) => r.url().includes('/rabbit/v1/house/agent/get'));
  await page
    .getByTestId('finder-card')
    .first()
    .locator('xpath=..')
    .getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON })
    .click();
  const modal = page.getByRole('dialog', { name: DEAL_PRICE_MODAL_TITLE });
  await expect(modal).toBeVisible();
  expect((await agentCall).postDataJSON()).toEqual({ type: 8, cityId: 605, houseId: first.estateId });
  await page.screenshot({ path: shot('find-house-365-modal') });

  const phone = freshPhone();
  await modal.getByTestId('lead-phone').fill(phone);
  const answered = page.waitForResponse((r) => r.url().includes('/rabbit/v1/estate-dispatch/save-real-price'));
  await modal.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }).click();
  const response = await answered;
  expect(response.request().postDataJSON()).toMatchObject({
    intentionEstateId: first.estateId,
    mobile: phone,
    source: 'find-house-365',
  });
  const leadIds = ((await response.json()) as { body: { leadIds: number[] } }).body.leadIds;
  await expect(page.getByText(LEAD_SUCCESS_TOAST)).toBeVisible();
  await expect(modal).toBeHidden();

  const ops = await browser.newContext({ storageState: OPS_STATE });
  const leads = await api<{ list: { id: number; estateId: number; source: string }[] }>(
    ops.request,
    'ops/leads?size=50',
  );
  const lead = leads.list.find((l) => l.id === leadIds[0]);
  expect(lead, 'the lead is in the ops console').toMatchObject({ estateId: first.estateId, source: 'find-house-365' });
  await ops.close();
});
