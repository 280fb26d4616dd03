// An estate's site plan drawn as SVG from its buildings (site-plan-layout.ts), rendered on the server with no
// script. Darker buildings are taller; the caption says the positions are schematic.
import { sitePlan, type PlacedBuilding, type SiteBuilding } from './site-plan-layout.ts';
import './floor-plan.css';

const WIDTH = 343;
const FONT = 9;

/** The building's fill: the brand hue, lighter for low-rise and darker for high-rise. */
export function buildingFill(height: number): string {
  return `hsl(219 72% ${Math.round(86 - 38 * height)}%)`;
}

/** Rough width of a label: CJK characters are square, digits and Latin about 0.6 of the font size. */
const textWidth = (text: string, font: number) =>
  [...text].reduce((w, ch) => w + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? font : font * 0.6), 0);

/** '1幢 24层' where it fits the footprint, else '1', else nothing. */
export function siteLabel(b: Pick<PlacedBuilding, 'name' | 'floors' | 'short' | 'w'>, font: number): string {
  const full = `${b.name} ${b.floors}层`;
  if (textWidth(full, font) + 6 <= b.w) return full;
  return textWidth(b.short, font) + 4 <= b.w ? b.short : '';
}

export function SitePlan({ buildings, seed }: { buildings: SiteBuilding[]; seed: number }) {
  const plan = sitePlan(buildings, seed, WIDTH);
  const { inner } = plan;
  return (
    <figure className="site-plan" data-testid="site-plan">
      <svg
        viewBox={`0 0 ${plan.width} ${plan.height}`}
        width={plan.width}
        height={plan.height}
        role="img"
        aria-label={`楼栋分布示意图，共${buildings.length}栋`}
      >
        <rect className="site-plan__ground" x={1} y={1} width={plan.width - 2} height={plan.height - 2} rx={10} />
        <rect
          className="site-plan__road"
          x={inner.x - 8}
          y={inner.y - 8}
          width={inner.w + 16}
          height={inner.h + 16}
          rx={8}
        />
        {plan.buildings.map((b) => {
          const dark = b.height > 0.45;
          const label = siteLabel(b, FONT);
          return (
            <g key={b.id} className="site-plan__building" data-floors={b.floors}>
              <title>{`${b.name} ${b.floors}层`}</title>
              <rect x={b.x} y={b.y} width={b.w} height={b.h} rx={2} fill={buildingFill(b.height)} />
              {label ? (
                <text
                  x={b.x + b.w / 2}
                  y={b.y + b.h / 2}
                  fontSize={FONT}
                  dominantBaseline="central"
                  textAnchor="middle"
                  className={dark ? 'site-plan__label--on-dark' : undefined}
                >
                  {label}
                </text>
              ) : null}
            </g>
          );
        })}
        <text className="site-plan__north" x={plan.width - 14} y={14} fontSize={FONT} textAnchor="middle">
          北↑
        </text>
      </svg>
      <figcaption>
        <span className="site-plan__legend" aria-hidden="true">
          <i style={{ background: buildingFill(0) }} />
          <i style={{ background: buildingFill(0.5) }} />
          <i style={{ background: buildingFill(1) }} />
        </span>
        颜色越深楼层越高 · 示意图：按楼栋数、层数与每层户数绘制，非实际位置
      </figcaption>
    </figure>
  );
}
