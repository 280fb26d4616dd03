import { describe, expect, it } from 'vitest';
import type { EstateBasicInfo, ListingAnalysisBody } from '@fjt/domain';
import { riskFlags } from './risk-flags.ts';

const basic = (over: Partial<EstateBasicInfo>): EstateBasicInfo => ({
  id: 1,
  cityId: 605,
  name: '清波北苑',
  alias: null,
  districtId: 1,
  districtName: '上城区',
  plateId: 2,
  plateName: '清波',
  tags: [],
  buildYear: 1996,
  month: '2026-06',
  listingAvg: 40_000,
  listingMom: 0.5,
  dealAvg: 38_000,
  dealMonth: '2026-06',
  dealMom: 0,
  premium: 1.02,
  onSaleCount: 10,
  onRentCount: 2,
  lng: 120,
  lat: 30,
  ...over,
});

const analysis = (over: Partial<ListingAnalysisBody>): ListingAnalysisBody => ({
  onSaleCount: 10,
  newCount30d: 2,
  cutCount30d: 1,
  medianDaysListed: 60,
  avgBargainPct: 3,
  avgCycleDays: 90,
  asOf: '2026-06-30',
  ...over,
});

describe('riskFlags', () => {
  it('finds nothing to flag in a calm estate', () => {
    expect(riskFlags(basic({}), analysis({}), 12)).toEqual([]);
  });

  it('flags a high premium, slow sales, falling prices, many cuts and no deals', () => {
    const flags = riskFlags(
      basic({ premium: 1.15, listingMom: -3.26 }),
      analysis({ medianDaysListed: 240, cutCount30d: 4 }),
      0,
    );
    expect(flags).toEqual([
      '房东溢价偏高：溢价系数1.15，挂牌均价比上月成交均价高15%，议价时请参考成交价',
      '在售房源挂牌时间偏长：中位数240天，去化较慢',
      '挂牌均价环比下跌3.3%',
      '近30天40%的在售房源降过价',
      '近12个月无成交，价格参考性较弱',
    ]);
  });
});
