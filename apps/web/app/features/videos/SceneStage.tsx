// Draws one scene of a 看房视频 on the 4:3 stage: the presenter's figures as skylines, rings, a plan, lines,
// bars or a small map. Pure CSS animations (they pause with the player through the stage's paused class).
import type { SceneVisual } from '@fjt/domain';
import { unitPrice } from '../../lib/display.ts';
import { formatRate } from '@fjt/domain';

const W = 320;
const H = 180;

function Skyline({ buildings }: Extract<SceneVisual, { type: 'skyline' }>) {
  if (buildings.length === 0) return <p className="vscene-empty">楼栋信息未登记</p>;
  const top = Math.max(...buildings.map((b) => b.floors), 6);
  const gap = 8;
  const width = Math.min(34, (W - 40 - gap * (buildings.length - 1)) / buildings.length);
  const left = (W - (width * buildings.length + gap * (buildings.length - 1))) / 2;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="vscene-svg" aria-hidden="true">
      <line x1="12" x2={W - 12} y1="150" y2="150" className="vscene-ground" />
      {buildings.map((b, i) => {
        const h = 20 + (110 * b.floors) / top;
        const x = left + i * (width + gap);
        return (
          <g key={b.name} className="vscene-rise" style={{ animationDelay: `${i * 0.12}s` }}>
            <rect x={x} y={150 - h} width={width} height={h} rx="2" className="vscene-building" />
            {Array.from({ length: Math.min(12, Math.floor(h / 10)) }, (_, r) => (
              <line
                key={r}
                x1={x + 4}
                x2={x + width - 4}
                y1={150 - h + 8 + r * 9}
                y2={150 - h + 8 + r * 9}
                className="vscene-windows"
              />
            ))}
            <text x={x + width / 2} y="164" textAnchor="middle" className="vscene-label">
              {b.name}
            </text>
            <text x={x + width / 2} y={146 - h} textAnchor="middle" className="vscene-label vscene-label--strong">
              {b.floors}层
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Figures({ items }: Extract<SceneVisual, { type: 'figures' }>) {
  return (
    <dl className={`vscene-figures vscene-figures--${items.length}`}>
      {items.map((item, i) => (
        <div key={item.label} className="vscene-pop" style={{ animationDelay: `${i * 0.15}s` }}>
          <dt>{item.label}</dt>
          <dd className="num">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Gauges({ items }: Extract<SceneVisual, { type: 'gauges' }>) {
  const r = 40;
  const length = 2 * Math.PI * r;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="vscene-svg" aria-hidden="true">
      {items.map((g, i) => {
        const cx = W / 2 + (i - (items.length - 1) / 2) * 130;
        return (
          <g key={g.label}>
            <circle cx={cx} cy="82" r={r} className="vscene-ring-track" />
            <circle
              cx={cx}
              cy="82"
              r={r}
              className="vscene-ring"
              strokeDasharray={`${length * Math.max(0, Math.min(1, g.ratio))} ${length}`}
              transform={`rotate(-90 ${cx} 82)`}
            />
            <text x={cx} y="90" textAnchor="middle" className="vscene-ring-text">
              {g.text}
            </text>
            <text x={cx} y="148" textAnchor="middle" className="vscene-label vscene-label--strong">
              {g.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** A schematic plan: bedrooms along the top, the living room below, kitchen and bathrooms on the right. */
function FloorPlan({ rooms, halls, baths, area }: Extract<SceneVisual, { type: 'floorplan' }>) {
  const x0 = 40;
  const y0 = 18;
  const w = 240;
  const h = 140;
  const serviceW = 62;
  const bedW = (w - serviceW) / Math.max(1, rooms);
  const service = Math.max(1, baths) + 1;
  const cells = [
    ...Array.from({ length: rooms }, (_, i) => ({
      x: x0 + i * bedW,
      y: y0,
      w: bedW,
      h: h * 0.5,
      label: i === 0 ? '主卧' : '卧室',
    })),
    { x: x0, y: y0 + h * 0.5, w: w - serviceW, h: h * 0.5, label: halls > 1 ? '客餐厅' : '客厅' },
    ...Array.from({ length: service }, (_, i) => ({
      x: x0 + w - serviceW,
      y: y0 + (i * h) / service,
      w: serviceW,
      h: h / service,
      label: i === 0 ? '厨房' : '卫生间',
    })),
  ];
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="vscene-svg" aria-hidden="true">
      {cells.map((c, i) => (
        <g key={i} className="vscene-pop" style={{ animationDelay: `${i * 0.1}s` }}>
          <rect x={c.x} y={c.y} width={c.w} height={c.h} className="vscene-room" />
          <text x={c.x + c.w / 2} y={c.y + c.h / 2 + 4} textAnchor="middle" className="vscene-label">
            {c.label}
          </text>
        </g>
      ))}
      <rect x={x0} y={y0} width={w} height={h} className="vscene-walls" />
      <text x={x0 + w} y={y0 + h + 14} textAnchor="end" className="vscene-label vscene-label--strong">
        约{Math.round(area)}㎡
      </text>
    </svg>
  );
}

function Headline({ label, value, change, note }: Extract<SceneVisual, { type: 'headline' }>) {
  const rate = change === null ? null : formatRate(change);
  return (
    <div className="vscene-headline vscene-pop">
      <p className="vscene-headline__label">{label}</p>
      <p className="vscene-headline__value num">{value}</p>
      {rate ? <p className={`vscene-headline__change num trend-${rate.trend}`}>环比{rate.text}</p> : null}
      <p className="vscene-headline__note">{note}</p>
    </div>
  );
}

function Trend({ lines }: Extract<SceneVisual, { type: 'trend' }>) {
  const values = lines.flatMap((l) => l.points.map((p) => p.value)).filter((v): v is number => v !== null);
  if (values.length === 0) return <p className="vscene-empty">这段时间没有挂牌数据</p>;
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const span = hi - lo || 1;
  const months = lines[0]?.points.map((p) => p.month) ?? [];
  const x = (i: number) => 24 + (i * (W - 48)) / Math.max(1, months.length - 1);
  const y = (v: number) => 130 - ((v - lo) / span) * 100;
  /** Consecutive points with values, as separate polylines (a month without listings breaks the line). */
  const runs = (points: { value: number | null }[]) => {
    const out: string[][] = [];
    let run: string[] = [];
    points.forEach((p, i) => {
      if (p.value === null) {
        if (run.length) out.push(run);
        run = [];
      } else run.push(`${x(i)},${y(p.value)}`);
    });
    if (run.length) out.push(run);
    return out;
  };
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="vscene-svg" aria-hidden="true">
      {lines.map((line, li) =>
        runs(line.points).map((run, ri) =>
          run.length === 1 ? (
            <circle
              key={`${li}-${ri}`}
              cx={run[0]!.split(',')[0]}
              cy={run[0]!.split(',')[1]}
              r="2.5"
              className={`vscene-line-dot vscene-line--${li}`}
            />
          ) : (
            <polyline
              key={`${li}-${ri}`}
              points={run.join(' ')}
              pathLength={1}
              className={`vscene-line vscene-line--${li}`}
            />
          ),
        ),
      )}
      <text x="24" y="150" className="vscene-label">
        {months[0]?.slice(5)}月
      </text>
      <text x={W - 24} y="150" textAnchor="end" className="vscene-label">
        {months.at(-1)?.slice(5)}月
      </text>
      {lines.map((line, li) => (
        <g key={line.name} transform={`translate(${24 + li * 150} 168)`}>
          <rect width="12" height="3" y="-4" className={`vscene-legend vscene-line--${li}`} />
          <text x="16" className="vscene-label">
            {line.name}
          </text>
        </g>
      ))}
      <text x="24" y="16" className="vscene-label">
        {unitPrice(hi)}
      </text>
    </svg>
  );
}

function Bars({ items, unit }: Extract<SceneVisual, { type: 'bars' }>) {
  if (items.length === 0) return <p className="vscene-empty">暂无数据</p>;
  const max = Math.max(...items.map((b) => b.value), 1);
  const shown = items.slice(0, 7);
  return (
    <ul className="vscene-bars">
      {shown.map((b, i) => (
        <li key={`${b.label}-${i}`} className={b.highlight ? 'is-highlight' : undefined}>
          <span className="vscene-bars__label">{b.label}</span>
          <span className="vscene-bars__track">
            <span
              className="vscene-bars__fill vscene-grow"
              style={{ width: `${(100 * b.value) / max}%`, animationDelay: `${i * 0.1}s` }}
            />
          </span>
          <span className="vscene-bars__value num">
            {unit === '元/㎡' ? b.value.toLocaleString('en-US') : b.value}
            {unit}
          </span>
        </li>
      ))}
    </ul>
  );
}

function MapScene({ radiusM, station, neighbours }: Extract<SceneVisual, { type: 'map' }>) {
  const scale = 75 / radiusM;
  const cx = W / 2;
  const cy = 88;
  const px = (dx: number, dy: number) => {
    const k = Math.min(1, (radiusM * 1.15) / Math.max(1, Math.hypot(dx, dy)));
    return { x: cx + dx * scale * k, y: cy - dy * scale * k };
  };
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="vscene-svg" aria-hidden="true">
      <circle cx={cx} cy={cy} r={75} className="vscene-radius" />
      <text x={cx + 78} y={cy + 4} className="vscene-label">
        {radiusM / 1000}公里
      </text>
      {neighbours.map((n, i) => {
        const p = px(n.dx, n.dy);
        return (
          <g key={`${n.name}-${i}`} className="vscene-pop" style={{ animationDelay: `${0.2 + i * 0.1}s` }}>
            <circle cx={p.x} cy={p.y} r="3.5" className="vscene-neighbour" />
            {/* Labels alternate above and below their dots so near neighbours do not overwrite each other. */}
            <text x={p.x} y={i % 2 ? p.y + 13 : p.y - 6} textAnchor="middle" className="vscene-label">
              {n.name.slice(0, 6)}
            </text>
          </g>
        );
      })}
      {station
        ? (() => {
            const p = px(station.dx, station.dy);
            return (
              <g className="vscene-pop">
                <line x1={cx} y1={cy} x2={p.x} y2={p.y} className="vscene-walk" />
                <circle cx={p.x} cy={p.y} r="8" className="vscene-station" />
                <text x={p.x} y={p.y + 3.5} textAnchor="middle" className="vscene-station-mark">
                  M
                </text>
                <text x={p.x} y={p.y + 20} textAnchor="middle" className="vscene-label vscene-label--strong">
                  {station.name}站
                </text>
              </g>
            );
          })()
        : null}
      <circle cx={cx} cy={cy} r="6" className="vscene-home" />
      <text x={cx} y={cy + 18} textAnchor="middle" className="vscene-label vscene-label--strong">
        本小区
      </text>
    </svg>
  );
}

export function SceneStage({ visual }: { visual: SceneVisual }) {
  switch (visual.type) {
    case 'skyline':
      return <Skyline {...visual} />;
    case 'figures':
      return <Figures {...visual} />;
    case 'gauges':
      return <Gauges {...visual} />;
    case 'floorplan':
      return <FloorPlan {...visual} />;
    case 'headline':
      return <Headline {...visual} />;
    case 'trend':
      return <Trend {...visual} />;
    case 'bars':
      return <Bars {...visual} />;
    case 'map':
      return <MapScene {...visual} />;
  }
}
