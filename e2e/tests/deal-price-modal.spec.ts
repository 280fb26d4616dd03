// The deal-price modal (issue 14, spec §2, §4, §5, §9) on the estate page at 375×812: it opens from 获取成交价 with
// the spec's title and button, the signed-in user's masked phone, every recommendation checked (and toggleable,
// '--' where a value is missing); a listing opens its page (browser) or is the native deep link (app); the overlay
// and the close icon close it; a bad phone toasts and sends nothing; a demand sent toasts the 24-hour pledge and
// closes it. The last needs POST estate-dispatch/save-real-price (built on the leads-api branch).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEAL_PRICE_MODAL_BUTTON,
  DEAL_PRICE_MODAL_TITLE,
  LEAD_CONSENT_TEXT,
  LEAD_SUCCESS_TOAST,
  RECOMMEND_SUBTITLE,
  RECOMMEND_TITLE,
} from '../../packages/domain/src/api/leads.ts';
import { MOBILE_FORMAT_ERROR } from '../../packages/domain/src/filters.ts';
import { WITHDRAW_DONE_TOAST } from '../../apps/web/app/features/account/lead-consent-copy.ts';
import { OPS_STATE, signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

const IN_APP =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1 FangJiaTong/12.8.0';

interface Recommended {
  id: number;
  cityId: number;
  houseName: string;
  roomCount: number | null;
  livingRoomCount: number | null;
  area: number | null;
  avgPrice: number | null;
  totalPriceMillion: number | null;
}

/** 杭州's hottest estate that has recommendations. */
async function estateWithRecommendations(request: APIRequestContext): Promise<{ id: number; list: Recommended[] }> {
  const hot = (await (await request.get('/rabbit/v1/search/hot?cityId=605')).json()) as {
    body: { list: { kind: string; id: number }[] };
  };
  for (const item of hot.body.list.filter((h) => h.kind === 'estate')) {
    const res = await request.get(`/rabbit/v1/estate-dispatch/estate-recommend?type=2&estateId=${item.id}`);
    const list = ((await res.json()) as { body: { estateList: Recommended[] } | null }).body?.estateList ?? [];
    if (list.length >= 2) return { id: item.id, list };
  }
  throw new Error('no estate in 热门搜索 with recommendations');
}

/**
 * The real recommendations, the last one with its figures missing (the seed has none missing): the row must say
 * '--' for each.
 */
async function withMissingFigures(page: Page) {
  await page.route('**/rabbit/v1/estate-dispatch/estate-recommend?*', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { body: { estateList: Recommended[] } };
    const last = json.body.estateList[json.body.estateList.length - 1]!;
    Object.assign(last, {
      roomCount: null,
      livingRoomCount: null,
      area: null,
      avgPrice: null,
      totalPriceMillion: null,
    });
    await route.fulfill({ response, json });
  });
}

async function openModal(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.getByTestId('estate-bar').getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }).click();
  const modal = page.getByRole('dialog', { name: DEAL_PRICE_MODAL_TITLE });
  await expect(modal).toBeVisible();
  return modal;
}

