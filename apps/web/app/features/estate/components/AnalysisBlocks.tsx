// 户型分析, 总价分析 and 楼栋分析 (PAGES.md §3.2): what sizes and budgets the estate offers, and where.
import { Link } from 'react-router';
import type { BuildingRow, RoomTypeAnalysisBody, TotalPriceAnalysisBody } from '@fjt/domain';
import { SvgChart } from '../../../components/charts/SvgChart.tsx';
import { area, totalPrice, unitPrice } from '../../../lib/display.ts';
import { Card } from '../../../components/card/Card.tsx';
import { DataTable } from '../../../components/data-table/DataTable.tsx';

export function RoomTypeBlock({
  cityId,
  estateId,
  analysis,
}: {
  cityId: number;
  estateId: number;
  analysis: RoomTypeAnalysisBody & { svg: string | null };
}) {
  const top = [...analysis.list].sort((a, b) => b.onSaleCount + b.dealCount - (a.onSaleCount + a.dealCount))[0];
  return (
    <Card id="estate-room-types" title="户型分析">
      {analysis.svg ? (
        <SvgChart
          svg={analysis.svg}
          label="各户型在售套数与近12个月成交套数"
          takeaway={top ? `${top.label}最多：在售${top.onSaleCount}套，近12个月成交${top.dealCount}套` : undefined}
        />
      ) : null}
      <DataTable className="estate-table">
        <thead>
          <tr>
            <th scope="col">户型</th>
            <th scope="col">面积</th>
            <th scope="col">挂牌均价</th>
            <th scope="col">成交均价</th>
          </tr>
        </thead>
        <tbody>
          {analysis.list.map((r) => (
            <tr key={r.rooms}>
              <th scope="row">
                {r.onSaleCount > 0 ? (
                  <Link to={`/${cityId}/house-resold/${estateId}?rooms=${r.rooms}`}>{r.label}</Link>
                ) : (
                  r.label
                )}
              </th>
              <td className="num">
                {r.minArea === null || r.maxArea === null
                  ? '--'
                  : r.minArea === r.maxArea
                    ? area(r.minArea)
                    : `${Math.round(r.minArea)}-${Math.round(r.maxArea)}㎡`}
              </td>
              <td className="num">{unitPrice(r.listingAvg)}</td>
              <td className="num">{unitPrice(r.dealAvg)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </Card>
  );
}

export function TotalPriceBlock({ analysis }: { analysis: TotalPriceAnalysisBody & { svg: string | null } }) {
  const top = [...analysis.list].sort((a, b) => b.onSaleCount + b.dealCount - (a.onSaleCount + a.dealCount))[0];
  return (
    <Card id="estate-total-price" title="总价分析">
      <p className="estate-note">
        {analysis.avgTotalPrice === null ? (
          '暂无在售房源'
        ) : (
          <>
            在售均总价 <strong className="num">{totalPrice(analysis.avgTotalPrice)}</strong>
          </>
        )}
        {top ? `，${top.label}的房源最多` : ''}
      </p>
      {analysis.svg ? (
        <SvgChart
          svg={analysis.svg}
          label="各总价段（万元）在售套数与近12个月成交套数"
          takeaway="总价段分布（单位：万）"
        />
      ) : null}
    </Card>
  );
}

export function BuildingBlock({ buildings }: { buildings: BuildingRow[] }) {
  return (
    <Card id="estate-buildings" title={`楼栋分析（${buildings.length}栋）`}>
      <ul className="estate-buildings">
        {buildings.map((b) => (
          <li key={b.id} className="estate-building">
            <p className="estate-building__name">
              {b.name}
              <span className="estate-building__meta">
                {b.floors}层 · {b.elevatorRatio} · {b.householdCount}户
              </span>
            </p>
            <p className="estate-building__layouts">{b.layouts.join('、')}</p>
            <p className="estate-building__figures num">
              在售{b.onSaleCount}套 · 挂牌{unitPrice(b.listingAvg)} · 近12个月成交{b.dealCount}套
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
