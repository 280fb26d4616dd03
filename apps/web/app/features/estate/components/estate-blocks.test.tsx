// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { EstateBasicInfo, EstateFacts } from '@fjt/domain';
import { SendOrderLayout } from '../../../components/layouts/SendOrderLayout.tsx';
import { area, totalPrice, unitPrice } from '../../../lib/display.ts';
import { AgentListPage } from './AgentListPage.tsx';
import { DealsBlock } from './DealsBlock.tsx';
import { factRows } from './FactsGrid.tsx';
import { PriceCard } from './PriceCard.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASIC: EstateBasicInfo = {
  id: 7,
  cityId: 605,
  name: '文新花园',
  alias: null,
  districtId: 330106,
  districtName: '西湖区',
  plateId: 330106001,
  plateName: '文新',
  tags: ['近地铁'],
  buildYear: 2008,
  month: '2026-06',
  listingAvg: 45_000,
  listingMom: 2.27,
  dealAvg: 43_000,
  dealMonth: '2026-05',
  dealMom: -1.04,
  premium: 1.125,
  onSaleCount: 3,
  onRentCount: 0,
  lng: 120.1,
  lat: 30.28,
};

describe('estate figures', () => {
  it('formats money per spec §5', () => {
    expect(unitPrice(29_350)).toBe('29,350元/㎡');
    expect(unitPrice(null)).toBe('--');
    expect(totalPrice(3_560_000)).toBe('356万');
    expect(totalPrice(undefined)).toBe('--');
    expect(area(89.5)).toBe('89.5㎡');
  });

  it('shows missing facts as -- and the 车位比 as 1:x', () => {
    const facts: EstateFacts = {
      id: 7,
      name: '文新花园',
      buildYear: 2008,
      buildingType: null,
      propertyType: '住宅',
      tenureYears: 70,
      buildingCount: 2,
      householdCount: 320,
      plotRatio: 2.2,
      greeningRate: 0.35,
      propertyFee: 2.5,
      propertyCompany: null,
      developer: '绿城集团',
      parkingRatio: 0.8,
      nearestStation: '文新',
      stationDistanceM: 1450,
    };
    const rows = Object.fromEntries(factRows(facts));
    expect(rows).toMatchObject({
      建成年代: '2008年',
      建筑类型: '--',
      物业费: '2.50元/㎡·月',
      容积率: '2.20',
      绿化率: '35%',
      车位比: '1:0.8',
      地铁: '文新站 1.5公里',
      物业公司: '--',
    });
    expect(Object.fromEntries(factRows({ ...facts, stationDistanceM: 5000 }))['地铁']).toBe('3公里内无地铁');
  });
});

describe('PriceCard', () => {
  it('shows both averages with red-up / green-down MoM and opens the price guide from ⓘ', async () => {
    render(
      <MemoryRouter>
        <SendOrderLayout>
          <PriceCard basic={BASIC} />
        </SendOrderLayout>
      </MemoryRouter>,
    );
    const card = screen.getByTestId('estate-price');
    expect(card.textContent).toContain('45,000元/㎡');
    expect(card.textContent).toContain('成交均价（2026年5月）');
    expect(within(card).getByText('上涨2.3%↑').className).toBe('trend-up');
    expect(within(card).getByText('下跌1.0%↓').className).toBe('trend-down');
    expect(card.textContent).toContain('1.13');
    fireEvent.click(within(card).getByRole('button', { name: '房东溢价系数说明' }));
    // the guide's code loads on first open
    expect((await screen.findByTestId('price-guide', {}, { timeout: 15_000 })).textContent).toContain('我知道了');
  });
});