test.describe('获取成交价 modal on 小区详情', () => {
  test('opens with the spec’s copy, the masked phone and every recommendation checked', async ({ page, request }) => {
    const estate = await estateWithRecommendations(request);
    const phone = await signIn(page);
    await withMissingFigures(page);
    const modal = await openModal(page, `/605/house-detail/${estate.id}`);

    await expect(modal.getByRole('heading', { name: DEAL_PRICE_MODAL_TITLE })).toBeVisible();
    await expect(modal.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON })).toBeVisible();
    await expect(modal.getByTestId('lead-phone')).toHaveValue(`${phone.slice(0, 3)}****${phone.slice(7)}`);
    await expect(modal).toContainText(LEAD_CONSENT_TEXT);
    await expect(modal).toContainText(RECOMMEND_TITLE);
    await expect(modal).toContainText(RECOMMEND_SUBTITLE);
    await expect(modal.getByRole('link', { name: '《隐私政策》' })).toBeVisible();

    const rows = modal.getByTestId('lead-estate');
    await expect(rows).toHaveCount(estate.list.filter((e) => e.id !== estate.id).length);
    const boxes = modal.getByRole('checkbox');
    for (const box of await boxes.all()) await expect(box).toBeChecked();
    await expect(rows.last()).toContainText('--');
    const missing = (await rows.last().textContent())!.match(/--/g) ?? [];
    expect(missing).toHaveLength(4);
    await expect(rows.first()).toContainText(/万\/㎡/);
    await expect(rows.first()).toContainText(/\d万$/);

    await rows.last().scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot('deal-price-modal-missing') });
    await boxes.first().uncheck();
    await expect(boxes.first()).not.toBeChecked();
    await boxes.first().check();
    await expect(boxes.first()).toBeChecked();
    await page.screenshot({ path: shot('deal-price-modal') });
  });

  test('the overlay and the close icon close it', async ({ page, request }) => {
    const estate = await estateWithRecommendations(request);
    let modal = await openModal(page, `/605/house-detail/${estate.id}`);
    await modal.getByRole('button', { name: '关闭' }).click();
    await expect(modal).toBeHidden();

    await page.getByTestId('estate-bar').getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }).click();
    modal = page.getByRole('dialog', { name: DEAL_PRICE_MODAL_TITLE });
    await expect(modal).toBeVisible();
    // the mask: a tap above the centred modal
    await page.mouse.click(187, 20);
    await expect(modal).toBeHidden();
  });

  test('a listing opens its estate page in the browser', async ({ page, request }) => {
    const estate = await estateWithRecommendations(request);
    const modal = await openModal(page, `/605/house-detail/${estate.id}`);
    const first = estate.list.find((e) => e.id !== estate.id)!;
    const link = modal.getByRole('link', { name: new RegExp(first.houseName) });
    await expect(link).toHaveAttribute('href', `/${first.cityId}/house-detail/${first.id}`);
    await link.click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/${first.cityId}/house-detail/${first.id}$`));
    await expect(page.getByTestId('estate-page').getByRole('heading', { level: 1 })).toHaveText(first.houseName);
  });

  test('inside the app a listing is the native detail screen’s deep link', async ({ browser, request, baseURL }) => {
    const estate = await estateWithRecommendations(request);
    const app = await browser.newContext({ userAgent: IN_APP, viewport: { width: 375, height: 812 } });
    const page = await app.newPage();
    const modal = await openModal(page, `${baseURL}/605/house-detail/${estate.id}`);
    const first = estate.list.find((e) => e.id !== estate.id)!;
    const link = modal.getByRole('link', { name: new RegExp(first.houseName) });
    await expect(link).toHaveAttribute(
      'href',
      `fangjiatong://house/detail?cityId=${first.cityId}&estateId=${first.id}`,
    );
    await link.click();
    await expect(modal).toBeHidden();
    await app.close();
  });

  test('a bad phone toasts the spec’s message and sends nothing', async ({ page, request }) => {
    const estate = await estateWithRecommendations(request);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('save-real-price')) sent.push(r.url());
    });
    const modal = await openModal(page, `/605/house-detail/${estate.id}`);
    await expect(modal.getByTestId('lead-estate').first()).toBeVisible();
    await modal.getByTestId('lead-phone').fill('1381234');
    await modal.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }).click();
    await expect(page.getByText(MOBILE_FORMAT_ERROR)).toBeVisible();
    await expect(modal).toBeVisible();
    await page.screenshot({ path: shot('deal-price-modal-bad-phone') });
    expect(sent).toEqual([]);
  });

  test('a demand sent toasts the 24-hour pledge and closes the modal (needs save-real-price)', async ({
    page,
    request,
  }) => {
    const estate = await estateWithRecommendations(request);
    await signIn(page);
    const modal = await openModal(page, `/605/house-detail/${estate.id}`);
    await expect(modal.getByTestId('lead-estate').first()).toBeVisible();
    const saved = page.waitForRequest((r) => r.url().includes('/rabbit/v1/estate-dispatch/save-real-price'));
    await modal.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }).click();
    const req = await saved;
    const body = req.postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ type: 2, intentionEstateId: estate.id, source: 'deal-price', serviceType: 'buy' });
    // the unedited masked phone: the server uses the account's own number
    expect(body).not.toHaveProperty('mobile');
    expect(req.headers()['idempotency-key']).toMatch(/^[\x21-\x7e]{8,64}$/);
    await expect(page.getByText(LEAD_SUCCESS_TOAST)).toBeVisible();
    await expect(modal).toBeHidden();
    await page.screenshot({ path: shot('deal-price-modal-sent') });
  });
});

