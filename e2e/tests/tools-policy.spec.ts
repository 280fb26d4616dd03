// The policy tools (issue 16, PAGES.md §3.7) at 375×812: 税费计算 (a 满五唯一 worked example: 300万, 90㎡, 首套 →
// 契税 3万, 增值税 0, 个税 0; a 不满二 case with VAT, 附加 and 核定 个税; inline validation), 购房资格 (杭州 has lifted
// its limits; 北京 五环内 for a 非京籍 with too few months, then enough), and 摇号积分 (上海's rule → a score and its
// breakdown, no invented percentile; 杭州 → '当前城市暂无积分规则' with the way to 购房资格).
import { expect, test } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

test.describe('税费计算', () => {
  test('满五唯一 首套: 契税 3万, 增值税 0, 个税 0', async ({ page }) => {
    await page.goto('/activity/taxes?cityId=605');
    const form = page.getByTestId('tax-form');
    await expect(form).toBeVisible();
    // Inline validation: nothing filled → the messages, and no navigation.
    await form.getByRole('button', { name: '开始计算' }).click();
    await expect(form.getByText('总价须大于 0 且不超过 100000 万')).toBeVisible();
    await expect(form.getByText('请选择持有年限')).toBeVisible();
    await form.getByLabel('建筑面积').fill('abc');
    await expect(form.getByText('面积须大于 0 且不超过 2000 ㎡')).toBeVisible();
    await page.screenshot({ path: shot('tools-policy-taxes-errors'), fullPage: true });

    await form.getByLabel('成交总价').fill('300');
    await form.getByLabel('建筑面积').fill('90');
    await form.getByTestId('chips-holding').getByRole('radio', { name: '满五' }).click();
    await form.getByTestId('chips-only').getByRole('radio', { name: '是' }).click();
    await form.getByTestId('chips-buyer').getByRole('radio', { name: '首套' }).click();
    await expect(form.getByLabel('中介费率（买方，惯例可协商）')).toHaveValue('2');
    await page.screenshot({ path: shot('tools-policy-taxes-form'), fullPage: true });
    await form.getByRole('button', { name: '开始计算' }).click();

    await expect(page).toHaveURL(/\/activity\/taxes\/answer\?/);
    const answer = page.getByTestId('taxes-answer-page');
    await expect(answer.getByTestId('line-deed-buyer')).toContainText('3.00万');
    await expect(answer.getByTestId('line-vat-seller')).toContainText('0元');
    await expect(answer.getByTestId('line-vat-seller')).toContainText('满五，免征');
    await expect(answer.getByTestId('line-iit-seller')).toContainText('满五且家庭唯一住房，免征');
    await expect(answer.getByTestId('line-iit-seller')).toContainText('0元');
    await expect(answer.getByTestId('line-agent-buyer')).toContainText('惯例，非法定');
    await expect(answer.getByTestId('buyer-total')).toHaveText('9.00万');
    await expect(answer.getByTestId('seller-total')).toHaveText('0元');
    await expect(answer.locator('.svg-chart svg')).toBeVisible();
    await expect(answer).not.toContainText('NaN');
    await page.screenshot({ path: shot('tools-policy-taxes-answer'), fullPage: true });

    // 修改条件 comes back with the form filled in.
    await answer.getByRole('link', { name: '修改条件' }).click();
    await expect(page.getByTestId('tax-form').getByLabel('成交总价')).toHaveValue('300');
  });

  test('不满二, 非唯一, 二套: 增值税 3%, 附加减半, 个税核定 1%', async ({ page }) => {
    await page.goto('/activity/taxes/answer?cityId=605&price=300&area=90&holding=under2&only=0&buyer=second');
    const answer = page.getByTestId('taxes-answer-page');
    // 300万 ÷ 1.03 × 3% = 87,379 元; 附加 = 增值税 × 12% × 50% = 5,243 元; 个税 = (300万 − 增值税) × 1%.
    await expect(answer.getByTestId('line-vat-seller')).toContainText('8.74万');
    await expect(answer.getByTestId('line-surcharge-seller')).toContainText('5,243元');
    await expect(answer.getByTestId('line-iit-seller')).toContainText('2.91万');
    await expect(answer.getByTestId('line-deed-buyer')).toContainText('2.91万');
    await expect(answer.getByTestId('seller-total')).toHaveText('12.17万');
    await answer.getByTestId('line-vat-seller').getByText('规则与依据').click();
    await expect(answer.getByTestId('line-vat-seller')).toContainText('2026-01-01');
    await page.screenshot({ path: shot('tools-policy-taxes-not-exempt'), fullPage: true });
    // A broken query shows its message and the way back, never a 500.
    const bad = await page.goto('/activity/taxes/answer?cityId=605&price=-3&area=90&holding=over5&only=1&buyer=first');
    expect(bad?.status()).toBe(200);
    await expect(page.getByText('总价须大于 0 且不超过 100000 万')).toBeVisible();
    await expect(page.getByRole('link', { name: '返回填写' })).toBeVisible();
  });
});

