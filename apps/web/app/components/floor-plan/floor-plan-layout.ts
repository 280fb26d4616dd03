// A drawn floor plan for a unit type that has no photo (DESIGN.md: drawn visuals, never missing images).
// From the rooms, halls, baths and area of a 户型 it lays out one box per room inside a frame:
// - each room gets a share of the usable area (kitchen and bathrooms grow slowly with the area, the living
//   room and the bedrooms share the rest, the first bedroom larger);
// - the frame is split into a public wing (客厅、餐厅、厨房) and a private wing (卧室、卫生间) in proportion
//   to their areas, and each wing is filled by a squarified treemap, so every box's area is exactly its share
//   and boxes stay close to square;
// - small variations (±8 % per room, the frame's proportions, which side each wing takes) come from a seeded
//   generator, so one unit always draws the same plan — on the server and again in the browser.

export type RoomKind = 'bedroom' | 'living' | 'dining' | 'kitchen' | 'bath';

export const ROOM_LABEL: Record<RoomKind, string> = {
  bedroom: '卧室',
  living: '客厅',
  dining: '餐厅',
  kitchen: '厨房',
  bath: '卫生间',
};

export interface UnitType {
  rooms: number;
  halls: number;
  baths: number;
  /** 建筑面积 ㎡. */
  area: number;
}

export interface PlanRoom {
  kind: RoomKind;
  label: string;
  /** The room's share of the usable area, ㎡ (what its box is sized by). */
  area: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface FloorPlan {
  width: number;
  height: number;
  rooms: PlanRoom[];
}

/** Usable (套内) share of the 建筑面积 a plan is drawn for. */
const USABLE = 0.8;

/** mulberry32: a tiny deterministic generator in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = Math.trunc(seed) >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** The rooms of a unit type with their areas in ㎡ (before any layout). */
export function roomAreas(unit: UnitType, seed: number): { kind: RoomKind; area: number }[] {
  const random = seededRandom(seed);
  const jitter = () => 0.92 + random() * 0.16;
  const bedrooms = clamp(Math.round(unit.rooms), 1, 6);
  const halls = clamp(Math.round(unit.halls), 0, 2);
  const baths = clamp(Math.round(unit.baths), 1, 3);
  const usable = Math.max(unit.area, 12) * USABLE;
  const kitchen = clamp(usable * 0.08, 3.5, 10) * jitter();
  const bath = clamp(usable * 0.05, 2.5, 7);
  const bathAreas = Array.from({ length: baths }, () => bath * jitter());
  // what is left is shared by the living room and the bedrooms (at least half of the usable area)
  const service = Math.min(kitchen + bathAreas.reduce((s, a) => s + a, 0), usable * 0.5);
  const rest = usable - service;
  const serviceScale = service / (kitchen + bathAreas.reduce((s, a) => s + a, 0));

  const weighted: { kind: RoomKind; weight: number }[] = [];
  if (halls >= 1) weighted.push({ kind: 'living', weight: 1.6 * jitter() });
  if (halls >= 2) weighted.push({ kind: 'dining', weight: 0.75 * jitter() });
  for (let i = 0; i < bedrooms; i++) weighted.push({ kind: 'bedroom', weight: (i === 0 ? 1.3 : 1) * jitter() });
  const total = weighted.reduce((s, r) => s + r.weight, 0);

  return [
    ...weighted.map((r) => ({ kind: r.kind, area: (rest * r.weight) / total })),
    { kind: 'kitchen' as const, area: kitchen * serviceScale },
    ...bathAreas.map((a) => ({ kind: 'bath' as const, area: a * serviceScale })),
  ];
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The worst aspect ratio of a row of areas laid along a side of length `side`. */
function worst(row: number[], side: number): number {
  const sum = row.reduce((s, v) => s + v, 0);
  const max = Math.max(...row);
  const min = Math.min(...row);
  return Math.max((side * side * max) / (sum * sum), (sum * sum) / (side * side * min));
}

/**
 * Squarified treemap (Bruls, Huizing, van Wijk 2000): rectangles for `areas` (already scaled to the rectangle's
 * area, largest first) that tile `rect` exactly.
 */
export function squarify(areas: number[], rect: Rect): Rect[] {
  const out: Rect[] = [];
  let { x, y, w, h } = rect;
  let row: number[] = [];
  const place = () => {
    const sum = row.reduce((s, v) => s + v, 0);
    if (w >= h) {
      const cw = sum / h;
      let cy = y;
      for (const v of row) {
        out.push({ x, y: cy, w: cw, h: v / cw });
        cy += v / cw;
      }
      x += cw;
      w -= cw;
    } else {
      const rh = sum / w;
      let cx = x;
      for (const v of row) {
        out.push({ x: cx, y, w: v / rh, h: rh });
        cx += v / rh;
      }
      y += rh;
      h -= rh;
    }
    row = [];
  };
  for (const v of areas) {
    const side = Math.min(w, h);
    if (row.length === 0 || worst([...row, v], side) <= worst(row, side)) row.push(v);
    else {
      place();
      row.push(v);
    }
  }
  if (row.length > 0) place();
  return out;
}

const PUBLIC: ReadonlySet<RoomKind> = new Set(['living', 'dining', 'kitchen']);

/** Lays a unit type out in a `width` × `height` frame. The same unit and seed always give the same plan. */
export function floorPlan(unit: UnitType, seed: number, width: number, height: number): FloorPlan {
  const rooms = roomAreas(unit, seed);
  const random = seededRandom(seed ^ 0x5bd1e995);
  const total = rooms.reduce((s, r) => s + r.area, 0);
  const publicRooms = rooms.filter((r) => PUBLIC.has(r.kind));
  const privateRooms = rooms.filter((r) => !PUBLIC.has(r.kind));
  const publicShare = publicRooms.reduce((s, r) => s + r.area, 0) / total;

  // The two wings split the frame across its longer side; which wing comes first is the seed's choice.
  const publicFirst = random() < 0.5;
  const acrossWidth = width >= height;
  const first = publicFirst ? publicShare : 1 - publicShare;
  const [a, b]: [Rect, Rect] = acrossWidth
    ? [
        { x: 0, y: 0, w: width * first, h: height },
        { x: width * first, y: 0, w: width * (1 - first), h: height },
      ]
    : [
        { x: 0, y: 0, w: width, h: height * first },
        { x: 0, y: height * first, w: width, h: height * (1 - first) },
      ];
  const [publicRect, privateRect] = publicFirst ? [a, b] : [b, a];

  const scale = (width * height) / total;
  const fill = (group: typeof rooms, rect: Rect): PlanRoom[] => {
    const sorted = [...group].sort((p, q) => q.area - p.area);
    const rects = squarify(
      sorted.map((r) => r.area * scale),
      rect,
    );
    return sorted.map((r, i) => {
      const box = rects[i] ?? rect;
      return { kind: r.kind, label: ROOM_LABEL[r.kind], area: r.area, ...box };
    });
  };
  return { width, height, rooms: [...fill(publicRooms, publicRect), ...fill(privateRooms, privateRect)] };
}