test('the agent list without agents offers the order sheet', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(90_000);
  const origin = new URL(baseURL!).origin;
  // every generated estate has agents: an estate an operator imports has none until one is assigned to it
  const ops = await browser.newContext({ storageState: OPS_STATE });
  const sample = await estateWithRecommendations(request);
  const basic = (
    (await (await request.get(`/rabbit/v1/house/basic-info?houseId=${sample.id}`)).json()) as {
      body: { districtName: string; plateName: string };
    }
  ).body;
  const name = `无人服务${Date.now() % 1_000_000}小区`;
  const csv = `external_id,city_id,district,plate,name,lng,lat\ne2e-${name},605,${basic.districtName},${basic.plateName},${name},120.16,30.27\n`;
  const imported = await ops.request.post('/rabbit/v1/ops/data/import', {
    data: { kind: 'estates', csv, fileName: '小区.csv' },
    headers: { origin },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  await ops.close();
  const suggest = await request.get(`/rabbit/v1/search/suggest?cityId=605&kw=${encodeURIComponent(name)}`);
  const groups = (
    (await suggest.json()) as { body: { groups: { kind: string; list: { id: number; name: string }[] }[] } }
  ).body.groups;
  const empty = groups.flatMap((g) => (g.kind === 'estate' ? g.list : [])).find((i) => i.name === name)?.id;
  expect(empty, `the imported estate ${name} is found`).toBeTruthy();
  await page.goto(`/605/house-detail/${empty}/agent-list`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.getByTestId('agent-list-empty').getByRole('button', { name: '留下电话' }).click();
  const sheet = page.getByRole('dialog', { name: '委托经纪人' });
  await expect(sheet.getByRole('radio', { name: '买房' })).toHaveAttribute('aria-checked', 'true');
  await sheet.getByRole('radio', { name: '卖房' }).click();
  await expect(sheet.getByRole('radio', { name: '卖房' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: shot('order-sheet') });
});

test('成交记录 and 房源详情 open the same modal; 咨询 on a listing is titled 咨询房源 with 立即咨询', async ({
  page,
  request,
}) => {
  const estate = await estateWithRecommendations(request);
  await page.goto(`/605/deal-history/${estate.id}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.getByRole('button', { name: DEAL_PRICE_MODAL_BUTTON }).click();
  const modal = page.getByRole('dialog', { name: DEAL_PRICE_MODAL_TITLE });
  await expect(modal.getByTestId('lead-estate').first()).toBeVisible();
  await modal.getByRole('button', { name: '关闭' }).click();
  await expect(modal).toBeHidden();

  const search = await request.get('/rabbit/v1/house/listing/search?cityId=605&page=1');
  const listing = ((await search.json()) as { body: { list: { id: number }[] } }).body.list[0]!;
  await page.goto(`/605/property/${listing.id}`);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.locator('.bottom-bar').getByRole('button', { name: '咨询', exact: true }).click();
  const consult = page.getByRole('dialog', { name: '咨询房源' });
  await expect(consult.getByRole('heading', { name: '咨询房源' })).toBeVisible();
  await expect(consult.getByRole('button', { name: '立即咨询' })).toBeVisible();
  await page.screenshot({ path: shot('deal-price-modal-property') });
});

test('我的 offers 不再联系我: a confirm, then the withdrawal (needs lead/consent on the leads-api branch)', async ({
  page,
  request,
  baseURL,
}) => {
  const estate = await estateWithRecommendations(request);
  await signIn(page);
  // a demand first, so there is a consent to withdraw (the account's own number: no mobile)
  const sent = await page.request.post('/rabbit/v1/estate-dispatch/save-real-price', {
    data: { type: 2, intentionEstateId: estate.id, source: 'deal-price', page: '/e2e' },
    headers: { origin: new URL(baseURL!).origin },
  });
  await page.goto('/profile');
  await expect(page.getByTestId('profile-head')).toBeVisible();
  const entry = page.getByTestId('lead-consent-entry').getByRole('button', { name: /不再联系我/ });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('1条需求进行中');
  await entry.click();
  await expect(page.getByText('经纪人将不再联系您，进行中的1条需求将关闭')).toBeVisible();
  await page.screenshot({ path: shot('profile-lead-consent') });
  await page.getByRole('option', { name: '不再联系我' }).click();
  await expect(page.getByText(WITHDRAW_DONE_TOAST)).toBeVisible();
  await expect(entry).toContainText('已关闭');
  await expect(entry).toBeDisabled();
  expect(sent.status()).toBe(200);
});
