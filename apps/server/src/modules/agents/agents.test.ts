// 经纪人主页 and a city's agents on the seeded small dataset (city 605): the figures agree with the rows, no agent
// phone is ever answered, and bad input gets a Chinese error.
import { describe, expect, it } from 'vitest';
import { AGENT_DETAIL_ROWS, type AgentDetailBody, type AgentListBody } from '@fjt/domain';
import { seededApp } from '../../testing.ts';

const seeded = seededApp();

const body = async <T>(url: string) => {
  const res = await seeded.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { body: T }).body;
};

const rows = <T>(query: string, params: unknown[] = []) =>
  seeded.database.sql
    .query<T>(query, params as never[])
    .then((r) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows));

describe('agent/list', () => {
  it('pages through the city’s agents by rating, then by deals', async () => {
    const n = (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM agent WHERE city_id = 605`))[0]!.n;
    expect(n).toBeGreaterThan(0);
    const first = await body<AgentListBody>('/rabbit/v1/agent/list?cityId=605&size=5');
    expect(first.total).toBe(n);
    expect(first.list.length).toBe(Math.min(5, n));
    const ratings = first.list.map((a) => a.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    for (const a of first.list) {
      expect(a.cityId).toBe(605);
      expect(JSON.stringify(a)).not.toMatch(/1[3-9]\d{9}/);
    }
    const byDeals = await body<AgentListBody>('/rabbit/v1/agent/list?cityId=605&sort=deals&size=5');
    const deals = byDeals.list.map((a) => a.dealCount);
    expect(deals).toEqual([...deals].sort((a, b) => b - a));
    if (n > 5) {
      const second = await body<AgentListBody>('/rabbit/v1/agent/list?cityId=605&size=5&page=2');
      expect(second.list.map((a) => a.id)).not.toContain(first.list[0]!.id);
    }
  });

  it('validates its input and answers 404 for an unknown city', async () => {
    for (const [url, errMsg] of [
      ['/rabbit/v1/agent/list', 'cityId 不能为空'],
      ['/rabbit/v1/agent/list?cityId=605&sort=price', 'sort 只能是 rating 或 deals'],
      ['/rabbit/v1/agent/list?cityId=605&size=500', 'size 最多为 20'],
    ] as const) {
      const bad = await seeded.app.inject(url);
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().resultCode).not.toBe(0);
      expect(bad.json().errMsg).toBe(errMsg);
    }
    const unknown = await seeded.app.inject('/rabbit/v1/agent/list?cityId=999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errMsg).toBe('城市不存在');
  });
});

describe('agent/detail', () => {
  it('answers the agent’s estates, listings on sale and latest deals, agreeing with the rows', async () => {
    // the agent with the most deals in the city: every block has rows
    const [top] = await rows<{ id: number }>(
      `SELECT a.id FROM agent a WHERE a.city_id = 605
        ORDER BY (SELECT count(*) FROM deal d WHERE d.agent_id = a.id) DESC, a.id LIMIT 1`,
    );
    const detail = await body<AgentDetailBody>(`/rabbit/v1/agent/detail?cityId=605&agentId=${top!.id}`);
    expect(detail.agent.id).toBe(top!.id);
    const served = await rows<{ estate_id: number }>(`SELECT estate_id FROM agent_estate WHERE agent_id = $1`, [
      top!.id,
    ]);
    expect(detail.agent.estateCount).toBe(served.length);
    expect(detail.estates.map((e) => e.id).sort()).toEqual(served.map((r) => r.estate_id).sort());
    const onSale = (
      await rows<{ n: number }>(`SELECT count(*)::int AS n FROM listing WHERE agent_id = $1 AND status = 'on_sale'`, [
        top!.id,
      ])
    )[0]!.n;
    expect(detail.agent.onSaleCount).toBe(onSale);
    expect(detail.listings.length).toBe(Math.min(onSale, AGENT_DETAIL_ROWS));
    expect(detail.deals.length).toBeGreaterThan(0);
    expect(detail.deals.length).toBeLessThanOrEqual(AGENT_DETAIL_ROWS);
    const months = detail.deals.map((d) => d.month);
    expect(months).toEqual([...months].sort().reverse());
    for (const d of detail.deals) expect(d.month).toMatch(/^\d{4}-\d{2}$/);
    // prices of deals stay behind the estate's deal history; no phone number anywhere
    expect(detail.deals[0]).not.toHaveProperty('totalPrice');
    expect(JSON.stringify(detail)).not.toMatch(/1[3-9]\d{9}/);
  });

  it('answers 404 for an unknown agent or one of another city, and 400 for a bad id', async () => {
    const [other] = await rows<{ id: number; city_id: number }>(
      `SELECT id, city_id FROM agent WHERE city_id <> 605 LIMIT 1`,
    );
    const urls = ['/rabbit/v1/agent/detail?cityId=605&agentId=999999999'];
    if (other) urls.push(`/rabbit/v1/agent/detail?cityId=605&agentId=${other.id}`);
    for (const url of urls) {
      const res = await seeded.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().errMsg).toBe('经纪人不存在');
    }
    const bad = await seeded.app.inject('/rabbit/v1/agent/detail?cityId=605&agentId=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errMsg).toBe('经纪人 id 格式不正确');
  });
});
