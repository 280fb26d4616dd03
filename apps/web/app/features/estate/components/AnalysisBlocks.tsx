// 户型分析, 总价分析 and 楼栋分析 (PAGES.md §3.2): what sizes and budgets the estate offers, and where.
import { useState } from 'react';
import { Link } from 'react-router';
import type { BuildingRow, RoomTypeAnalysisBody, RoomTypeRow, TotalPriceAnalysisBody } from '@fjt/domain';
import { SvgChart } from '../../../components/charts/SvgChart.tsx';
import { FloorPlan, unitTitle } from '../../../components/floor-plan/FloorPlan.tsx';
import { SitePlan } from '../../../components/floor-plan/SitePlan.tsx';
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
      <UnitTypes cityId={cityId} estateId={estateId} list={analysis.list} />
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

/** One drawn floor plan per room type that has a typical 户型 (the estate's buildings record one). */
function UnitTypes({ cityId, estateId, list }: { cityId: number; estateId: number; list: RoomTypeRow[] }) {
  const drawn = list.filter((r) => r.layout !== null);
  if (drawn.length === 0) return null;
  return (
    <>
      <ul className="estate-unit-types" data-testid="estate-unit-types">
        {drawn.map((r) => {
          const layout = r.layout!;
          const body = (
            <>
              <FloorPlan unit={layout} seed={estateId * 8 + r.rooms} size="card" caption={false} />
              <span className="estate-unit-types__title">{unitTitle(layout)}</span>
              <span className="estate-unit-types__meta">
                {r.onSaleCount > 0 ? `在售${r.onSaleCount}套 ›` : '暂无在售'}
              </span>
            </>
          );
          return (
            <li key={r.rooms}>
              {r.onSaleCount > 0 ? (
                <Link className="estate-unit-types__item" to={`/${cityId}/house-resold/${estateId}?rooms=${r.rooms}`}>
                  {body}
                </Link>
              ) : (
                <div className="estate-unit-types__item">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
      <p className="estate-plan-note">户型图为示意：按小区楼栋登记的室厅卫数与面积绘制。</p>
    </>
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

/** Rows shown before 展开全部: the list grows with the page instead of scrolling inside a box. */
export const BUILDING_ROWS = 10;

export function BuildingBlock({ estateId, buildings }: { estateId: number; buildings: BuildingRow[] }) {
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? buildings : buildings.slice(0, BUILDING_ROWS);
  return (
    <Card id="estate-buildings" title={`楼栋分析（${buildings.length}栋）`}>
      <SitePlan buildings={buildings} seed={estateId} />
      <ul className="estate-buildings" id="estate-building-list">
        {shown.map((b) => (
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
      {buildings.length > BUILDING_ROWS ? (
        <button
          type="button"
          className="estate-expand"
          aria-expanded={expanded}
          aria-controls="estate-building-list"
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? '收起' : `展开全部${buildings.length}栋`}
        </button>
      ) : null}
    </Card>
  );
}
