// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { pkRows, pkScore } from './compare.ts';
import { pkPath } from './pk-path.ts';
import { PkView } from './components/PkView.tsx';
import type { PkEstate } from './types.ts';

afterEach(cleanup);

const A: PkEstate = {
  id: 1,
  name: '文新花园',
  districtName: '西湖区',
  plateName: '文新',
  month: '2026-06',
  listingAvg: 45_000,
  listingMom: 1.2,
  dealAvg: 43_000,
  buildYear: 2008,
  propertyFee: 2.5,
  plotRatio: 2.1,
  greeningRate: 0.35,
  householdCount: 800,
  onSaleCount: 12,
  dealCount12: 30,
  rentAvg: 68.4,
  nearestStation: '文新',
  stationDistanceM: 450,
};
const B: PkEstate = { ...A, id: 2, name: '西溪诚园', listingAvg: 52_000, listingMom: -0.8, buildYear: 2015 };
const row = (rows: ReturnType<typeof pkRows>, key: string) => rows.find((r) => r.key === key)!;

describe('pkRows', () => {
  it('highlights the better side per row and ties nobody', () => {
    const rows = pkRows(A, B);
    expect(row(rows, 'listingAvg').better).toBe('a'); // cheaper
    expect(row(rows, 'listingMom').better).toBe('a'); // rising beats falling
    expect(row(rows, 'buildYear').better).toBe('b'); // newer
    expect(row(rows, 'plotRatio').better).toBeNull(); // tie
    expect(row(rows, 'listingAvg').a.text).toBe('45,000元/㎡');
    expect(row(rows, 'listingMom').b).toEqual({ text: '下跌0.8%↓', className: 'trend-down' });
    expect(row(rows, 'greeningRate').a.text).toBe('35%');
    expect(row(rows, 'metro').a.text).toBe('文新站 450米');
    expect(pkScore(rows)).toEqual({ a: 2, b: 1 });
  });

  it('calls values that read the same a tie, not a win', () => {
    const rows = pkRows(
      { ...A, listingMom: 0.02, greeningRate: 0.351, stationDistanceM: 3_400 },
      { ...B, listingMom: 0.04, greeningRate: 0.349, stationDistanceM: 4_100 },
    );
    for (const key of ['listingMom', 'greeningRate', 'metro']) {
      const r = row(rows, key);
      expect(r.a.text).toBe(r.b.text); // 持平 / 35% / 3公里内无地铁 on both sides
      expect(r.better, key).toBeNull();
    }
  });

  it('shows -- and highlights nothing when a figure or a side is missing', () => {
    const rows = pkRows(A, { ...B, propertyFee: null, nearestStation: null });
    expect(row(rows, 'propertyFee').b.text).toBe('--');
    expect(row(rows, 'propertyFee').better).toBeNull();
    expect(row(rows, 'metro').b.text).toBe('--');
    const single = pkRows(A, null);
    expect(single.every((r) => r.better === null && r.b.text === '--')).toBe(true);
  });
});

describe('pk-path', () => {
  it('writes the sides into the URL', () => {
    expect(pkPath(605, { a: 1, b: 2 })).toBe('/605/community-pk?a=1&b=2');
    expect(pkPath(605, { a: null, b: 2 })).toBe('/605/community-pk?b=2');
    expect(pkPath(605, {})).toBe('/605/community-pk');
  });
});

describe('PkView', () => {
  const base = { cityId: 605, bothMissing: false, trend: null, hot: [] };

  it('renders an unknown side as 小区不存在 and still renders the other', () => {
    render(
      <MemoryRouter>
        <PkView {...base} a={{ status: 'ok', estate: A }} b={{ status: 'missing' }} ids={{ a: '1', b: '999' }} />
      </MemoryRouter>,
    );
    expect(within(screen.getByTestId('pk-side-b')).getByText('小区不存在')).toBeTruthy();
    expect(within(screen.getByTestId('pk-side-a')).getByText('文新花园')).toBeTruthy();
    expect(screen.getByTestId('pk-rows').textContent).toContain('45,000元/㎡');
    expect(screen.getByTestId('pk-swap').getAttribute('href')).toBe('/605/community-pk?a=999&b=1');
  });

  it('is the picker state when no side is chosen', () => {
    render(
      <MemoryRouter>
        <PkView {...base} bothMissing a={{ status: 'empty' }} b={{ status: 'empty' }} ids={{ a: '8', b: '9' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('所选小区不存在，请重新选择')).toBeTruthy();
    expect(screen.getByTestId('pk-empty')).toBeTruthy();
    expect(screen.queryByTestId('pk-rows')).toBeNull();
    expect(within(screen.getByTestId('pk-side-a')).getByText('选择小区')).toBeTruthy();
  });
});
