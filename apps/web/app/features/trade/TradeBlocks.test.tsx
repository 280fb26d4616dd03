// @vitest-environment happy-dom
// The /trade blocks (PAGES.md §3.10): the permit bar for a permit holder, a member and anyone else; the overview's
// figures and MoM; a package card's link and prices.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TradePackage } from '@fjt/domain';
import { TradeOverviewCard, TradePackageCard, TradePermitBar } from './TradeBlocks.tsx';

afterEach(cleanup);
const inRouter = (node: React.ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe('TradePermitBar', () => {
  it('a permit holder: 已开通 with its end, 查看成交 and the CSV export of the city', () => {
    inRouter(
      <TradePermitBar
        cityId={605}
        member={false}
        permit={{ isTradePremit: true, expiresAt: '2027-02-25T08:00:00.000Z', cityIds: [605] }}
      />,
    );
    const bar = screen.getByRole('region', { name: '成交数据权限' });
    expect(bar.textContent).toContain('已开通');
    expect(bar.textContent).toContain('有效期至2027/2/25');
    expect(screen.getByRole('link', { name: '查看成交' }).getAttribute('href')).toBe('/605/deal-search');
    const csv = screen.getByRole('link', { name: '导出CSV' });
    expect(csv.getAttribute('href')).toBe('/rabbit/v1/trade/export?cityId=605&months=3');
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('a member without a permit may export too; anyone else sees nothing', () => {
    inRouter(<TradePermitBar cityId={605} member permit={{ isTradePremit: false, expiresAt: null, cityIds: [] }} />);
    expect(screen.getByRole('region', { name: '成交数据权限' }).textContent).toContain('会员可查看全部成交价并导出');
    cleanup();
    inRouter(<TradePermitBar cityId={605} member={false} permit={null} />);
    expect(screen.queryByRole('region', { name: '成交数据权限' })).toBeNull();
  });
});

describe('TradeOverviewCard and TradePackageCard', () => {
  it('shows 成交套数, 网签量 and 成交均价 with their MoM; a city without data says so', () => {
    inRouter(
      <TradeOverviewCard
        cityName="杭州"
        overview={{
          month: '2026-06',
          dealCount: 158,
          netsignCount: 50,
          countMom: -47,
          dealAvg: 27_325,
          avgMom: 3.9,
          dealCount12: 3222,
        }}
      />,
    );
    const card = screen.getByRole('region', { name: /杭州成交概况/ });
    expect(card.textContent).toContain('2026年6月');
    expect(card.textContent).toContain('158');
    expect(card.textContent).toContain('27,325元/㎡');
    expect(card.querySelector('.trend-up')?.textContent).toContain('3.9%');
    expect(card.querySelector('.trend-down')?.textContent).toContain('47');
    cleanup();
    inRouter(
      <TradeOverviewCard
        cityName="杭州"
        overview={{
          month: null,
          dealCount: 0,
          netsignCount: 0,
          countMom: null,
          dealAvg: null,
          avgMom: null,
          dealCount12: 0,
        }}
      />,
    );
    expect(screen.getByText('该城市暂未发布成交数据')).toBeTruthy();
  });

  it('a package links to its page by code, with price, 原价 and 续费 for a permit holder', () => {
    const pkg: TradePackage = {
      productId: 7,
      productCode: 'TRD-605-90',
      cityId: 605,
      title: '杭州市成交数据 90天',
      subtitle: '90天内查看全部成交明细',
      fields: ['成交日期'],
      coverage: '杭州市',
      updateCycle: '每日更新',
      durationDays: 90,
      price: 68,
      originPrice: 98,
      soldCount: 3,
    };
    inRouter(<TradePackageCard pkg={pkg} permitted />);
    const link = screen.getByTestId('trade-package');
    expect(link.getAttribute('href')).toBe('/trade/TRD-605-90');
    expect(link.textContent).toContain('¥68');
    expect(link.textContent).toContain('¥98');
    expect(link.textContent).toContain('续费');
  });
});
