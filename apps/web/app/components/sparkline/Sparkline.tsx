// A small trend line drawn as inline SVG on the server: no chart library for a 12-point sparkline.
export function Sparkline({
  values,
  width = 120,
  height = 36,
  label,
}: {
  values: (number | null)[];
  width?: number;
  height?: number;
  label: string;
}) {
  const points = values.map((v, i) => ({ v, i })).filter((p): p is { v: number; i: number } => p.v !== null);
  if (points.length < 2) return null;
  const min = Math.min(...points.map((p) => p.v));
  const max = Math.max(...points.map((p) => p.v));
  const span = max - min || 1;
  const step = width / Math.max(values.length - 1, 1);
  const xy = points.map((p) => [p.i * step, height - 3 - ((p.v - min) / span) * (height - 6)] as const);
  const d = xy.map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const last = xy[xy.length - 1]!;
  const rising = points[points.length - 1]!.v >= points[0]!.v;
  const colour = rising ? 'var(--fjt-up)' : 'var(--fjt-down)';
  return (
    <svg
      className="sparkline"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={label}
    >
      <path d={d} fill="none" stroke={colour} strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
      <circle cx={last[0]} cy={last[1]} r="3" fill={colour} />
    </svg>
  );
}
