// 房屋估价 (issue 16, PAGES.md §3.7, §3.9, §3.1) at 375×812: home 估价 → /estimate; bad input is refused inline
// and sends nothing; a visitor is sent to login and comes back to the form as filled; the valuation opens its
// result (value, range, confidence, comparables, trend, the published backtest figures) with 重新估价 prefilled
// and 我要卖房 → owner verification → the quote → the pledge toast; another user's record is refused; /profile/appraisal lists and deletes;
// /mini/result shows an estate's prices and sends a visit without an id to the search.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PUBLISHED_BACKTEST } from '../../packages/domain/src/valuation-published.ts';
import { DEAL_PRICE_MODAL_TITLE, LEAD_SUCCESS_TOAST } from '../../packages/domain/src/api/leads.ts';
import { latestCode, signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

/** 杭州's estate with the most deals (a valuation of 高 or 中 confidence), and its name. */
async function busyEstate(request: APIRequestContext) {
  const res = await request.get('/rabbit/v1/search/hot?cityId=605');
  const hot = ((await res.json()) as { body: { list: { kind: string; id: number; name: string }[] } }).body.list;
  const estate = hot.find((h) => h.kind === 'estate');
  expect(estate, 'a hot estate').toBeTruthy();
  return estate!;
}

async function fillHome(page: Page, estateName: string) {
  await page.getByTestId('estate-search').fill(estateName);
  await page.locator('.estate-picker-search__item', { hasText: estateName }).first().click();
  await expect(page.getByTestId('estate-picked')).toContainText(estateName);
  await page.locator('input[name=area]').fill('89.5');
  await page.locator('input[name=floor]').fill('8');
  await page.locator('input[name=totalFloors]').fill('18');
  await page.getByRole('radio', { name: '南北' }).click();
  await page.getByRole('radio', { name: '精装' }).click();
}

test.describe('/estimate 房屋估价', () => {
  test('home 估价 → form; bad input inline; a visitor logs in and keeps the form; the result is honest and complete', async ({
    page,
    request,
  }) => {
    const estate = await busyEstate(request);
    await open(page, '/605');
    await page.getByRole('link', { name: '估价' }).first().click();
    await expect(page).toHaveURL(/\/estimate\?cityId=605/);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');

    // nothing chosen: the messages are inline, nothing is sent
    const creates: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/estimate/create')) creates.push(r.postData() ?? '');
    });
    await page.getByTestId('estimate-submit').click();
    await expect(page.getByText('请选择小区')).toBeVisible();
    await expect(page.getByText(/面积须大于 0/)).toBeVisible();
    await fillHome(page, estate.name);
    await page.locator('input[name=floor]').fill('20');
    await page.getByTestId('estimate-submit').click();
    await expect(page.getByText('所在楼层不能高于总楼层')).toBeVisible();
    await page.screenshot({ path: shot('estimate-form-errors'), fullPage: true });
    await page.locator('input[name=floor]').fill('8');

    // a visitor goes to login, and comes back to the form as filled
    await page.getByTestId('estimate-submit').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(creates).toHaveLength(0);
    const back = decodeURIComponent(new URL(page.url()).searchParams.get('redirect')!);
    expect(back).toContain('area=89.5');
    const phone = await signIn(page);
    await open(page, back);
    await expect(page.getByTestId('estate-picked')).toContainText(estate.name);
    await expect(page.locator('input[name=area]')).toHaveValue('89.5');
    await expect(page.getByRole('radio', { name: '南北' })).toHaveAttribute('aria-checked', 'true');
    await page.screenshot({ path: shot('estimate-form'), fullPage: true });

    await page.getByTestId('estimate-submit').click();
    await expect(page).toHaveURL(/\/estimate\/\d+\?estateId=\d+/);
    await expect(page.getByTestId('estimate-value')).toContainText('万');
    await expect(page.getByTestId('estimate-range')).toContainText('80%');
    await expect(page.getByTestId('estimate-confidence')).toContainText(/[高中低]/);
    await expect(page.getByTestId('estimate-comparables').locator('li').first()).toBeVisible();
    await expect(page.getByText('价格走势')).toBeVisible();
    const method = page.getByTestId('estimate-method');
    await expect(method).toContainText(`${(PUBLISHED_BACKTEST.mdape * 100).toFixed(1)}%`);
    await expect(method).toContainText('估价仅供参考');
    expect(creates).toHaveLength(1);
    await page.screenshot({ path: shot('estimate-result'), fullPage: true });

    // 查成交价 opens the deal-price modal for the estate
    await page.getByRole('button', { name: '查成交价' }).click();
    const modal = page.getByRole('dialog', { name: DEAL_PRICE_MODAL_TITLE });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: /关闭/ }).click();
    await expect(modal).toHaveCount(0);

    // 重新估价 → the form, prefilled, with this valuation among my recent ones
    const resultUrl = page.url();
    const recordId = new URL(resultUrl).pathname.split('/').pop();
    await page.getByTestId('estimate-again').click();
    await expect(page).toHaveURL(/\/estimate\?estateId=/);
    await expect(page.locator('input[name=totalFloors]')).toHaveValue('18');
    await expect(page.getByTestId('estimate-recent')).toContainText(estate.name);

    // 我要卖房 → owner verification of this estate and valuation → the quote → the pledge toast
    await open(page, resultUrl);
    await page.getByTestId('estimate-sell').click();
    await expect(page).toHaveURL(new RegExp(`/estimate/quotation/auth\\?estateId=${estate.id}&recordId=${recordId}$`));
    await expect(page.getByTestId('oq-estate')).toContainText(estate.name);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+s后重新获取/ })).toBeDisabled();
    const code = await latestCode(page, phone);
    await page.getByLabel('验证码').fill(code);
    await page.getByLabel('楼栋').fill('2幢');
    await page.getByLabel('门牌号').fill('801');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '提交认证' }).click();
    await expect(page).toHaveURL(/\/estimate\/quotation\/form\?/);
    const form = page.getByTestId('oq-quote-form');
    await form.getByLabel('期望售价（万元）').fill('230');
    await form.getByRole('button', { name: '3个月内' }).click();
    await form.getByRole('button', { name: '仅短信' }).click();
    await form.getByRole('button', { name: '提交报价' }).click();
    await expect(page.getByText(LEAD_SUCCESS_TOAST)).toBeVisible();
    await page.screenshot({ path: shot('estimate-sell-sent'), fullPage: true });
  });

  test('my valuations: listed newest first, deleted after confirming; another user’s record is refused', async ({
    page,
    browser,
    request,
  }) => {
    const estate = await busyEstate(request);
    await signIn(page);
    await open(page, '/profile/appraisal');
    await expect(page.getByTestId('appraisal-empty')).toContainText('还没有估价记录');
    await page.screenshot({ path: shot('appraisal-empty'), fullPage: true });

    const base = new URL(test.info().project.use.baseURL!).origin;
    const created = await page.request.post('/rabbit/v1/estimate/create', {
      data: { estateId: estate.id, area: 120, rooms: 3, floor: 3, totalFloors: 6, orientation: '南' },
      headers: { origin: base },
    });
    expect(created.status(), await created.text()).toBe(200);
    const recordId = ((await created.json()) as { body: { recordId: number } }).body.recordId;

    await open(page, '/profile/appraisal');
    const item = page.getByTestId('estimate-record-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(estate.name);
    await page.screenshot({ path: shot('appraisal-list'), fullPage: true });

    // another user sees no one else's valuation
    const other = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await signIn(other);
    await open(other, `/estimate/${recordId}?estateId=${estate.id}`);
    await expect(other.getByTestId('estimate-record-denied')).toContainText('无权查看他人的估价记录');
    await other.screenshot({ path: shot('estimate-record-denied'), fullPage: true });
    await other.close();

    await item.getByRole('button', { name: /删除/ }).click();
    await page.getByText('删除', { exact: true }).last().click();
    await expect(page.getByTestId('appraisal-empty')).toBeVisible();
    await open(page, `/estimate/${recordId}?estateId=${estate.id}`);
    await expect(page.getByTestId('estimate-record-denied')).toContainText('已删除');
  });
});

test.describe('/mini/result 查价结果', () => {
  test('an estate’s prices, 6-month trend and newest deals; no id → search', async ({ page, request }) => {
    const estate = await busyEstate(request);
    await open(page, `/mini/result?estateId=${estate.id}`);
    const result = page.getByTestId('mini-result');
    await expect(result.getByRole('heading', { name: estate.name })).toBeVisible();
    await expect(result).toContainText('挂牌均价');
    await expect(result).toContainText('近6个月走势');
    await expect(page.getByTestId('mini-detail')).toHaveAttribute('href', `/605/house-detail/${estate.id}`);
    await page.screenshot({ path: shot('mini-result'), fullPage: true });
    await page.goto('/mini/result');
    await expect(page).toHaveURL(/\/605\/search$/);
  });
});
