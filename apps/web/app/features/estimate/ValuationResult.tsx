// What a valuation says, honest about its uncertainty (research/valuation.md §2): the value, its 80% range drawn as
// a bar, the confidence with what it means and how such estimates did in the published backtest, the adjustments
// that made this home differ from the estate's typical one, and the comparable deals it rests on.
import {
  CONFIDENCE_MEANINGS,
  PUBLISHED_BACKTEST,
  VALUATION_MESSAGES,
  type ComparableDeal,
  type EstimateValueBody,
} from '@fjt/domain';
import { Card } from '../../components/card/Card.tsx';
import { area, decimal, totalPrice, unitPrice } from '../../lib/display.ts';

/** '+3.0%' / '-1.2%' / '0%', red up and green down (DESIGN.md). */
function Pct({ value }: { value: number }) {
  const rounded = Math.round(value * 10) / 10;
  const cls = rounded > 0 ? 'trend-up' : rounded < 0 ? 'trend-down' : 'trend-flat';
  return (
    <span className={`num ${cls}`}>{rounded === 0 ? '0%' : `${rounded > 0 ? '+' : ''}${decimal(rounded, 1)}%`}</span>
  );
}

const share = (v: number) => `${Math.round(v * 100)}%`;

export function ValueHeadline({ result }: { result: EstimateValueBody }) {
  // the bar spans the range with a margin either side, the value marked inside it
  const span = result.high - result.low || 1;
  const at = Math.min(100, Math.max(0, ((result.totalPrice - result.low) / span) * 100));
  return (
    <section className="est-value" aria-label="估价结果" data-testid="estimate-value">
      <p className="est-value__label">估价总价（{result.asOf.replace('-', '年')}月）</p>
      <p className="est-value__total">
        <span className="num">{totalPrice(result.totalPrice).replace('万', '')}</span>
        <small>万</small>
      </p>
      <p className="est-value__unit">
        单价 <b className="num">{unitPrice(result.unitPrice)}</b>
      </p>
      <div className="est-range" data-testid="estimate-range">
        <p className="est-range__title">80%可能的成交区间</p>
        <div
          className="est-range__bar"
          role="img"
          aria-label={`估价区间 ${totalPrice(result.low)} 至 ${totalPrice(result.high)}`}
        >
          <span className="est-range__marker" style={{ left: `${at}%` }} />
        </div>
        <div className="est-range__ends num">
          <span>{totalPrice(result.low)}</span>
          <span>{totalPrice(result.high)}</span>
        </div>
      </div>
    </section>
  );
}

export function ConfidenceCard({ result }: { result: EstimateValueBody }) {
  const level = result.confidence;
  const tested = PUBLISHED_BACKTEST.byConfidence[level];
  return (
    <Card title="可信度">
      <div className="est-confidence" data-testid="estimate-confidence">
        <span className={`est-confidence__badge est-confidence__badge--${level}`}>{level}</span>
        <div>
          <p>{CONFIDENCE_MEANINGS[level]}</p>
          {tested.n > 0 ? (
            <p className="est-hint">
              回测中可信度为“{level}”的{tested.n.toLocaleString('zh-CN')}笔估价，误差中位数{' '}
              <b className="num">{decimal(tested.mdape * 100, 1)}%</b>，{share(tested.within10)}误差在±10%以内。
            </p>
          ) : null}
          <p className="est-hint">预测标准差约 {decimal(result.fsdPct, 1)}%</p>
        </div>
      </div>
    </Card>
  );
}

export function AdjustmentsCard({ result }: { result: EstimateValueBody }) {
  if (result.adjustments.length === 0) return null;
  return (
    <Card title="房屋条件修正">
      <p className="est-hint">与本小区常见房屋相比，这套房的条件对单价的影响：</p>
      <ul className="est-adjustments" data-testid="estimate-adjustments">
        {result.adjustments.map((a) => (
          <li key={a.label}>
            <span>{a.label}</span>
            <Pct value={a.pct} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function floorText(c: ComparableDeal) {
  if (c.floor === null) return '--';
  return c.totalFloors === null ? `${c.floor}层` : `${c.floor}/${c.totalFloors}层`;
}

export function ComparablesCard({ comparables }: { comparables: readonly ComparableDeal[] }) {
  if (comparables.length === 0) return null;
  return (
    <Card title={`可比成交（${comparables.length}套）`}>
      <p className="est-hint">估价参考的真实成交，已按时间、面积、楼层、朝向、装修修正到这套房：</p>
      <ul className="est-comps" data-testid="estimate-comparables">
        {comparables.map((c) => (
          <li key={c.dealId} className="est-comp">
            <div className="est-comp__head">
              <span className="num">{c.dealMonth.replace('-', '年')}月成交</span>
              <span className="est-comp__weight">权重 {share(c.weight)}</span>
            </div>
            <div className="est-comp__facts">
              {area(c.area)} · {c.rooms}室 · {floorText(c)}
              {c.orientation ? ` · ${c.orientation}` : ''}
            </div>
            <div className="est-comp__prices">
              <span>
                成交 <b className="num">{unitPrice(c.unitPrice)}</b>
              </span>
              <span aria-hidden="true">→</span>
              <span>
                修正后 <b className="num">{unitPrice(c.adjustedUnitPrice)}</b>
              </span>
            </div>
            {c.adjustments.length ? (
              <div className="est-comp__adjustments">
                {c.adjustments.map((a) => (
                  <span key={a.label}>
                    {a.label} <Pct value={a.pct} />
                  </span>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** How the estimates are made and how well they did: the published backtest (docs/valuation.md). */
export function MethodNote() {
  const p = PUBLISHED_BACKTEST;
  return (
    <section className="est-method" id="method" aria-label="估价方法" data-testid="estimate-method">
      <h2>估价方法与准确度</h2>
      <p>
        估价只用估价月份及以前的真实成交：取本小区近12个月的成交（不足3套时取24个月），按板块价格指数调整到估价月份，
        再按面积、楼层、朝向、装修修正到这套房，越近、修正越少的成交权重越高；成交少时向板块均价收缩。80%区间由此前几个月估价的实际误差校准。
        本小区没有成交时参考同板块、同区域，可信度为“低”；仍不足时不给估价。
      </p>
      <p>
        在 {p.evalMonths[0]} 至 {p.evalMonths[1]} 的 <b className="num">{p.n.toLocaleString('zh-CN')}</b>{' '}
        笔成交上逐月回测（每笔只用其前一个月及更早的数据）：误差中位数{' '}
        <b className="num">{decimal(p.mdape * 100, 1)}%</b>，<b className="num">{share(p.within10)}</b> 在±10%以内，
        <b className="num">{share(p.within20)}</b> 在±20%以内，80%区间实际覆盖{' '}
        <b className="num">{share(p.rangeCoverage80)}</b>。
      </p>
      <p className="est-disclaimer">{VALUATION_MESSAGES.disclaimer}，不构成交易建议。</p>
    </section>
  );
}
