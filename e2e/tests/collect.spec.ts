// 订阅与收藏 (issue 11) at 375×812: a user subscribes on an estate page and sees 已订阅, finds the estate in
// /profile/collect, swipes it away to the empty state; favourites a listing; a visitor's 订阅 goes to login with
// the follow intent and, signed in on /login with the code from the sandbox outbox, comes back subscribed. The
// other tests sign in through the API (support/login.ts); page.request shares its cookies with the page.
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { latestCode, freshPhone, signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

const API = '/rabbit/v1';

async function body<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`${API}/${path}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { body: T }).body;
}

/** An on-sale listing and its estate (name included). */
async function target(request: APIRequestContext) {
  const search = await body<{ list: { id: number; estateId: number }[] }>(
    request,
    'house/listing/search?cityId=605&size=20&order=unitPrice_desc',
  );
  const listing = search.list[randomInt(0, search.list.length)]!;
  const estate = await body<{ id: number; name: string }>(request, `house/basic-info?houseId=${listing.estateId}`);
  return { listingId: listing.id, estate };
}

/** A finger swiping the row to the left (touch events, as on a phone). */
async function swipeLeft(page: Page, row: ReturnType<Page['locator']>) {
  const box = (await row.boundingBox())!;
  const y = Math.round(box.y + box.height / 2);
  const x0 = Math.round(box.x + box.width - 30);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y, id: 1 }],
    });
  await touch('touchStart', x0);
  for (let i = 1; i <= 12; i++) await touch('touchMove', x0 - i * 20);
  await touch('touchEnd', x0 - 240);
  await cdp.detach();
}

test.describe('订阅与收藏', () => {
  test('subscribe on the estate page, see it in /profile/collect, swipe it away', async ({ page }) => {
    const { estate, listingId } = await target(page.request);
    await signIn(page);

    await page.goto(`/605/house-detail/${estate.id}`);
    const follow = page.getByTestId('estate-follow');
    await expect(follow).toHaveAttribute('data-follow', 'off');
    await follow.click();
    await expect(follow).toHaveText(/已订阅/);
    await expect(page.getByText('订阅成功')).toBeVisible();
    await page.screenshot({ path: shot('collect-estate-subscribed') });
    const check = await body<{ subscribed: boolean }>(
      page.request,
      `message/message-center/estate-subscribe/check?estateId=${estate.id}`,
    );
    expect(check.subscribed).toBe(true);

    await page.goto('/profile/collect');
    await expect(page.getByRole('tab', { name: '订阅小区', selected: true })).toBeVisible();
    const row = page.getByTestId('collect-estate').filter({ hasText: estate.name });
    await expect(row).toBeVisible();
    await expect(row).toContainText('元/㎡');
    await expect(row).toHaveAttribute('href', `/605/house-detail/${estate.id}`);
    await page.screenshot({ path: shot('collect-list') });

    await swipeLeft(page, row);
    const remove = page.getByRole('button', { name: '取消订阅' });
    await expect(remove).toBeVisible();
    // the swipe has slid the action into view (it sits off the right edge until then)
    await expect
      .poll(async () => (await remove.boundingBox())!.x + (await remove.boundingBox())!.width)
      .toBeLessThanOrEqual(376);
    await page.screenshot({ path: shot('collect-swiped') });
    await remove.click();
    await expect(page.getByTestId('collect-empty')).toContainText('还没有订阅小区');
    await expect(page.getByTestId('collect-undo')).toContainText('已取消订阅');
    await expect(page.getByTestId('collect-empty').getByRole('link', { name: '去找小区' })).toHaveAttribute(
      'href',
      /^\/\d+$/,
    );
    await page.screenshot({ path: shot('collect-empty') });
    await expect
      .poll(async () =>
        body<{ subscribed: boolean }>(
          page.request,
          `message/message-center/estate-subscribe/check?estateId=${estate.id}`,
        ),
      )
      .toMatchObject({ subscribed: false });

    // the estate page, reached from here, shows it off again
    await page.goto(`/605/house-detail/${estate.id}`);
    await expect(page.getByTestId('estate-follow')).toHaveAttribute('data-follow', 'off');
    // 收藏 in the header keeps it in 收藏小区
    const keep = page.getByTestId('estate-favor');
    await expect(keep).toHaveAttribute('data-follow', 'off');
    await keep.click();
    await expect(keep).toHaveText(/已收藏/);

    // the tabs are in the query: another tab, and back keeps it
    await page.goto('/profile/collect?tab=author');
    await expect(page.getByRole('tab', { name: '关注作者', selected: true })).toBeVisible();
    await expect(page.getByTestId('collect-empty')).toContainText('还没有关注作者');
    await page.getByRole('tab', { name: '收藏小区' }).click();
    await expect(page).toHaveURL(/\/profile\/collect\?tab=fav$/);
    await expect(page.getByTestId('collect-estate').filter({ hasText: estate.name })).toBeVisible();
    await page.screenshot({ path: shot('collect-favor-tab') });

    // favourite a listing
    await page.goto(`/605/property/${listingId}`);
    const favor = page.getByTestId('listing-follow');
    await expect(favor).toHaveAttribute('data-follow', 'off');
    await favor.click();
    await expect(favor).toHaveText(/已收藏/);
    await expect(page.getByText('收藏成功')).toBeVisible();
    await page.screenshot({ path: shot('collect-listing-favoured') });
    const favored = await body<{ favored: boolean }>(
      page.request,
      `user/favor/check?targetType=listing&targetId=${listingId}`,
    );
    expect(favored.favored).toBe(true);
  });

  test('a visitor’s 订阅 goes to login with the intent and comes back subscribed', async ({ page }) => {
    const { estate } = await target(page.request);
    const path = `/605/house-detail/${estate.id}`;
    await page.goto(path);
    const follow = page.getByTestId('estate-follow');
    await expect(follow).toBeVisible();
    await follow.click();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`${path}?follow=estate`)}`);
    await page.screenshot({ path: shot('collect-visitor-login') });

    // the login page, with the code as the sandbox outbox has it
    const phone = freshPhone();
    await page.getByPlaceholder('请输入手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+s后重新获取/ })).toBeDisabled();
    await page.getByPlaceholder('请输入验证码').fill(await latestCode(page, phone));
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByTestId('estate-follow')).toHaveText(/已订阅/);
    await expect(page.getByText('订阅成功')).toBeVisible();
    await expect(page).toHaveURL(path);
    await page.screenshot({ path: shot('collect-visitor-back-subscribed') });
    const check = await body<{ subscribed: boolean }>(
      page.request,
      `message/message-center/estate-subscribe/check?estateId=${estate.id}`,
    );
    expect(check.subscribed).toBe(true);
  });

  test('a visitor of /profile/collect is sent to login', async ({ page }) => {
    await page.goto('/profile/collect');
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/profile/collect')}`);
  });
});
