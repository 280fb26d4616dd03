// 纠错/举报 end to end at 375×812 (issue 17; PAGES.md §3.8): a fresh user reports an on-sale listing as 虚假房源 from
// the listing page's link (reasons → description with a screenshot → ticket number); the demo moderator sees the
// ticket in /ops/moderation — the description's <script> and onerror markup shown as inert text — and delists the
// listing; the listing is no longer on sale, and the reporter finds the result in the message centre. Also: the
// report pages without a target, an unknown target, and a visitor sent to login and back with the choice kept.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { OPS_STATE, freshPhone, signIn, signInToPost } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });

const DEMO_MODERATOR_PHONE = '13800000004';
const XSS = '<script>alert(1)</script><img src=x onerror=alert(1)>';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function phone(browser: Browser) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { context, page, dialogs };
}

/** An on-sale listing of 杭州 away from the top of the lists other specs take theirs from. */
async function quietListing(page: Page): Promise<{ id: number; estateId: number; estateName: string }> {
  const res = await page.request.get('/rabbit/v1/house/listing/search?cityId=605&area=140-&page=2');
  expect(res.status(), await res.text()).toBe(200);
  const list = ((await res.json()) as { body: { list: { id: number; estateName?: string; name?: string }[] } }).body
    .list;
  expect(list.length).toBeGreaterThan(0);
  const pick = list[list.length - 1]!;
  const detail = await page.request.get(`/rabbit/v1/house/listing/detail?propertyId=${pick.id}`);
  const body = (
    (await detail.json()) as { body: { listing: { onSale: boolean }; estate: { id: number; name: string } } }
  ).body;
  expect(body.listing.onSale).toBe(true);
  return { id: pick.id, estateId: body.estate.id, estateName: body.estate.name };
}

