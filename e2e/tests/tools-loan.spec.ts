// 房贷计算 /activity/mortgage and 购房信用评估 /activity/credit/* (issue 16, PAGES.md §3.7, §3.13) at 375×812:
// the worked example (100万 at 4.9% over 30 years → 5,307.27 a month) through 总价/首付 and LPR+140BP, a 组合
// loan, the schedule opening onto months, inline validation with no NaN, the URL carrying the inputs; the quiz end
// to end: a visitor sent to login from the form, then the form, ten questions, the result (咨询贷款 recorded on it)
// and the explanations.
import { expect, test } from '@playwright/test';
import { LEAD_SUCCESS_TOAST } from '../../packages/domain/src/api/leads.ts';
import { CREDIT_QUESTIONS } from '../../packages/domain/src/tools/credit.ts';
import { MORTGAGE_MESSAGES } from '../../packages/domain/src/tools/mortgage.ts';
import { signIn } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';

test.use({ viewport: { width: 375, height: 812 } });

test('mortgage: the 4.9% worked example, schedule, validation and the URL', async ({ page }) => {
  // 125万 with 20% down = 100万; 5年期以上 LPR 3.5% + 140BP = 4.9%
  await page.goto('/activity/mortgage?kind=commercial&totalWan=125&downPct=20&years=30&bp=140&method=equal-payment');
  await expect(page.getByTestId('mortgage-page')).toBeVisible();
  await expect(page.getByTestId('loan-rate-commercial')).toContainText('执行利率 4.9%');
  await expect(page.getByTestId('loan-rate-commercial')).toContainText('2025-05-20');
  await expect(page.getByTestId('loan-monthly')).toHaveText('5,307.27');
  await expect(page.getByTestId('loan-principal')).toHaveText('100万');
  await expect(page.locator('.svg-chart svg')).toBeVisible();
  await page.screenshot({ path: shot('tools-loan-mortgage'), fullPage: true });

  // the schedule: 30 years, the first opens onto its 12 months
  await page.getByTestId('loan-schedule-toggle').click();
  await expect(page.getByTestId('loan-schedule').locator('.loan-schedule__year')).toHaveCount(30);
  await page.getByTestId('loan-year-1').click();
  await expect(page.getByTestId('loan-month')).toHaveCount(12);
  await expect(page.getByTestId('loan-month').first()).toContainText('5,307.27');
  await page.getByTestId('loan-schedule').screenshot({ path: shot('tools-loan-schedule') });

  // 等额本金: 首月 and 每月递减
  await page.getByTestId('loan-method-equal-principal').click();
  await expect(page.getByTestId('loan-monthly')).toHaveText('6,861.11');
  await expect(page.getByTestId('loan-decrease')).toContainText('11.34');

  // inline validation, no NaN anywhere
  await page.getByTestId('loan-down').fill('10');
  await expect(page.getByTestId('loan-error-downPct')).toHaveText(MORTGAGE_MESSAGES.down(15));
  await page.getByTestId('loan-total').fill('');
  await expect(page.getByTestId('loan-error-totalWan')).toHaveText(MORTGAGE_MESSAGES.totalMissing);
  await expect(page.getByTestId('loan-result-empty')).toBeVisible();
  await expect(page.locator('body')).not.toContainText('NaN');
  await page.screenshot({ path: shot('tools-loan-mortgage-invalid'), fullPage: true });

  // back to valid inputs: the URL follows, and a reload shows the same result
  await page.getByTestId('loan-total').fill('300');
  await page.getByTestId('loan-down').fill('30');
  await page.getByTestId('loan-method-equal-payment').click();
  await expect(page).toHaveURL(/totalWan=300/);
  await expect(page).toHaveURL(/downPct=30/);
  const monthly = await page.getByTestId('loan-monthly').textContent();
  await page.reload();
  await expect(page.getByTestId('loan-monthly')).toHaveText(monthly!);
});

