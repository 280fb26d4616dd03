// /{city}/house-video 看房视频: the city's feed and an estate's, sorted and filtered as content/list says, played
// inline with the scenes content/video/detail gives, plays counted; empty and unknown estates.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { shot } from '../support/screenshots.ts';

interface Card {
  id: number;
  estateId: number;
  estateName: string;
  kind: string;
  title: string;
  playCount: number;
}
interface ListBody {
  total: number;
  list: Card[];
  estate: { id: number; name: string } | null;
}
interface Detail extends Card {
  month: string;
  scenes: { title: string; caption: string; startSec: number }[];
}

async function list(request: APIRequestContext, payload: object): Promise<ListBody> {
  const res = await request.post('/rabbit/v1/content/list', { data: { cityId: 605, type: 'video', ...payload } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: ListBody }).body;
}

async function detail(request: APIRequestContext, id: number): Promise<Detail> {
  const res = await request.get(`/rabbit/v1/content/video/detail?id=${id}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { body: Detail }).body;
}

/** Estates of 杭州 with and without videos, found through the API. */
async function estates(request: APIRequestContext) {
  const res = await request.get('/rabbit/v1/estate/list?cityId=605&size=20');
  const { list: rows } = ((await res.json()) as { body: { list: { id: number; name: string }[] } }).body;
  let withVideos: { id: number; name: string; total: number } | null = null;
  let without: { id: number; name: string } | null = null;
  for (const e of rows) {
    const { total } = await list(request, { estateId: e.id });
    if (total > 0 && !withVideos) withVideos = { ...e, total };
    if (total === 0 && !without) without = e;
    if (withVideos && without) break;
  }
  return { withVideos: withVideos!, without: without! };
}

test.describe('/{city}/house-video 看房视频', () => {
  test('the city feed lists the most played first and plays a video inline, scene by scene', async ({
    page,
    request,
  }) => {
    const feed = await list(request, {});
    await page.goto('/605/house-video');
    await expect(page.getByRole('heading', { level: 1, name: '杭州看房视频' })).toBeVisible();
    await expect(page.getByText(`共${feed.total}个视频`)).toBeVisible();
    const cards = page.getByRole('list', { name: '视频' }).getByRole('article');
    await expect(cards.first().getByRole('heading')).toHaveText(feed.list[0]!.title);
    await expect(cards.first().getByRole('link', { name: new RegExp(feed.list[0]!.estateName) })).toHaveAttribute(
      'href',
      `/605/house-detail/${feed.list[0]!.estateId}`,
    );
    await page.screenshot({ path: shot('house-video') });

    const video = await detail(request, feed.list[0]!.id);
    await cards
      .first()
      .getByRole('button', { name: `播放：${video.title}` })
      .click();
    const player = page.getByRole('region', { name: `视频：${video.title}` });
    await expect(player.getByText(video.scenes[0]!.caption)).toBeVisible();
    await expect(player.getByRole('button', { name: '暂停' })).toBeVisible();
    // The play is counted once.
    await expect.poll(async () => (await detail(request, video.id)).playCount).toBe(video.playCount + 1);
    await expect(cards.first()).toContainText(/次播放/);

    await player.getByRole('list', { name: '章节' }).getByRole('button').nth(2).click();
    await expect(player.getByText(video.scenes[2]!.caption)).toBeVisible();
    await expect(player.getByTestId('video-stage')).toHaveAttribute('data-scene', '2');
    await page.waitForTimeout(900);
    await player.screenshot({ path: shot('house-video-player') });
    await player.getByRole('button', { name: '暂停' }).click();
    await expect(player.getByRole('button', { name: '播放' })).toBeVisible();
    const paused = await player.getByLabel('播放进度').inputValue();
    await page.waitForTimeout(600);
    expect(await player.getByLabel('播放进度').inputValue()).toBe(paused);
  });

  test('sorts by 最新, filters by kind, and scrolls to the next page', async ({ page, request }) => {
    await page.goto('/605/house-video');
    await page.getByRole('navigation', { name: '视频类型' }).getByRole('link', { name: '行情解读' }).click();
    await expect(page).toHaveURL(/kind=market/);
    const markets = await list(request, { kind: 'market' });
    await expect(page.getByText(`共${markets.total}个视频`)).toBeVisible();
    const cards = page.getByRole('list', { name: '视频' }).getByRole('article');
    await expect(cards.first().getByRole('heading')).toHaveText(markets.list[0]!.title);
    for (const label of await cards.locator('.video-cover__kind').allTextContents()) expect(label).toBe('行情解读');

    await page.getByRole('navigation', { name: '排序' }).getByRole('link', { name: '最新' }).click();
    await expect(page).toHaveURL(/sort=new/);
    await expect(page).toHaveURL(/kind=market/);
    const newest = await list(request, { kind: 'market', sort: 'new' });
    await expect(cards.first().getByRole('heading')).toHaveText(newest.list[0]!.title);

    await page.goto('/605/house-video?sort=new');
    await expect(cards).toHaveCount(10);
    await cards.last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(cards).toHaveCount(20);
  });

  test('an estate’s videos under its price, a shared video first, and an empty estate’s way on', async ({
    page,
    request,
  }) => {
    const { withVideos, without } = await estates(request);
    await page.goto(`/605/house-video?estateId=${withVideos.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `${withVideos.name}看房视频` })).toBeVisible();
    await expect(page.getByText('挂牌均价')).toBeVisible();
    await expect(page.getByText(`共${withVideos.total}个视频`)).toBeVisible();
    await expect(page.getByRole('link', { name: '查看小区详情' })).toHaveAttribute(
      'href',
      `/605/house-detail/${withVideos.id}`,
    );
    await page.screenshot({ path: shot('house-video-estate') });

    const feed = await list(request, { size: 10 });
    const shared = feed.list.at(-1)!;
    await page.goto(`/605/house-video?vid=${shared.id}`);
    const first = page.getByRole('list', { name: '视频' }).getByRole('article').first();
    await expect(first.getByRole('heading')).toHaveText(shared.title);
    await expect(first.getByRole('region', { name: `视频：${shared.title}` })).toBeVisible();

    await page.goto(`/605/house-video?estateId=${without.id}`);
    await expect(page.getByText('该小区暂无看房视频')).toBeVisible();
    await expect(page.getByRole('link', { name: '看看杭州其他小区的视频' })).toHaveAttribute(
      'href',
      '/605/house-video',
    );
    await page.screenshot({ path: shot('house-video-empty') });
  });

  test('an unknown estate or city is a 404', async ({ request }) => {
    for (const url of ['/605/house-video?estateId=99999999', '/605/house-video?estateId=abc', '/999/house-video']) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(404);
      expect(await res.text()).toContain('This page could not be found');
    }
  });
});
