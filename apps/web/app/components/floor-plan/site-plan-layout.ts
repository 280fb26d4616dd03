// An estate's site plan drawn from its buildings (the data has no positions): buildings in rows facing south,
// as Chinese estates are built, in the table's order. A building's footprint is as wide as its households per
// floor and its shade darkens with its floors; seeded offsets (by the estate id) keep rows from looking ruled,
// and the same estate always draws the same plan.
import { seededRandom } from './floor-plan-layout.ts';

export interface SiteBuilding {
  id: number;
  name: string;
  floors: number;
  householdCount: number;
}

export interface PlacedBuilding extends SiteBuilding {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Households per floor, from householdCount / floors. */
  perFloor: number;
  /** 0 (low-rise) … 1 (33 floors and up): how dark the building is drawn. */
  height: number;
  /** '1幢' → '1': what fits on a small footprint. */
  short: string;
}

export interface SitePlan {
  width: number;
  height: number;
  /** The inner area (inside the ring road) the buildings stand in. */
  inner: { x: number; y: number; w: number; h: number };
  buildings: PlacedBuilding[];
}

const MARGIN = 18;
const ROW_HEIGHT = 40;
const MAX_FLOORS = 33;

export function shortName(name: string): string {
  const m = /^(\d+)/.exec(name);
  return m?.[1] ?? name.slice(0, 2);
}

/** Lays `buildings` out in a frame `width` wide; the height follows from the number of rows. */
export function sitePlan(buildings: SiteBuilding[], seed: number, width: number): SitePlan {
  const random = seededRandom(seed);
  const n = buildings.length;
  const innerW = width - 2 * MARGIN;
  // about as many columns as rows × 1.6 (a wide phone frame), at most 8 and at least 1
  const cols = Math.max(1, Math.min(8, Math.ceil(Math.sqrt(n * 1.6))));
  const rows = Math.max(1, Math.ceil(n / cols));
  const cellW = innerW / cols;
  const height = rows * ROW_HEIGHT + 2 * MARGIN;
  const placed = buildings.map<PlacedBuilding>((b, i) => {
    const row = Math.floor(i / cols);
    const col = i % cols;
    const perFloor = b.floors > 0 ? Math.max(1, Math.round(b.householdCount / b.floors)) : 1;
    const w = cellW * (0.45 + (0.45 * Math.min(perFloor, 8)) / 8);
    const h = ROW_HEIGHT * (b.floors >= 19 ? 0.5 : 0.4);
    const slackX = cellW - w;
    const slackY = ROW_HEIGHT - h;
    return {
      ...b,
      perFloor,
      height: Math.min(1, Math.max(0, (b.floors - 1) / (MAX_FLOORS - 1))),
      short: shortName(b.name),
      x: MARGIN + col * cellW + slackX * (0.2 + 0.6 * random()),
      y: MARGIN + row * ROW_HEIGHT + slackY * (0.25 + 0.5 * random()),
      w,
      h,
    };
  });
  return { width, height, inner: { x: MARGIN, y: MARGIN, w: innerW, h: rows * ROW_HEIGHT }, buildings: placed };
}
