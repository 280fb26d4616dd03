import { expect, test } from '@playwright/test';
import { signIn } from '../support/login.ts';

test.describe('route guard (spec §2)', () => {
  test('a path containing "order" gets productCode and serialNumber from the payment-callback cookie', async ({
    page,
    context,
    baseURL,
  }) => {
    // the checkout is for signed-in users (a visitor is sent to login)
    await signIn(page);
    await context.addCookies([
      {
        name: 'payCallback',
        value: encodeURIComponent('productCode=VIP_90&serialNumber=SN20261122001'),
        url: baseURL!,
      },
    ]);
    await page.goto('/profile/buynewvip/order?from=app');
    const url = new URL(page.url());
    expect(url.pathname).toBe('/profile/buynewvip/order');
    await expect(page.getByRole('heading', { name: '确认订单' })).toBeVisible();
    expect(url.searchParams.get('productCode')).toBe('VIP_90');
    expect(url.searchParams.get('serialNumber')).toBe('SN20261122001');
    expect(url.searchParams.get('from')).toBe('app');
  });

  test('without the cookie an order page is served as is', async ({ request }) => {
    const response = await request.get('/common/order', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
  });

  test('paths without "order" are never redirected', async ({ request }) => {
    const response = await request.get('/profile', {
      maxRedirects: 0,
      headers: { cookie: `payCallback=${encodeURIComponent('productCode=A&serialNumber=B')}` },
    });
    expect(response.status()).toBe(200);
  });

  test('the city comes from the path, else the cityId query, else 605', async ({ page }) => {
    // the path wins over the query (/{city}/questions is a built page: its 提问 keeps the path's city)
    await page.goto('/605/questions?cityId=201');
    await expect(page.getByTestId('qa-ask')).toHaveAttribute('href', '/605/ask-qa');
  });

  test('changing city stores the new cityId and clears the district and subway caches', async ({ page }) => {
    await page.goto('/605');
    await page.evaluate(() => {
      localStorage.setItem('cityDistrictlist', '[{"id":1,"name":"西湖区"}]');
      localStorage.setItem('districtAndSubwayList', '[]');
    });
    await page.goto('/101');
    await expect(page.locator('main.city-home')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cityId'))).toBe('101');
    expect(await page.evaluate(() => localStorage.getItem('cityDistrictlist'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('districtAndSubwayList'))).toBeNull();
  });

  test('/download reads chanelName and keeps it for the session', async ({ page }) => {
    await page.goto('/download?chanelName=huawei');
    await expect(page.getByTestId('title-bar-title')).toHaveText('下载APP');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('fjt:channel'))).toBe('huawei');
  });

  test('/im reads userid and username into the page data', async ({ page }) => {
    await page.goto('/im?userid=u8848&username=%E5%AE%A2%E6%9C%8D%E5%B0%8F%E6%88%BF');
    // u8848 is no chat peer (support or agent-<id>): the page says so, without sending the visitor to login
    await expect(page.getByText('无法发起咨询')).toBeVisible();
    const data = await page.evaluate(() => {
      const w = window as unknown as { __reactRouterDataRouter: { state: { loaderData: Record<string, unknown> } } };
      return w.__reactRouterDataRouter.state.loaderData.root as { routeQuery: unknown };
    });
    expect(data.routeQuery).toEqual({ route: 'im', im: { userid: 'u8848', username: '客服小房', about: null } });
  });
});
