// 小区点评 and 看房笔记 (issue 17, PAGES.md §3.8) at 375×812 on the small seed (605 杭州): a fresh user writes a review
// in the composer sheet, the estate page's score block follows (count +1, the average moves), editing keeps one
// review; a review full of markup renders as inert text (no dialog, no element); viewing notes show previews and
// 登录查看全文 to a visitor and the full text once signed in.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn, signInToPost } from '../support/login.ts';
import { shot } from '../support/screenshots.ts';
import { smallTapTargets } from '../support/tap-targets.ts';

interface Envelope<T> {
  resultCode: number;
  errMsg: string;
  body: T;
}
interface Summary {
  count: number;
  overall: number | null;
}

async function api<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(`/rabbit/v1/${url}`, { headers: { 'cache-control': 'no-cache' } });
  expect(response.status(), url).toBe(200);
  return ((await response.json()) as Envelope<T>).body;
}

async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
}

/** Estates of 杭州 from 热门搜索 (the spec follows whatever the generator made). */
async function estates(request: APIRequestContext): Promise<number[]> {
  const hot = await api<{ list: { kind: string; id: number }[] }>(request, 'search/hot?cityId=605');
  return hot.list.filter((h) => h.kind === 'estate').map((h) => h.id);
}

async function rate(page: Page, scores: Record<string, number>) {
  for (const [key, n] of Object.entries(scores)) {
    await page
      .getByTestId(`score-${key}`)
      .getByRole('radio', { name: `${n}星` })
      .click();
  }
}