test.describe('购房资格', () => {
  test('杭州 has lifted its limits', async ({ page }) => {
    await page.goto('/activity/qualification?cityId=605');
    await expect(page.getByTestId('policy-card')).toContainText('该城市已全面取消限购（2024-05-09起）');
    const form = page.getByTestId('qualification-form');
    await form.getByTestId('chips-hukou').getByRole('radio', { name: '外地户籍' }).click();
    await form.getByLabel('在本市连续缴纳社保或个税').fill('0');
    await form.getByTestId('chips-marital').getByRole('radio', { name: '单身' }).click();
    await form.getByLabel('家庭名下住房').fill('2');
    await form.getByRole('button', { name: '查看结果' }).click();
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toContainText('符合购房资格');
    await expect(verdict).toContainText('不限套数');
    await page.screenshot({ path: shot('tools-policy-qualification-hangzhou'), fullPage: true });
  });

  test('北京 五环内: a 非京籍 with 12 months is refused, with 24 may buy one', async ({ page }) => {
    await page.goto('/activity/qualification?cityId=101');
    await expect(page.getByTestId('policy-card')).toContainText('北京仍执行限购');
    const form = page.getByTestId('qualification-form');
    await form.getByRole('button', { name: '查看结果' }).click();
    await expect(form.getByText('请选择购房区域')).toBeVisible();
    await form.getByTestId('chips-hukou').getByRole('radio', { name: '外地户籍' }).click();
    await form.getByLabel('在本市连续缴纳社保或个税').fill('12');
    await form.getByTestId('chips-marital').getByRole('radio', { name: '已婚' }).click();
    await form.getByLabel('家庭在该区域已有住房').fill('0');
    await form.getByTestId('chips-zone').getByRole('radio', { name: '五环内' }).click();
    await form.getByRole('button', { name: '查看结果' }).click();
    const verdict = page.getByTestId('verdict');
    await expect(verdict).toContainText('暂不符合');
    await expect(verdict).toContainText('五环内：非京籍须连续缴纳社保或个税满2年');
    await page.screenshot({ path: shot('tools-policy-qualification-beijing-no'), fullPage: true });

    await page.getByTestId('qualification-form').getByLabel('在本市连续缴纳社保或个税').fill('24');
    await page.getByTestId('qualification-form').getByRole('button', { name: '查看结果' }).click();
    await expect(verdict).toContainText('可以购买，还可再买1套');
    await page.screenshot({ path: shot('tools-policy-qualification-beijing-yes'), fullPage: true });
  });
});

test.describe('摇号积分', () => {
  test('上海: the rule, a score with its breakdown and no invented rank', async ({ page }) => {
    await page.goto('/tools/integral?cityId=201');
    await expect(page.getByTestId('rule-summary')).toContainText('上海积分规则');
    const form = page.getByTestId('points-form');
    await form.getByTestId('chips-family').getByRole('radio', { name: '居民家庭' }).click();
    await form.getByTestId('chips-hukou').getByRole('radio', { name: '沪籍', exact: true }).click();
    await form.getByTestId('chips-home').getByRole('radio', { name: '无' }).click();
    await form.getByTestId('chips-record').getByRole('radio', { name: '无' }).click();
    await form.getByLabel('在沪累计缴纳社保（2003年1月起）').fill('120');
    await page.screenshot({ path: shot('tools-policy-integral-form'), fullPage: true });
    await form.getByRole('button', { name: '计算积分' }).click();

    await expect(page).toHaveURL(/\/tools\/integral\/result\?/);
    await expect(page.getByTestId('points-score')).toContainText('72');
    await expect(page.getByTestId('points-items')).toContainText('社保分');
    await expect(page.getByTestId('rank-note')).toContainText('不显示排名或百分位');
    await expect(page.locator('main')).not.toContainText('NaN');
    await page.screenshot({ path: shot('tools-policy-integral-result'), fullPage: true });

    await page.getByRole('link', { name: '积分规则详情' }).click();
    await expect(page.getByTestId('integral-rule-page')).toContainText('生效日期：2021-02-08');
    await page.screenshot({ path: shot('tools-policy-integral-rule'), fullPage: true });
  });

  test('杭州 has no points rule', async ({ page }) => {
    await page.goto('/tools/integral?cityId=605');
    const empty = page.getByTestId('no-rule');
    await expect(empty).toContainText('当前城市暂无积分规则');
    await page.screenshot({ path: shot('tools-policy-integral-none'), fullPage: true });
    await empty.getByRole('link', { name: '查购房资格' }).click();
    await expect(page).toHaveURL(/\/activity\/qualification\?cityId=605/);
  });
});
