// 委托找房 (issue 14, PAGES.md §3.11 contractor sheet) at 375×812: a signed-in user opens the sheet from the city's
// agents, picks a contracted house-search agent, a bad phone toasts and sends nothing, a brief sent toasts the 24-hour
// pledge and closes the sheet; a visitor is sent to login and back; /find-house offers it too. The estate's agent
// list and an agent's page offer 在线咨询 (/im with the agent's peer id) and 复制微信 (the copy toast names the number).
import { expect, test, type Page } from '@playwright/test';
import { CONTRACTOR_CONSENT_VERSION, LEAD_CONSENTS, LEAD_SUCCESS_TOAST } from '../../packages/domain/src/api/leads.ts';
import { MOBILE_FORMAT_ERROR } from '../../packages/domain/src/filters.ts';
import { signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

interface Contractor {
  id: number;
  name: string;
  intro: string | null;
}

async function contractors(page: Page): Promise<Contractor[]> {
  const res = await page.request.get('/rabbit/v1/house/search-house-contractor?cityId=605');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: { list: Contractor[] } }).body.list;
}

async function openSheet(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.getByTestId('contractor-open').click();
  const sheet = page.getByRole('dialog', { name: '委托找房' });
  await expect(sheet).toBeVisible();
  return sheet;
}

test.describe('委托找房 sheet', () => {
  test('a signed-in user picks a contractor, a bad phone toasts, a brief sent toasts and closes', async ({ page }) => {
    const phone = await signIn(page);
    const list = await contractors(page);
    expect(list.length).toBeGreaterThan(0);
    const sheet = await openSheet(page, '/605/agent');
    const rows = sheet.getByTestId('contractor-list').getByRole('listitem');
    await expect(rows).toHaveCount(list.length);
    await expect(rows.first()).toContainText(list[0]!.name);
    await expect(rows.first()).toContainText(list[0]!.intro ?? '');
    await page.screenshot({ path: shot('contractor-sheet-list') });

    await rows.nth(1).getByTestId('contractor-choose').click();
    const brief = sheet.getByTestId('contractor-brief');
    await expect(brief).toContainText(list[1]!.name);
    await expect(sheet.getByTestId('lead-phone')).toHaveValue(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    await expect(sheet.getByTestId('lead-consent')).toHaveText(LEAD_CONSENTS[CONTRACTOR_CONSENT_VERSION]);
    await expect(sheet.getByRole('link', { name: '《隐私政策》' })).toBeVisible();

    await sheet.getByLabel('最低预算（万）').fill('300');
    await sheet.getByLabel('最高预算（万）').fill('500');
    const district = sheet.getByTestId('contractor-district');
    const firstDistrict = await district.locator('option').nth(1).getAttribute('value');
    await district.selectOption(firstDistrict!);
    await sheet.getByRole('radio', { name: '3室' }).click();
    await sheet.getByTestId('contractor-message').fill('想在地铁附近买三室，学区优先');
    await expect(sheet).toContainText('14/200');

    // a bad phone: the toast, and nothing sent
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('contractor/sendMsg')) sent.push(r.url());
    });
    await sheet.getByTestId('lead-phone').fill('1381234');
    await sheet.getByTestId('contractor-submit').click();
    await expect(page.getByText(MOBILE_FORMAT_ERROR)).toBeVisible();
    await page.screenshot({ path: shot('contractor-sheet-bad-phone') });
    expect(sent).toEqual([]);

    await sheet.getByTestId('lead-phone').fill('');
    await sheet.getByTestId('lead-phone').fill(phone);
    const request = page.waitForRequest((r) => r.url().includes('/rabbit/v1/house/contractor/sendMsg'));
    await sheet.getByTestId('contractor-submit').click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      contractorId: list[1]!.id,
      mobile: phone,
      budget: { min: 300, max: 500 },
      districtId: Number(firstDistrict),
      rooms: 3,
      message: '想在地铁附近买三室，学区优先',
      page: '/605/agent',
    });
    expect((await request).headers()['idempotency-key']).toMatch(/^[\x21-\x7e]{8,64}$/);
    await expect(page.getByText(LEAD_SUCCESS_TOAST)).toBeVisible();
    await expect(sheet).toBeHidden();
    await page.screenshot({ path: shot('contractor-sheet-sent') });
  });

  test('the brief form at 375×812', async ({ page }) => {
    await signIn(page);
    const sheet = await openSheet(page, '/605/find-house');
    await sheet.getByTestId('contractor-choose').first().click();
    await expect(sheet.getByTestId('contractor-brief')).toBeVisible();
    await page.screenshot({ path: shot('contractor-sheet-brief') });
  });

  test('a city without contractors says so', async ({ page }) => {
    await signIn(page);
    await page.route('**/rabbit/v1/house/search-house-contractor?*', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { body: { total: number; list: unknown[] } };
      Object.assign(json.body, { total: 0, list: [] });
      await route.fulfill({ response, json });
    });
    const sheet = await openSheet(page, '/605/agent');
    await expect(sheet.getByTestId('contractor-empty')).toContainText('本城市暂无签约找房顾问');
    await page.screenshot({ path: shot('contractor-sheet-empty') });
    await sheet.getByRole('button', { name: '知道了' }).click();
    await expect(sheet).toBeHidden();
  });

  test('a visitor is sent to login and back', async ({ page }) => {
    await page.goto('/605/find-house');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page.screenshot({ path: shot('contractor-find-house-entry') });
    await page.getByTestId('contractor-open').click();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/605/find-house')}`);
  });
});

test.describe('在线咨询 and 复制微信', () => {
  test('the estate’s agent list and an agent’s page offer chat and the WeChat number', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const hot = (await (await page.request.get('/rabbit/v1/search/hot?cityId=605')).json()) as {
      body: { list: { kind: string; id: number }[] };
    };
    const estateId = hot.body.list.find((h) => h.kind === 'estate')!.id;
    const agents = (
      (await (
        await page.request.post('/rabbit/v1/house/agent/get', { data: { type: 8, cityId: 605, houseId: estateId } })
      ).json()) as { body: { agents: { id: number; name: string; wechatNo: string | null }[] } }
    ).body.agents;
    const agent = agents[0]!;
    expect(agent.wechatNo).toBeTruthy();
    await page.goto(`/605/house-detail/${estateId}/agent-list`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const card = page.locator('.agent-card').first();
    await expect(card.getByTestId('call-agent')).toHaveText('打电话');
    await expect(card.getByRole('link', { name: '在线咨询' })).toHaveAttribute(
      'href',
      `/im?userid=agent-${agent.id}&username=${encodeURIComponent(agent.name)}&cityId=605&houseId=${estateId}`,
    );
    await card.getByRole('button', { name: '复制微信' }).click();
    await expect(page.getByText(`微信号已复制：${agent.wechatNo}`)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(agent.wechatNo);
    await page.screenshot({ path: shot('agent-list-im-wechat') });
    // no phone number reaches the page
    expect(await page.locator('main').innerText()).not.toMatch(/1[3-9]\d{9}/);

    await page.goto(`/605/agent/${agent.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByRole('link', { name: '在线咨询' })).toHaveAttribute(
      'href',
      `/im?userid=agent-${agent.id}&username=${encodeURIComponent(agent.name)}`,
    );
    await page.getByRole('button', { name: '复制微信' }).click();
    await expect(page.getByText(`微信号已复制：${agent.wechatNo}`)).toBeVisible();
    await page.screenshot({ path: shot('agent-page-im-wechat') });
  });
});