test.describe('小区点评', () => {
  test('a fresh user writes a review, the estate page’s score block follows, editing keeps one review', async ({
    page,
  }) => {
    const [estateId] = await estates(page.request);
    const before = (await api<{ summary: Summary }>(page.request, `comment/list?estateId=${estateId}`)).summary;
    await signInToPost(page);

    await hydrated(page, `/605/house-detail/${estateId}`);
    const block = page.getByTestId('estate-reviews');
    await block.scrollIntoViewIfNeeded();
    if (before.count > 0) await expect(page.getByTestId('review-score-count')).toHaveText(`${before.count}条点评`);
    await block.screenshot({ path: shot('reviews-estate-block-before') });

    await hydrated(page, `/605/house-comments/${estateId}`);
    await page.screenshot({ path: shot('reviews-list') });
    await page.getByTestId('write-review').click();
    const sheet = page.getByTestId('review-composer');
    await expect(sheet).toBeVisible();
    // an overall score far from the average, so the average moves
    const overall = before.overall !== null && before.overall >= 3 ? 1 : 5;
    await rate(page, { overall, traffic: 4, amenities: 4, property: 3, environment: 5 });
    await sheet.getByRole('button', { name: '安静' }).click();
    await sheet.getByTestId('review-body-input').fill('小区很安静，绿化也不错，就是早高峰出门有点堵。');
    await expect(sheet).toContainText('23/500');
    await page.screenshot({ path: shot('reviews-composer') });
    await sheet.getByTestId('review-submit').click();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('write-review')).toHaveText('修改我的点评');
    const mineCard = page.getByTestId('review-card').filter({ hasText: '我的' });
    await expect(mineCard).toContainText('早高峰出门有点堵');

    const after = (await api<{ summary: Summary }>(page.request, `comment/list?estateId=${estateId}`)).summary;
    expect(after.count).toBe(before.count + 1);
    expect(after.overall).not.toBe(before.overall);
    await hydrated(page, `/605/house-detail/${estateId}`);
    await page.getByTestId('estate-reviews').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('review-score-count')).toHaveText(`${after.count}条点评`);
    await expect(page.getByTestId('review-score-overall')).toHaveText(after.overall!.toFixed(1));
    await page.getByTestId('estate-reviews').screenshot({ path: shot('reviews-estate-block-after') });

    // edit: prefilled, saved over the same review
    await hydrated(page, `/605/house-comments/${estateId}`);
    await page.getByTestId('write-review').click();
    await expect(sheet.getByTestId('review-body-input')).toHaveValue('小区很安静，绿化也不错，就是早高峰出门有点堵。');
    await sheet.getByTestId('review-body-input').fill('补充一下：物业换了新公司之后，服务明显好多了。');
    await sheet.getByTestId('review-submit').click();
    await expect(sheet).toBeHidden();
    await expect(mineCard).toContainText('物业换了新公司');
    await expect(mineCard).toContainText('已编辑');
    const edited = (await api<{ summary: Summary }>(page.request, `comment/list?estateId=${estateId}`)).summary;
    expect(edited.count).toBe(after.count);
    await expect(page.getByTestId('review-card').filter({ hasText: '我的' })).toHaveCount(1);
    await page.screenshot({ path: shot('reviews-edited') });
  });

  test('a visitor is sent to login by 写点评 and comes back with the composer open', async ({ page }) => {
    const ids = await estates(page.request);
    await hydrated(page, `/605/house-comments/${ids[1]}`);
    await page.getByTestId('write-review').click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const back = decodeURIComponent(new URL(page.url()).searchParams.get('redirect')!);
    expect(back).toBe(`/605/house-comments/${ids[1]}?write=1`);
    await signInToPost(page);
    await hydrated(page, back);
    await expect(page.getByTestId('review-composer')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/605/house-comments/${ids[1]}$`));
  });

  test('markup in a review renders as inert text', async ({ page }) => {
    const ids = await estates(page.request);
    const estateId = ids[2] ?? ids[0]!;
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInToPost(page);
    await hydrated(page, `/605/house-comments/${estateId}`);
    await page.getByTestId('write-review').click();
    const sheet = page.getByTestId('review-composer');
    await rate(page, { overall: 3, traffic: 3, amenities: 3, property: 3, environment: 3 });
    const body = '<script>alert(1)</script> <img src=x onerror=alert(1)> javascript:alert(1) 小区还行';
    await sheet.getByTestId('review-body-input').fill(body);
    await sheet.getByTestId('review-submit').click();
    await expect(sheet).toBeHidden();
    const card = page.getByTestId('review-card').filter({ hasText: '我的' });
    await expect(card.getByTestId('review-body')).toHaveText(body);
    await expect(card.locator('img[src="x"], script')).toHaveCount(0);
    await expect(card.getByTestId('review-body').locator('a')).toHaveCount(0);
    await card.screenshot({ path: shot('reviews-xss-card') });
    // the detail page too
    await card.getByTestId('review-body').click();
    await expect(page).toHaveURL(/\/605\/house-comments\/\d+\/\d+$/);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.getByTestId('review-body')).toHaveText(body);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
    await page.getByTestId('reply-input').fill('<b>回复</b>也是纯文本');
    await page.getByTestId('reply-send').click();
    await expect(page.getByTestId('review-reply').last()).toContainText('<b>回复</b>也是纯文本');
    await page.screenshot({ path: shot('reviews-xss-detail') });
    expect(dialogs).toEqual([]);
  });
});

test.describe('看房笔记', () => {
  test('a visitor sees previews and 登录查看全文; signed in, the full text', async ({ page }) => {
    const latest = await api<{ list: { estateId: number; truncated: boolean }[] }>(
      page.request,
      'house/basic-info/notes?cityId=605',
    );
    const estateId = latest.list.find((n) => n.truncated)!.estateId;
    await hydrated(page, `/605/house-note/${estateId}`);
    const first = page.getByTestId('note-card').first();
    await expect(first).toBeVisible();
    await expect(page.getByTestId('note-login').first()).toHaveText('登录查看全文');
    const preview = (await page.getByTestId('note-body').first().textContent()) ?? '';
    expect(preview.endsWith('…')).toBe(true);
    await page.screenshot({ path: shot('notes-visitor') });

    await signIn(page);
    await hydrated(page, `/605/house-note/${estateId}`);
    await expect(page.getByTestId('note-login')).toHaveCount(0);
    await expect(page.getByTestId('notes-login')).toHaveCount(0);
    const full = (await page.getByTestId('note-body').first().textContent()) ?? '';
    expect(full.length).toBeGreaterThan(preview.length - 1);
    expect(full.endsWith('…')).toBe(false);
    await page.screenshot({ path: shot('notes-signed-in') });
  });

  test('a signed-in buyer writes a note on an estate', async ({ page }) => {
    const ids = await estates(page.request);
    const estateId = ids[3] ?? ids[0]!;
    await signInToPost(page);
    await hydrated(page, `/605/house-note/${estateId}`);
    await page.getByTestId('write-note').click();
    const sheet = page.getByTestId('note-composer');
    await expect(sheet).toBeVisible();
    await sheet.getByTestId('note-title-input').fill('周六下午看房');
    await sheet.getByRole('radiogroup', { name: '采光' }).getByRole('radio', { name: '好' }).click();
    await sheet.getByRole('radiogroup', { name: '噪音' }).getByRole('radio', { name: '中' }).click();
    const text = '两室朝南，客厅很亮；临街一侧白天有车声，关窗后还好。小区里老人和小孩很多，氛围不错。';
    await sheet.getByTestId('note-body-input').fill(text);
    await page.screenshot({ path: shot('notes-composer') });
    await sheet.getByTestId('note-submit').click();
    await expect(sheet).toBeHidden();
    const mine = page.getByTestId('note-card').first();
    await expect(mine).toContainText('周六下午看房');
    await expect(mine.getByTestId('note-body')).toHaveText(text);
    await expect(mine).toContainText('采光好');
    await expect(mine).toContainText('购房者');
    await page.screenshot({ path: shot('notes-written') });
  });

  test('the city’s latest notes, and one note expanded by ?noteId', async ({ page }) => {
    await hydrated(page, '/605/house-note');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('最新看房笔记');
    const first = page.getByTestId('note-card').first();
    await expect(first).toBeVisible();
    const id = await first.getAttribute('data-note-id');
    const estateLink = first.locator('.note-card__estate');
    const href = await estateLink.getAttribute('href');
    await page.screenshot({ path: shot('notes-city') });
    await hydrated(page, `${href}?noteId=${id}`);
    await expect(page.getByTestId('note-focus')).toHaveAttribute('data-note-id', id!);
  });
});

test('tap targets of the reviews and notes pages are at least 44 × 44', async ({ page }) => {
  const ids = await estates(page.request);
  const list = await api<{ list: { id: number }[] }>(page.request, `comment/list?estateId=${ids[0]}`);
  for (const path of [
    `/605/house-comments/${ids[0]}`,
    `/605/house-comments/${ids[0]}/${list.list[0]!.id}`,
    `/605/house-note/${ids[0]}`,
    '/605/house-note',
  ]) {
    await hydrated(page, path);
    expect(await smallTapTargets(page), path).toEqual([]);
  }
});
