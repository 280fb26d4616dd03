// The mini-header of 在售二手房: 挂牌均价, 在售N套, 近30天新增 and 降价, with the 12-month chart under it.
import { Link } from 'react-router';
import type { ListingSummary } from '@fjt/domain';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { unitPrice } from '../../lib/display.ts';

export function ResoldHeader({
  summary,
  chart,
  exportPath,
}: {
  summary: ListingSummary;
  chart: { svg: string; takeaway: string } | null;
  exportPath: string | null;
}) {
  return (
    <header className="resold-header">
      <div className="resold-header__top">
        <h1 className="resold-header__name">{summary.estateId ? summary.name : `${summary.name}二手房`}</h1>
        {exportPath ? (
          <Link to={exportPath} className="resold-header__export">
            导出报告
          </Link>
        ) : null}
      </div>
      {summary.plateName ? (
        <p className="resold-header__plate">
          {summary.districtName} · {summary.plateName}
        </p>
      ) : null}
      <dl className="resold-header__figures">
        <div>
          <dt>挂牌均价</dt>
          <dd className="num">{unitPrice(summary.listingAvg)}</dd>
        </div>
        <div>
          <dt>在售</dt>
          <dd className="num">{summary.onSaleCount}套</dd>
        </div>
        <div>
          <dt>近30天新增</dt>
          <dd className="num">{summary.newCount30d}套</dd>
        </div>
        <div>
          <dt>近30天降价</dt>
          <dd className="num">{summary.cutCount30d}套</dd>
        </div>
      </dl>
      {chart ? <SvgChart svg={chart.svg} takeaway={chart.takeaway} label="近12个月挂牌套数与挂牌均价" /> : null}
    </header>
  );
}