test('mortgage: a 组合 loan sums its parts; 咨询贷款 sends a lead with the pledge toast', async ({ page }) => {
  await page.goto('/activity/mortgage');
  await page.getByTestId('loan-kind-combo').click();
  await page.getByTestId('loan-total').fill('300');
  await page.getByTestId('loan-down').fill('30');
  await page.getByTestId('loan-fund').fill('60');
  await expect(page.getByTestId('loan-combo-split')).toHaveText('商业贷款 150万 + 公积金贷款 60万');
  await expect(page.getByTestId('loan-rate-fund')).toContainText('2.6%');
  const parts = page.getByTestId('loan-parts');
  await expect(parts).toContainText('商贷 150万 · 3.5%');
  await expect(parts).toContainText('公积金 60万 · 2.6%');
  // 150万 at 3.5% (6735.67) + 60万 at 2.6% (2402.04)
  await expect(page.getByTestId('loan-monthly')).toHaveText('9,137.71');
  await page.getByTestId('loan-fund').fill('500');
  await expect(page.getByTestId('loan-error-fundWan')).toHaveText(MORTGAGE_MESSAGES.fund);
  await page.getByTestId('loan-fund').fill('60');
  await page.screenshot({ path: shot('tools-loan-combo'), fullPage: true });

  await page.getByTestId('loan-consult').click();
  const sheet = page.getByTestId('loan-consult-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByTestId('lead-phone').fill('13912345678');
  await page.screenshot({ path: shot('tools-loan-consult') });
  const sent = page.waitForResponse((r) => r.url().includes('/loan/consult/phone'));
  await sheet.getByTestId('loan-consult-submit').click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText(LEAD_SUCCESS_TOAST)).toBeVisible();
});

test('credit quiz: login from the form, ten questions, result and explanations', async ({ page }) => {
  await page.goto('/activity/credit');
  await expect(page.getByTestId('credit-intro')).toBeVisible();
  await page.screenshot({ path: shot('tools-loan-credit-intro'), fullPage: true });
  await page.getByTestId('credit-start').click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Factivity%2Fcredit%2Fform/);

  await signIn(page);
  await page.goto('/activity/credit/form');
  await expect(page.getByTestId('credit-form')).toBeVisible();
  // income is required
  await page.getByTestId('credit-form-next').click();
  await expect(page.getByRole('alert').first()).toHaveText('请填写此项');
  await page.getByTestId('credit-monthlyIncome').fill('30000');
  await page.getByTestId('credit-monthlyDebt').fill('2000');
  await page.getByTestId('credit-fundMonthly').fill('4000');
  await page.getByTestId('credit-fundBalance').fill('80000');
  await page.screenshot({ path: shot('tools-loan-credit-form'), fullPage: true });
  await page.getByTestId('credit-form-next').click();

  await expect(page).toHaveURL(/\/activity\/credit\/question$/);
  for (let i = 0; i < CREDIT_QUESTIONS.length; i++) {
    await expect(page.getByTestId('credit-progress')).toHaveText(`第 ${i + 1} / ${CREDIT_QUESTIONS.length} 题`);
    if (i === 3) await page.screenshot({ path: shot('tools-loan-credit-question'), fullPage: true });
    await page.getByTestId('credit-option').first().click();
  }
  await page.getByTestId('credit-submit').click();

  await expect(page).toHaveURL(/\/activity\/credit\/result\?id=\d+/);
  await expect(page.getByTestId('credit-score')).toHaveText('100');
  await expect(page.getByTestId('credit-band')).toHaveText('优秀');
  await expect(page.getByTestId('credit-capacity')).toContainText('万');
  await expect(page.locator('body')).not.toContainText('NaN');
  await page.screenshot({ path: shot('tools-loan-credit-result'), fullPage: true });

  // 咨询贷款 from the result: the account's number is prefilled; the evaluation records the consultation
  await page.getByTestId('loan-consult').click();
  const consulted = page.waitForResponse((r) => r.url().includes('/activity/credit/consulted'));
  await page.getByTestId('loan-consult-sheet').getByTestId('loan-consult-submit').click();
  await expect(page.getByText(LEAD_SUCCESS_TOAST)).toBeVisible();
  expect((await consulted).status()).toBe(200);

  await page.getByTestId('credit-answers-link').click();
  await expect(page.getByTestId('credit-item')).toHaveCount(CREDIT_QUESTIONS.length);
  await expect(page.getByTestId('credit-item').first()).toContainText('银行为什么关注');
  await page.screenshot({ path: shot('tools-loan-credit-answer'), fullPage: true });
});
