// A chart drawn on the server (render.server.ts): the one-line takeaway above it says what it shows, so the
// chart is confirmation, not homework (DESIGN.md).
import type { ReactNode } from 'react';
import './charts.css';

export function SvgChart({ svg, takeaway, label }: { svg: string; takeaway?: ReactNode; label: string }) {
  return (
    <figure className="svg-chart">
      {takeaway ? <figcaption className="svg-chart__takeaway">{takeaway}</figcaption> : null}
      <div className="svg-chart__canvas" role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: svg }} />
    </figure>
  );
}
