// A floor plan drawn as SVG from a unit type's rooms, halls, baths and area (floor-plan-layout.ts), rendered
// on the server like the charts; it needs no script. The caption says it is a 示意图, never a photo.
import { roomLabel } from '@fjt/domain';
import { floorPlan, type PlanRoom, type UnitType } from './floor-plan-layout.ts';
import './floor-plan.css';

const SIZES = {
  thumb: { width: 96, height: 72, font: 9, wall: 1, frame: 2 },
  card: { width: 148, height: 100, font: 10, wall: 1, frame: 2.5 },
  full: { width: 300, height: 200, font: 12, wall: 1.5, frame: 3 },
} as const;

/** The room's label if it fits its box, else its first character, else nothing. */
export function fittedLabel(room: Pick<PlanRoom, 'label' | 'w' | 'h'>, font: number): string {
  if (room.h < font + 3) return '';
  if (room.label.length * font + 4 <= room.w) return room.label;
  if (font + 2 <= room.w) return room.label.slice(0, 1);
  return '';
}

export function unitTitle(unit: UnitType): string {
  return `${roomLabel(unit.rooms, unit.halls)}${unit.baths}卫 约${Math.round(unit.area)}㎡`;
}

export function FloorPlan({
  unit,
  seed,
  size = 'full',
  caption = true,
}: {
  unit: UnitType;
  /** The unit's id (listing id, estate id × rooms …): the same seed draws the same plan. */
  seed: number;
  size?: keyof typeof SIZES;
  caption?: boolean;
}) {
  const s = SIZES[size];
  const plan = floorPlan(unit, seed, s.width, s.height);
  const pad = s.frame / 2;
  const title = `${unitTitle(unit)}户型示意图`;
  return (
    <figure className={`floor-plan floor-plan--${size}`} data-testid="floor-plan">
      <svg
        viewBox={`${-pad} ${-pad} ${s.width + s.frame} ${s.height + s.frame}`}
        width={s.width + s.frame}
        height={s.height + s.frame}
        role="img"
        aria-label={title}
      >
        {plan.rooms.map((r, i) => {
          const label = fittedLabel(r, s.font);
          return (
            <g key={i} className={`floor-plan__room floor-plan__room--${r.kind}`}>
              <rect x={r.x} y={r.y} width={r.w} height={r.h} strokeWidth={s.wall} />
              {label ? (
                <text
                  x={r.x + r.w / 2}
                  y={r.y + r.h / 2}
                  fontSize={s.font}
                  dominantBaseline="central"
                  textAnchor="middle"
                >
                  {label}
                </text>
              ) : null}
            </g>
          );
        })}
        <rect className="floor-plan__frame" x={0} y={0} width={s.width} height={s.height} strokeWidth={s.frame} />
      </svg>
      {caption ? <figcaption>示意图：按室厅卫数与面积绘制</figcaption> : null}
    </figure>
  );
}