describe('DealsBlock', () => {
  it('says what happened and what to do when there is no deal', () => {
    // a visitor: the subscribe button asks who is there
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(JSON.stringify({ resultCode: 401, errMsg: '请先登录', body: null }), { status: 401 }),
      ),
    );
    render(
      <MemoryRouter>
        <DealsBlock cityId={605} estateId={7} deals={{ total: 0, page: 1, size: 3, list: [] }} now={Date.now()} />
      </MemoryRouter>,
    );
    expect(screen.getByText(/暂无成交记录/)).toBeTruthy();
    // the estate's subscribe button (FollowButton.test.tsx covers what a tap does)
    const follow = screen.getByRole('button', { name: '订阅后有成交第一时间通知你' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
  });

  const row = {
    id: 1,
    dealDate: '2026-06-05',
    rooms: 2,
    halls: 1,
    area: 89,
    floor: 5,
    totalFloors: 18,
    orientation: '南',
    totalPrice: 2_890_000,
    unitPrice: 32_472,
    listTotalPrice: 3_000_000,
    bargainPct: 3.7,
    cycleDays: 40,
    source: '中介',
    masked: false,
  };
  /** The API as the browser meets it: a visitor, or a signed-in user who is (not) a member. */
  const stubApi = (viewer: 'visitor' | 'user' | 'member') =>
    vi.stubGlobal('fetch', (url: string) => {
      // one user id per kind: the browser keeps a user's membership answer for a minute
      const id = viewer === 'member' ? 10 : 9;
      const user = viewer === 'visitor' ? null : { id, mobile: '137****0000', nickname: null, avatar: null };
      const body = url.endsWith('app/login/check')
        ? { user }
        : { isVip: viewer === 'member', expiresAt: null, daysLeft: 0 };
      return Promise.resolve(new Response(JSON.stringify({ resultCode: 0, errMsg: '', body })));
    });

  it('shows a masked row as **万 and its month only (membership gate)', () => {
    stubApi('visitor');
    render(
      <MemoryRouter>
        <DealsBlock
          cityId={605}
          estateId={7}
          now={Date.UTC(2026, 5, 30)}
          deals={{
            total: 1,
            page: 1,
            size: 3,
            list: [
              {
                ...row,
                dealDate: '2026-06',
                totalPrice: null,
                unitPrice: null,
                listTotalPrice: null,
                bargainPct: null,
                masked: true,
              },
            ],
          }}
        />
      </MemoryRouter>,
    );
    const block = screen.getByTestId('estate-deals');
    expect(block.textContent).toContain('**万');
    expect(block.textContent).toContain('2室1厅 · 89㎡ · 南');
    expect(block.textContent).toContain('06月**日 成交 · 低楼层/共18层 · 中介');
  });

  it('tells a visitor and a non-member the older deals are members’, with the way there; not a member', async () => {
    const deals = { total: 10, page: 1, size: 3, list: [row, { ...row, id: 2 }, { ...row, id: 3 }] };
    for (const viewer of ['visitor', 'user'] as const) {
      stubApi(viewer);
      render(
        <MemoryRouter initialEntries={['/605/house-detail/7?from=x']}>
          <DealsBlock cityId={605} estateId={7} now={Date.UTC(2026, 5, 30)} deals={deals} />
        </MemoryRouter>,
      );
      const note = await screen.findByTestId('vip-unlock-note');
      expect(note.textContent).toContain('其余7条成交价与日期仅会员可见');
      expect(screen.getByRole('link', { name: '开通会员查看' }).getAttribute('href')).toBe(
        `/profile/buynewvip?redirect=${encodeURIComponent('/605/house-detail/7?from=x')}`,
      );
      cleanup();
      localStorage.clear();
    }
    stubApi('member');
    localStorage.clear();
    render(
      <MemoryRouter>
        <DealsBlock cityId={605} estateId={7} now={Date.UTC(2026, 5, 30)} deals={deals} />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.queryByTestId('vip-unlock-note')).toBeNull());
    expect(screen.getByTestId('estate-deals').textContent).toContain('289万');
  });
});

describe('小区经纪人 without agents (issue 14)', () => {
  it('offers the order sheet: 留下电话 opens it with the four services', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ resultCode: 401, errMsg: '请先登录', body: null }), { status: 401 }),
        ),
      ),
    );
    render(
      <MemoryRouter>
        <AgentListPage cityId={605} basic={BASIC} agents={[]} />
      </MemoryRouter>,
    );
    const empty = screen.getByTestId('agent-list-empty');
    expect(empty.textContent).toContain('暂无经纪人服务该小区');
    fireEvent.click(within(empty).getByRole('button', { name: '留下电话' }));
    const sheet = await screen.findByRole('dialog', { name: '委托经纪人' }, { timeout: 15_000 });
    expect(
      within(sheet)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['买房', '卖房', '租房', '贷款']);
    fireEvent.click(within(sheet).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '委托经纪人' })).toBeNull());
  });
});
