// 小区档案 (PAGES.md §3.2 facts): 建成年代, 物业费, 容积率, 绿化率, 楼栋数, 户数, 开发商, 物业公司, 车位比 …
import { Link } from 'react-router';
import { MISSING_VALUE, type EstateFacts } from '@fjt/domain';
import { decimal, distance } from '../../../lib/display.ts';
import { Card } from '../../../components/card/Card.tsx';

const dash = (v: string | number | null | undefined, unit = '') =>
  v === null || v === undefined || v === '' ? MISSING_VALUE : `${v}${unit}`;

/** Beyond this a station is not a selling point: '3公里内无地铁'. */
const METRO_NEAR_M = 3_000;

function metro(f: EstateFacts): string {
  if (!f.nearestStation || f.stationDistanceM === null) return MISSING_VALUE;
  if (f.stationDistanceM > METRO_NEAR_M) return '3公里内无地铁';
  return `${f.nearestStation}站 ${distance(f.stationDistanceM)}`;
}

export function factRows(f: EstateFacts): [string, string][] {
  return [
    ['建成年代', dash(f.buildYear, '年')],
    ['建筑类型', dash(f.buildingType)],
    ['物业类型', f.propertyType],
    ['产权年限', dash(f.tenureYears, '年')],
    ['物业费', f.propertyFee === null ? MISSING_VALUE : `${decimal(f.propertyFee, 2)}元/㎡·月`],
    ['容积率', f.plotRatio === null ? MISSING_VALUE : decimal(f.plotRatio, 2)],
    ['绿化率', f.greeningRate === null ? MISSING_VALUE : `${Math.round(f.greeningRate * 100)}%`],
    ['楼栋数', dash(f.buildingCount, '栋')],
    ['户数', dash(f.householdCount, '户')],
    // 车位比 is 户数:车位数, e.g. 1:0.8.
    [
      '车位比',
      f.parkingRatio === null || f.parkingRatio <= 0 ? MISSING_VALUE : `1:${Number(decimal(f.parkingRatio, 2))}`,
    ],
    ['地铁', metro(f)],
    ['开发商', dash(f.developer)],
    ['物业公司', dash(f.propertyCompany)],
  ];
}

/** Facts whose values are long enough to take a whole row. */
const WIDE_FACTS = new Set(['地铁', '开发商', '物业公司']);

export function FactsGrid({ facts }: { facts: EstateFacts }) {
  return (
    <Card id="estate-facts" title="小区档案">
      <dl className="estate-facts">
        {factRows(facts).map(([label, value]) => (
          <div key={label} className={WIDE_FACTS.has(label) ? 'estate-facts__wide' : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="estate-facts__inform">
        信息有误？<Link to={`/inform?targetType=estate&targetId=${facts.id}`}>纠错</Link>
      </p>
    </Card>
  );
}
