// /ops/orders (issue 12, operations): a user buys a month of VIP and pays it through the Alipay sandbox; the demo
// ops user finds the order by the user's phone at 375×812, opens it (notification log, ledger), refunds it with a
// reason after the confirmation step, and sees it 已退款 with the refund row; the desktop view of the same order.
import { expect, test, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { OPS_STATE, signIn } from '../support/login.ts';

test.use({ viewport: { width: 375, height: 812 } });
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** buyMember → unifiedorder (Alipay) → the cashier → the sandbox's pay control; the order number. */
async function paidOrder(page: Page): Promise<string> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const headers = { origin, 'user-agent': IPHONE_UA };
  const bought = await page.request.post('/rabbit/v1/memberCard/buyMember', {
    data: { cardCode: 'VIP_MONTH' },
    headers,
  });
  expect(bought.status(), await bought.text()).toBe(200);
  const orderNo = ((await bought.json()) as { body: { order: { orderNo: string } } }).body.order.orderNo;
  const unified = await page.request.post('/rabbit/v1/customer/pay/unifiedorder', {
    data: { orderNo, platform: 1 },
    headers,
  });
  expect(unified.status(), await unified.text()).toBe(200);
  const action = ((await unified.json()) as { body: { action: { kind: string; url: string } } }).body.action;
  expect(action.kind).toBe('redirect');
  expect((await page.request.get(action.url)).status()).toBe(200);
  const paid = await page.request.post(`/__sandbox/control/alipay/${orderNo}/pay`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/rabbit/v1/order/status?orderNo=${orderNo}`);
      return ((await res.json()) as { body: { order: { status: string } } }).body.order.status;
    })
    .toBe('PAID');
  return orderNo;
}

test('the ops user finds a paid order by phone and refunds it on /ops/orders', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const phone = await signIn(page);
  const orderNo = await paidOrder(page);

  const opsContext = await browser.newContext({ viewport: { width: 375, height: 812 }, storageState: OPS_STATE });
  const ops = await opsContext.newPage();
  await ops.goto('/ops/orders');
  await expect(ops.getByRole('heading', { name: '订单', level: 1 })).toBeVisible();
  const field = ops.getByRole('textbox', { name: '订单号或手机号' });
  await field.fill('123');
  await ops.getByRole('button', { name: '查询' }).click();
  await expect(ops.getByRole('alert')).toHaveText('请输入订单号或手机号（二选一）');

  await field.fill(phone);
  await ops.getByRole('button', { name: '查询' }).click();
  await expect(ops).toHaveURL(new RegExp(`/ops/orders\\?q=${phone}$`));
  const list = ops.getByTestId('ops-orders-list');
  await expect(list).toContainText('已支付');
  await ops.screenshot({ path: shot('ops-orders-list'), fullPage: true });
  await list.getByRole('button', { name: orderNo }).click();

  const card = ops.getByTestId('ops-order-card');
  await expect(ops.getByTestId('ops-order-status')).toContainText('已支付');
  await expect(card).toContainText('支付宝');
  await expect(card).toContainText('房价通会员');
  await expect(ops.getByTestId('ops-order-ledger')).toContainText('收款');
  await expect(ops.getByTestId('ops-order-notifications')).toContainText('PAID');

  // a reason is required; the first click only asks for confirmation; 取消 goes back
  await ops.getByRole('button', { name: '退款', exact: true }).click();
  await expect(ops.getByRole('alert')).toHaveText('退款原因须为2-100个字');
  await ops.getByRole('textbox', { name: '退款原因' }).fill('用户申请退款（e2e）');
  await ops.getByRole('button', { name: '退款', exact: true }).click();
  await expect(ops.getByRole('group', { name: '确认退款' })).toContainText('此操作不可撤销');
  await ops.screenshot({ path: shot('ops-orders-confirm'), fullPage: true });
  await ops.getByRole('button', { name: '取消' }).click();
  await expect(ops.getByTestId('ops-order-status')).toContainText('已支付');
  await ops.getByRole('button', { name: '退款', exact: true }).click();
  await ops.getByRole('button', { name: '确认退款' }).click();

  await expect(ops.getByText(/^已退款 ¥\d+\.\d{2}$/)).toBeVisible();
  await expect(ops.getByTestId('ops-order-status')).toContainText('已退款');
  await expect(ops.getByTestId('ops-order-refunds')).toContainText('用户申请退款（e2e）');
  await expect(ops.getByTestId('ops-order-refunds')).toContainText('成功');
  await expect(ops.getByTestId('ops-order-ledger')).toContainText('退款');
  await expect(ops.getByRole('button', { name: '退款', exact: true })).toHaveCount(0);
  await ops.screenshot({ path: shot('ops-orders-refunded'), fullPage: true });

  // the user's order says so too
  const status = await page.request.get(`/rabbit/v1/order/status?orderNo=${orderNo}`);
  expect(((await status.json()) as { body: { order: { status: string } } }).body.order.status).toBe('REFUNDED');

  // desktop: the same order by its number, straight from the URL
  await ops.setViewportSize({ width: 1280, height: 800 });
  await ops.goto(`/ops/orders?q=${orderNo}`);
  await expect(ops.getByTestId('ops-order-status')).toContainText('已退款');
  await ops.screenshot({ path: shot('ops-orders-desktop'), fullPage: true });
  await opsContext.close();
});
