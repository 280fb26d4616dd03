// The map search's drawing, computed in the loader so the map paints with the HTML: district outlines
// projected to an SVG viewBox (equirectangular, x scaled by cos(latitude) — enough for one city; a whole city
// with a fisheye so its dense core has room), and bubble positions pushed apart where labels would overlap,
// each keeping a leader line to its true spot. When the labels cannot all find room (重庆 has 38 districts)
// they shrink to name and price, and the map grows taller until they do.
import type { MapBubble, MapBubblesBody } from '@fjt/domain';

export const MAP_WIDTH = 360;
/** The height follows the area's shape within these bounds. */
const MIN_HEIGHT = 280;
const MAX_HEIGHT = 440;
const PADDING = 30;

export interface MapOutline {
  id: number;
  name: string;
  /** SVG path data in viewBox units. */
  d: string;
}

export interface PlacedBubble {
  id: number;
  /** Label centre, viewBox units. */
  x: number;
  y: number;
  /** The true position (district centroid, plate or estate point). */
  ax: number;
  ay: number;
}

export interface MapDrawing {
  width: number;
  height: number;
  outlines: MapOutline[];
  bubbles: PlacedBubble[];
  /** The labels are the compact kind (name and price only, no count line). */
  compact: boolean;
  /** The label box every bubble was placed with, viewBox units. */
  label: LabelSize;
}

interface LabelSize {
  w: number;
  h: number;
}

type Point = [number, number];

/**
 * Label box sizes by level, viewBox units (a 375 px phone draws the 360-unit map about 350 px wide): a district
 * or plate shows name, price and estate count on three lines, an estate name and price on two.
 */
const LABEL: Record<MapBubblesBody['level'], LabelSize> = {
  district: { w: 66, h: 52 },
  plate: { w: 66, h: 52 },
  estate: { w: 76, h: 36 },
};
/** The compact label of a crowded map: name (ellipsised) and price. */
const COMPACT_LABEL: LabelSize = { w: 56, h: 38 };
/** How far a crowded map may grow, and in what steps. */
const MAX_CROWDED_HEIGHT = 720;
const HEIGHT_STEP = 40;

export function drawMap(body: MapBubblesBody): MapDrawing {
  // An estate map zooms to the plate's estates; the district outline is only a backdrop there.
  const fitPoints: Point[] =
    body.level === 'estate' && body.list.length > 0
      ? body.list.map((b) => [b.lng, b.lat])
      : body.outlines.flatMap((o) => o.boundary.flat());
  if (fitPoints.length === 0) {
    return {
      width: MAP_WIDTH,
      height: MIN_HEIGHT,
      outlines: [],
      bubbles: [],
      compact: false,
      label: LABEL[body.level],
    };
  }
  // A whole city is drawn with a fisheye around where its estates are: the dense core districts get room for
  // their bubbles, outlying counties shrink; directions and neighbours stay as they are.
  const warp = body.level === 'district' ? fisheye(body.list, fitPoints) : (p: Point) => p;
  const warped = fitPoints.map(warp);
  const zoomed = body.level === 'estate';
  const layout = (label: LabelSize, height?: number) => {
    const { project: linear, height: h } = projection(warped, zoomed, height);
    const project = (p: Point) => linear(warp(p));
    const place = label === COMPACT_LABEL ? placeGreedily : placeBubbles;
    return { project, height: h, label, bubbles: place(body.list, project, label, h) };
  };
  let chosen = layout(LABEL[body.level]);
  if (anyOverlap(chosen.bubbles, chosen.label)) {
    for (let height = chosen.height; ; height = Math.min(height + HEIGHT_STEP, MAX_CROWDED_HEIGHT)) {
      chosen = layout(COMPACT_LABEL, height);
      if (!anyOverlap(chosen.bubbles, chosen.label) || height >= MAX_CROWDED_HEIGHT) break;
    }
  }
  const { project, height, label, bubbles } = chosen;
  const outlines = body.outlines.map((o) => ({
    id: o.id,
    name: o.name,
    d: o.boundary
      .map(
        (ring) =>
          ring
            .map((p, i) => {
              const [x, y] = project(p);
              return `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`;
            })
            .join('') + 'Z',
      )
      .join(''),
  }));
  return { width: MAP_WIDTH, height, outlines, bubbles, compact: label === COMPACT_LABEL, label };
}

