// 地图找房's map: the district outlines drawn as inline SVG (computed in the loader, map.server.ts) with the
// bubbles as HTML links laid over it, so the map is readable and tappable before any script runs.
import { Link } from 'react-router';
import type { MapDrawing } from './map.server.ts';

export interface MapBubbleView {
  id: number;
  /** First line: the district, plate or (shortened) estate name. */
  title: string;
  /** 挂牌均价, e.g. '4.2万'. */
  price: string;
  /** Second line, e.g. '32个小区'. */
  note?: string | undefined;
  to: string;
  /** No estate passes the filters. */
  dim: boolean;
  label: string;
}

export function MapView({
  drawing,
  bubbles,
  highlight,
}: {
  drawing: MapDrawing;
  bubbles: MapBubbleView[];
  /** Outline to emphasise (the district drilled into). */
  highlight?: number | undefined;
}) {
  const byId = new Map(bubbles.map((b) => [b.id, b]));
  const pct = (v: number, of: number) => `${((v / of) * 100).toFixed(2)}%`;
  return (
    <div className="plate-map" style={{ aspectRatio: `${drawing.width} / ${drawing.height}` }} data-testid="plate-map">
      <svg
        className="plate-map__svg"
        viewBox={`0 0 ${drawing.width} ${drawing.height}`}
        role="img"
        aria-label="区县地图"
        preserveAspectRatio="xMidYMid meet"
      >
        {drawing.outlines.map((o) => (
          <path
            key={o.id}
            d={o.d}
            className={o.id === highlight ? 'plate-map__area plate-map__area--active' : 'plate-map__area'}
          >
            <title>{o.name}</title>
          </path>
        ))}
        {drawing.bubbles.map((b) =>
          Math.hypot(b.x - b.ax, b.y - b.ay) > 6 ? (
            <line key={`l${b.id}`} x1={b.ax} y1={b.ay} x2={b.x} y2={b.y} className="plate-map__leader" />
          ) : null,
        )}
        {drawing.bubbles.map((b) => (
          <circle key={`c${b.id}`} cx={b.ax} cy={b.ay} r={2.5} className="plate-map__dot" />
        ))}
      </svg>
      {drawing.bubbles.map((placed) => {
        const bubble = byId.get(placed.id);
        if (!bubble) return null;
        // A crowded map's compact labels leave the note (小区数) to the list under the map.
        const note = drawing.compact ? undefined : bubble.note;
        const size = drawing.compact ? ' is-compact' : note ? '' : ' is-small';
        return (
          <Link
            key={placed.id}
            to={bubble.to}
            className={`plate-map__bubble${bubble.dim ? ' is-dim' : ''}${size}`}
            style={{ left: pct(placed.x, drawing.width), top: pct(placed.y, drawing.height) }}
            aria-label={bubble.label}
            data-bubble-id={bubble.id}
          >
            <strong>{bubble.title}</strong>
            <span className="num">{bubble.price}</span>
            {note ? <small>{note}</small> : null}
          </Link>
        );
      })}
    </div>
  );
}