test('report a fake listing → ticket → the moderator delists it → off sale → the reporter is told', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const reporter = await phone(browser);
  const { page } = reporter;
  await page.goto('/helper');
  await signInToPost(page);
  const listing = await quietListing(page);

  // the listing page's link
  await page.goto(`/605/property/${listing.id}`);
  await page.getByTestId('listing-inform').click();
  await page.waitForURL(new RegExp(`/inform\\?targetType=listing&targetId=${listing.id}$`));
  await expect(page.getByTestId('inform-target')).toContainText(listing.estateName);
  await expect(page.getByTestId('inform-target')).toContainText('二手房房源');
  await expect(page.getByRole('heading', { name: '请选择纠错原因' })).toBeVisible();
  await expect(page.getByTestId('inform-next')).toBeDisabled();
  await page.getByRole('radio', { name: '虚假房源' }).check();
  await page.screenshot({ path: shot('inform-reasons'), fullPage: true });
  await page.getByTestId('inform-next').click();

  // the details
  await page.waitForURL(/\/inform\/detail\?.*reason=fake_listing/);
  await expect(page.getByTestId('inform-chosen-reason')).toHaveText('纠错原因：虚假房源');
  await expect(page.getByTestId('inform-contact')).toHaveText(/^1\d{2}\*{4}\d{4}$/);
  const description = `${XSS}\n这套房子上个月已经卖掉了`;
  await page.getByRole('textbox', { name: '问题描述（选填）' }).fill(description);
  await expect(page.getByTestId('inform-counter')).toHaveText(`${[...description].length}/200`);
  await page.getByTestId('inform-image-input').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: '截图1' })).toBeVisible();
  await page.screenshot({ path: shot('inform-detail'), fullPage: true });
  await page.getByTestId('inform-submit').click();

  // the ticket
  await page.waitForURL(/\/inform\/succee\?ticketNo=JC\d{14}$/);
  const ticketNo = new URL(page.url()).searchParams.get('ticketNo')!;
  await expect(page.getByTestId('inform-ticket-no')).toHaveText(ticketNo);
  await expect(page.getByTestId('inform-ticket-state')).toContainText('处理中');
  await page.screenshot({ path: shot('inform-succee'), fullPage: true });

  // the moderator's console
  const mod = await phone(browser);
  await mod.page.goto('/helper');
  await signIn(mod.page, DEMO_MODERATOR_PHONE);
  const opsResponse = await mod.page.goto('/ops/moderation');
  expect(opsResponse?.status()).toBe(200);
  await expect(mod.page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  const card = mod.page.getByTestId(`mod-ticket-${ticketNo}`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(listing.estateName);
  // the markup is words on the page, never elements
  await expect(card.getByTestId('mod-ticket-description')).toContainText(XSS);
  await expect(card.locator('script, img[src="x"]')).toHaveCount(0);
  await expect(card.getByRole('img', { name: '截图1' })).toBeVisible();
  await expect(card.getByRole('radio', { name: '下架房源' })).toBeChecked();
  await card.scrollIntoViewIfNeeded();
  await mod.page.screenshot({ path: shot('inform-ops-moderation'), fullPage: true });
  await card.getByTestId('mod-resolve-submit').click();
  await expect(card).toHaveCount(0);
  await mod.page.goto('/ops/moderation?tab=handled');
  await expect(mod.page.getByTestId(`mod-ticket-${ticketNo}`)).toContainText('已处理');
  await mod.page.screenshot({ path: shot('inform-ops-handled'), fullPage: true });
  expect(mod.dialogs).toEqual([]);

  // off sale
  const detail = await page.request.get(`/rabbit/v1/house/listing/detail?propertyId=${listing.id}`);
  expect(((await detail.json()) as { body: { listing: { onSale: boolean } } }).body.listing.onSale).toBe(false);
  const onSaleIds = async () => {
    const ids: number[] = [];
    for (let p = 1; p <= 20; p += 1) {
      const res = await page.request.get(`/rabbit/v1/house/listing/list?houseId=${listing.estateId}&page=${p}`);
      const list = ((await res.json()) as { body: { list: { id: number }[] } }).body.list;
      ids.push(...list.map((l) => l.id));
      if (list.length < 20) break;
    }
    return ids;
  };
  expect(await onSaleIds()).not.toContain(listing.id);
  await page.goto(`/605/property/${listing.id}`);
  await expect(page.getByText('该房源已下架')).toBeVisible();

  // the reporter's notice
  await page.goto('/profile/message');
  const notice = page.getByTestId('message').filter({ hasText: '您的纠错已处理' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(ticketNo);
  await page.screenshot({ path: shot('inform-message'), fullPage: true });
  await notice.getByRole('link').first().click();
  await page.waitForURL(new RegExp(`/inform/succee\\?ticketNo=${ticketNo}$`));
  await expect(page.getByTestId('inform-ticket-state')).toContainText('已处理');
  // 我的纠错/举报 on /inform without a target
  await page.goto('/inform');
  await expect(page.getByTestId('inform-mine')).toContainText(ticketNo);
  await expect(page.getByTestId('inform-mine')).toContainText('已处理');
  await page.screenshot({ path: shot('inform-mine'), fullPage: true });
  expect(reporter.dialogs).toEqual([]);
  await reporter.context.close();
  await mod.context.close();
});

test('the report pages without a target, with an unknown one, and for a visitor', async ({ page }) => {
  await page.goto('/inform');
  await expect(page.getByTestId('inform-no-target')).toContainText('缺少纠错/举报对象');
  await expect(page.getByRole('link', { name: '回到首页' })).toBeVisible();
  await page.goto('/inform?targetType=listing&targetId=999999999');
  await expect(page.getByTestId('inform-no-target')).toContainText('举报的内容不存在或已删除');
  await page.goto('/inform/succee');
  await expect(page.getByTestId('inform-no-target')).toContainText('工单编号无效');

  // the estate page's older link form
  const hot = await page.request.get('/rabbit/v1/search/hot?cityId=605');
  const estate = ((await hot.json()) as { body: { list: { kind: string; id: number }[] } }).body.list.find(
    (h) => h.kind === 'estate',
  )!;
  await page.goto(`/inform?estateId=${estate.id}`);
  await expect(page.getByTestId('inform-target')).toContainText('小区');
  await expect(page.getByRole('radio', { name: '小区信息有误' })).toBeVisible();

  // a visitor choosing a reason goes to login, and comes back to the same choice
  await page.getByRole('radio', { name: '小区信息有误' }).check();
  await page.getByTestId('inform-next').click();
  await page.waitForURL(/\/login\?redirect=/);
  const redirect = new URL(page.url()).searchParams.get('redirect');
  expect(redirect).toBe(`/inform/detail?targetType=estate&targetId=${estate.id}&reason=wrong_estate_facts`);
});

test('a reported review enters 待审内容, shown inert; the moderator hides it and it leaves the estate’s reviews', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(test.info().project.use.baseURL!).origin;
  // a moderator of this test's own: the demo ops user grants the role to a fresh phone
  const modPhone = freshPhone();
  const ops = await browser.newContext({ storageState: OPS_STATE });
  const granted = await ops.request.post('/rabbit/v1/ops/staff/grant', {
    data: { mobile: modPhone, role: 'moderator' },
    headers: { origin },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  await ops.close();

  // an author writes a review with markup in it
  const author = await phone(browser);
  await author.page.goto('/helper');
  await signInToPost(author.page);
  const hot = await author.page.request.get('/rabbit/v1/search/hot?cityId=605');
  const estates = ((await hot.json()) as { body: { list: { kind: string; id: number }[] } }).body.list.filter(
    (h) => h.kind === 'estate',
  );
  const estateId = estates[estates.length - 1]!.id;
  const added = await author.page.request.post('/rabbit/v1/comment/add', {
    data: {
      estateId,
      overall: 4,
      traffic: 4,
      amenities: 4,
      property: 4,
      environment: 4,
      body: `${XSS} 小区环境不错，绿化很好`,
    },
    headers: { origin },
  });
  expect(added.status(), await added.text()).toBe(200);
  const reviewId = ((await added.json()) as { body: { review: { id: number } } }).body.review.id;
  await author.context.close();

  // someone reports it
  const reporter = await phone(browser);
  await reporter.page.goto('/helper');
  await signInToPost(reporter.page);
  await reporter.page.goto(`/inform?targetType=review&targetId=${reviewId}`);
  await expect(reporter.page.getByRole('heading', { name: '请选择举报原因' })).toBeVisible();
  await expect(reporter.page.getByTestId('inform-target')).toContainText('<script>alert(1)</script>');
  await reporter.page.getByRole('radio', { name: '广告/引流' }).check();
  await reporter.page.getByTestId('inform-next').click();
  await reporter.page.getByTestId('inform-submit').click();
  await reporter.page.waitForURL(/\/inform\/succee\?ticketNo=JC\d{14}$/);

  // the moderator's queue
  const mod = await phone(browser);
  await mod.page.goto('/helper');
  await signIn(mod.page, modPhone);
  await mod.page.goto('/ops/moderation?tab=posts');
  const card = mod.page.getByTestId(`mod-post-review-${reviewId}`);
  await expect(card).toContainText('用户举报：广告/引流');
  await expect(card.getByTestId('mod-post-body')).toContainText(XSS);
  await expect(card.locator('script, img[src="x"]')).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await mod.page.screenshot({ path: shot('inform-ops-posts'), fullPage: true });
  await card.getByRole('button', { name: '隐藏' }).click();
  await expect(card).toHaveCount(0);
  await mod.page.goto('/ops/moderation?tab=hidden');
  await expect(mod.page.getByTestId(`mod-post-review-${reviewId}`)).toBeVisible();
  expect(mod.dialogs).toEqual([]);
  expect(reporter.dialogs).toEqual([]);

  // gone from the estate's reviews
  const list = await reporter.page.request.get(`/rabbit/v1/comment/list?estateId=${estateId}&sort=new`);
  const ids = ((await list.json()) as { body: { list: { id: number }[] } }).body.list.map((r) => r.id);
  expect(ids).not.toContain(reviewId);
  await reporter.context.close();
  await mod.context.close();
});
