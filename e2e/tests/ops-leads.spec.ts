// /ops/leads 线索 (issue 14) at 375×812: a buyer's deal-price request reaches a demo agent, who claims it, calls the
// buyer through a virtual number (the sandbox connects the call and logs it) and records the outcome; a buyer's
// '不再联系我' closes their open lead in the agent's queue. The demo agents (seeded outside a deployment) both serve
// one estate; which of them gets a lead is the round robin's choice, so the spec sends requests until the signed-in
// agent has one.
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { shot } from '../support/screenshots.ts';
import { freshPhone, signIn } from '../support/login.ts';

const DEMO_AGENT_PHONE = '13800000003';

interface Envelope<T> {
  resultCode: number;
  errMsg: string;
  body: T;
}
interface Lead {
  id: number;
  mobile: string;
  estateId: number | null;
  status: string;
}

const origin = () => new URL(test.info().project.use.baseURL!).origin;
const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(7)}`;

async function body<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  const json = (await response.json()) as Envelope<T>;
  expect(json.resultCode, json.errMsg).toBe(0);
  return json.body;
}

/** The signed-in agent's id, city and the estates it serves (from its own page's API). */
async function agentEstates(page: Page): Promise<{ agentId: number; cityId: number; estateIds: number[] }> {
  await page.goto('/ops/leads');
  const link = page.getByTestId('ops-leads-agent');
  await expect(link).toBeVisible();
  const agentId = Number(await link.getAttribute('data-agent-id'));
  const cityId = Number((await link.getAttribute('href'))!.split('/')[1]);
  const detail = await body<{ estates: { id: number }[] }>(
    await page.request.get(`/rabbit/v1/agent/detail?cityId=${cityId}&agentId=${agentId}`),
  );
  expect(detail.estates.length).toBeGreaterThan(0);
  return { agentId, cityId, estateIds: detail.estates.map((e) => e.id) };
}

/** Sends deal-price requests for the agent's estate from new phones until one is dispatched to the agent. */
async function leadForAgent(
  page: Page,
  request: APIRequestContext,
  estateId: number,
): Promise<{ lead: Lead; phone: string }> {
  for (let i = 0; i < 12; i++) {
    const phone = freshPhone();
    await body(
      await request.post('/rabbit/v1/estate-dispatch/save-real-price', {
        data: { type: 2, mobile: phone, intentionEstateId: estateId },
        headers: { origin: origin() },
      }),
    );
    const mine = await body<{ list: Lead[] }>(await page.request.get('/rabbit/v1/ops/leads?status=open'));
    const lead = mine.list.find((l) => l.estateId === estateId && l.mobile === masked(phone));
    if (lead) return { lead, phone };
  }
  throw new Error('no lead reached the demo agent in 12 requests');
}

const PHONE = { viewport: { width: 375, height: 812 } };
// the demo agent signs in once for both tests (a phone gets one login code a minute)
const AGENT_STATE = join(tmpdir(), `fjt-e2e-agent-${process.env.E2E_PORT ?? 3210}.json`);
test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await page.goto('/helper');
  await signIn(page, DEMO_AGENT_PHONE);
  await context.storageState({ path: AGENT_STATE });
  await context.close();
});
const agentPage = async (browser: Browser) =>
  (await browser.newContext({ ...PHONE, storageState: AGENT_STATE })).newPage();

test('an agent claims a lead, calls the buyer through a virtual number and records the outcome', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(120_000);
  const page = await agentPage(browser);
  const { estateIds, cityId } = await agentEstates(page);
  const buyer = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const { lead, phone } = await leadForAgent(page, buyer, estateIds[0]!);
  // the same buyer asks about a loan for the same estate: no second lead, the agent sees both services
  const loan = await body<{ leadIds: number[] }>(
    await buyer.post('/rabbit/v1/loan/consult/phone', {
      data: { mobile: phone, cityId, estateId: estateIds[0] },
      headers: { origin: origin() },
    }),
  );
  expect(loan.leadIds).toEqual([lead.id]);

  await page.goto('/ops/leads?status=open');
  const block = page.getByTestId(`ops-lead-${lead.id}`);
  await expect(block.getByTestId('ops-lead-status')).toContainText('待认领');
  await expect(block).toContainText('买房、贷款');
  await expect(block).toContainText(masked(phone));
  await expect(block).toContainText('认领时限');
  await expect(block).not.toContainText(phone);
  await block.getByRole('button', { name: '认领' }).click();
  await expect(block.getByTestId('ops-lead-status')).toContainText('跟进中');
  await expect(block).toContainText('服务时限');

  await block.getByRole('button', { name: '拨打买家（虚拟号）' }).click();
  const number = block.getByTestId('ops-lead-virtual-number');
  await expect(number).toBeVisible();
  const virtualNumber = (await number.getAttribute('href'))!.replace('tel:', '');
  expect(virtualNumber).not.toBe(phone);
  // the agent dials the virtual number from its phone: the sandbox connects it to the buyer and logs the call
  const connected = await body<{ status: string; to: string }>(
    await page.request.post('/rabbit/v1/dev/telephony/connect', {
      data: { virtualNumber, from: DEMO_AGENT_PHONE, durationS: 95 },
      headers: { origin: origin() },
    }),
  );
  expect(connected.status).toBe('connected');
  await page.screenshot({ path: shot('ops-leads-claimed'), fullPage: true });

  const outcome = block.getByRole('form', { name: `线索#${lead.id}跟进结果` });
  await outcome.getByLabel('跟进结果').selectOption('contacted');
  await outcome.getByLabel('备注（选填）').fill('买家下周看房');
  await outcome.getByRole('button', { name: '保存结果' }).click();
  await expect(block.getByTestId('ops-lead-status')).toContainText('已联系');
  await buyer.dispose();
});

test('a buyer’s 不再联系我 closes their open lead in the agent’s queue', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await agentPage(browser);
  const { estateIds } = await agentEstates(page);

  // the buyer is signed in: their request leaves the phone out (the account's own is used)
  for (let i = 0; i < 12; i++) {
    const context = await browser.newContext();
    const buyerPage = await context.newPage();
    await buyerPage.goto('/helper');
    const phone = await signIn(buyerPage);
    await body(
      await buyerPage.request.post('/rabbit/v1/estate-dispatch/save-real-price', {
        data: { type: 2, intentionEstateId: estateIds[0] },
        headers: { origin: origin() },
      }),
    );
    const mine = await body<{ list: Lead[] }>(await page.request.get('/rabbit/v1/ops/leads?status=open'));
    const lead = mine.list.find((l) => l.mobile === masked(phone));
    if (!lead) {
      await context.close();
      continue;
    }
    const consent = await body<{ active: boolean; openLeads: number }>(
      await buyerPage.request.get('/rabbit/v1/lead/consent'),
    );
    expect(consent).toEqual({ active: true, openLeads: 1 });
    await body(
      await buyerPage.request.post('/rabbit/v1/lead/consent/withdraw', { data: {}, headers: { origin: origin() } }),
    );
    await page.goto('/ops/leads?status=withdrawn');
    await expect(page.getByTestId(`ops-lead-${lead.id}`).getByTestId('ops-lead-status')).toContainText('已撤回');
    await expect(page.getByTestId(`ops-lead-${lead.id}`).getByRole('button')).toHaveCount(0);
    await page.screenshot({ path: shot('ops-leads-withdrawn'), fullPage: true });
    await context.close();
    return;
  }
  throw new Error('no lead reached the demo agent in 12 requests');
});
