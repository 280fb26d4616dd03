// Issue 10 defects 1, 4 and 7 as the issue reproduced them with curl: every one a 4xx Chinese envelope (or the
// plain health answer), never a 500 and never Fastify's own English.
import { describe, expect, it } from 'vitest';
import { seededApp } from './testing.ts';

const seeded = seededApp();
const CJK = /[\u4e00-\u9fff]/;

async function expectEnvelope(
  url: string,
  status: number,
  errMsg?: RegExp,
  method: 'GET' | 'POST' | 'PROPFIND' = 'GET',
) {
  const res = await seeded.app.inject({ method, url });
  expect(res.statusCode, url).toBe(status);
  expect(res.headers['content-type'], url).toContain('application/json');
  const json = res.json() as { resultCode: number; errMsg: string; body: unknown };
  expect(json.resultCode, url).toBe(status);
  expect(json.errMsg, url).toMatch(CJK);
  if (errMsg) expect(json.errMsg, url).toMatch(errMsg);
  expect(json.body).toBeNull();
}

describe('defect 1: no input reaches a 500', () => {
  it('bands have an upper limit on every list', async () => {
    for (const url of [
      '/rabbit/v1/estate/list?cityId=605&singlePrice=99999999999999999999-',
      '/rabbit/v1/estate/list?cityId=605&homeAge=99999999999999999999-',
      '/rabbit/v1/estate/rent/list?cityId=605&rent=99999999999999999999-',
      '/rabbit/v1/deal/search?cityId=605&price=99999999999999999999-',
      '/rabbit/v1/deal/search?cityId=605&area=-99999999999999999999',
      '/rabbit/v1/house/bargain/list?cityId=605&price=99999999999999999999-',
      '/rabbit/v1/map/bubbles?cityId=605&singlePrice=99999999999999999999-',
      '/rabbit/v1/new-house/find-house-base-es?cityId=605&singlePrice=99999999999999999999-',
      '/rabbit/v1/new-house/find-house-base-es?cityId=605&price=99999999999999999999-',
    ]) {
      await expectEnvelope(url, 400, /超出允许的范围/);
    }
    await expectEnvelope('/rabbit/v1/estate/list?cityId=605&singlePrice=40000-20000', 400, /下限不能大于上限/);
  });

  it('ids above 2³¹−1 and ids not written as digits are refused', async () => {
    await expectEnvelope('/rabbit/v1/search/hot?cityId=2147483648', 400, /cityId/);
    for (const id of ['2147483648', '0x10', '1e3', '%205995%20', '-1', '1.0']) {
      await expectEnvelope(`/rabbit/v1/estate/list?cityId=605&districtId=${id}`, 400, /districtId 格式不正确/);
      await expectEnvelope(`/rabbit/v1/deal/search?cityId=605&plateId=${id}`, 400, /plateId 格式不正确/);
      await expectEnvelope(`/rabbit/v1/estate/rent/list?cityId=605&houseId=${id}`, 400, /houseId 格式不正确/);
      await expectEnvelope(`/rabbit/v1/house/basic-info?houseId=${id}`, 400, /houseId 格式不正确/);
    }
    const ok = await seeded.app.inject('/rabbit/v1/search/hot?cityId=605');
    expect(ok.statusCode).toBe(200);
  });

  it('a NUL byte or another control character in a text is refused in Chinese', async () => {
    for (const kw of ['%00', 'a%00b', '%07', '%0A']) {
      await expectEnvelope(`/rabbit/v1/new-house/find-house-base-es?cityId=605&kw=${kw}`, 400, /kw 含有不允许的字符/);
      await expectEnvelope(`/rabbit/v1/estate/list?cityId=605&kw=${kw}`, 400, /kw 含有不允许的字符/);
      await expectEnvelope(`/rabbit/v1/search/suggest?cityId=605&kw=${kw}`, 400, /kw 含有不允许的字符/);
    }
  });

  it('a month or a week outside 2000–2100 is refused', async () => {
    await expectEnvelope('/rabbit/v1/new-house/calendar?cityId=605&month=0000-01', 400, /month 格式不正确/);
    await expectEnvelope('/rabbit/v1/report/city?cityId=605&month=0000-01', 400, /month 格式不正确/);
    await expectEnvelope('/rabbit/v1/market/quotation?cityId=605&month=1999-12', 400, /month 格式不正确/);
    await expectEnvelope('/rabbit/v1/rank/deal?cityId=605&month=2101-01', 400, /month 格式不正确/);
    await expectEnvelope('/rabbit/v1/report/weekly?cityId=605&week=0000-01-03', 400, /week 格式不正确/);
    await expectEnvelope('/rabbit/v1/report/weekly?cityId=605&week=2026-02-30', 400, /week 格式不正确/);
  });
});

describe('defect 4: Fastify’s own errors answer the envelope in Chinese', () => {
  it('a URL that cannot be decoded', async () => {
    await expectEnvelope('/rabbit/v1/%E0%A4%A', 400, /请求地址格式不正确/);
    await expectEnvelope('/rabbit/v1/estate/list%E0%A4%A?cityId=605', 400, /请求地址格式不正确/);
  });

  it('the docs’ static files and unknown methods', async () => {
    await expectEnvelope('/rabbit/v1/docs/static/x', 404, /接口不存在/);
    await expectEnvelope('/rabbit/v1/estate/list?cityId=605', 404, /接口不存在/, 'PROPFIND');
    await expectEnvelope('/rabbit/v1/search/hot?cityId=605', 404, /接口不存在/, 'POST');
  });

  it('bodies that are too large, of another type or not JSON', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      seeded.app.inject({ method: 'POST', url: '/rabbit/v1/content/video/play', headers, payload });
    for (const [res, status] of [
      [await post({ 'content-type': 'application/json' }, JSON.stringify({ id: 1, pad: 'x'.repeat(1_100_000) })), 413],
      [await post({ 'content-type': 'application/xml' }, '<id>1</id>'), 415],
      [await post({ 'content-type': 'application/json' }, '{"id":'), 400],
    ] as const) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ resultCode: status, body: null });
      expect((res.json() as { errMsg: string }).errMsg).toMatch(CJK);
    }
  });
});