/** Two labels of this size overlap (closer than the label on both axes). */
function anyOverlap(bubbles: PlacedBubble[], label: LabelSize): boolean {
  return bubbles.some((a, i) =>
    bubbles.slice(i + 1).some((b) => Math.abs(a.x - b.x) < label.w && Math.abs(a.y - b.y) < label.h),
  );
}

/** Radial warp about the estate-weighted centre: distance r becomes R·(r/R)^FISHEYE_POWER. */
const FISHEYE_POWER = 0.5;

function fisheye(bubbles: MapBubble[], points: Point[]): (p: Point) => Point {
  const weight = bubbles.reduce((sum, b) => sum + b.estateCount, 0);
  const centre: Point =
    weight > 0
      ? [
          bubbles.reduce((sum, b) => sum + b.lng * b.estateCount, 0) / weight,
          bubbles.reduce((sum, b) => sum + b.lat * b.estateCount, 0) / weight,
        ]
      : [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
  const kx = Math.cos((centre[1] * Math.PI) / 180);
  const radius = (p: Point) => Math.hypot((p[0] - centre[0]) * kx, p[1] - centre[1]);
  const maxRadius = Math.max(...points.map(radius), 1e-9);
  return (p) => {
    const r = radius(p);
    if (r === 0) return p;
    const factor = (maxRadius * (r / maxRadius) ** FISHEYE_POWER) / r;
    return [centre[0] + (p[0] - centre[0]) * factor, centre[1] + (p[1] - centre[1]) * factor];
  };
}

/** Fits the points into the map's width; the height follows their shape unless one is given. */
function projection(points: Point[], zoomed: boolean, fixedHeight?: number) {
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  let [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  // A plate's estates can sit a few hundred metres apart: keep at least ~2 km in view.
  const minSpan = zoomed ? 0.02 : 0;
  if (maxLng - minLng < minSpan) [minLng, maxLng] = [(minLng + maxLng - minSpan) / 2, (minLng + maxLng + minSpan) / 2];
  if (maxLat - minLat < minSpan) [minLat, maxLat] = [(minLat + maxLat - minSpan) / 2, (minLat + maxLat + minSpan) / 2];
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLng - minLng) * kx, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const height =
    fixedHeight ??
    Math.round(Math.min(Math.max((MAP_WIDTH - 2 * PADDING) * (spanY / spanX) + 2 * PADDING, MIN_HEIGHT), MAX_HEIGHT));
  const scale = Math.min((MAP_WIDTH - 2 * PADDING) / spanX, (height - 2 * PADDING) / spanY);
  const offsetX = (MAP_WIDTH - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  return {
    height,
    project: ([lng, lat]: Point): Point => [offsetX + (lng - minLng) * kx * scale, offsetY + (maxLat - lat) * scale],
  };
}

/**
 * Moves overlapping label boxes apart by relaxation (each pair separates along the axis that costs least, which
 * keeps neighbours in their compass order); a box still overlapping after that (boxes pinned against the map's
 * edge) takes the nearest free spot on rings around it. Every box stays inside the map.
 */
function placeBubbles(
  list: MapBubble[],
  project: (p: Point) => Point,
  size: LabelSize,
  height: number,
): PlacedBubble[] {
  const clamp = (b: { x: number; y: number }) => {
    b.x = Math.min(Math.max(b.x, size.w / 2 + 2), MAP_WIDTH - size.w / 2 - 2);
    b.y = Math.min(Math.max(b.y, size.h / 2 + 2), height - size.h / 2 - 2);
  };
  const placed: PlacedBubble[] = list.map((b) => {
    const [x, y] = project([b.lng, b.lat]);
    return { id: b.id, x, y, ax: x, ay: y };
  });
  placed.forEach(clamp);
  const overlap = (a: PlacedBubble, b: PlacedBubble) => ({
    x: size.w + GAP - Math.abs(a.x - b.x),
    y: size.h + GAP - Math.abs(a.y - b.y),
  });
  for (let round = 0; round < RELAX_ROUNDS; round++) {
    let moved = false;
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const a = placed[i]!;
        const b = placed[j]!;
        const o = overlap(a, b);
        if (o.x <= 0 || o.y <= 0) continue;
        moved = true;
        // Ties (the same spot) split by index so the drawing is deterministic.
        if (o.y / size.h < o.x / size.w) {
          const dir = a.y < b.y || a.y === b.y ? -1 : 1;
          a.y += (dir * o.y) / 2;
          b.y -= (dir * o.y) / 2;
        } else {
          const dir = a.x < b.x || a.x === b.x ? -1 : 1;
          a.x += (dir * o.x) / 2;
          b.x -= (dir * o.x) / 2;
        }
        clamp(a);
        clamp(b);
      }
    }
    if (!moved) break;
  }
  placed.forEach((b, i) => {
    const others = placed.filter((_, j) => j !== i);
    const free = (x: number, y: number) =>
      others.every((o) => overlap({ ...b, x, y }, o).x <= 0 || overlap({ ...b, x, y }, o).y <= 0);
    if (free(b.x, b.y)) return;
    for (let r = RING_STEP; r <= MAP_WIDTH; r += RING_STEP) {
      for (let k = 0; k < RING_ANGLES; k++) {
        const angle = (k / RING_ANGLES) * 2 * Math.PI;
        const spot = { x: b.x + r * Math.cos(angle), y: b.y + r * Math.sin(angle) };
        clamp(spot);
        if (free(spot.x, spot.y)) {
          b.x = spot.x;
          b.y = spot.y;
          return;
        }
      }
    }
  });
  return placed.map((b) => ({ id: b.id, x: round1(b.x), y: round1(b.y), ax: round1(b.ax), ay: round1(b.ay) }));
}

