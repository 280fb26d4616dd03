// 板块详情 blocks (PAGES.md §3.4): prices with MoM/YoY, trend against district and city, supply and demand,
// distributions of the listings on sale, the leading estates, new projects and the weekly-report link.
import { useState } from 'react';
import { Link } from 'react-router';
import { MISSING_VALUE, formatMoney, minSampleNote, type PlateDetailBody } from '@fjt/domain';
import { SvgChart } from '../../components/charts/SvgChart.tsx';
import { days, monthTitle, percent, rate, unitPrice } from '../../lib/display.ts';
import type { PlateTrendChart } from './charts.server.ts';
import { PlateActionBar } from './PlateActionBar.tsx';
import { EmptyNote } from '../../components/empty-state/EmptyState.tsx';
import { Card } from '../../components/card/Card.tsx';

interface Props {
  cityId: number;
  detail: PlateDetailBody;
  trends: PlateTrendChart[];
  distributions: { key: string; title: string; svg: string }[];
}

function Change({ label, value }: { label: string; value: number | null }) {
  const r = rate(value);
  return (
    <span className="plate-price__change">
      {label} <span className={r.className}>{r.text}</span>
    </span>
  );
}

function Figure({
  label,
  value,
  mom,
  yoy,
}: {
  label: string;
  value: number | null;
  mom: number | null;
  yoy: number | null;
}) {
  const text = unitPrice(value);
  return (
    <div className="plate-price__figure">
      <p className="plate-price__label">{label}</p>
      <p className="plate-price__value num">
        {text === MISSING_VALUE ? text : formatMoney(value)}
        {text === MISSING_VALUE ? null : <small>元/㎡</small>}
      </p>
      <Change label="环比" value={mom} />
      <Change label="同比" value={yoy} />
    </div>
  );
}

function Tabs<T extends string | number>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: { value: T; text: string }[];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <div className="plate-tabs" role="tablist" aria-label={label}>
      {tabs.map((t) => (
        <button
          key={t.value}
          type="button"
          role="tab"
          aria-selected={t.value === value}
          className="plate-tabs__tab"
          onClick={() => onChange(t.value)}
        >
          {t.text}
        </button>
      ))}
    </div>
  );
}

export function PlateDetailView({ cityId, detail, trends, distributions }: Props) {
  const [months, setMonths] = useState(trends[0]?.months ?? 12);
  const trend = trends.find((t) => t.months === months) ?? trends[0];
  const [shape, setShape] = useState(distributions[0]?.key ?? 'price');
  const distribution = distributions.find((d) => d.key === shape) ?? distributions[0];
  const { supply } = detail;
  const listHref = `/${cityId}/plate-detail/${detail.id}/list`;
  return (
    <main className="plates-page plate-detail">
      <header className="plate-hero">
        <h1>{detail.name}</h1>
        <p>
          {detail.cityName} · {detail.districtName}
          {detail.month ? ` · ${monthTitle(detail.month)}` : ''}
        </p>
      </header>
      <section className="plates-card plate-price" aria-label="板块均价" data-testid="plate-price">
        <Figure label="挂牌均价" value={detail.listingAvg} mom={detail.listingMom} yoy={detail.listingYoy} />
        <Figure label="成交均价" value={detail.dealAvg} mom={detail.dealMom} yoy={detail.dealYoy} />
      </section>

      {trend ? (
        <Card id="plate-trend" title="价格走势">
          <Tabs
            label="走势时间范围"
            tabs={trends.map((t) => ({ value: t.months, text: `近${t.months}个月` }))}
            value={trend.months}
            onChange={setMonths}
          />
          <SvgChart
            svg={trend.svg}
            label={`${detail.name}与${detail.districtName}、${detail.cityName}近${trend.months}个月挂牌均价走势`}
            takeaway={<span className={`trend-${trend.trend}`}>{trend.takeaway}</span>}
          />
        </Card>
      ) : null}

      <Card id="plate-supply" title="供需情况">
        <dl className="plate-supply">
          <div>
            <dt>挂牌量</dt>
            <dd className="num">{supply.listingCount}套</dd>
          </div>
          <div>
            <dt>本月新增</dt>
            <dd className="num">{supply.newListings}套</dd>
          </div>
          <div>
            <dt>本月成交</dt>
            <dd className="num">{supply.dealCount}套</dd>
          </div>
          <div>
            <dt>成交周期</dt>
            <dd className="num">{days(supply.cycleDays)}</dd>
          </div>
          <div>
            <dt>涨价房源占比</dt>
            <dd className="num trend-up">{percent(supply.raisedPct)}</dd>
          </div>
          <div>
            <dt>降价房源占比</dt>
            <dd className="num trend-down">{percent(supply.cutPct)}</dd>
          </div>
        </dl>
      </Card>

      {distribution ? (
        <Card id="plate-distribution" title="在售房源分布">
          <Tabs
            label="分布维度"
            tabs={distributions.map((d) => ({ value: d.key, text: d.title }))}
            value={distribution.key}
            onChange={setShape}
          />
          <SvgChart svg={distribution.svg} label={`${detail.name}在售房源按${distribution.title}分布`} />
        </Card>
      ) : null}

      <Card
        id="plate-top-estates"
        title="领涨小区"
        more={
          <Link className="card__more" to={listHref}>
            全部{detail.estateCount}个小区 ›
          </Link>
        }
      >
        {detail.topEstates.length === 0 ? (
          <EmptyNote>本月暂无环比上涨的小区</EmptyNote>
        ) : (
          <ol className="plate-top">
            {detail.topEstates.map((e, i) => {
              const r = rate(e.listingMom);
              return (
                <li key={e.id}>
                  <Link to={`/${cityId}/house-detail/${e.id}`} className="plate-top__row">
                    <span className="plate-top__rank num">{i + 1}</span>
                    <span className="plate-top__name">
                      {e.name}
                      <small>
                        {e.buildYear ? `${e.buildYear}年 · ` : ''}在售{e.onSaleCount}套
                      </small>
                    </span>
                    <span className="plate-top__price num">{unitPrice(e.listingAvg)}</span>
                    <span className={`plate-top__mom ${r.className}`}>{r.text}</span>
                  </Link>
                </li>
              );
            })}
          </ol>
        )}
        <p className="plate-top__note">{minSampleNote('estate', 'month')}，按挂牌均价环比涨幅排列。</p>
      </Card>

      {detail.newProjects.length > 0 ? (
        <Card id="plate-new-projects" title="板块新盘">
          <ul className="plate-projects">
            {detail.newProjects.map((p) => (
              <li key={p.id}>
                <Link to={`/${cityId}/loupan/${p.id}`} className="plate-projects__row">
                  <span>
                    {p.name}
                    <small>{p.saleStatus}</small>
                  </span>
                  <span className="num">{p.avgPrice === null ? '价格待定' : `参考均价${unitPrice(p.avgPrice)}`}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Link className="plates-card plate-weekly" to={`/${cityId}/week-report/${detail.districtId}/${detail.id}`}>
        查看{detail.name}板块周报 ›
      </Link>
      <PlateActionBar plateId={detail.id} name={detail.name} listHref={listHref} />
    </main>
  );
}
