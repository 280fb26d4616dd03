// The /ops/funnel chart: per day, the visits, logins and paid orders of the chosen channels as three lines on one
// scale, with a legend and the day axis. A plain SVG in the style of components/charts (the same colours, font and
// grid); drawn from the browser's data, since the page's data is fetched there (ADR 0009).
import { CHART_COLORS, CHART_FONT } from '../../components/charts/palette.ts';

export interface FunnelDay {
  day: string;
  visits: number;
  logins: number;
  orders: number;
}

const SERIES = [
  { key: 'visits', label: '访问', color: CHART_COLORS.estate },
  { key: 'logins', label: '登录', color: CHART_COLORS.plate },
  { key: 'orders', label: '订单', color: CHART_COLORS.district },
] as const;

const W = 340;
const H = 200;
// right: room for half of the newest day's label, centred on the last point
const PAD = { left: 32, right: 16, top: 28, bottom: 24 };

function niceMax(v: number): number {
  if (v <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(v));
  return Math.ceil(v / step) * step;
}

export function FunnelChart({ days }: { days: FunnelDay[] }) {
  const max = niceMax(Math.max(0, ...days.flatMap((d) => [d.visits, d.logins, d.orders])));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (days.length <= 1 ? innerW / 2 : (i / (days.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, max / 2, max];
  const labelled = new Set(labelledDays(days.length));
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label="渠道漏斗：每日访问、登录、订单"
      data-testid="funnel-chart"
      style={{ fontFamily: CHART_FONT, maxWidth: 640 }}
    >
      {SERIES.map((s, i) => (
        <g key={s.key} transform={`translate(${PAD.left + i * 64}, 10)`}>
          <rect width="10" height="10" y="-8" rx="2" fill={s.color} />
          <text x="14" fontSize="11" fill={CHART_COLORS.text}>
            {s.label}
          </text>
        </g>
      ))}
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke={CHART_COLORS.grid} />
          <text x={PAD.left - 4} y={y(t) + 3} fontSize="10" textAnchor="end" fill={CHART_COLORS.axis}>
            {Math.round(t)}
          </text>
        </g>
      ))}
      {days.map((d, i) =>
        labelled.has(i) ? (
          <text key={d.day} x={x(i)} y={H - 6} fontSize="10" textAnchor="middle" fill={CHART_COLORS.axis}>
            {d.day.slice(5)}
          </text>
        ) : null,
      )}
      {SERIES.map((s) => (
        <g key={s.key}>
          <polyline
            fill="none"
            stroke={s.color}
            strokeWidth="2"
            strokeLinejoin="round"
            points={days.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
          />
          {days.length <= 31
            ? days.map((d, i) => <circle key={d.day} cx={x(i)} cy={y(d[s.key])} r="2.5" fill={s.color} />)
            : null}
        </g>
      ))}
    </svg>
  );
}

/**
 * The indexes of the days that get a label: at most 5, evenly spaced and counted back from the newest, so the last
 * day is always labelled and no label crowds the one before it (at 375 px, 'MM-DD' needs ~30 px).
 */
export function labelledDays(count: number): number[] {
  const every = Math.max(1, Math.ceil(count / 5));
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

/** Every day from `from` to `to` (inclusive, yyyy-mm-dd). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end && out.length < 400; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}