/**
 * A crowded map's placement: areas with the most estates first, each label on the free spot nearest its true
 * spot (rings around it). Relaxation there lets the crowd push labels across the map; this keeps each label as
 * close to its place as the ones placed before allow.
 */
function placeGreedily(
  list: MapBubble[],
  project: (p: Point) => Point,
  size: LabelSize,
  height: number,
): PlacedBubble[] {
  const inside = (x: number, y: number) => ({
    x: Math.min(Math.max(x, size.w / 2 + 2), MAP_WIDTH - size.w / 2 - 2),
    y: Math.min(Math.max(y, size.h / 2 + 2), height - size.h / 2 - 2),
  });
  const placed: PlacedBubble[] = [];
  const free = (spot: { x: number; y: number }) =>
    placed.every((o) => Math.abs(o.x - spot.x) >= size.w + GAP || Math.abs(o.y - spot.y) >= size.h + GAP);
  const order = [...list].sort((a, b) => b.estateCount - a.estateCount || a.id - b.id);
  for (const bubble of order) {
    const [ax, ay] = project([bubble.lng, bubble.lat]);
    let spot = inside(ax, ay);
    search: for (let r = GREEDY_STEP; !free(spot) && r <= MAP_WIDTH + height; r += GREEDY_STEP) {
      for (let k = 0; k < GREEDY_ANGLES; k++) {
        const angle = (k / GREEDY_ANGLES) * 2 * Math.PI;
        const candidate = inside(ax + r * Math.cos(angle), ay + r * Math.sin(angle));
        if (free(candidate)) {
          spot = candidate;
          break search;
        }
      }
    }
    placed.push({ id: bubble.id, x: spot.x, y: spot.y, ax, ay });
  }
  const byId = new Map(placed.map((b) => [b.id, b]));
  return list.map((b) => {
    const p = byId.get(b.id)!;
    return { id: p.id, x: round1(p.x), y: round1(p.y), ax: round1(p.ax), ay: round1(p.ay) };
  });
}

const RELAX_ROUNDS = 120;
/** Space between two labels, and the search rings' spacing and directions. */
const GAP = 4;
const RING_STEP = 6;
const RING_ANGLES = 24;
const GREEDY_STEP = 3;
const GREEDY_ANGLES = 48;

const round1 = (v: number) => Math.round(v * 10) / 10;
